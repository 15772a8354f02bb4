import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { execFileSync } from 'node:child_process';
import { privateLocation, privateTree, type TreeContext } from '../../src/grade/private-tree.js';
import { ARTIFACT_FILES } from '../../src/grade/stores/artifact-files.js';

/**
 * The whole-tree walk a runner's cache is judged by, on real files: every entry at every depth,
 * each symlink at its target, a sticky directory inside the tree as writable. Each case builds a
 * fresh tree whose only difference from a private one is the entry under test.
 */
const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
const ctx = (walks?: TreeContext['walks']): TreeContext => ({ uid, files: ARTIFACT_FILES, ...(walks !== undefined ? { walks } : {}) });

function base(): { home: string; cache: string } {
  const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-tree-')));
  chmodSync(home, 0o700);
  const cache = path.join(home, '.cache', 'uv');
  mkdirSync(path.join(cache, 'archive-v0', 'A1', 'pkg'), { recursive: true, mode: 0o755 });
  writeFileSync(path.join(cache, 'archive-v0', 'A1', 'pkg', 'mod.py'), '', { mode: 0o644 });
  return { home, cache };
}

describe('privateTree: every entry of a runner tree, at every depth', { skip: process.platform === 'win32' && 'owner and mode bits' }, () => {
  it('a private tree is ok and counts every entry', async () => {
    const { cache } = base();
    const v = await privateTree(cache, ctx());
    assert.deepEqual(v, { state: 'ok', entries: 5 });
  });

  it('an absent tree is missing', async () => {
    const { home } = base();
    assert.deepEqual(await privateTree(path.join(home, 'nope'), ctx()), { state: 'missing' });
  });

  for (const [label, mode] of [['others', 0o757], ['group', 0o775], ['sticky and world-writable', 0o1777]] as const) {
    it(`a directory three levels down writable by ${label} is bad`, async () => {
      const { cache } = base();
      const deep = path.join(cache, 'archive-v0', 'A1', 'pkg');
      chmodSync(deep, mode);
      const v = await privateTree(cache, ctx());
      assert.equal(v.state, 'bad');
      assert.match(v.state === 'bad' ? v.why : '', new RegExp(`${deep.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} can be written by`));
    });
  }

  it('a file writable by others is bad', async () => {
    const { cache } = base();
    chmodSync(path.join(cache, 'archive-v0', 'A1', 'pkg', 'mod.py'), 0o646);
    assert.equal((await privateTree(cache, ctx())).state, 'bad');
  });

  it('an entry another account owns is bad (judged by the audited uid)', async () => {
    const { cache } = base();
    const v = await privateTree(cache, { uid: (uid ?? 0) + 4242, files: ARTIFACT_FILES });
    // Root's own entries stay acceptable: only a non-root owner that is not the account fails.
    if (uid === 0) assert.equal(v.state, 'ok');
    else assert.match(v.state === 'bad' ? v.why : '', /owned by uid/);
  });

  it('a FIFO in the tree is bad, and is never opened', async () => {
    const { cache } = base();
    execFileSync('mkfifo', [path.join(cache, 'archive-v0', 'A1', 'pkg', 'pipe')]);
    const v = await privateTree(cache, ctx());
    assert.match(v.state === 'bad' ? v.why : '', /is a fifo/);
  });

  it('a symlink inside the tree to another entry of it is covered by the walk', async () => {
    const { cache } = base();
    mkdirSync(path.join(cache, 'wheels-v5'), { mode: 0o755 });
    symlinkSync('../archive-v0/A1', path.join(cache, 'wheels-v5', 'pkg-1.0'));
    assert.deepEqual(await privateTree(cache, ctx()), { state: 'ok', entries: 7 });
  });

  it('a symlink to a private folder outside the tree is walked there too', async () => {
    const { home, cache } = base();
    mkdirSync(path.join(home, 'py', 'lib'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(home, 'py', 'lib', 'os.py'), '', { mode: 0o644 });
    symlinkSync(path.join(home, 'py'), path.join(cache, 'interp'));
    assert.deepEqual(await privateTree(cache, ctx()), { state: 'ok', entries: 9 });
    // …and a writable entry deep in that target makes the tree bad.
    chmodSync(path.join(home, 'py', 'lib'), 0o777);
    assert.match((await privateTree(cache, ctx())).state, /^bad$/);
  });

  it('a symlink to a sticky world-writable folder outside is bad, though a sticky folder above it would be allowed', async () => {
    const { home, cache } = base();
    const drop = path.join(home, 'drop');
    mkdirSync(drop);
    chmodSync(drop, 0o1777);
    symlinkSync(drop, path.join(cache, 'env'));
    const v = await privateTree(cache, ctx());
    assert.match(v.state === 'bad' ? v.why : '', /drop can be written by/);
  });

  it('a symlink whose target lies below a folder others can write is bad', async () => {
    const { home, cache } = base();
    mkdirSync(path.join(home, 'open', 'inner'), { recursive: true });
    chmodSync(path.join(home, 'open'), 0o777);
    chmodSync(path.join(home, 'open', 'inner'), 0o755);
    symlinkSync(path.join(home, 'open', 'inner'), path.join(cache, 'env'));
    const v = await privateTree(cache, ctx());
    assert.match(v.state === 'bad' ? v.why : '', /points to .*open.*can be written by/);
  });

  it('a dangling symlink to a path outside the tree is bad; one inside it is covered', async () => {
    const { home, cache } = base();
    symlinkSync(path.join(home, 'not-yet'), path.join(cache, 'later'));
    assert.match((await privateTree(cache, ctx())).state, /^bad$/);
    const second = base();
    symlinkSync('archive-v0/none', path.join(second.cache, 'later'));
    assert.equal((await privateTree(second.cache, ctx())).state, 'ok');
  });

  it('a tree that is itself a symlink is judged at its target', async () => {
    const { home, cache } = base();
    const link = path.join(home, '.cache', 'uv-link');
    symlinkSync(cache, link);
    assert.equal((await privateTree(link, ctx())).state, 'ok');
    chmodSync(path.join(cache, 'archive-v0'), 0o777);
    assert.equal((await privateTree(link, ctx())).state, 'bad');
  });

  it('a symlink to a sibling whose name starts with the tree\'s is outside the tree', async () => {
    const { home, cache } = base();
    const sibling = path.join(home, '.cache', 'uv-evil');
    mkdirSync(sibling);
    chmodSync(sibling, 0o777);
    symlinkSync(sibling, path.join(cache, 'env'));
    const v = await privateTree(cache, ctx());
    assert.match(v.state === 'bad' ? v.why : '', /uv-evil can be written by/);
  });

  it('an entry another account owns is bad, at any depth (root only: chown)', { skip: uid !== 0 && 'needs root to chown' }, async () => {
    const { cache } = base();
    chownSync(path.join(cache, 'archive-v0', 'A1', 'pkg'), 65534, 65534);
    const v = await privateTree(cache, ctx());
    assert.match(v.state === 'bad' ? v.why : '', /pkg is owned by uid 65534, neither root nor the audited account/);
    // With no audited account known, only root's entries are accepted.
    const second = base();
    chownSync(path.join(second.cache, 'archive-v0'), 1000, 1000);
    assert.equal((await privateTree(second.cache, { uid: undefined, files: ARTIFACT_FILES })).state, 'bad');
    assert.equal((await privateTree(second.cache, { uid: 1000, files: ARTIFACT_FILES })).state, 'ok');
  });

  it('a symlink loop ends the walk', async () => {
    const { cache } = base();
    symlinkSync(cache, path.join(cache, 'archive-v0', 'self'));
    assert.equal((await privateTree(cache, ctx())).state, 'ok');
  });

  it('more entries than the limit is bad, never a pass', async () => {
    const { cache } = base();
    assert.equal((await privateTree(cache, ctx(), 5)).state, 'ok');
    const v = await privateTree(cache, ctx(), 4);
    assert.match(v.state === 'bad' ? v.why : '', /more than 4 entries/);
  });

  it('a directory that cannot be listed is bad', { skip: uid === 0 && 'root lists a mode-000 directory' }, async () => {
    const { cache } = base();
    chmodSync(path.join(cache, 'archive-v0', 'A1'), 0o000);
    const v = await privateTree(cache, ctx());
    chmodSync(path.join(cache, 'archive-v0', 'A1'), 0o755);
    assert.match(v.state === 'bad' ? v.why : '', /could not be (listed|read)/);
  });

  it('walks are shared through the context, per root and limit', async () => {
    const { cache } = base();
    const walks = new Map();
    const first = await privateTree(cache, ctx(walks));
    chmodSync(path.join(cache, 'archive-v0'), 0o777);
    assert.deepEqual(await privateTree(cache, ctx(walks)), first);
    assert.equal((await privateTree(cache, ctx(walks), 100)).state, 'bad');
  });
});

describe('privateLocation: the tree and where it lies', { skip: process.platform === 'win32' && 'owner and mode bits' }, () => {
  it('a present private tree under private folders is a fact naming what was read', async () => {
    const { home, cache } = base();
    const v = await privateLocation(cache, home, "uv's cache", 'uv', ctx());
    assert.equal(v.ok, true);
    assert.match(v.ok ? v.fact : '', /was read: it and all 4 entries below it/);
  });

  it('a present tree under a folder others can write is not proven', async () => {
    const { home, cache } = base();
    chmodSync(path.join(home, '.cache'), 0o777);
    const v = await privateLocation(cache, home, "uv's cache", 'uv', ctx());
    assert.match(v.ok ? '' : v.why, /\.cache.*can be written by/);
  });

  it('an absent tree: proven only when no folder between it and the home lets another account create it', async () => {
    const { home } = base();
    const root = path.join(home, '.local', 'share', 'pipx');
    assert.equal((await privateLocation(root, home, "pipx's home", 'pipx', ctx())).ok, true);
    mkdirSync(path.join(home, '.local'), { mode: 0o755 });
    chmodSync(path.join(home, '.local'), 0o777);
    const open = await privateLocation(root, home, "pipx's home", 'pipx', ctx());
    assert.match(open.ok ? '' : open.why, /\.local above it can be written by/);
    chmodSync(path.join(home, '.local'), 0o755);
    mkdirSync(path.join(home, '.local', 'share'));
    chmodSync(path.join(home, '.local', 'share'), 0o1777);
    const sticky = await privateLocation(root, home, "pipx's home", 'pipx', ctx());
    assert.match(sticky.ok ? '' : sticky.why, /share above it can be written by/);
  });

  it('a present tree with one bad entry is not proven, whatever lies above it', async () => {
    const { home, cache } = base();
    chmodSync(path.join(cache, 'archive-v0', 'A1'), 0o777);
    const v = await privateLocation(cache, home, "uv's cache", 'uv', ctx());
    assert.match(v.ok ? '' : v.why, /^uv's cache: .*A1 can be written by/);
  });

  it('an absent tree below a folder another account owns is not proven (root only: chown)', { skip: uid !== 0 && 'needs root to chown' }, async () => {
    const { home } = base();
    mkdirSync(path.join(home, '.local'), { mode: 0o755 });
    chownSync(path.join(home, '.local'), 65534, 65534);
    const v = await privateLocation(path.join(home, '.local', 'pipx'), home, "pipx's home", 'pipx', ctx());
    assert.match(v.ok ? '' : v.why, /\.local above it is owned by uid 65534/);
  });

  it('an absent tree below a symlink is not proven', async () => {
    const { home } = base();
    mkdirSync(path.join(home, 'elsewhere'));
    symlinkSync(path.join(home, 'elsewhere'), path.join(home, '.local'));
    const v = await privateLocation(path.join(home, '.local', 'pipx'), home, "pipx's home", 'pipx', ctx());
    assert.match(v.ok ? '' : v.why, /is a symlink/);
  });
});
