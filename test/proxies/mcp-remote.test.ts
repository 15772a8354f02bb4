import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { mcpRemote } from '../../src/proxies/mcp-remote.js';
import type { ProxyRecognizer } from '../../src/proxies/types.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { argvEntry } from '../launch/entry-fixture.js';

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
