import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalHash } from '../../src/canonical/canonical.js';
import { fromPlain } from '../../src/canonical/from-plain.js';
import { isObject } from '../../src/canonical/json-model.js';
import { readJsonText } from '../../src/canonical/json-text.js';
import { narrow } from '../../src/canonical/profiles/narrow.js';

const V5 = '{"name":"bound","description":"Bound.","inputSchema":{"type":"object","properties":{"x":{"type":"number","minimum":0.0}}}}';
const V5_HASH = 'sha256:c47e5b3368c4e0a291459a811175f1eb9706dc2e18f443fefa9f8ac3e9dc91ca';
const V6_HASH = 'sha256:1114155260e9500e740b3732473d5c678f24b825fce8f64fea1339d605c4d1e0';

test('V5 from text keeps the float 0.0; the same tool via JSON.parse loses it and hashes as V6', () => {
  const fromText = readJsonText(V5);
  assert.ok(fromText.ok && isObject(fromText.value.value));
  const a = narrow.digestTool(fromText.value.value);
  assert.ok(a.ok);
  assert.equal(a.value.digest, V5_HASH);
  const plain = fromPlain(JSON.parse(V5));
  assert.ok(plain.ok && isObject(plain.value));
  const b = narrow.digestTool(plain.value);
  assert.ok(b.ok);
  assert.equal(b.value.digest, V6_HASH);
});

test('integral numbers become integers with exact digits; others floats; bigint integers', () => {
  const r = fromPlain([0, -0, 1e21, 0.5, 2 ** 53 + 2, 12345678901234567890n]);
  assert.ok(r.ok);
  const h = canonicalHash(r.value, { contract: true });
  assert.ok(h.ok);
  assert.equal(h.value.canonical, '[0,0,1000000000000000000000,"5.00000000000000000e-01",9007199254740994,12345678901234567890]');
});

test('non-finite numbers convert but do not canonicalize', () => {
  const r = fromPlain({ a: Number.NaN });
  assert.ok(r.ok);
  const h = canonicalHash(r.value, { contract: true });
  assert.ok(!h.ok);
  assert.equal(h.problem.code, 'non-finite');
});

test('undefined members are dropped (as JSON.stringify does); functions and cycles are problems', () => {
  const r = fromPlain({ a: undefined, b: 1 });
  assert.ok(r.ok && isObject(r.value));
  assert.deepEqual(r.value.members.map((m) => m.key), ['b']);
  const f = fromPlain({ x: [() => 1] });
  assert.ok(!f.ok);
  assert.equal(f.problem.pointer, '/x/0');
  const cyclic: Record<string, unknown> = {};
  cyclic['self'] = cyclic;
  const c = fromPlain(cyclic);
  assert.ok(!c.ok);
  assert.match(c.problem.message, /cycle/);
});

test('__proto__ from JSON.parse is kept as a key', () => {
  const r = fromPlain(JSON.parse('{"__proto__":{"x":1}}'));
  assert.ok(r.ok);
  const h = canonicalHash(r.value, { contract: true });
  assert.ok(h.ok);
  assert.equal(h.value.canonical, '{"__proto__":{"x":1}}');
});
