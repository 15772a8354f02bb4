import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keyOf } from '../../src/drift/json.js';
import { normalizeSchema } from '../../src/drift/normalize.js';

const norm = (s: unknown): string => keyOf(normalizeSchema(s).schema);

describe('schema normalisations N4–N8', () => {
  it('N4: required, type arrays and dependentRequired values are sorted and de-duplicated', () => {
    assert.equal(norm({ type: ['string', 'number', 'string'], required: ['b', 'a', 'b'] }), norm({ type: ['number', 'string'], required: ['a', 'b'] }));
    assert.equal(norm({ type: ['string'] }), '{"type":"string"}');
    assert.equal(norm({ dependentRequired: { a: ['c', 'b'] } }), '{"dependentRequired":{"a":["b","c"]}}');
  });

  it('N5: trivial equivalents disappear (github f197a9fd get_me)', () => {
    assert.equal(norm({ properties: {}, type: 'object' }), norm({ type: 'object' }));
    assert.equal(norm({ type: 'object', required: [], additionalProperties: true, minProperties: 0 }), '{"type":"object"}');
    assert.equal(norm({ type: 'string', minLength: 0 }), '{"type":"string"}');
    assert.equal(norm({ type: 'array', items: true, minItems: 0, uniqueItems: false }), '{"items":{},"type":"array"}');
    assert.equal(norm({ type: 'object', additionalProperties: {} }), '{"type":"object"}');
    assert.notEqual(norm({ type: 'object', additionalProperties: false }), '{"type":"object"}');
  });

  it('N6: a pure two-branch null wrap equals type [T, "null"] (sentry 41a25268)', () => {
    assert.equal(norm({ anyOf: [{ type: 'number' }, { type: 'null' }] }), norm({ type: ['number', 'null'] }));
    assert.equal(norm({ oneOf: [{ type: 'null' }, { type: 'string', minLength: 1 }] }), '{"minLength":1,"type":["null","string"]}');
    assert.notEqual(norm({ anyOf: [{ type: 'number' }, { type: 'string' }] }), norm({ type: ['number', 'string'] }));
  });

  it('N7: internal $ref and $anchor are inlined; $defs renames are no delta', () => {
    const a = { type: 'object', properties: { p: { $ref: '#/$defs/Point' } }, $defs: { Point: { type: 'object', properties: { x: { type: 'number' } } } } };
    const b = { type: 'object', properties: { p: { $ref: '#/definitions/P' } }, definitions: { P: { type: 'object', properties: { x: { type: 'number' } } } } };
    const c = { type: 'object', properties: { p: { $ref: '#pt' } }, $defs: { X: { $anchor: 'pt', type: 'object', properties: { x: { type: 'number' } } } } };
    assert.equal(norm(a), norm(b));
    assert.equal(norm(a).includes('$ref'), false);
    assert.equal(normalizeSchema(c).unresolved.length, 0);
  });

  it('N7: cycles become a name-independent back-reference', () => {
    const tree = (def: string): object => ({
      type: 'object', properties: { root: { $ref: `#/$defs/${def}` } },
      $defs: { [def]: { type: 'object', properties: { children: { type: 'array', items: { $ref: `#/$defs/${def}` } } } } },
    });
    const n = normalizeSchema(tree('Node'));
    assert.equal(n.overBudget, false);
    assert.ok(keyOf(n.schema).includes('"$cycle":1'));
    assert.equal(keyOf(n.schema), norm(tree('TreeNode')));
    assert.deepEqual(normalizeSchema({ $ref: '#' }).schema, { $cycle: 1 });
  });

  it('N7: unresolvable internal refs are reported; external refs are never fetched', () => {
    assert.deepEqual(normalizeSchema({ type: 'object', properties: { a: { $ref: '#/$defs/nope' } } }).unresolved, ['#/$defs/nope']);
    const ext = normalizeSchema({ type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } });
    assert.deepEqual(ext.unresolved, []);
    assert.ok(keyOf(ext.schema).includes('https://example.com/s.json'));
  });

  it('N8: ±MAX_SAFE_INTEGER bounds are dropped (zod v4 .int())', () => {
    assert.equal(norm({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 }), '{"type":"integer"}');
    assert.equal(norm({ type: 'integer', maximum: 100 }), '{"maximum":100,"type":"integer"}');
  });

  it('never mutates its input, and returns an already-normal schema unchanged (copy-on-write)', () => {
    const deepFreeze = (v: unknown): unknown => {
      if (typeof v === 'object' && v !== null) { Object.values(v).forEach(deepFreeze); Object.freeze(v); }
      return v;
    };
    const normal = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    deepFreeze(normal);
    assert.equal(normalizeSchema(normal).schema, normal);
    const messy = { type: 'object', properties: { a: { type: ['string'], minLength: 0 } }, required: ['a', 'a'] };
    deepFreeze(messy);
    assert.equal(norm(messy), '{"properties":{"a":{"type":"string"}},"required":["a"],"type":"object"}');
  });

  it('stops at the node budget instead of exploding on shared references', () => {
    const defs: Record<string, unknown> = { d0: { type: 'string' } };
    for (let i = 1; i < 20; i++) defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i - 1}` }, { $ref: `#/$defs/d${i - 1}` }] };
    assert.equal(normalizeSchema({ type: 'object', properties: { x: { $ref: '#/$defs/d19' } }, $defs: defs }).overBudget, true);
  });
});
