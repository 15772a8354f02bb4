import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSnapshot } from '../../src/drift/input.js';

const ok = (v: unknown) => {
  const r = parseSnapshot(v);
  if (!r.ok) throw new Error(r.message);
  return r.snapshot;
};
const err = (v: unknown): [string, string] => {
  const r = parseSnapshot(v);
  assert.equal(r.ok, false);
  return r.ok ? ['', ''] : [r.message, r.pointer];
};
const t = { name: 'a', inputSchema: { type: 'object' } };

describe('parseSnapshot', () => {
  it('accepts a full snapshot with the server surface and prompts', () => {
    const s = ok({ serverInfo: { name: 's', version: '1' }, capabilities: { tools: {} }, instructions: 'hi', tools: [t], prompts: [{ name: 'p' }], protocolVersion: '2025-06-18' });
    assert.deepEqual(s.tools.map((x) => x.name), ['a']);
    assert.deepEqual(s.prompts?.map((x) => x.name), ['p']);
    assert.equal(s.server?.instructions, 'hi');
    assert.equal(s.server?.serverInfo?.['name'], 's');
  });

  it('accepts a tools/list result, a JSON-RPC response, an array and a single tool, without a server surface', () => {
    for (const v of [{ tools: [t] }, { jsonrpc: '2.0', id: 1, result: { tools: [t] } }, [t], t]) {
      const s = ok(v);
      assert.deepEqual(s.tools.map((x) => x.name), ['a']);
      assert.equal(s.server, undefined);
      assert.equal(s.prompts, undefined);
    }
    assert.equal(ok({ tools: [], nextCursor: '' }).tools.length, 0);
  });

  it('refuses a partial page, wrong shapes and nameless tools with a pointer', () => {
    assert.deepEqual(err({ tools: [t], nextCursor: 'abc' })[1], '/nextCursor');
    assert.match(err({ tools: [t], nextCursor: 'abc' })[0], /partial tools\/list page/);
    assert.deepEqual(err([t, { inputSchema: {} }]), ['tool needs a non-empty string "name"', '/1/name']);
    assert.deepEqual(err({ tools: [t], prompts: {} })[1], '/prompts');
    assert.deepEqual(err({ tools: 'x' })[1], '/tools');
    assert.deepEqual(err({ tools: [t], instructions: 5 })[1], '/instructions');
    assert.deepEqual(err({ tools: [t], serverInfo: [] })[1], '/serverInfo');
    assert.match(err(42)[0], /expected a snapshot/);
    assert.match(err({ hello: 1 })[0], /expected a snapshot/);
    assert.deepEqual(err([5])[1], '/0');
  });
});
