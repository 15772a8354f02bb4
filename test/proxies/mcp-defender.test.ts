import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { mcpDefender } from '../../src/proxies/mcp-defender.js';
import type { ProxyRecognizer } from '../../src/proxies/types.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { entry } from '../launch/entry-fixture.js';

const rec = (p: ProxyRecognizer, e: ServerEntry) => p.recognize(unwrap(e), e);

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
