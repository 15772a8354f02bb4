import assert from 'node:assert/strict';
import { test } from 'node:test';
import { claudeDesktop } from '../../src/hosts/claude-desktop.js';
import { cursor } from '../../src/hosts/cursor.js';
import { configUnparseable } from '../../src/rules/config-unparseable.js';
import { assertCatalogued, check, ids, put, tempDir } from './config-harness.js';

test('config-unparseable is catalogued and documented', () => assertCatalogued(configUnparseable));

test('fires: a comment in a strict JSON file, located', async () => {
  const c = await check(claudeDesktop, put(tempDir(), 'c.json', '{\n  "mcpServers": {} // x\n}'));
  assert.deepEqual(ids(c), ['config-unparseable']);
  assert.equal(c.check.status, 'error');
  assert.deepEqual([c.findings[0]?.location?.line, c.findings[0]?.location?.column], [2, 20]);
});

test('does not fire: the same content in a JSONC host', async () => {
  const c = await check(cursor, put(tempDir(), 'c.json', '{\n  "mcpServers": {} // x\n}'));
  assert.deepEqual(ids(c), []);
  assert.equal(c.check.status, 'found');
});
