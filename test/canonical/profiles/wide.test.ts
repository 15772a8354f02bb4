import assert from 'node:assert/strict';
import { test } from 'node:test';
import { narrow } from '../../../src/canonical/profiles/narrow.js';
import { wide } from '../../../src/canonical/profiles/wide.js';
import { tool } from './helpers.js';

const BASE = '{"name":"rm","description":"Delete a file","inputSchema":{"type":"object"}';
const digest = (p: typeof wide | typeof narrow, text: string): string => {
  const r = p.digestTool(tool(text));
  assert.ok(r.ok);
  return r.value.digest;
};

test('wide preimage: snake_case keys, absent members omitted, contract mode', () => {
  const r = wide.digestTool(tool(`${BASE},"title":"Remove","outputSchema":{"type":"object"},"annotations":{"destructiveHint":true},"_meta":{"x":1},"icons":[]}`));
  assert.ok(r.ok);
  assert.equal(r.value.preimage,
    '{"annotations":{"destructiveHint":true},"description":"Delete a file","input_schema":{"type":"object"},"name":"rm","output_schema":{"type":"object"},"title":"Remove"}');
  const bare = wide.digestTool(tool('{"name":"x"}'));
  assert.ok(bare.ok);
  assert.equal(bare.value.preimage, '{"name":"x"}');
});

test('wide catches what narrow misses: title, outputSchema, annotations flips', () => {
  const before = `${BASE},"annotations":{"destructiveHint":false}}`;
  const after = `${BASE},"annotations":{"destructiveHint":true}}`;
  assert.equal(digest(narrow, before), digest(narrow, after));
  assert.notEqual(digest(wide, before), digest(wide, after));
  assert.notEqual(digest(wide, `${BASE}}`), digest(wide, `${BASE},"title":"T"}`));
  assert.notEqual(digest(wide, `${BASE}}`), digest(wide, `${BASE},"outputSchema":{}}`), 'first-time outputSchema');
});

test('absent and null differ in the wide preimage', () => {
  assert.notEqual(digest(wide, `${BASE}}`), digest(wide, `${BASE},"title":null}`));
});

test('wide ignores _meta, icons and execution', () => {
  assert.equal(digest(wide, `${BASE}}`), digest(wide, `${BASE},"_meta":{"a":1},"icons":[{"src":"x"}],"execution":{"taskSupport":"optional"}}`));
});
