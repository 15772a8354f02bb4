/** The gateways of pinning-systems.md §9 and mcp-remote: recognised, pins: false, with a reason. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { dockerMcpGateway } from '../../src/proxies/docker-mcp-gateway.js';
import { enkryptGateway } from '../../src/proxies/enkrypt-gateway.js';
import { invariantGateway } from '../../src/proxies/invariant-gateway.js';
import { mcpDefender } from '../../src/proxies/mcp-defender.js';
import { mcpRemote } from '../../src/proxies/mcp-remote.js';
import { toolhive } from '../../src/proxies/toolhive.js';
import type { ProxyRecognizer } from '../../src/proxies/types.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { argvEntry, entry } from '../launch/entry-fixture.js';

const rec = (p: ProxyRecognizer, e: ServerEntry) => p.recognize(unwrap(e), e);

test('mcp-remote: version as written, unpinned when absent, the URL as upstream', () => {
  const r = rec(mcpRemote, argvEntry(['npx', '-y', 'mcp-remote@0.1.15', 'https://r.example/sse', '--header', 'Authorization:${AUTH}']));
  assert.deepEqual([r?.pins, r?.version, r?.runtime, r?.mode], [false, '0.1.15', 'node', 'bridge']);
  assert.deepEqual(r?.upstream, ['https://r.example/sse']);
  assert.match(r?.reason ?? '', /pins nothing/);
  const bare = rec(mcpRemote, argvEntry(['npx', 'mcp-remote', 'https://r.example/sse']));
  assert.equal(bare?.version, undefined);
  assert.equal(rec(mcpRemote, argvEntry(['node', '/home/u/.npm/lib/node_modules/mcp-remote/dist/proxy.js', 'https://r']))?.proxy, 'mcp-remote');
});

test('Docker MCP Gateway, ToolHive', () => {
  const d = rec(dockerMcpGateway, argvEntry(['docker', 'mcp', 'gateway', 'run', '--profile', 'p']));
  assert.deepEqual([d?.pins, d?.aggregator], [false, true]);
  assert.equal(rec(dockerMcpGateway, argvEntry(['docker', 'run', 'mcp/x'])), undefined);
  assert.equal(rec(toolhive, argvEntry(['thv', 'proxy', 'stdio', 'fetch']))?.pins, false);
});

test('Invariant Gateway: any argument containing invariant-gateway; upstream after --exec', () => {
  const r = rec(invariantGateway, argvEntry(['uvx', 'invariant-gateway@latest', 'mcp', '--project-name', 'p', '--push-explorer',
    '--metadata-server=fs', '--metadata-client=claude', '--exec', 'npx', '-y', 'srv']));
  assert.deepEqual(r?.upstream, ['npx', '-y', 'srv']);
  assert.equal(r?.version, 'latest');
  assert.equal(r?.pins, false);
  assert.equal(rec(invariantGateway, argvEntry(['uv', 'run', '--directory', '/src/invariant-gateway', 'invariant-gateway', 'mcp']))?.proxy, 'invariant-gateway');
});

test('MCP-Defender: by its env (stdio) or its local SSE URL', () => {
  const r = rec(mcpDefender, entry({ command: 'x', env: { MCP_DEFENDER_ORIGINAL_COMMAND: 'npx-secret', MCP_DEFENDER_ORIGINAL_ARGS: '["--token","s3cr3t"]' } }));
  assert.equal(r?.pins, false);
  assert.match(r?.reason ?? '', /MCP_DEFENDER_ORIGINAL_COMMAND/);
  // Env values never reach a recognition (they would reach reports).
  assert.doesNotMatch(JSON.stringify(r), /secret|s3cr3t/);
  const sse = rec(mcpDefender, entry({ url: 'http://localhost:28173/cursor/github/sse' }));
  assert.equal(sse?.proxy, 'mcp-defender');
  assert.equal(sse?.upstream, undefined);
});

test('Enkrypt: by its entry name or its module', () => {
  assert.equal(rec(enkryptGateway, entry({ name: 'Enkrypt Secure MCP Gateway', command: 'python', args: ['gw.py'] }))?.proxy, 'enkrypt-gateway');
  assert.equal(rec(enkryptGateway, argvEntry(['python', '-m', 'secure_mcp_gateway.gateway']))?.pins, false);
  assert.equal(rec(enkryptGateway, argvEntry(['python', '-m', 'other.gateway'])), undefined);
});
