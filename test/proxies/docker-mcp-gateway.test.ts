import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { dockerMcpGateway } from '../../src/proxies/docker-mcp-gateway.js';
import type { ProxyRecognizer } from '../../src/proxies/types.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { argvEntry } from '../launch/entry-fixture.js';

const rec = (p: ProxyRecognizer, e: ServerEntry) => p.recognize(unwrap(e), e);

test('Docker MCP Gateway: docker mcp gateway run, not docker run', () => {
  const d = rec(dockerMcpGateway, argvEntry(['docker', 'mcp', 'gateway', 'run', '--profile', 'p']));
  assert.deepEqual([d?.pins, d?.aggregator], [false, true]);
  assert.match(d?.reason ?? '', /out of its scope/);
  assert.equal(rec(dockerMcpGateway, argvEntry(['docker', 'run', 'mcp/x'])), undefined);
});
