import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { mcpindexGate, sanitizeServerId } from '../../src/proxies/mcpindex-gate.js';
import type { Recognition } from '../../src/proxies/types.js';
import { argvEntry, entry, originAt } from '../launch/entry-fixture.js';
import { loadCase } from './fixture.js';

const CASES = ['mcpindex-a-documented', 'mcpindex-b-module', 'mcpindex-c-marker', 'mcpindex-c-args',
  'mcpindex-d-install-sh', 'mcpindex-d-install-ps1', 'mcpindex-planted-store'];

for (const name of CASES) {
  test(`recognises the published shape ${name}`, () => {
    const c = loadCase(name);
    const rec = mcpindexGate.recognize(unwrap(c.entry), c.entry);
    assert.ok(rec !== undefined, name);
    for (const [key, value] of Object.entries(c.expected)) {
      assert.deepEqual(Reflect.get(rec, key), value, `${name}: ${key}`);
    }
  });
}

const gate = (...tail: string[]): Recognition | undefined => {
  const e = argvEntry(['uvx', '--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', ...tail], { name: 'fs' });
  return mcpindexGate.recognize(unwrap(e), e);
};

test('postures: guard default and strict block, monitor never; an unknown value is recorded as written', () => {
  assert.equal(gate()?.mode, 'guard');
  assert.equal(gate()?.modeUnknown, undefined);
  assert.equal(gate('--posture', 'strict')?.blocking, true);
  assert.equal(gate('--posture=monitor')?.blocking, false);
  assert.equal(gate('--posture', 'guard', '--posture', 'monitor')?.mode, 'monitor', 'the last repeat wins');
  const odd = gate('--posture', 'lenient');
  assert.deepEqual([odd?.mode, odd?.blocking, odd?.modeUnknown], ['lenient', false, true]);
});

test('--pin-store in both forms and as an argparse prefix; origin of the arg when known', () => {
  assert.deepEqual(gate('--pin-store', '/tmp/p')?.store, { kind: 'explicit', flag: '--pin-store', value: '/tmp/p' });
  assert.deepEqual(gate('--pin-store=/tmp/q')?.store, { kind: 'explicit', flag: '--pin-store', value: '/tmp/q' });
  assert.deepEqual(gate('--pin-st', '/tmp/r')?.store, { kind: 'explicit', flag: '--pin-st', value: '/tmp/r' });
  const args = ['--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', '--pin-store=/x'];
  const e = entry({ command: 'uvx', args, argOrigins: args.map((_, i) => originAt(i + 10)) });
  const rec = mcpindexGate.recognize(unwrap(e), e);
  assert.equal(rec?.store.kind === 'explicit' ? rec.store.origin?.line : -1, 14);
});

test('a --pin-store inside a shell string is still seen', () => {
  const e = entry({ command: 'sh', args: ['-c', "exec uvx --from mcpindex-gate mcpindex-proxy --mcpindex-stdio --pin-store '/tmp/x y'"] });
  assert.deepEqual(mcpindexGate.recognize(unwrap(e), e)?.store, { kind: 'explicit', flag: '--pin-store', value: '/tmp/x y' });
});

test('a run-time argument that could be an option makes the store unresolvable; bound ones do not', () => {
  const rec = (line: string) => {
    const e = entry({ command: 'sh', args: ['-c', line] });
    return mcpindexGate.recognize(unwrap(e), e);
  };
  const floating = rec('exec uvx --from mcpindex-gate mcpindex-proxy --mcpindex-stdio $EXTRA');
  assert.equal(floating?.store.kind, 'unresolvable');
  assert.match(floating?.store.kind === 'unresolvable' ? floating.store.why : '', /\$EXTRA/);
  const bound = rec('exec uvx --from mcpindex-gate mcpindex-proxy --mcpindex-stdio --upstream-command "$CMD" --upstream-arg="$HOME/d"');
  assert.deepEqual(bound?.store, { kind: 'default' });
  assert.deepEqual(bound?.upstream, ['$CMD', '$HOME/d']);
});

test('a marker on an entry that no longer runs the proxy is not recognised; on an opaque one it is, unresolvable', () => {
  const marker = { _mcpindexWired: { marker: 'mcpindex', original: { command: 'npx', args: ['x'] } } };
  const stale = entry({ command: 'npx', args: ['x'], raw: marker });
  assert.equal(mcpindexGate.recognize(unwrap(stale), stale), undefined);
  const opaque = entry({ command: 'sh', args: ['-c', '$GATE'], raw: marker });
  const rec = mcpindexGate.recognize(unwrap(opaque), opaque);
  assert.equal(rec?.store.kind, 'unresolvable');
  assert.equal(rec?.blocking, false);
  assert.deepEqual(rec?.upstream, ['npx', 'x']);
});

test('the default store is <home>/.mcpindex/pins/<sanitised id>.json', () => {
  const rec = gate();
  assert.ok(rec !== undefined);
  assert.equal(mcpindexGate.defaultStore({ ...rec, serverId: 'srv/id' }, '/home/u', 'linux'), '/home/u/.mcpindex/pins/srv_id.json');
  assert.equal(mcpindexGate.defaultStore(rec, 'C:\\Users\\u', 'win32'), 'C:\\Users\\u\\.mcpindex\\pins\\fs.json');
});

test('sanitizeServerId follows §1.10 in order', () => {
  assert.equal(sanitizeServerId('srv/id'), 'srv_id');
  assert.equal(sanitizeServerId('a:b'), 'a_b');
  assert.equal(sanitizeServerId('..__x.y__..'), 'x.y');
  assert.equal(sanitizeServerId('/'), '_');
  assert.equal(sanitizeServerId(''), '_');
  assert.equal(sanitizeServerId('x'.repeat(200)).length, 128);
  assert.equal(sanitizeServerId('Ünï'), 'n');
});

test('the proxy flags alone identify nothing: a lookalike server is not the gate', () => {
  const rec = (argv: readonly string[]) => {
    const e = argvEntry(argv, { name: 'fs' });
    return mcpindexGate.recognize(unwrap(e), e);
  };
  assert.equal(rec(['npx', '-y', 'evil-server', '--mcpindex-stdio']), undefined);
  assert.equal(rec(['node', '/tmp/evil.js', '--upstream-command', 'x']), undefined);
  assert.equal(rec(['evil', '--upstream-command=npx', '--mcpindex-stdio']), undefined);
  assert.equal(rec(['uvx', '--from', 'evil-pkg', 'evil', '--mcpindex-stdio']), undefined);
  // The gate's package run by a runner, confirmed by its flags; or its console script / module by name.
  assert.equal(rec(['uvx', 'mcpindex-gate', '--mcpindex-stdio'])?.proxy, 'mcpindex-gate');
  assert.equal(rec(['uvx', '--from', 'mcpindex-gate', 'python', '-m', 'tooling.cse.proxy'])?.proxy, 'mcpindex-gate');
  assert.equal(rec(['mcpindex-proxy'])?.proxy, 'mcpindex-gate');
});
