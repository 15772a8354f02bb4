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

test('§4.1 entry: enforce with --fail-on moderate, lock explicit, upstream after --', () => {
  const rec = mt('mcptrust', 'proxy', '--fail-on', 'moderate', '--lock', '/path/to/mcp-lock.json', '--', 'npx', '-y', '@modelcontextprotocol/server-filesystem', '/d');
  assert.deepEqual([rec?.mode, rec?.blocking, rec?.runtime], ['enforce', true, 'go']);
  assert.deepEqual(rec?.store, { kind: 'explicit', flag: '--lock', value: '/path/to/mcp-lock.json' });
  assert.deepEqual(rec?.upstream, ['npx', '-y', '@modelcontextprotocol/server-filesystem', '/d']);
});

test('--audit-only and --filter-only never block; flags after -- belong to the upstream', () => {
  assert.deepEqual([mt('mcptrust', 'proxy', '--audit-only', '--lock', 'l', '--', 'x')?.mode, mt('mcptrust', 'proxy', '--audit-only', '--lock', 'l', '--', 'x')?.blocking], ['audit-only', false]);
  assert.equal(mt('mcptrust', 'proxy', '--filter-only', '--lock=l', '--', 'x')?.blocking, false);
  assert.equal(mt('mcptrust', 'proxy', '--fail-on=moderate', '--lock', 'l', '--', 'x', '--audit-only')?.blocking, true);
});

test('--fail-on: only moderate and safe stop a changed description at preflight; the default, critical, info or a typo do not', () => {
  for (const v of [[], ['--fail-on', 'critical'], ['--fail-on=info'], ['--fail-on', 'Moderate'], ['--fail-on', 'moderate', '--fail-on', 'critical']]) {
    const rec = mt('mcptrust', 'proxy', ...v, '--lock', 'l', '--', 'x');
    assert.deepEqual([rec?.mode, rec?.blocking], ['fail-on-critical', false], v.join(' '));
  }
  for (const v of [['--fail-on', 'moderate'], ['--fail-on=safe'], ['--fail-on', 'critical', '--fail-on=moderate']]) {
    assert.deepEqual([mt('mcptrust', 'proxy', ...v, '--lock', 'l', '--', 'x')?.blocking], [true], v.join(' '));
  }
  assert.equal(mt('mcptrust', 'proxy', '--lock', 'l', '--', 'x', '--fail-on', 'moderate')?.blocking, false, 'after -- it is the upstream\'s');
});

test('no --lock: the flag is required, so the proxy does not start; other subcommands are not the proxy', () => {
  const none = mt('mcptrust', 'proxy', '--', 'x');
  assert.deepEqual([none?.store.kind, none?.blocking, none?.modeUnknown], ['unresolvable', false, true]);
  for (const sub of ['lock', 'run', 'check', 'scan']) {
    const rec = mt('mcptrust', sub, '--lock', 'l', '--', 'x');
    assert.deepEqual([rec?.proxy, rec?.pins], ['mcptrust', false], sub);
  }
});

test('cobra: persistent flags and the proxy\'s own flags may precede `proxy`; every non-flag word is the command', () => {
  const before = mt('mcptrust', '--log-level', 'debug', '--lock', '/l/mcp-lock.json', 'proxy', '--fail-on', 'moderate', '--', 'npx', 'srv');
  assert.deepEqual([before?.mode, before?.blocking], ['enforce', true]);
  assert.deepEqual(before?.store, { kind: 'explicit', flag: '--lock', value: '/l/mcp-lock.json' });
  assert.deepEqual(before?.upstream, ['npx', 'srv']);
  // `--audit-only=true` before the word: cobra's stripFlags skips it, pflag then reads it.
  assert.equal(mt('mcptrust', '--audit-only=true', 'proxy', '--fail-on', 'moderate', '--lock', 'l', '--', 'x')?.mode, 'audit-only');
  // A bare `--audit-only` before the word swallows `proxy` as its value in stripFlags: no command runs.
  assert.equal(mt('mcptrust', '--audit-only', 'proxy', '--lock', 'l', '--', 'x')?.blocking, false);
  // A word before `--` is the server's command, not a flag value: pflag collects it.
  assert.deepEqual(mt('mcptrust', 'proxy', '--lock', 'l', '--fail-on', 'moderate', 'evil', '--', 'npx', 'srv')?.upstream, ['evil', 'npx', 'srv']);
  // --print-effective-allowlist prints and exits; an unknown flag is an error.
  assert.equal(mt('mcptrust', 'proxy', '--print-effective-allowlist', '--fail-on', 'moderate', '--lock', 'l', '--', 'x')?.blocking, false);
  assert.equal(mt('mcptrust', 'proxy', '--bogus', '--fail-on', 'moderate', '--lock', 'l', '--', 'x')?.blocking, false);
});

test('cobra bools: --audit-only=true / --filter-only=1 count; =false does not; another value is an unknown mode', () => {
  for (const v of ['1', 't', 'T', 'true', 'TRUE', 'True']) {
    assert.deepEqual([mt('mcptrust', 'proxy', `--audit-only=${v}`, '--lock', 'l', '--', 'x')?.mode], ['audit-only'], v);
    assert.equal(mt('mcptrust', 'proxy', `--filter-only=${v}`, '--lock', 'l', '--', 'x')?.blocking, false, v);
  }
  const off = mt('mcptrust', 'proxy', '--audit-only=false', '--filter-only=0', '--fail-on', 'moderate', '--lock', 'l', '--', 'x');
  assert.deepEqual([off?.mode, off?.blocking], ['enforce', true]);
  assert.equal(mt('mcptrust', 'proxy', '--audit-only', '--audit-only=F', '--fail-on=moderate', '--lock', 'l', '--', 'x')?.blocking, true, 'the last one wins');
  const odd = mt('mcptrust', 'proxy', '--audit-only=yes', '--lock', 'l', '--', 'x');
  assert.deepEqual([odd?.blocking, odd?.modeUnknown], [false, true]);
});
