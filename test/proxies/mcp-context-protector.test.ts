import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { mcpContextProtector } from '../../src/proxies/mcp-context-protector.js';
import type { Recognition } from '../../src/proxies/types.js';
import { argvEntry } from '../launch/entry-fixture.js';

const cp = (...argv: string[]): Recognition | undefined => {
  const e = argvEntry(argv, { name: 'acme' });
  return mcpContextProtector.recognize(unwrap(e), e);
};

test('documented --command form: the whole string is the approval key', () => {
  const rec = cp('/path/to/mcp-context-protector/mcp-context-protector.sh', '--command', '/path/to/node /path/to/acme/server.js');
  assert.deepEqual(rec?.approvalKey, { type: 'stdio', identifier: '/path/to/node /path/to/acme/server.js' });
  assert.deepEqual(rec?.upstream, ['/path/to/node', '/path/to/acme/server.js']);
  assert.equal(rec?.bareName, false);
  assert.deepEqual([rec?.mode, rec?.blocking, rec?.runtime, rec?.serverId], ['approval', true, 'python', 'acme']);
});

test('--command-args argv form, its writer\'s fallbacks, and python -m contextprotector', () => {
  for (const argv of [
    ['/opt/cp/mcp-context-protector.sh', '--command-args', 'npx', '-y', 'srv'],
    ['uv', 'run', 'mcp-context-protector', '--command-args', 'npx', '-y', 'srv'],
    ['mcp-context-protector', '--command-args', 'npx', '-y', 'srv'],
    ['C:\\cp\\mcp-context-protector.bat', '--command-args', 'npx', '-y', 'srv'],
    ['python', '-m', 'contextprotector', '--command-args', 'npx', '-y', 'srv'],
  ]) {
    const rec = cp(...argv);
    // `-y` is an unknown option to its parser: parse_known_args keeps it, in order, in the extras it appends.
    assert.deepEqual(rec?.upstream, ['npx', '-y', 'srv'], argv.join(' '));
    assert.deepEqual(rec?.approvalKey, { type: 'stdio', identifier: 'npx -y srv' }, argv.join(' '));
  }
});

test('remote forms key by URL; --server-config-file is an explicit store', () => {
  assert.deepEqual(cp('mcp-context-protector', '--url', 'https://a/mcp')?.approvalKey, { type: 'http', identifier: 'https://a/mcp' });
  assert.deepEqual(cp('mcp-context-protector', '--sse-url', 'https://a/sse')?.approvalKey, { type: 'sse', identifier: 'https://a/sse' });
  assert.deepEqual(cp('mcp-context-protector', '--server-config-file', '/w/s.json', '--url', 'u')?.store,
    { kind: 'explicit', flag: '--server-config-file', value: '/w/s.json' });
  assert.equal(cp('mcp-context-protector', '--server-config', '/w/s.json', '--url', 'u')?.store.kind, 'explicit');
  const rec = cp('mcp-context-protector', '--url', 'u');
  assert.deepEqual(rec?.store, { kind: 'default' });
  assert.ok(rec !== undefined);
  assert.equal(mcpContextProtector.defaultStore(rec, '/home/u', 'linux'), '/home/u/.mcp-context-protector/servers.json');
});

test('argparse reads its options among the upstream words too (parse_known_args with --command-args)', () => {
  // __main__.py: the proxy's own options after --command-args are the proxy's.
  const planted = cp('mcp-context-protector', '--command-args', 'srv', '--server-config-file', '/evil.json');
  assert.deepEqual(planted?.store, { kind: 'explicit', flag: '--server-config-file', value: '/evil.json' });
  assert.deepEqual(planted?.upstream, ['srv']);
  // An unambiguous prefix is the option (allow_abbrev), also there.
  assert.equal(cp('mcp-context-protector', '--command-args', 'srv', '--serv', '/evil.json')?.store.kind, 'explicit');
  // `-e` is --environment: the upstream's `-e VALUE` is taken out of the command, which then keys another record.
  const docker = cp('mcp-context-protector', '--command-args', 'docker', 'run', '-i', '--rm', '-e', 'TOKEN', 'mcp/github');
  assert.deepEqual(docker?.upstream, ['docker', 'run', '-i', '--rm', 'mcp/github']);
  assert.deepEqual(docker?.approvalKey, { type: 'stdio', identifier: 'docker run -i --rm mcp/github' });
  // Extras come after the words --command-args consumed (args.command_args + unknown_args), even those before it.
  assert.deepEqual(cp('mcp-context-protector', '-x', 'a', '--command-args', 'node', 's.js')?.upstream, ['node', 's.js', '-x', 'a']);
});

test('--command is one string: outer double quotes dropped, split on whitespace; a parse error or other action is not a wrapper', () => {
  const rec = cp('mcp-context-protector', '--command', '"node /a/s.js"');
  assert.deepEqual(rec?.approvalKey, { type: 'stdio', identifier: 'node /a/s.js' });
  assert.deepEqual(cp('mcp-context-protector', '--command', "node '/a b/s.js'")?.upstream, ['node', "'/a", "b/s.js'"]);
  for (const argv of [
    ['--command', 'node s.js', '--config-file', '/x'], // no such option at 05e56c1: parse_args exits
    ['--com', 'node s.js'], // ambiguous: --command, --command-args
    ['--command', 'node s.js', '--review-server'],
    ['--command', 'node s.js', '-h'],
    ['--command', 'node s.js', '--command-args', 'x'],
    ['--command-args', 'node', '--', 's.js'],
    [],
  ]) {
    const r = cp('mcp-context-protector', ...argv);
    assert.equal(r?.blocking, false, argv.join(' '));
    assert.equal(r.modeUnknown, true, argv.join(' '));
  }
});

test('not the proxy: a different program that merely mentions it', () => {
  assert.equal(cp('node', 'server.js', '--name', 'mcp-context-protector'), undefined);
});
