import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { enkryptGateway } from '../../src/proxies/enkrypt-gateway.js';
import type { ProxyRecognizer } from '../../src/proxies/types.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { argvEntry, entry } from '../launch/entry-fixture.js';

const rec = (p: ProxyRecognizer, e: ServerEntry) => p.recognize(unwrap(e), e);

test('Enkrypt: by its entry name or its module', () => {
  assert.equal(rec(enkryptGateway, entry({ name: 'Enkrypt Secure MCP Gateway', command: 'python', args: ['gw.py'] }))?.proxy, 'enkrypt-gateway');
  assert.equal(rec(enkryptGateway, argvEntry(['python', '-m', 'secure_mcp_gateway.gateway']))?.pins, false);
  assert.equal(rec(enkryptGateway, argvEntry(['python', '-m', 'other.gateway'])), undefined);
});
