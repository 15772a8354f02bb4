import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import {
  afterDashDash, argOrigin, bareNameAt, envValue, explicitStore, flagHits, floatingDynamicArg, hasFlag, lastFlagValue, ownArgs,
  storeUnlessFloating,
} from '../../src/proxies/args.js';
import { argvEntry, entry, originAt } from '../launch/entry-fixture.js';

test('flag values in both forms, in order, stopping at --', () => {
  const args = ['--a', '1', '--a=2', 'x', '--', '--a', '3'];
  assert.deepEqual(flagHits(args, ['--a']).map((h) => h.value), ['1', '2']);
  assert.equal(lastFlagValue(args, ['--a'])?.value, '2');
  assert.equal(lastFlagValue(['--a'], ['--a']), undefined, 'a flag with no value is no value');
  assert.equal(hasFlag(['--x', '--', '--y'], '--y'), false);
  assert.deepEqual(afterDashDash(['p', '--', 'a', '--', 'b']), ['a', '--', 'b']);
  assert.equal(afterDashDash(['p']), undefined);
});

test('argparse prefixes count only when unambiguous among the known options', () => {
  const known = ['--pin-store', '--posture'];
  assert.equal(lastFlagValue(['--pin', '/x'], ['--pin-store'], known)?.value, '/x');
  assert.equal(lastFlagValue(['--p', '/x'], ['--pin-store'], known), undefined);
  assert.equal(lastFlagValue(['--pin=/y'], ['--pin-store'], known)?.value, '/y');
  assert.equal(lastFlagValue(['--pin', '/x'], ['--pin-store']), undefined, 'no prefixes without a known list');
});

test('ownArgs: after -m module / the script for interpreter frames', () => {
  const c = unwrap(argvEntry(['python', '-u', '-m', 'tooling.cse.proxy', '--posture', 'strict']));
  const f = c.frames[c.frames.length - 1];
  assert.ok(f !== undefined);
  assert.deepEqual(ownArgs(f), ['--posture', 'strict']);
});

test('bareNameAt walks back through package runners to what PATH resolves', () => {
  const bare = unwrap(argvEntry(['uvx', '--from', 'g', 'proxy']));
  assert.equal(bareNameAt(bare, 1), true);
  const abs = unwrap(argvEntry(['/opt/uvx', '--from', 'g', 'proxy']));
  assert.equal(bareNameAt(abs, 1), false);
  const inner = unwrap(argvEntry(['/bin/sh', '-c', 'proxy --x']));
  assert.equal(bareNameAt(inner, 1), true, 'the shell is absolute, the proxy inside it is not');
});

test('envValue: the last assignment that reaches the leaf; cleared ones do not', () => {
  const c = unwrap(entry({ command: 'env', args: ['A=2', 'x'], env: { A: '1', B: 'b' } }));
  assert.deepEqual(envValue(c, 'A'), { value: '2', found: true });
  assert.deepEqual(envValue(c, 'Z'), { value: null, found: false });
  const cleared = unwrap(entry({ command: 'env', args: ['-i', 'x'], env: { B: 'b' } }));
  assert.equal(envValue(cleared, 'B').found, false);
});

test('explicit stores carry the flag as written and the origin of the arg', () => {
  const args = ['--config', '/c.yaml', 'serve'];
  const e = entry({ command: 'mcp-hangar', args, argOrigins: args.map((_, i) => originAt(i)) });
  const hit = lastFlagValue(args, ['--config']);
  assert.ok(hit !== undefined);
  assert.deepEqual(explicitStore(e, hit), { kind: 'explicit', flag: '--config', value: '/c.yaml', origin: originAt(1) });
  const shell = entry({ command: 'sh', args: ['-c', 'x --config=/d.yaml'], argOrigins: [originAt(0), originAt(1)] });
  assert.deepEqual(argOrigin(shell, '--config=/d.yaml'), originAt(1));
  assert.equal(argOrigin(entry({ command: 'x', args: ['a'] }), 'a'), undefined, 'no origins known');
});

test('floatingDynamicArg: a run-time word standing where an option could be; bound values do not count', () => {
  const c = unwrap(argvEntry(['sh', '-c', 'p --a "$V" --b="$W" "$X" -- "$Y"']));
  assert.ok(c.leaf.kind === 'exec');
  const args = c.leaf.kind === 'exec' ? c.leaf.args : [];
  assert.match(floatingDynamicArg(c, args, ['--a']) ?? '', /^\$X /);
  assert.equal(floatingDynamicArg(c, args.slice(0, 3), ['--a']), undefined, '"$V" is --a\'s value, --b=$W is bound');
  assert.equal(floatingDynamicArg(unwrap(argvEntry(['p', '--x'])), ['--x'], []), undefined);
  assert.deepEqual(storeUnlessFloating({ kind: 'default' }, undefined), { kind: 'default' });
  assert.equal(storeUnlessFloating({ kind: 'default' }, '$X (v)').kind, 'unresolvable');
});
