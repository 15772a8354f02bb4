import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseJsonValue } from '../../src/parse/json-value.js';

// Node 24's JSON.parse misreads a one-character escaped key once a key "\\" was made (V8 issue
// 521080746): the stores, manifests and probe messages read through parseJsonValue must not. The
// engine's trigger is not deterministic from here (test/parse/jsonc-plain-events.test.ts holds one
// that is, for parseJsonc); this holds the keys on every line it runs on.
test('escaped one-character keys decode right after a "\\\\" key was made', () => {
  for (const [spelled, key] of [['\\ud800', '\ud800'], ['\\"', '"'], ['\\n', '\n'], ['\\u003a', ':']] as const) {
    parseJsonValue('{"h": [], "\\\\": 0}'); // the poison, at the same call site
    const text = `{"h": 1, "${spelled}": 2}`;
    assert.deepEqual(Object.keys(parseJsonValue(text) as object), ['h', key], `${text} on Node ${process.version}`);
  }
  const doc = parseJsonValue(String.raw`{"tools":{"\u0041":{"h":"x"}}}`) as { tools: object };
  assert.deepEqual(Object.keys(doc.tools), ['A']);
});

test('what JSON.parse accepts and refuses is unchanged: values, __proto__ as an own key, the last duplicate, SyntaxError', () => {
  const v = parseJsonValue('{"__proto__":{"x":1},"a":[1,"\\u0041"],"a2":2,"a2":3}') as Record<string, unknown>;
  assert.ok(Object.hasOwn(v, '__proto__'));
  assert.deepEqual(v.a, [1, 'A']);
  assert.equal(v.a2, 3);
  const e = parseJsonValue(String.raw`{"\u005f_proto__":{"x":1}}`) as Record<string, unknown>;
  assert.ok(Object.hasOwn(e, '__proto__'), 'an escaped __proto__ key stays an own key on the jsonc-parser path too');
  assert.throws(() => parseJsonValue('{"a":1,}'), SyntaxError);
  assert.throws(() => parseJsonValue(''), SyntaxError);
});
