import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap, unwrapArgv } from '../../src/launch/unwrap.js';
import type { LaunchChain } from '../../src/launch/types.js';
import { argvEntry } from './entry-fixture.js';

const chain = (...argv: string[]): LaunchChain => unwrap(argvEntry(argv));

function leafOf(c: LaunchChain): { name: string; args: readonly string[] } {
  assert.equal(c.leaf.kind, 'exec', JSON.stringify(c.leaf));
  return c.leaf.kind === 'exec' ? c.leaf : { name: '', args: [] };
}

test('npx: package and version recorded, own flags skipped, the bin is the leaf', () => {
  const c = chain('npx', '-y', '--prefer-offline', 'mcp-remote@0.1.15', 'https://x.example/mcp', '--header', 'a');
  assert.deepEqual(c.frames[0]?.package, { ecosystem: 'npm', name: 'mcp-remote', version: '0.1.15' });
  assert.equal(c.frames[0]?.kind, 'package-runner');
  assert.deepEqual(leafOf(c), { kind: 'exec', program: 'mcp-remote', name: 'mcp-remote', args: ['https://x.example/mcp', '--header', 'a'] });
  const scoped = chain('npx', '-y', '@modelcontextprotocol/server-filesystem', '/data');
  assert.equal(leafOf(scoped).name, '@modelcontextprotocol/server-filesystem');
  assert.deepEqual(leafOf(scoped).args, ['/data']);
});

test('npx --package=X cmd runs cmd from X; npm exec and npm x; -- separator', () => {
  const c = chain('npx', '--package=mcp-pin@0.2.0', 'mcp-pin', '--', 'node', 's.js');
  assert.deepEqual(c.frames[0]?.package, { ecosystem: 'npm', name: 'mcp-pin', version: '0.2.0' });
  assert.deepEqual(leafOf(c), { kind: 'exec', program: 'mcp-pin', name: 'mcp-pin', args: ['--', 'node', 's.js'] });
  assert.equal(leafOf(chain('npm', 'exec', '--yes', '--', 'mcp-remote@1', 'u')).name, 'mcp-remote');
  assert.equal(leafOf(chain('npm', 'x', '-y', 'mcp-remote')).name, 'mcp-remote');
  assert.equal(leafOf(chain('npx', '-y', '--', 'mcp-remote')).name, 'mcp-remote');
});

test('pnpm dlx, pnpx, bunx, bun x, yarn dlx', () => {
  for (const argv of [
    ['pnpm', 'dlx', 'mcp-remote@0.1.16', 'u'], ['pnpx', 'mcp-remote@0.1.16', 'u'], ['bunx', '--bun', 'mcp-remote@0.1.16', 'u'],
    ['bun', 'x', 'mcp-remote@0.1.16', 'u'], ['yarn', 'dlx', '-q', 'mcp-remote@0.1.16', 'u'],
  ]) {
    const c = chain(...argv);
    assert.equal(leafOf(c).name, 'mcp-remote', argv.join(' '));
    assert.equal(c.frames[0]?.package?.version, '0.1.16', argv.join(' '));
  }
});

test('npx -c and pnpm dlx -c run a shell string', () => {
  assert.equal(leafOf(chain('npx', '-p', 'mcp-hangar', '-c', 'mcp-hangar serve')).name, 'mcp-hangar');
  const piped = chain('npx', '-c', 'a | b');
  assert.equal(piped.leaf.kind, 'opaque');
});

test('an unknown runner option is opaque: it might swallow the package name', () => {
  const c = chain('npx', '--foo', 'mcp-remote', 'u');
  assert.equal(c.leaf.kind, 'opaque');
  assert.ok(c.leaf.kind === 'opaque' && /--foo/.test(c.leaf.why.reason));
  assert.equal(chain('npx', '-y').leaf.kind, 'opaque');
  assert.equal(chain('npm', 'start').leaf.kind, 'opaque');
});

test('uvx: --from pkg==ver, --with, --python skipped; pkg@ver; uv tool run; pipx run --spec', () => {
  const c = chain('uvx', '--python', '3.12', '--with', 'x', '--from', 'mcpindex-gate==0.9.2', 'mcpindex-proxy', '--mcpindex-stdio');
  assert.deepEqual(c.frames[0]?.package, { ecosystem: 'pypi', name: 'mcpindex-gate', version: '0.9.2' });
  assert.deepEqual(leafOf(c).args, ['--mcpindex-stdio']);
  assert.equal(leafOf(c).name, 'mcpindex-proxy');
  const at = chain('uvx', 'mcp-hangar@2.34.4', '--config', 'c.yaml', 'serve');
  assert.equal(at.frames[0]?.package?.version, '2.34.4');
  assert.equal(leafOf(at).name, 'mcp-hangar');
  assert.equal(leafOf(chain('uv', 'tool', 'run', '--from', 'mcp-hangar', 'mcp-hangar', 'serve')).name, 'mcp-hangar');
  assert.equal(leafOf(chain('uv', '-q', 'tool', 'run', 'mcp-server-fetch')).name, 'mcp-server-fetch');
  const pipx = chain('pipx', 'run', '--spec', 'mcp-hangar==2.0', 'mcp-hangar', 'serve');
  assert.deepEqual(pipx.frames[0]?.package, { ecosystem: 'pypi', name: 'mcp-hangar', version: '2.0' });
  assert.equal(leafOf(pipx).name, 'mcp-hangar');
});

test('uv run: project command, --with, -m module, script.py; other uv subcommands are leaves', () => {
  const c = chain('uv', 'run', '--directory', '/opt/cp', '--with', 'x', 'mcp-context-protector', '--command-args', 'a');
  assert.equal(c.frames[0]?.kind, 'uv-run');
  assert.equal(leafOf(c).name, 'mcp-context-protector');
  const m = chain('uv', 'run', '-m', 'contextprotector', '--url', 'u');
  assert.equal(m.frames[1]?.module, 'contextprotector');
  const s = chain('uv', 'run', 'server.py', '--x');
  assert.equal(s.frames[1]?.script, 'server.py');
  assert.equal(leafOf(chain('uv', 'pip', 'list')).name, 'uv');
});

test('runner frames record their own options (and only those), for grading', () => {
  const opts = (argv: readonly string[], i = 0) => unwrap(argvEntry(argv)).frames[i]?.options;
  assert.deepEqual(opts(['uvx', '--index-url', 'https://i', '--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio']),
    [{ flag: '--index-url', value: 'https://i' }, { flag: '--from', value: 'mcpindex-gate' }]);
  assert.deepEqual(opts(['uv', '--directory', '/d', 'run', '--with', 'x', 'tool', '--flag']),
    [{ flag: '--directory', value: '/d' }, { flag: '--with', value: 'x' }]);
  assert.deepEqual(opts(['npx', '--registry=https://r', '-y', 'mcp-pin@1.0.0', '--', 'node', 'w.js']),
    [{ flag: '--registry', value: 'https://r' }, { flag: '-y' }]);
  assert.equal(opts(['npx', 'srv']), undefined);
});

test('unwrapArgv unwraps a bare argv (a proxy upstream) like an entry', () => {
  const chain = unwrapArgv(['npx', '-y', 'mcp-remote@0.1.10', 'https://x']);
  assert.deepEqual(chain.frames[0]?.package, { ecosystem: 'npm', name: 'mcp-remote', version: '0.1.10' });
  assert.equal(unwrapArgv([]).leaf.kind, 'opaque');
});
