import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { PathContext } from '../../src/discover/paths.js';
import { ProjectRoots, cwdAncestors, indexedFolder } from '../../src/discover/projects.js';

const real: PathContext = { platform: 'linux', home: '/home/u', auditRoot: false };
const rooted: PathContext = { platform: 'win32', home: '/audit', auditRoot: true };

describe('cwdAncestors', () => {
  it('walks up to, not including, the home', () => {
    assert.deepEqual(cwdAncestors('/home/u/src/app', '/home/u', false).map((a) => a.dir), ['/home/u/src/app', '/home/u/src']);
  });
  it('includes the home when it is the cwd', () => {
    assert.deepEqual(cwdAncestors('/home/u', '/home/u', false).map((a) => [a.dir, a.source]), [['/home/u', 'cwd']]);
  });
  it('walks to the filesystem root outside the home', () => {
    assert.deepEqual(cwdAncestors('/srv/repo', '/home/u', false).map((a) => a.dir), ['/srv/repo', '/srv', '/']);
  });
  it('does not walk a cwd outside an audited --root', () => {
    assert.deepEqual(cwdAncestors('/srv/repo', '/audit', true), []);
  });
});

describe('indexedFolder', () => {
  it('reads file:// URIs, including Windows drive URIs under --root', () => {
    assert.deepEqual(indexedFolder('file:///home/u/app%20x', real), { dir: '/home/u/app x', recorded: '/home/u/app x' });
    assert.equal(indexedFolder('file:///c%3A/Users/alice/src/tools', rooted)?.dir, path.join('/audit', 'src', 'tools'));
  });
  it('ignores remote URIs and non-strings', () => {
    assert.equal(indexedFolder('vscode-remote://ssh-remote%2Bbox/home/u/x', real), undefined);
    assert.equal(indexedFolder(42, real), undefined);
  });
});

describe('ProjectRoots', () => {
  it('deduplicates by resolved path and merges sources', () => {
    const roots = new ProjectRoots();
    roots.add('/p/app/', 'cwd');
    roots.add('/p/app', 'listed:claude-code', '/home/alice/app');
    assert.deepEqual(roots.list(), [{ path: '/p/app', sources: ['cwd', 'listed:claude-code'] }]);
  });
});
