import assert from 'node:assert/strict';
import { test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { cursor } from '../../src/hosts/cursor.js';
import { configNotRegularFile } from '../../src/rules/config-not-regular-file.js';
import { assertCatalogued, check, ids, put, tempDir } from './config-harness.js';

test('config-not-regular-file is catalogued and documented', () => assertCatalogued(configNotRegularFile));

test('fires: a FIFO (never opened, so the check returns)', async () => {
  const file = put(tempDir(), 'x', '') + '.fifo';
  execFileSync('mkfifo', [file]);
  const c = await check(cursor, file);
  assert.deepEqual(ids(c), ['config-not-regular-file']);
  assert.equal(c.findings[0]?.data.kind, 'FIFO');
});

test('fires: a directory', async () => {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'mcp.json'));
  assert.deepEqual(ids(await check(cursor, path.join(dir, 'mcp.json'))), ['config-not-regular-file']);
});

test('does not fire: a regular file', async () => {
  assert.deepEqual(ids(await check(cursor, put(tempDir(), 'c.json', '{}'))), []);
});
