import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { mcpPin } from '../../src/proxies/mcp-pin.js';
import type { Recognition } from '../../src/proxies/types.js';
import { argvEntry } from '../launch/entry-fixture.js';

const pin = (...argv: string[]): Recognition | undefined => {
  const e = argvEntry(argv, { name: 'weather' });
  return mcpPin.recognize(unwrap(e), e);
};

test('§6.1 single-user form: version, default store, upstream after --', () => {
  const rec = pin('npx', '-y', 'mcp-pin@0.1.4', '--', 'node', 'weather-server.js');
  assert.deepEqual([rec?.version, rec?.mode, rec?.blocking, rec?.runtime, rec?.serverId], ['0.1.4', 'approve', true, 'node', 'weather']);
  assert.deepEqual(rec?.store, { kind: 'default' });
  assert.deepEqual(rec?.upstream, ['node', 'weather-server.js']);
  assert.ok(rec !== undefined);
  assert.equal(mcpPin.defaultStore(rec, '/home/u', 'linux'), '/home/u/.mcp-pin');
});

test('§6.1 team form: --lock, --name, --only-locked', () => {
  const rec = pin('npx', '-y', 'mcp-pin@0.2.0', '--lock', 'mcp-pin.lock', '--name', 'files', '--only-locked', '--', 'node', 's.js');
  assert.deepEqual(rec?.store, { kind: 'explicit', flag: '--lock', value: 'mcp-pin.lock' });
  assert.equal(rec?.serverId, 'files');
  assert.equal(rec?.mode, 'only-locked');
});
