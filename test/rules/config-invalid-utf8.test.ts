import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cursor } from '../../src/hosts/cursor.js';
import { configInvalidUtf8 } from '../../src/rules/config-invalid-utf8.js';
import { assertCatalogued, check, ids, put, tempDir } from './config-harness.js';

test('config-invalid-utf8 is catalogued and documented', () => assertCatalogued(configInvalidUtf8));

test('fires: a Latin-1 byte, located at the byte', async () => {
  const file = put(tempDir(), 'c.json', Buffer.concat([Buffer.from('{\n  "caf'), Buffer.from([0xe9]), Buffer.from('": 1}')]));
  const c = await check(cursor, file);
  assert.deepEqual(ids(c), ['config-invalid-utf8']);
  assert.deepEqual([c.findings[0]?.location?.line, c.findings[0]?.location?.column], [2, 7]);
});

test('does not fire: valid multi-byte UTF-8', async () => {
  assert.deepEqual(ids(await check(cursor, put(tempDir(), 'c.json', '{"mcpServers": {"café": {"command": "x"}}}'))), []);
});
