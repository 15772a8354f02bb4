import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cursor } from '../../src/hosts/cursor.js';
import { vscode } from '../../src/hosts/vscode.js';
import { configDuplicateKey } from '../../src/rules/config-duplicate-key.js';
import { assertCatalogued, check, ids, put, tempDir } from './config-harness.js';

test('config-duplicate-key is catalogued and documented', () => assertCatalogued(configDuplicateKey));

test('fires: a server defined twice, naming the one the host uses', async () => {
  const c = await check(cursor, put(tempDir(), 'c.json', '{"mcpServers": {\n"db": {"command": "a"},\n"db": {"command": "b"}}}'));
  assert.deepEqual(ids(c), ['config-duplicate-key']);
  assert.equal(c.findings[0]?.location?.line, 3);
  assert.equal(c.entries[0]?.command, 'b');
});

test('does not fire: a duplicate outside the server container (editor settings)', async () => {
  const loc = vscode.locations[1];
  const c = await check(vscode, put(tempDir(), 'settings.json', '{"editor.fontSize": 1, "editor.fontSize": 2, "mcp": {"servers": {}}}'), loc);
  assert.deepEqual(ids(c), []);
});
