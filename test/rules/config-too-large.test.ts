import assert from 'node:assert/strict';
import { test } from 'node:test';
import { truncateSync } from 'node:fs';
import { cursor } from '../../src/hosts/cursor.js';
import { configTooLarge } from '../../src/rules/config-too-large.js';
import { assertCatalogued, check, ids, put, tempDir } from './config-harness.js';

test('config-too-large is catalogued and documented', () => assertCatalogued(configTooLarge));

test('fires: a file over 16 MiB, without reading it', async () => {
  const file = put(tempDir(), 'c.json', '');
  truncateSync(file, 17 * 1024 * 1024);
  const c = await check(cursor, file);
  assert.deepEqual(ids(c), ['config-too-large']);
  assert.equal(c.findings[0]?.data.size, String(17 * 1024 * 1024));
});

test('does not fire: a small file', async () => {
  assert.deepEqual(ids(await check(cursor, put(tempDir(), 'c.json', '{}'))), []);
});
