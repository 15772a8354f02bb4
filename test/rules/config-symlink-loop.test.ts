import assert from 'node:assert/strict';
import { test } from 'node:test';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { cursor } from '../../src/hosts/cursor.js';
import { configSymlinkLoop } from '../../src/rules/config-symlink-loop.js';
import { assertCatalogued, check, ids, put, tempDir } from './config-harness.js';

test('config-symlink-loop is catalogued and documented', () => assertCatalogued(configSymlinkLoop));

test('fires: a two-link loop', async () => {
  const dir = tempDir();
  symlinkSync(path.join(dir, 'b'), path.join(dir, 'a'));
  symlinkSync(path.join(dir, 'a'), path.join(dir, 'b'));
  assert.deepEqual(ids(await check(cursor, path.join(dir, 'a'))), ['config-symlink-loop']);
});

test('does not fire: a symlink to a real file, recorded', async () => {
  const dir = tempDir();
  const real = put(dir, 'real.json', '{}');
  symlinkSync(real, path.join(dir, 'link.json'));
  const c = await check(cursor, path.join(dir, 'link.json'));
  assert.deepEqual(ids(c), []);
  assert.equal(c.check.realPath, real);
});
