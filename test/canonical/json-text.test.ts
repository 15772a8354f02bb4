import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getMember, isObject } from '../../src/canonical/json-model.js';
import type { JsonNode } from '../../src/canonical/json-model.js';
import { readJsonText } from '../../src/canonical/json-text.js';

function read(text: string): JsonNode {
  const r = readJsonText(text);
  assert.ok(r.ok, JSON.stringify(!r.ok && r.problem));
  return r.value.value;
}

function problem(text: string, maxDepth?: number): { message: string; pointer: string; line: number; column: number } {
  const r = readJsonText(text, maxDepth === undefined ? {} : { maxDepth });
  assert.ok(!r.ok, `${JSON.stringify(text.slice(0, 40))} must be rejected`);
  return r.problem;
}

test('numbers keep their class and exact digits', () => {
  const v = read('[0, 0.0, -0, 1E5, 1e400, 9007199254740993, 123456789012345678901234567890, -1.50]');
  assert.ok(v.kind === 'array');
  const got = v.items.map((n) => (n.kind === 'integer' ? `int:${n.text}` : n.kind === 'float' ? `float:${n.text ?? ''}:${n.value}` : n.kind));
  assert.deepEqual(got, [
    'int:0', 'float:0.0:0', 'int:-0', 'float:1E5:100000', 'float:1e400:Infinity',
    'int:9007199254740993', 'int:123456789012345678901234567890', 'float:-1.50:-1.5',
  ]);
});

test('strings decode escapes, including surrogate pairs and lone surrogates', () => {
  const v = read('["\\u00e9\\ud83d\\ude00\\/\\n", "\\ud800"]');
  assert.ok(v.kind === 'array');
  assert.deepEqual(v.items.map((n) => (n.kind === 'string' ? n.value : '')), ['\u00e9\u{1F600}/\n', '\ud800']);
});

test('duplicate keys are all kept, the last wins on lookup, and each repeat is reported with its location', () => {
  const r = readJsonText('{\n  "a": 1,\n  "b": {"x": 1, "x": 2},\n  "a": 3\n}');
  assert.ok(r.ok);
  const root = r.value.value;
  assert.ok(isObject(root));
  assert.equal(root.members.length, 3);
  assert.deepEqual(getMember(root, 'a'), { kind: 'integer', text: '3', offset: 44 });
  assert.deepEqual(r.value.duplicates, [
    { key: 'x', pointer: '/b/x', line: 3, column: 17 },
    { key: 'a', pointer: '/a', line: 4, column: 3 },
  ]);
});

test('__proto__ is an ordinary key', () => {
  const v = read('{"__proto__": {"x": 1}}');
  assert.ok(isObject(v));
  assert.equal(v.members[0]?.key, '__proto__');
});

test('errors name the JSON pointer and a 1-based line:column', () => {
  assert.deepEqual(problem('{\n  "a": [1, 2,\n  ]\n}'), { message: 'trailing comma', offset: 18, pointer: '/a/2', line: 3, column: 3 });
  const p = problem('{"a": {"b": [true, nul]}}');
  assert.equal(p.pointer, '/a/b/1');
  assert.equal(p.column, 20);
  assert.match(p.message, /expected a JSON value/);
  assert.equal(problem('{"a/b~c": x}').pointer, '/a~1b~0c');
  // A scan error on an array's first element is at that element, like on any later one.
  assert.deepEqual([problem('[1.]').pointer, problem('{"a": ["\\x"]}').pointer, problem('[0, 1.]').pointer], ['/0', '/a/0', '/1']);
  assert.deepEqual([problem('{"a":1}\r\n\r\n x').line, problem('{"a":1}\r\n\r\n x').column], [3, 2]);
});

test('strict JSON: comments, trailing commas, NaN, leading zeros, single quotes, raw controls, BOM, empty input', () => {
  const bad = ['{"a":1,}', '[1,]', '// c\n1', '/* c */1', 'NaN', 'Infinity', '-Infinity', '01', '-01', '1.', '.5', '1e',
    '+1', "'a'", '"a\tb"', '"a\nb"', '\ufeff{}', '', '   ', '{"a" 1}', '{a:1}', '[1 2]', '1 2', '"\\x"', '"\\u12"', '{"a":1', '[', 'tru'];
  for (const text of bad) problem(text);
  assert.match(problem('\ufeff{}').message, /byte-order mark/);
  assert.match(problem('[1] /* x */').message, /comments/);
});

test('200,000-deep input fails cleanly (no stack overflow) with a pointer; unlimited depth reads iteratively', () => {
  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  const p = problem(deep);
  assert.match(p.message, /nesting deeper than 1000/);
  assert.equal(p.pointer, '/0'.repeat(1000));
  assert.deepEqual([p.line, p.column], [1, 1001]);
  const r = readJsonText(deep, { maxDepth: Infinity });
  assert.ok(r.ok);
  const objs = `${'{"k":'.repeat(200_000)}1${'}'.repeat(200_000)}`;
  assert.ok(readJsonText(objs, { maxDepth: Infinity }).ok);
});

test('every value records its source offset', () => {
  const v = read(' {"k": [ 1.5 ]}');
  assert.equal(v.offset, 1);
  assert.ok(isObject(v));
  const arr = getMember(v, 'k');
  assert.ok(arr?.kind === 'array');
  assert.equal(arr.offset, 7);
  assert.equal(arr.items[0]?.offset, 9);
});
