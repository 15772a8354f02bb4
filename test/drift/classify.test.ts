import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classify, decide } from '../../src/drift/classify.js';
import { KINDS } from '../../src/drift/kinds/index.js';
import { diffTools, find, kinds, snap, tool } from './helpers.js';

const OUT = { type: 'object', properties: { content: { type: 'string' } } };
const withParam = (name: string, schema: object, extra: object = {}): object =>
  ({ type: 'object', properties: { q: { type: 'string' }, [name]: schema }, ...extra });

describe('decision rule (§5): exactly three kinds auto-accept, each behind its guards', () => {
  it('decide() accepts a delta only of the three AUTO kinds; every other registry kind holds', () => {
    const accepted = KINDS.filter((k) => decide([{ kind: k.id, severity: k.severity, path: '' }]) === 'auto-accept').map((k) => k.id);
    assert.deepEqual(accepted.sort(), ['output-schema-added', 'param-added-optional', 'tool-added']);
    assert.equal(decide([{ kind: 'tool-added', severity: 'low', path: '' }, { kind: 'title-changed', severity: 'low', path: '' }]), 'hold');
  });

  it('no change → auto-accept with changed=false and no deltas', () => {
    const r = classify(snap(tool()), snap(tool()));
    assert.deepEqual([r.decision, r.changed, r.deltas.length], ['auto-accept', false, 0]);
  });

  it('tool-added, param-added-optional and output-schema-added together auto-accept', () => {
    const r = classify(snap(tool()), snap(
      tool({ inputSchema: withParam('limit', { type: 'integer' }), outputSchema: OUT }),
      tool({ name: 'update_dsn', inputSchema: { type: 'object' } })));
    assert.deepEqual(kinds(r), ['output-schema-added', 'param-added-optional', 'tool-added']);
    assert.equal(r.decision, 'auto-accept');
    assert.equal(r.changed, true);
  });

  it('one held delta holds the whole event', () => {
    const r = diffTools(tool(), tool({ description: 'A tool.', inputSchema: withParam('limit', { type: 'integer' }) }));
    assert.deepEqual(kinds(r), ['description-text-changed', 'param-added-optional']);
    assert.equal(r.decision, 'hold');
  });
});

describe('tool-added guards', () => {
  it('G-T1: an added tool paired with a removed one by a rename heuristic is a rename', () => {
    assert.deepEqual(kinds(classify(snap(tool({ name: 'getUser' })), snap(tool({ name: 'getuser' })))), ['tool-renamed-case-only']);
    assert.deepEqual(kinds(classify(snap(tool({ name: 'getTinyImage' })), snap(tool({ name: 'get-tiny-image' })))), ['tool-renamed-style-only']);
    assert.deepEqual(kinds(classify(snap(tool({ name: 'read_file' })), snap(tool({ name: 'ｒｅａｄ_file' })))), ['tool-renamed-normalization-only']);
    const r = classify(snap(tool({ name: 'add' })), snap(tool({ name: 'get-sum' })));
    assert.deepEqual(kinds(r), ['tool-renamed-probable']);
    assert.equal(r.decision, 'hold');
  });

  it('G-T1: NFKC-only renames are tool-renamed-normalization-only', () => {
    const r = classify(snap(tool({ name: 'read_file', inputSchema: { type: 'object' } }), tool({ name: 'x', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } })),
      snap(tool({ name: 'ｒｅａｄ_file', inputSchema: { type: 'object', properties: { z: { type: 'number' } } } }), tool({ name: 'x', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } })));
    assert.ok(kinds(r).includes('tool-renamed-normalization-only'), kinds(r).join());
  });

  it('G-T2: a name outside the spec charset, or colliding with another tool, is tool-added-confusable-name', () => {
    for (const name of ['read\u2010file', 'read file', 'Read-File', 'read_fiIe']) {
      const r = classify(snap(tool({ name: 'read_file' })), snap(tool({ name: 'read_file' }), tool({ name, description: 'other', inputSchema: { type: 'object' } })));
      assert.deepEqual(kinds(r), ['tool-added-confusable-name'], name);
      assert.equal(r.decision, 'hold');
    }
  });

  it('G-T3: hidden characters anywhere in the new tool', () => {
    const r = classify(snap(), snap(tool({ name: 'n', description: 'ok\u200b' })));
    assert.deepEqual(kinds(r), ['hidden-characters-added']);
    assert.equal(r.deltas[0]?.details?.['guard'], 'G-T3');
  });

  it('G-T4: an invalid inputSchema', () => {
    for (const inputSchema of [null, { $schema: 'http://json-schema.org/draft-07/schema#' }, { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }]) {
      const r = classify(snap(), snap(tool({ name: 'n', inputSchema })));
      assert.deepEqual(kinds(r), ['input-schema-invalid'], JSON.stringify(inputSchema));
    }
  });
});

describe('param-added-optional guards', () => {
  it('G-P1: below the top level it is nested-property-added-optional', () => {
    const a = { type: 'object', properties: { files: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' } } } } } };
    const b = { type: 'object', properties: { files: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, mode: { type: 'string' } } } } } };
    const r = diffTools(tool({ inputSchema: a }), tool({ inputSchema: b }));
    assert.deepEqual(kinds(r), ['nested-property-added-optional']);
    assert.equal(r.deltas[0]?.path, '/inputSchema/properties/files/items/properties/mode');
  });

  it('G-P2: in root required, or named by a root conditional keyword, it is param-added-required', () => {
    const r1 = diffTools(tool(), tool({ inputSchema: withParam('b', { type: 'string' }, { required: ['b'] }) }));
    assert.deepEqual(kinds(r1), ['param-added-required']);
    const dep = { dependentRequired: { q: ['b'] } };
    const r2 = diffTools(tool({ inputSchema: { type: 'object', properties: { q: { type: 'string' } }, ...dep } }),
      tool({ inputSchema: withParam('b', { type: 'string' }, dep) }));
    assert.deepEqual(kinds(r2), ['param-added-required']);
    assert.equal(r2.deltas[0]?.details?.['guard'], 'G-P2');
  });

  it('G-P3: vendor keywords (x-mcp-header is high)', () => {
    const r = diffTools(tool(), tool({ inputSchema: withParam('tenant', { type: 'string', 'x-mcp-header': 'X-Tenant' }) }));
    assert.deepEqual(kinds(r), ['schema-keyword-unrecognized-changed']);
    assert.equal(r.deltas[0]?.severity, 'high');
  });

  it('G-P4: hidden characters in its description', () => {
    const r = diffTools(tool(), tool({ inputSchema: withParam('n', { type: 'string', description: 'count\u202e' }) }));
    assert.deepEqual(kinds(r), ['hidden-characters-added']);
  });
});

describe('output-schema-added guards', () => {
  it('G-O1: only a first-time outputSchema (absent or null before) is output-schema-added', () => {
    assert.deepEqual(kinds(diffTools(tool({ outputSchema: null }), tool({ outputSchema: OUT }))), ['output-schema-added']);
    const more = { type: 'object', properties: { content: { type: 'string' }, n: { type: 'number' } } };
    assert.deepEqual(kinds(diffTools(tool({ outputSchema: OUT }), tool({ outputSchema: more }))), ['output-property-added']);
  });

  it('G-O2: a malformed outputSchema is output-schema-invalid', () => {
    for (const outputSchema of ['object', { type: 'object', properties: { a: { $ref: '#/nowhere' } } }]) {
      assert.deepEqual(kinds(diffTools(tool(), tool({ outputSchema }))), ['output-schema-invalid']);
    }
  });

  it('G-O3: hidden characters in it', () => {
    const r = diffTools(tool(), tool({ outputSchema: { type: 'object', description: 'x\u{E0001}' } }));
    assert.deepEqual(kinds(r), ['hidden-characters-added']);
    assert.equal(find(r, 'hidden-characters-added')[0]?.details?.['guard'], 'G-O3');
  });
});

describe('delta shape', () => {
  it('carries kind, severity, tool, JSON Pointer path and before/after (text in full, JSON cut with a marked change), sorted by severity', () => {
    const long = 'x'.repeat(2000);
    const r = diffTools(tool({ annotations: { readOnlyHint: true }, description: long, _meta: { m: long } }),
      tool({ annotations: {}, description: `${long}!`, _meta: { m: `${long}!` } }));
    assert.deepEqual(r.deltas.map((d) => [d.kind, d.severity, d.tool, d.path]), [
      ['annotation-readonly-to-destructive', 'critical', 't', '/annotations/readOnlyHint'],
      ['description-text-changed', 'high', 't', '/description'],
      ['meta-changed', 'medium', 't', '/_meta'],
    ]);
    assert.equal(r.deltas[1]?.before, JSON.stringify(long));
    assert.equal(r.deltas[1]?.after, JSON.stringify(`${long}!`));
    const meta = r.deltas[2];
    assert.ok((meta?.before ?? '').length < 600 && (meta?.before ?? '').endsWith('…(truncated)'), meta?.before?.slice(-30));
    assert.equal(meta?.details?.['change'], `…${'x'.repeat(40)}{+!+}"}`);
  });

  it('escapes JSON Pointer tokens', () => {
    const r = diffTools(tool(), tool({ inputSchema: withParam('a/b~c', { type: 'string' }) }));
    assert.equal(r.deltas[0]?.path, '/inputSchema/properties/a~1b~0c');
  });
});
