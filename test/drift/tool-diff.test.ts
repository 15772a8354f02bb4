import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inputSchemaProblem, outputSchemaProblem } from '../../src/drift/tool-diff.js';
import { normalizeSchema } from '../../src/drift/normalize.js';
import { diffTools, kinds, tool } from './helpers.js';

describe('tool fields (§7.F)', () => {
  it('icons, _meta, execution and unknown fields each have their kind', () => {
    assert.deepEqual(kinds(diffTools(tool(), tool({ icons: [{ src: 'https://x/i.png' }] }))), ['icons-changed']);
    assert.deepEqual(kinds(diffTools(tool(), tool({ _meta: { ui: { resourceUri: 'ui://x' } } }))), ['meta-changed']);
    assert.deepEqual(kinds(diffTools(tool(), tool({ execution: { taskSupport: 'forbidden' } }))), ['execution-changed']);
    assert.deepEqual(kinds(diffTools(tool({ requiredScopes: ['a'] }), tool({ requiredScopes: ['b'] }))), ['tool-field-unrecognized-changed']);
  });
  it('title and description ladders on the tool', () => {
    assert.deepEqual(kinds(diffTools(tool(), tool({ title: 'Create Directory' }))), ['title-changed']);
    assert.deepEqual(kinds(diffTools(tool({ description: undefined }), tool())), ['description-added']);
    assert.deepEqual(kinds(diffTools(tool(), tool({ description: undefined }))), ['description-removed']);
  });
  it('inputSchemaProblem / outputSchemaProblem explain what is wrong', () => {
    const p = (s: unknown): string | undefined => inputSchemaProblem(s, normalizeSchema(s));
    assert.equal(p({ type: 'object' }), undefined);
    assert.equal(p(undefined), 'inputSchema missing');
    assert.equal(p(null), 'inputSchema is not an object');
    assert.equal(p({ type: 'array' }), 'inputSchema lacks type "object"');
    assert.match(p({ type: 'object', properties: { a: { $ref: '#/x' } } }) ?? '', /unresolvable \$ref #\/x/);
    assert.equal(outputSchemaProblem({ type: 'string' }, normalizeSchema({ type: 'string' })), undefined);
    assert.equal(outputSchemaProblem([], normalizeSchema([])), 'outputSchema is not an object');
  });
  it('an inputSchema that stays invalid in the same way is not re-reported', () => {
    assert.deepEqual(kinds(diffTools(tool({ inputSchema: null }), tool({ inputSchema: null, description: 'A tool' }))), []);
  });
});
