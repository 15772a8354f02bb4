import assert from 'node:assert/strict';
import { test } from 'node:test';
import { narrow, narrowPreimage } from '../../../src/canonical/profiles/narrow.js';
import { canonicalize } from '../../../src/canonical/canonical.js';
import { tool } from './helpers.js';

const pre = (text: string): string => {
  const r = canonicalize(narrowPreimage(tool(text)), { contract: true });
  assert.ok(r.ok);
  return r.value;
};

test('absent or null name/description become "", non-object inputSchema becomes {}', () => {
  assert.equal(pre('{}'), '{"description":"","input_schema":{},"name":""}');
  assert.equal(pre('{"name":null,"description":null,"inputSchema":"x"}'), '{"description":"","input_schema":{},"name":""}');
  assert.equal(pre('{"name":"a","inputSchema":null}'), '{"description":"","input_schema":{},"name":"a"}');
});

test('the literal 0.0 and 0 give different digests (V5 vs V6)', () => {
  const a = narrow.digestTool(tool('{"name":"b","inputSchema":{"minimum":0.0}}'));
  const b = narrow.digestTool(tool('{"name":"b","inputSchema":{"minimum":0}}'));
  assert.ok(a.ok && b.ok);
  assert.notEqual(a.value.digest, b.value.digest);
});

test('a float-shaped description is guarded, so it cannot collide with a float', () => {
  const r = narrow.digestTool(tool('{"name":"n","description":"5.00000000000000000e-01"}'));
  assert.ok(r.ok);
  assert.match(r.value.preimage, /"description":"\\u00005\.0/);
});

test('errors come back as problems naming the offending node', () => {
  const text = '{"name":"x","inputSchema":{"properties":{"n":{"maximum":1e309}}}}';
  const t = tool(text);
  const r = narrow.digestTool(t);
  assert.ok(!r.ok);
  assert.equal(r.problem.pointer, '/input_schema/properties/n/maximum');
  assert.equal(r.problem.node?.offset, text.indexOf('1e309'));
});
