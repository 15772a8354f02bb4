import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundChange, DIRECTION_KINDS, firstUnrecognizedKeyword, multipleOfChange } from '../../src/drift/schema-keywords.js';
import { kindById } from '../../src/drift/kinds/index.js';

describe('schema keyword rules', () => {
  it('bounds: a new or higher minimum tightens, a new or lower maximum tightens', () => {
    assert.equal(boundChange(undefined, 1, true), 'tightened');
    assert.equal(boundChange(1, undefined, true), 'loosened');
    assert.equal(boundChange(1, 2, true), 'tightened');
    assert.equal(boundChange(10, 5, false), 'tightened');
    assert.equal(boundChange(5, 10, false), 'loosened');
    assert.equal(boundChange(true, false, true), 'undecidable');
  });
  it('multipleOf: a multiple of the old value tightens, a divisor loosens, otherwise undecidable', () => {
    assert.deepEqual([multipleOfChange(2, 6), multipleOfChange(6, 2), multipleOfChange(4, 6), multipleOfChange(0.5, 1.5)], ['tightened', 'loosened', 'undecidable', 'tightened']);
  });
  it('finds vendor keywords in schema positions but not in property names or enum values', () => {
    assert.equal(firstUnrecognizedKeyword({ type: 'object', properties: { 'x-name': { type: 'string', enum: ['x-v'] } } }), undefined);
    assert.equal(firstUnrecognizedKeyword({ type: 'array', items: { anyOf: [{ type: 'string', 'x-mcp-header': 'H' }] } }), 'x-mcp-header');
  });
  it('every direction kind exists in the registry with the matching direction', () => {
    for (const [dir, table] of Object.entries(DIRECTION_KINDS)) {
      const ids: readonly string[] = Object.keys(table).map((key) => String(Reflect.get(table, key)));
      for (const id of ids) {
        const k = kindById(id);
        assert.ok(k !== undefined, id);
        assert.ok(k.direction === dir || k.direction === 'none', `${id} is ${k.direction}, used for ${dir}`);
      }
    }
  });
});
