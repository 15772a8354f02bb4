import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { skeleton } from '../../src/drift/schema-object.js';
import { diffTools, tool } from './helpers.js';

const pathsOf = (a: object, b: object, field: 'inputSchema' | 'outputSchema' = 'inputSchema'): string[] =>
  diffTools(tool({ [field]: a }), tool({ [field]: b })).deltas.map((d) => `${d.kind} ${d.path}`).sort();

describe('objects and arrays', () => {
  it('skeleton ignores case and separators', () => {
    assert.equal(skeleton('issue_number'), skeleton('issueNumber'));
    assert.notEqual(skeleton('issue_number'), skeleton('issue_numbers'));
  });
  it('additionalProperties: schema form is diffed as map values; false ↔ schema is tightened / loosened', () => {
    const m = (ap: unknown): object => ({ type: 'object', additionalProperties: ap });
    assert.deepEqual(pathsOf(m({ type: 'string' }), m({ type: 'number' })), ['param-type-changed /inputSchema/additionalProperties/type']);
    assert.deepEqual(pathsOf(m(false), m({ type: 'string' })), ['constraint-loosened /inputSchema/additionalProperties']);
    assert.deepEqual(pathsOf(m({ type: 'string' }), m(false)), ['constraint-tightened /inputSchema/additionalProperties']);
  });
  it('tuples are compared positionally when the lengths match', () => {
    const t = (x: object[]): object => ({ type: 'object', properties: { p: { type: 'array', prefixItems: x } } });
    assert.deepEqual(pathsOf(t([{ type: 'string' }, { type: 'number' }]), t([{ type: 'string' }, { type: 'integer' }])),
      ['param-type-narrowed /inputSchema/properties/p/prefixItems/1/type']);
  });
  it('items added or removed', () => {
    const a = (items?: object): object => ({ type: 'object', properties: { p: { type: 'array', ...(items !== undefined ? { items } : {}) } } });
    assert.deepEqual(pathsOf(a(), a({ type: 'string' })), ['constraint-tightened /inputSchema/properties/p/items']);
    assert.deepEqual(pathsOf(a({ type: 'string' }), a()), ['constraint-loosened /inputSchema/properties/p/items']);
  });
  it('required names without a property still count', () => {
    assert.deepEqual(pathsOf({ type: 'object' }, { type: 'object', required: ['x'] }), ['param-made-required /inputSchema/required']);
  });
  it('output properties: removed optional is medium, required is high', () => {
    const r = diffTools(tool({ outputSchema: { type: 'object', properties: { a: {}, b: {} }, required: ['a'] } }), tool({ outputSchema: { type: 'object' } }));
    assert.deepEqual(r.deltas.map((d) => [d.kind, d.severity, d.path]), [
      ['output-property-removed', 'high', '/outputSchema/properties/a'],
      ['output-property-removed', 'medium', '/outputSchema/properties/b'],
    ]);
  });
});
