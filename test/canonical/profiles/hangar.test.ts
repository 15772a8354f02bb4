import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HANGAR_MAX_DEPTH, hangar } from '../../../src/canonical/profiles/hangar.js';
import { tool } from './helpers.js';

const ADD = '61ccc5d86e8ad8087d55647f94b3dd1826e8af4b01ed5d672b55800e9b5bfc53';

test('published add vector, also with annotations {} and title "" (not hashed)', () => {
  for (const extra of ['', ',"annotations":{}', ',"title":""', ',"annotations":{},"title":""', ',"annotations":{"destructiveHint":true}']) {
    const r = hangar.digestTool(tool(`{"name":"add","description":"Add numbers","inputSchema":{"type":"object","properties":{"a":{"type":"number"}}}${extra}}`));
    assert.ok(r.ok);
    assert.equal(r.value.digest, ADD, extra);
  }
});

test('top-level null and empty values are dropped; nested empties are kept', () => {
  const a = hangar.digestTool(tool('{"name":"x","description":"","inputSchema":{},"outputSchema":null}'));
  assert.ok(a.ok);
  assert.equal(a.value.preimage, '{"name":"x"}');
  const b = hangar.digestTool(tool('{"name":"x","inputSchema":{"properties":{}}}'));
  assert.ok(b.ok);
  assert.equal(b.value.preimage, '{"inputSchema":{"properties":{}},"name":"x"}');
});

test('JCS, not the mcpindex form: no NFC, raw UTF-8, UTF-16 key order, ES numbers', () => {
  const r = hangar.digestTool(tool('{"name":"e\\u0301","inputSchema":{"\\ud83d\\ude00":1,"\\ue000":2,"n":[1.0,0.1,1e21,-0.0]}}'));
  assert.ok(r.ok);
  assert.equal(r.value.preimage, '{"inputSchema":{"n":[1,0.1,1e+21,0],"\ud83d\ude00":1,"\ue000":2},"name":"e\u0301"}');
  assert.match(r.value.digest, /^[0-9a-f]{64}$/);
});

test('rejects: missing or empty name, lone surrogates, unsafe integers, non-finite numbers, excessive depth', () => {
  const bad = [
    '{"description":"x"}', '{"name":""}', '{"name":1}',
    '{"name":"x","description":"\\ud800"}', '{"name":"x","inputSchema":{"n":9007199254740993}}',
    '{"name":"x","inputSchema":{"n":1e400}}',
    `{"name":"x","inputSchema":${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}}`,
  ];
  for (const text of bad) assert.ok(!hangar.digestTool(tool(text)).ok, text.slice(0, 60));
  const deep = hangar.digestTool(tool(`{"name":"x","inputSchema":${'['.repeat(HANGAR_MAX_DEPTH + 5)}${']'.repeat(HANGAR_MAX_DEPTH + 5)}}`));
  assert.ok(!deep.ok);
  assert.match(deep.problem.message, /deeper than 512/);
});

test('__proto__ stays a key under JCS', () => {
  const r = hangar.digestTool(tool('{"name":"x","inputSchema":{"$defs":{"__proto__":{"type":"object"}}}}'));
  assert.ok(r.ok);
  assert.equal(r.value.preimage, '{"inputSchema":{"$defs":{"__proto__":{"type":"object"}}},"name":"x"}');
});
