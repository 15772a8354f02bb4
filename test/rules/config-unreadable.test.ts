import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { cursor } from '../../src/hosts/cursor.js';
import { unreadableEvenForRoot } from '../hosts/helpers.js';
import { configUnreadable } from '../../src/rules/config-unreadable.js';
import { assertCatalogued, check, ids, put, tempDir } from './config-harness.js';

test('config-unreadable is catalogued and documented', () => assertCatalogued(configUnreadable));

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

test('fires: a file without read permission', { skip: isRoot ? 'root reads chmod 000 files; no portable permission case fails as root' : false }, async () => {
  const file = put(tempDir(), 'c.json', '{}');
  chmodSync(file, 0o000);
  assert.deepEqual(ids(await check(cursor, file)), ['config-unreadable']);
});

test('fires even as root: a write-only sysfs attribute (the kernel refuses reads)', { skip: unreadableEvenForRoot() === undefined ? 'no write-only sysfs attribute here' : false }, async () => {
  const c = await check(cursor, unreadableEvenForRoot() ?? '');
  assert.deepEqual(ids(c), ['config-unreadable']);
  assert.equal(c.findings[0]?.data.reason, 'EACCES');
});

test('does not fire: a missing file is absent, not unreadable', async () => {
  const c = await check(cursor, path.join(tempDir(), 'missing.json'));
  assert.deepEqual(ids(c), []);
  assert.equal(c.check.status, 'absent');
});
