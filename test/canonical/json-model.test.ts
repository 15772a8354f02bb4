import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findPointer, getMember, locate, toPointer } from '../../src/canonical/json-model.js';
import type { JsonNode } from '../../src/canonical/json-model.js';
import { readJsonText } from '../../src/canonical/json-text.js';

test('toPointer escapes ~ and / (RFC 6901)', () => {
  assert.equal(toPointer(['a/b', 'm~n', 0, '']), '/a~1b/m~0n/0/');
  assert.equal(toPointer([]), '');
});

test('locate: 1-based line and column over LF, CRLF and lone CR', () => {
  const text = 'ab\ncd\r\nef\rgh';
  assert.deepEqual(locate(text, 0), { line: 1, column: 1 });
  assert.deepEqual(locate(text, 4), { line: 2, column: 2 });
  assert.deepEqual(locate(text, 7), { line: 3, column: 1 });
  assert.deepEqual(locate(text, 10), { line: 4, column: 1 });
  assert.deepEqual(locate(text, 11), { line: 4, column: 2 });
});

test('findPointer finds a node by identity, also past a 100,000-deep sibling, in linear time', () => {
  const r = readJsonText(`[${'['.repeat(100_000)}${']'.repeat(100_000)},{"a/b":[1,2]}]`, { maxDepth: Infinity });
  assert.ok(r.ok && r.value.value.kind === 'array');
  const obj = r.value.value.items[1];
  assert.ok(obj?.kind === 'object');
  const arr = getMember(obj, 'a/b');
  assert.ok(arr?.kind === 'array');
  const target = arr.items[1];
  assert.ok(target !== undefined);
  assert.equal(findPointer(r.value.value, target), '/1/a~1b/1');
  const stranger: JsonNode = { kind: 'integer', text: '2' };
  assert.equal(findPointer(r.value.value, stranger), undefined, 'equal value, different node');
});
