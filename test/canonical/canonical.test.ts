import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalHash, canonicalize, MAX_DEPTH } from '../../src/canonical/canonical.js';
import type { JsonNode } from '../../src/canonical/json-model.js';
import { readJsonText } from '../../src/canonical/json-text.js';

function parse(text: string): JsonNode {
  const r = readJsonText(text, { maxDepth: Infinity });
  assert.ok(r.ok);
  return r.value.value;
}
const contract = (text: string): string => {
  const r = canonicalize(parse(text), { contract: true });
  assert.ok(r.ok, JSON.stringify(!r.ok && r.problem.message));
  return r.value;
};
const plain = (text: string): string => {
  const r = canonicalize(parse(text), { contract: false });
  assert.ok(r.ok);
  return r.value;
};

test('the issue example: [1125899906842623.125] → ["1.12589990684262312e+15"]', () => {
  assert.equal(contract('[1125899906842623.125]'), '["1.12589990684262312e+15"]');
});

test('float vs integer class: 0.0 is a string, 0 and -0 integers, -0.0 is 0.0', () => {
  assert.equal(contract('[0.0, 0, -0, -0.0, 1E2, 100]'),
    '["0.00000000000000000e+00",0,0,"0.00000000000000000e+00","1.00000000000000000e+02",100]');
});

test('integers of any size keep their digits', () => {
  const big = `-${'9'.repeat(400)}`;
  assert.equal(contract(`[${big}]`), `[${big}]`);
});

test('keys: NFC, exact-duplicate last wins, code point order', () => {
  assert.equal(contract('{"b":1,"a":2,"a":3}'), '{"a":3,"b":1}');
  assert.equal(contract('{"\\ud83d\\ude00":1,"\\uffff":2,"z":3}'), '{"z":3,"\\uffff":2,"\\ud83d\\ude00":1}');
  assert.equal(contract('{"caf\\u0065\\u0301":1}'), '{"caf\\u00e9":1}');
});

test('NFC key collisions: contract keeps every raw key; plain keeps the value of the last raw key', () => {
  const text = '{"\\u212b":1,"\\u00c5":2,"A\\u030a":3}';
  assert.equal(contract(text), '{"A\\u030a":3,"\\u00c5":2,"\\u212b":1}');
  assert.equal(plain(text), '{"\\u00c5":1}'); // U+212B sorts last among the raw keys
});

test('contract mode guards float-shaped and NUL-leading string values, never keys', () => {
  assert.equal(contract('{"5.00000000000000000e-01":"5.00000000000000000e-01"}'),
    '{"5.00000000000000000e-01":"\\u00005.00000000000000000e-01"}');
  assert.equal(plain('["5.00000000000000000e-01"]'), '["5.00000000000000000e-01"]');
  // NFC happens before the test: a decomposed string can become float-shaped only via NFC; none can, so spot-check a NUL.
  assert.equal(contract('["\\u0000e\\u0301"]'), '["\\u0000\\u0000\\u00e9"]');
});

test(`depth: a value at depth ${MAX_DEPTH} is accepted, depth ${MAX_DEPTH + 1} fails with a pointer and the node`, () => {
  const ok = `${'['.repeat(MAX_DEPTH)}0${']'.repeat(MAX_DEPTH)}`;
  assert.equal(contract(ok), ok);
  const emptyAt64 = `${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}`;
  assert.equal(contract(emptyAt64), emptyAt64, 'the innermost empty array is at depth 64');
  const tooDeep = parse(`{"a":${'['.repeat(MAX_DEPTH)}0${']'.repeat(MAX_DEPTH)}}`);
  const r = canonicalize(tooDeep, { contract: true });
  assert.ok(!r.ok);
  assert.equal(r.problem.code, 'too-deep');
  assert.equal(r.problem.pointer, `/a${'/0'.repeat(MAX_DEPTH)}`);
  assert.equal(r.problem.node.offset, 5 + MAX_DEPTH);
});

test('a 200,000-deep value fails cleanly, without a stack overflow', () => {
  const r = canonicalize(parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`), { contract: true });
  assert.ok(!r.ok);
  assert.equal(r.problem.code, 'too-deep');
});

test('non-finite floats fail with a pointer: 1e400 is not null', () => {
  const r = canonicalize(parse('{"x":{"max":-1e400}}'), { contract: true });
  assert.ok(!r.ok);
  assert.equal(r.problem.code, 'non-finite');
  assert.equal(r.problem.pointer, '/x/max');
  assert.match(r.problem.message, /-1e400/);
});

test('__proto__ keys survive', () => {
  assert.equal(contract('{"$defs":{"__proto__":{"type":"object"}}}'), '{"$defs":{"__proto__":{"type":"object"}}}');
});

test('hash is sha256: + hex of the canonical bytes (independent of whitespace and key order)', () => {
  const a = canonicalHash(parse('{"b": [1, 2.5], "a": "x"}'), { contract: true });
  const b = canonicalHash(parse('{"a":"x","b":[1,2.50]}'), { contract: true });
  assert.ok(a.ok && b.ok);
  assert.equal(a.value.hash, b.value.hash);
  assert.match(a.value.hash, /^sha256:[0-9a-f]{64}$/);
  const c = canonicalHash(parse('{"a":"x","b":[1,2]}'), { contract: true });
  assert.ok(c.ok);
  assert.notEqual(c.value.hash, a.value.hash);
});
