import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import type { LaunchChain } from '../../src/launch/types.js';
import { argvEntry, entry } from './entry-fixture.js';

const chain = (...argv: string[]): LaunchChain => unwrap(argvEntry(argv));
const reason = (c: LaunchChain): string => (c.leaf.kind === 'opaque' ? c.leaf.why.reason : `not opaque: ${c.leaf.kind}`);

test('env: -i, -u, assignments in order after the entry env; the frame records them', () => {
  const c = unwrap(entry({ command: 'env', args: ['-i', '-u', 'PATH', '--unset=NODE_OPTIONS', 'HOME=/tmp/h', 'A=1', 'mcp-hangar', 'serve'], env: { X: 'x', Y: null } }));
  assert.deepEqual(c.env.map((a) => [a.name, a.value, a.source, a.cleared ?? false]), [
    ['X', 'x', 'entry-env', true], ['Y', null, 'entry-env', true],
    ['PATH', null, 'env-prefix', false], ['NODE_OPTIONS', null, 'env-prefix', false],
    ['HOME', '/tmp/h', 'env-prefix', false], ['A', '1', 'env-prefix', false],
  ]);
  assert.equal(c.frames[0]?.kind, 'env');
  assert.equal(c.frames[0]?.clearsEnv, true);
  assert.equal(c.frames[0]?.env?.length, 4);
  assert.ok(c.leaf.kind === 'exec' && c.leaf.name === 'mcp-hangar');
});

test('env -S splits its string; env without a command is opaque', () => {
  const c = chain('/usr/bin/env', '-S', 'A=1 mcp-hangar --config "/x y/c.yaml"');
  assert.ok(c.leaf.kind === 'exec');
  assert.deepEqual(c.leaf.kind === 'exec' && c.leaf.args, ['--config', '/x y/c.yaml']);
  assert.match(reason(chain('env', 'A=1')), /no command/);
  assert.match(reason(chain('env', '--bogus', 'x')), /unknown env option/);
});

test('sh -c: leading assignments and exec, quoting, stderr redirection', () => {
  const c = chain('bash', '-lc', `HOME="/tmp/evil home" exec -a x mcp-hangar --config '/p q/c.yaml' serve 2>/dev/null`);
  assert.ok(c.leaf.kind === 'exec');
  assert.deepEqual(c.leaf.kind === 'exec' && [c.leaf.name, ...c.leaf.args], ['mcp-hangar', '--config', '/p q/c.yaml', 'serve']);
  assert.deepEqual(c.env, [{ name: 'HOME', value: '/tmp/evil home', source: 'shell' }]);
  assert.equal(c.frames[0]?.kind, 'shell');
  assert.deepEqual(c.frames[0]?.env, [{ name: 'HOME', value: '/tmp/evil home', source: 'shell' }]);
  assert.ok(chain('zsh', '-c', 'mcp-hangar serve').leaf.kind === 'exec');
  assert.ok(chain('sh', '-e', '-c', 'mcp-hangar serve').leaf.kind === 'exec');
});

test('sh -c: what cannot be resolved is opaque with its reason', () => {
  assert.match(reason(chain('sh', '-c', '$CMD --x')), /variable/);
  assert.match(reason(chain('sh', '-c', '"${BIN}" serve')), /variable/);
  assert.match(reason(chain('sh', '-c', 'a | b')), /pipe/);
  assert.match(reason(chain('sh', '-c', 'cd /x && exec a')), /&&/);
  assert.match(reason(chain('sh', '-c', 'export A=1; a')), /;/);
  assert.match(reason(chain('sh', '-c', '$(which a)')), /substitution/);
  assert.match(reason(chain('sh', '-c', '`which a`')), /substitution/);
  assert.match(reason(chain('sh', '-c', 'a > /tmp/log')), /stdout/);
  assert.match(reason(chain('sh', '-c', 'A=1')), /no command/);
  assert.match(reason(chain('sh', 'script.sh')), /script file/);
  assert.match(reason(chain('bash')), /stdin/);
});

test('sh -c positional parameters: "$@" and "$N" are the arguments after the string', () => {
  const c = chain('sh', '-c', 'exec "$@"', 'sh', 'mcp-hangar', '--config', '/a b.yaml', 'serve');
  assert.ok(c.leaf.kind === 'exec');
  assert.deepEqual(c.leaf.kind === 'exec' && [c.leaf.name, ...c.leaf.args], ['mcp-hangar', '--config', '/a b.yaml', 'serve']);
  const n = chain('bash', '-c', '"$0" --config "$1" serve', 'mcp-hangar', '/c.yaml');
  assert.deepEqual(n.leaf.kind === 'exec' && [n.leaf.name, ...n.leaf.args], ['mcp-hangar', '--config', '/c.yaml', 'serve']);
  assert.equal(n.unresolved, undefined);
  assert.equal(chain('sh', '-c', '$1 serve', 'sh', 'a b').leaf.kind, 'opaque', 'unquoted and splittable: unknown');
  assert.equal(chain('sh', '-c', '"$@"').leaf.kind, 'opaque', 'no parameters: no command');
});

test('variables kept in argument position are listed as unresolved', () => {
  const c = chain('sh', '-c', 'mcp-hangar --config "$HOME/c.yaml" $EXTRA');
  assert.ok(c.leaf.kind === 'exec');
  assert.deepEqual(c.unresolved?.map((u) => u.text), ['$HOME/c.yaml', '$EXTRA']);
  assert.equal(chain('mcp-hangar', 'serve').unresolved, undefined);
  const host = chain('mcp-hangar', '--config', '${workspaceFolder}/c.yaml');
  assert.match(host.unresolved?.[0]?.reason ?? '', /interpolation/);
});

test('cmd /c: array form, one-string form, flags; operators and %VAR% program are opaque', () => {
  for (const args of [['/c', 'npx', '-y', 'mcp-remote@0.1.15', 'u'], ['/d', '/s', '/C', 'npx -y mcp-remote@0.1.15 u'], ['/k', 'npx', '-y', 'mcp-remote@0.1.15', 'u']]) {
    const c = chain('cmd', ...args);
    assert.ok(c.leaf.kind === 'exec' && c.leaf.name === 'mcp-remote', args.join(' '));
    assert.equal(c.frames[0]?.name, 'cmd');
    assert.equal(c.frames[1]?.package?.version, '0.1.15');
  }
  assert.ok(chain('C:\\Windows\\System32\\cmd.exe', '/c', 'npx', '-y', 'x').leaf.kind === 'exec');
  assert.match(reason(chain('cmd', '/c', 'npx', '-y', 'a&calc')), /command list/);
  assert.match(reason(chain('cmd', '/c', '%TOOL%', 'serve')), /variable/);
  assert.match(reason(chain('cmd', 'x')), /without \/c/);
  const spaced = chain('cmd', '/c', 'C:\\Program Files\\x\\mcp-hangar.exe', '--config', 'C:\\x\\c.yaml');
  assert.ok(spaced.leaf.kind === 'exec' && spaced.leaf.name === 'mcp-hangar');
  assert.deepEqual(spaced.leaf.kind === 'exec' && spaced.leaf.args, ['--config', 'C:\\x\\c.yaml']);
  // More than two quotes: cmd strips the first and the last, so what runs is `C:\Program` (as cmd does).
  const broken = chain('cmd', '/c', 'C:\\Program Files\\x\\mcp-hangar.exe', '--config', 'C:\\a b\\c.yaml');
  assert.ok(broken.leaf.kind === 'exec' && broken.leaf.program === 'C:\\Program');
});

test('powershell -Command and pwsh -c; -File and -EncodedCommand are opaque', () => {
  const c = chain('powershell.exe', '-NoProfile', '-ExecutionPolicy', 'Bypass', '-Command', "& 'C:\\tools\\mcp-hangar.exe' --config 'C:\\x\\c.yaml' serve");
  assert.ok(c.leaf.kind === 'exec' && c.leaf.name === 'mcp-hangar');
  assert.deepEqual(c.leaf.kind === 'exec' && c.leaf.args, ['--config', 'C:\\x\\c.yaml', 'serve']);
  assert.ok(chain('pwsh', '-c', 'npx', '-y', 'mcp-remote', 'u').leaf.kind === 'exec');
  assert.match(reason(chain('powershell', '-File', 'x.ps1')), /script file/);
  assert.match(reason(chain('powershell', '-EncodedCommand', 'AAAA')), /Encoded/);
  assert.match(reason(chain('powershell', '-Command', 'a; b')), /several/);
  assert.match(reason(chain('powershell', '-Command', '& $env:TOOL serve')), /variable/);
});
