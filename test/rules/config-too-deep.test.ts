import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cursor } from '../../src/hosts/cursor.js';
import { configTooDeep } from '../../src/rules/config-too-deep.js';
import { assertCatalogued, check, ids, put, tempDir } from './config-harness.js';

test('config-too-deep is catalogued and documented', () => assertCatalogued(configTooDeep));

test('fires: 200,000-deep nesting', async () => {
  const c = await check(cursor, put(tempDir(), 'c.json', '['.repeat(200_000) + ']'.repeat(200_000)));
  assert.deepEqual(ids(c), ['config-too-deep']);
});

test('does not fire: ordinary nesting', async () => {
  const c = await check(cursor, put(tempDir(), 'c.json', '{"mcpServers": {"a": {"command": "x", "env": {"A": "1"}}}}'));
  assert.deepEqual(ids(c), []);
});
