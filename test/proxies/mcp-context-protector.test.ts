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

test('options after --command-args belong to the upstream, not the proxy', () => {
  const rec = cp('mcp-context-protector', '--command-args', 'srv', '--server-config-file', '/evil.json');
  assert.deepEqual(rec?.store, { kind: 'default' });
  assert.deepEqual(rec?.upstream, ['srv', '--server-config-file', '/evil.json']);
});

test('not the proxy: a different program that merely mentions it', () => {
  assert.equal(cp('node', 'server.js', '--name', 'mcp-context-protector'), undefined);
});
