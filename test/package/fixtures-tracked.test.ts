import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { REPO } from '../hosts/helpers.js';

/**
 * A fixture file that .gitignore matches (a `node_modules` or `dist` folder inside a fixture home)
 * exists in the working tree but not in a clone, so its case passes here and fails in CI. Every
 * file under fixtures/ must be one git tracks (or none is ignored); a tree that is no git checkout
 * (an unpacked tarball) has nothing to compare.
 */
it('no file under fixtures/ is one .gitignore keeps out of the repository', { skip: existsSync(path.join(REPO, '.git')) ? false : 'not a git checkout' }, () => {
  const r = spawnSync('git', ['ls-files', '--others', '--ignored', '--exclude-standard', '--', 'fixtures'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.stdout.split('\n').filter((l) => l !== ''), [], 'ignored files under fixtures/: make them in the case\'s setup instead');
});
