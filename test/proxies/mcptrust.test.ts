import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { mcptrust } from '../../src/proxies/mcptrust.js';
import type { Recognition } from '../../src/proxies/types.js';
import { argvEntry } from '../launch/entry-fixture.js';

const mt = (...argv: string[]): Recognition | undefined => {
  const e = argvEntry(argv, { name: 'filesystem' });
  return mcptrust.recognize(unwrap(e), e);
};

test('§4.1 entry: enforce by default, lock explicit, upstream after --', () => {
  const rec = mt('mcptrust', 'proxy', '--lock', '/path/to/mcp-lock.json', '--', 'npx', '-y', '@modelcontextprotocol/server-filesystem', '/d');
  assert.deepEqual([rec?.mode, rec?.blocking, rec?.runtime], ['enforce', true, 'go']);
  assert.deepEqual(rec?.store, { kind: 'explicit', flag: '--lock', value: '/path/to/mcp-lock.json' });
  assert.deepEqual(rec?.upstream, ['npx', '-y', '@modelcontextprotocol/server-filesystem', '/d']);
});

test('--audit-only and --filter-only never block; flags after -- belong to the upstream', () => {
  assert.deepEqual([mt('mcptrust', 'proxy', '--audit-only', '--lock', 'l', '--', 'x')?.mode, mt('mcptrust', 'proxy', '--audit-only', '--lock', 'l', '--', 'x')?.blocking], ['audit-only', false]);
  assert.equal(mt('mcptrust', 'proxy', '--filter-only', '--lock=l', '--', 'x')?.blocking, false);
  assert.equal(mt('mcptrust', 'proxy', '--lock', 'l', '--', 'x', '--audit-only')?.blocking, true);
});

test('no --lock: cwd-relative mcp-lock.json is unresolvable; other subcommands are not the proxy', () => {
  assert.equal(mt('mcptrust', 'proxy', '--', 'x')?.store.kind, 'unresolvable');
  assert.equal(mt('mcptrust', 'lock', '--', 'x'), undefined);
});
