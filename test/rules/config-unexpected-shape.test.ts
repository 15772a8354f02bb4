import assert from 'node:assert/strict';
import { test } from 'node:test';
import { claudeDesktop } from '../../src/hosts/claude-desktop.js';
import { configUnexpectedShape } from '../../src/rules/config-unexpected-shape.js';
import { assertCatalogued, check, ids, put, tempDir } from './config-harness.js';

test('config-unexpected-shape is catalogued and documented', () => assertCatalogued(configUnexpectedShape));

test('fires: an array where the map of servers belongs', async () => {
  const c = await check(claudeDesktop, put(tempDir(), 'c.json', '{"mcpServers": [{"command": "npx"}]}'));
  assert.deepEqual(ids(c), ['config-unexpected-shape']);
  assert.equal(c.findings[0]?.data.pointer, '/mcpServers');
});

test('does not fire: a map, or mcpServers: null', async () => {
  assert.deepEqual(ids(await check(claudeDesktop, put(tempDir(), 'c.json', '{"mcpServers": {"a": {"command": "x"}}}'))), []);
  assert.deepEqual(ids(await check(claudeDesktop, put(tempDir(), 'c.json', '{"mcpServers": null}'))), []);
});
