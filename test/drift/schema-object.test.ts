import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JsonObject } from '../../src/drift/types.js';
import { diffTools, kinds, tool } from './helpers.js';

const pathsOf = (a: object, b: object, field: 'inputSchema' | 'outputSchema' = 'inputSchema'): string[] =>
  diffTools(tool({ [field]: a }), tool({ [field]: b })).deltas.map((d) => `${d.kind} ${d.path}`).sort();

describe('objects and arrays', () => {
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

describe('param-added-optional on a partially open model (additionalProperties / patternProperties schema)', () => {
  const root = (extra: JsonObject, props: JsonObject = {}): JsonObject =>
    tool({ inputSchema: { type: 'object', properties: { q: { type: 'string' }, ...props }, ...extra } });

  it('holds when the new property narrows what additionalProperties accepted (x:"foo" was valid, now rejected)', () => {
    const ap = { additionalProperties: { type: 'string' } };
    const r = diffTools(root(ap), root(ap, { x: { type: 'string', enum: ['a', 'b'] } }));
    assert.equal(r.decision, 'hold');
    assert.ok(!kinds(r).includes('param-added-optional'), kinds(r).join(', '));
    assert.ok(kinds(r).includes('enum-constraint-added'), kinds(r).join(', '));
    assert.equal(diffTools(root(ap), root(ap, { x: { type: 'integer' } })).decision, 'hold');
  });

  it('holds when a matching patternProperties schema used to check the name', () => {
    const pp = { patternProperties: { '^x': { type: 'string' } } };
    assert.equal(diffTools(root(pp), root(pp, { xy: { type: 'integer' } })).decision, 'hold');
    assert.deepEqual(kinds(diffTools(root(pp), root(pp, { other: { type: 'integer' } }))), ['param-added-optional']);
  });

  it('stays AUTO when the schema is the same one, and on open or closed models', () => {
    const ap = { additionalProperties: { type: 'string' } };
    assert.deepEqual(kinds(diffTools(root(ap), root(ap, { x: { type: 'string' } }))), ['param-added-optional']);
    for (const extra of [{}, { additionalProperties: false }, { additionalProperties: true }]) {
      assert.deepEqual(kinds(diffTools(root(extra), root(extra, { x: { type: 'integer' } }))), ['param-added-optional']);
    }
  });
});
