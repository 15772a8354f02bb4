import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import { toolhive } from '../../src/proxies/toolhive.js';
import type { ProxyRecognizer } from '../../src/proxies/types.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { argvEntry, entry } from '../launch/entry-fixture.js';

const rec = (p: ProxyRecognizer, e: ServerEntry) => p.recognize(unwrap(e), e);

test('ToolHive: a thv command', () => {
  const t = rec(toolhive, argvEntry(['thv', 'proxy', 'stdio', 'fetch']));
  assert.equal(t?.pins, false);
  assert.match(t?.reason ?? '', /does not pin/);
  assert.equal(rec(toolhive, entry({ url: 'http://127.0.0.1:4483/sse' })), undefined, 'its URLs carry no mark');
});
