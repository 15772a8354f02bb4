import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { unwrap } from '../../src/launch/unwrap.js';
import { mcpPin, mcpPinId } from '../../src/proxies/mcp-pin.js';
import type { Recognition } from '../../src/proxies/types.js';
import { argvEntry } from '../launch/entry-fixture.js';

const pin = (argv: string[], env: Record<string, string> = {}): Recognition | undefined => {
  const e = argvEntry(argv, { name: 'weather', env });
  return mcpPin.recognize(unwrap(e), e);
};

test('single-user form: version, default store, upstream after --, keyed by the hash of the wrapped command line', () => {
  const rec = pin(['npx', '-y', 'mcp-pin@0.1.4', '--', 'node', 'weather-server.js']);
  assert.deepEqual([rec?.version, rec?.mode, rec?.blocking, rec?.runtime, rec?.pins], ['0.1.4', 'approve', true, 'node', true]);
  assert.deepEqual(rec?.store, { kind: 'default' });
  assert.deepEqual(rec?.upstream, ['node', 'weather-server.js']);
  // store.js serverId: sha256([command, ...args].join(' ')).slice(0, 16)
  assert.equal(rec?.serverId, createHash('sha256').update('node weather-server.js').digest('hex').slice(0, 16));
  assert.equal(mcpPinId(['node', 'weather-server.js']), rec?.serverId);
  assert.ok(rec !== undefined);
  assert.equal(mcpPin.defaultStore(rec, '/home/u', 'linux'), '/home/u/.mcp-pin');
});

test('team form: the first --lock is the store (attest.js reads argv.indexOf), --only-locked', () => {
  const rec = pin(['npx', '-y', 'mcp-pin@0.2.0', '--lock', 'mcp-pin.lock', '--name', 'files', '--lock', '/home/u/.mcp-pin', '--only-locked', '--', 'node', 's.js']);
  assert.deepEqual(rec?.store, { kind: 'explicit', flag: '--lock', value: 'mcp-pin.lock' });
  assert.equal(rec?.mode, 'only-locked');
  // A `--lock` after `--` belongs to the wrapped server.
  assert.deepEqual(pin(['mcp-pin', '--', 'node', 's.js', '--lock', 'x'])?.store, { kind: 'default' });
});

test('MCP_PIN_HOME, then ATTEST_HOME, relocate the whole store; an empty value falls through (JavaScript ||)', () => {
  assert.deepEqual(pin(['mcp-pin', '--', 'node', 's.js'], { MCP_PIN_HOME: '/tmp/p', ATTEST_HOME: '/tmp/a' })?.store,
    { kind: 'explicit', flag: 'MCP_PIN_HOME', value: '/tmp/p', via: 'env' });
  assert.deepEqual(pin(['mcp-pin', '--', 'node', 's.js'], { MCP_PIN_HOME: '', ATTEST_HOME: '/tmp/a' })?.store,
    { kind: 'explicit', flag: 'ATTEST_HOME', value: '/tmp/a', via: 'env' });
  assert.deepEqual(pin(['mcp-pin', '--', 'node', 's.js'], { MCP_PIN_HOME: '', ATTEST_HOME: '' })?.store, { kind: 'default' });
});

test('subcommands are other programs: `lookup` is an MCP server of its own, never protection', () => {
  for (const sub of ['lookup', 'wrap', 'lock', 'list', 'approve', 'demo']) {
    const rec = pin(['npx', '-y', 'mcp-pin@0.2.0', sub, '--', 'node', 's.js']);
    assert.equal(rec?.proxy, 'mcp-pin', sub);
    assert.equal(rec.pins, false, sub);
    assert.match(rec.reason ?? '', new RegExp(`mcp-pin ${sub}`));
  }
  // The dispatch reads argv[0] only: a subcommand word anywhere else is the proxy's (or the server's).
  assert.equal(pin(['mcp-pin', '--name', 'lookup', '--', 'node', 's.js'])?.pins, true);
  assert.equal(pin(['mcp-pin', '--', 'lookup'])?.pins, true);
});
