import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { invariantGateway } from '../../src/proxies/invariant-gateway.js';
import type { ProxyRecognizer } from '../../src/proxies/types.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { argvEntry } from '../launch/entry-fixture.js';

const rec = (p: ProxyRecognizer, e: ServerEntry) => p.recognize(unwrap(e), e);

test('Invariant Gateway: any argument containing invariant-gateway; upstream after --exec', () => {
  const r = rec(invariantGateway, argvEntry(['uvx', 'invariant-gateway@latest', 'mcp', '--project-name', 'p', '--push-explorer',
    '--metadata-server=fs', '--metadata-client=claude', '--exec', 'npx', '-y', 'srv']));
  assert.deepEqual(r?.upstream, ['npx', '-y', 'srv']);
  assert.equal(r?.version, 'latest');
  assert.equal(r?.pins, false);
  assert.equal(rec(invariantGateway, argvEntry(['uv', 'run', '--directory', '/src/invariant-gateway', 'invariant-gateway', 'mcp']))?.proxy, 'invariant-gateway');
});
