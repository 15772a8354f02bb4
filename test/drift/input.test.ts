import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readJsonText } from '../../src/canonical/json-text.js';
import { fromJsonNode, parseSnapshot } from '../../src/drift/input.js';
import { keyOf, preview } from '../../src/drift/json.js';

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
    assert.equal(ok({ tools: [], nextCursor: null }).tools.length, 0);
  });

  it('refuses a partial page, wrong shapes and nameless tools with a pointer', () => {
    assert.deepEqual(err({ tools: [t], nextCursor: 'abc' })[1], '/nextCursor');
    assert.match(err({ tools: [t], nextCursor: 'abc' })[0], /partial tools\/list page/);
    // Any non-null cursor is a partial page (as canonical/snapshot.ts decides), never a complete list → tool-removed.
    assert.deepEqual(err({ tools: [t], nextCursor: 7 })[1], '/nextCursor');
    assert.deepEqual(err({ tools: [t], nextCursor: '' })[1], '/nextCursor');
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

describe('fromJsonNode: the differ input from the literal-preserving model', () => {
  const read = (text: string): unknown => {
    const doc = readJsonText(text);
    assert.ok(doc.ok);
    return fromJsonNode(doc.value.value);
  };

  it('equals JSON.parse for ordinary JSON (duplicates: the last copy wins; __proto__ is data)', () => {
    const text = '{"a":[1,2.5,-0,"x",true,null,{}],"b":{"c":1,"c":2},"__proto__":{"p":1},"e":1e400}';
    assert.deepEqual(read(text), JSON.parse(text));
    assert.equal(Object.getPrototypeOf(read('{"__proto__":{"p":1}}')), Object.prototype);
  });

  it('keeps integers beyond 2^53 exact and distinguishable', () => {
    assert.deepEqual(read('[9007199254740991,9007199254740993,-9007199254740993]'), [9007199254740991, 9007199254740993n, -9007199254740993n]);
    assert.notEqual(keyOf(read('9007199254740993')), keyOf(read('9007199254740992')));
    assert.notEqual(keyOf(9007199254740993n), keyOf('9007199254740993'));
    assert.equal(preview({ const: 9007199254740993n }), '{"const":9007199254740993}');
  });
});
