import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffTools, kinds, tool } from './helpers.js';

const obj = (properties: object, extra: object = {}): object => ({ type: 'object', properties, ...extra });
const input = (a: object, b: object): string[] => kinds(diffTools(tool({ inputSchema: a }), tool({ inputSchema: b })));
const output = (a: object, b: object): string[] => kinds(diffTools(tool({ outputSchema: a }), tool({ outputSchema: b })));
const paths = (a: object, b: object): string[] => diffTools(tool({ inputSchema: a }), tool({ inputSchema: b })).deltas.map((d) => `${d.kind} ${d.path}`).sort();

describe('input schema kinds (§7.C) with taxonomy examples', () => {
  it('param-removed, param-made-required / -optional, param-added-required', () => {
    assert.deepEqual(input(obj({ q: { type: 'string' } }), obj({})), ['param-removed']);
    assert.deepEqual(input(obj({ state: { type: 'string' } }), obj({ state: { type: 'string' } }, { required: ['state'] })), ['param-made-required']);
    assert.deepEqual(input(obj({ path: { type: 'string' } }, { required: ['path'] }), obj({ path: { type: 'string', default: '/' } })), ['default-added', 'param-made-optional']);
  });

  it('renames: style-only (github 2cc6911d) and probable (q → query, github efef8ae2)', () => {
    assert.deepEqual(input(obj({ issueNumber: { type: 'number' } }, { required: ['issueNumber'] }), obj({ issue_number: { type: 'number' } }, { required: ['issue_number'] })), ['param-renamed-style-only']);
    assert.deepEqual(input(obj({ q: { type: 'string', description: 'Search' } }, { required: ['q'] }), obj({ query: { type: 'string', description: 'Search' } }, { required: ['query'] })), ['param-renamed-probable']);
    // github 7e79ae9a: types differ, so not a rename pair
    assert.deepEqual(input(obj({ include_diff: { type: 'boolean', default: true } }), obj({ detail: { type: 'string', enum: ['stats', 'none'] } })), ['param-added-optional', 'param-removed']);
  });

  it('types: widened, narrowed, changed on the integer ⊂ number lattice', () => {
    assert.deepEqual(input(obj({ n: { type: 'integer' } }), obj({ n: { type: 'number' } })), ['param-type-widened']);
    assert.deepEqual(input(obj({ n: { type: ['string', 'number'] } }), obj({ n: { type: 'string' } })), ['param-type-narrowed']);
    assert.deepEqual(input(obj({ n: { type: 'number' } }), obj({ n: { type: 'integer' } })), ['param-type-narrowed']);
    // The node's own keywords are diffed beside an incompatible type change (nothing vanishes from the report).
    assert.deepEqual(input(obj({ n: { type: 'number', minimum: 1 } }), obj({ n: { type: 'string', minLength: 1 } })), ['constraint-loosened', 'constraint-tightened', 'param-type-changed']);
  });

  it('nullability across forms (N6; github e7f7bb8b, sentry a2cb97f9 / 39565534)', () => {
    assert.deepEqual(input(obj({ t: { type: 'string' } }), obj({ t: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }] } })), ['constraint-tightened', 'param-nullable-added']);
    assert.deepEqual(input(obj({ e: { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'array' }] }, { type: 'null' }] } }), obj({ e: { anyOf: [{ type: 'string' }, { type: 'array' }] } })), ['param-nullable-removed']);
    assert.deepEqual(input(obj({ g: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }], default: null } }), obj({ g: { type: 'string', enum: ['a', 'b'] } })), ['default-removed', 'param-nullable-removed']);
    assert.deepEqual(output(obj({ n: { type: ['number', 'null'] } }), obj({ n: { anyOf: [{ type: 'number' }, { type: 'null' }] } })), []);
  });

  it('where a description sits is a delta (sentry 41a25268 regionUrl)', () => {
    const branch = { type: 'string', description: 'Region URL' };
    assert.deepEqual(paths(obj({ r: { anyOf: [branch, { type: 'null' }], description: 'Region URL' } }), obj({ r: { anyOf: [branch, { type: 'null' }] } })),
      ['param-description-removed /inputSchema/properties/r/description']);
  });

  it('enums: value added (high on selectors), removed, case-changed, constraint added/removed, reordered', () => {
    const r = diffTools(tool({ annotations: { readOnlyHint: true }, inputSchema: obj({ method: { type: 'string', enum: ['get', 'get_diff'] }, sort: { enum: ['a'] } }) }),
      tool({ annotations: { readOnlyHint: true }, inputSchema: obj({ method: { type: 'string', enum: ['get', 'get_diff', 'get_check_runs'] }, sort: { enum: ['a', 'b'] } }) }));
    assert.deepEqual(r.deltas.map((d) => [d.kind, d.severity, d.path]), [
      ['enum-value-added', 'high', '/inputSchema/properties/method/enum'],
      ['enum-value-added', 'medium', '/inputSchema/properties/sort/enum'],
    ]);
    assert.deepEqual(input(obj({ s: { enum: ['open', 'closed', 'all'] } }), obj({ s: { enum: ['open', 'closed'] } })), ['enum-value-removed']);
    assert.deepEqual(input(obj({ d: { enum: ['asc', 'desc'] } }), obj({ d: { enum: ['ASC', 'DESC'] } })), ['enum-value-case-changed', 'enum-value-case-changed']);
    assert.deepEqual(input(obj({ l: { type: 'string', minLength: 1 } }), obj({ l: { type: 'string', enum: ['New York', 'Chicago'] } })), ['constraint-loosened', 'enum-constraint-added']);
    assert.deepEqual(input(obj({ d: { type: 'boolean', enum: [true] } }), obj({ d: { type: 'boolean' } })), ['enum-constraint-removed']);
    assert.deepEqual(input(obj({ d: { enum: ['a', 'b'] } }), obj({ d: { enum: ['b', 'a'] } })), ['enum-reordered']);
  });

  it('constraints: tightened, loosened, undecidable', () => {
    assert.deepEqual(input(obj({ p: {} }), obj({ p: { minimum: 1, maximum: 100 } })), ['constraint-tightened', 'constraint-tightened']);
    assert.deepEqual(input(obj({ p: { maxLength: 10 } }), obj({ p: { maxLength: 20 } })), ['constraint-loosened']);
    assert.deepEqual(input(obj({ p: { pattern: '^[0-9]+$' } }), obj({ p: { pattern: '^[0-9]*$' } })), ['constraint-changed-undecidable']);
    assert.deepEqual(input(obj({ p: { multipleOf: 2 } }), obj({ p: { multipleOf: 4 } })), ['constraint-tightened']);
    assert.deepEqual(input(obj({ p: { multipleOf: 2 } }), obj({ p: { multipleOf: 3 } })), ['constraint-changed-undecidable']);
    assert.deepEqual(input(obj({ a: { type: 'string' } }, { additionalProperties: false }), obj({ a: { type: 'string' } })), ['constraint-loosened']);
    const files = (extra: object): object => obj({ files: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' } }, ...extra } } });
    assert.deepEqual(paths(files({}), files({ additionalProperties: false })), ['constraint-tightened /inputSchema/properties/files/items/additionalProperties']);
  });

  it('defaults, deprecation, dialect and vendor keywords', () => {
    assert.deepEqual(input(obj({ d: { default: 'stats' } }), obj({ d: { default: 'none' } })), ['default-changed']);
    assert.deepEqual(input(obj({ d: {} }), obj({ d: { deprecated: true } })), ['param-deprecated']);
    assert.deepEqual(input({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }, { type: 'object' }), ['schema-dialect-changed']);
    assert.deepEqual(input(obj({ d: { type: 'string' } }), obj({ d: { type: 'string', 'x-mcp-header': 'X-Tenant' } })), ['schema-keyword-unrecognized-changed']);
  });

  it('anyOf / oneOf as multisets; one replaced branch of the same type is recursed', () => {
    assert.deepEqual(input(obj({ u: { anyOf: [{ type: 'string' }, { type: 'number' }] } }), obj({ u: { anyOf: [{ type: 'number' }, { type: 'string' }] } })), []);
    assert.deepEqual(paths(obj({ u: { anyOf: [{ type: 'string', maxLength: 5 }, { type: 'number' }] } }), obj({ u: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 9 }] } })),
      ['constraint-loosened /inputSchema/properties/u/anyOf/1/maxLength']);
    assert.deepEqual(input(obj({ u: { anyOf: [{ type: 'string' }, { type: 'number' }] } }), obj({ u: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] } })), ['constraint-loosened']);
    assert.deepEqual(input(obj({ u: { anyOf: [{ type: 'string' }, { type: 'number' }] } }), obj({ u: { oneOf: [{ type: 'string' }, { type: 'number' }] } })), ['schema-changed-unclassified', 'schema-changed-unclassified']);
  });

  it('schema-changed-unclassified is the fail-safe (github 2211a4d6 root anyOf + dependentSchemas)', () => {
    const before = obj({ body: { type: 'string' } });
    const after = obj({ body: { type: 'string' } }, { anyOf: [{ required: ['body'] }, { required: ['reaction'] }], dependentSchemas: { reaction: { required: ['comment_id'] } } });
    const k = input(before, after);
    assert.ok(k.length > 0 && k.every((x) => x === 'schema-changed-unclassified'), k.join());
    assert.deepEqual(input(obj({ a: { not: { type: 'string' } } }), obj({ a: { not: { type: 'number' } } })), ['schema-changed-unclassified']);
    assert.deepEqual(input(obj({ a: { prefixItems: [{}, {}] } }), obj({ a: { prefixItems: [{}] } })), ['schema-changed-unclassified']);
  });

  it('nested $ref edits are found at their inlined path and at the target, and cycles terminate', () => {
    const tree = (t: string): object => ({ type: 'object', properties: { root: { $ref: '#/$defs/N' } },
      $defs: { N: { type: 'object', properties: { v: { type: t }, kids: { type: 'array', items: { $ref: '#/$defs/N' } } } } } });
    assert.deepEqual(paths(tree('string'), tree('number')),
      ['param-type-changed /inputSchema/$defs/N/properties/v/type', 'param-type-changed /inputSchema/properties/root/properties/v/type']);
    assert.deepEqual(input(tree('string'), tree('string')), []);
  });

  it('invalid input schema (github 60aef5d2 get_me → null)', () => {
    assert.deepEqual(input(obj({}), { type: 'object' }), []);
    const r = diffTools(tool(), tool({ inputSchema: null }));
    assert.deepEqual(kinds(r), ['input-schema-invalid']);
  });
});

describe('output schema kinds (§7.D)', () => {
  it('property removed (high when required), added, made optional; type and enum rules mirror the response side', () => {
    const r = diffTools(tool({ outputSchema: obj({ a: { type: 'string' }, b: { type: 'string' } }, { required: ['a'] }) }), tool({ outputSchema: obj({ b: { type: 'string' } }) }));
    assert.deepEqual(r.deltas.map((d) => [d.kind, d.severity]), [['output-property-removed', 'high']]);
    assert.deepEqual(output(obj({ a: { type: 'string' } }, { required: ['a'] }), obj({ a: { type: 'string' } })), ['output-property-made-optional']);
    assert.deepEqual(output(obj({ n: { type: 'number' } }), obj({ n: { type: ['number', 'null'] } })), ['output-nullable-added']);
    assert.deepEqual(output(obj({ n: { type: 'integer' } }), obj({ n: { type: 'number' } })), ['output-type-widened']);
    assert.deepEqual(output(obj({ s: { enum: ['a'] } }), obj({ s: { enum: ['a', 'b'] } })), ['output-enum-value-added']);
    assert.deepEqual(output(obj({ s: { maxLength: 5 } }), obj({ s: { maxLength: 9 } })), ['output-constraint-loosened']);
    assert.deepEqual(kinds(diffTools(tool({ outputSchema: obj({}) }), tool())), ['output-schema-removed']);
  });
});

describe('hidden characters outside description fields', () => {
  it('in an added parameter name or schema, however the parameter is classified', () => {
    assert.deepEqual(input(obj({}), obj({ 'q\u200b': { type: 'string' } })), ['hidden-characters-added']);
    assert.deepEqual(input(obj({}), obj({ q: { type: 'string', enum: ['a\u202e'] } }, { required: ['q'] })), ['hidden-characters-added', 'param-added-required']);
  });
  it('in an added enum value', () => {
    assert.deepEqual(input(obj({ m: { enum: ['get'] } }), obj({ m: { enum: ['get', 'get\u{E0020}'] } })), ['enum-value-added', 'hidden-characters-added']);
  });
});
