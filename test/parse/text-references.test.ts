import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { envReferences } from '../../src/parse/text-references.js';

describe('envReferences: where each {env:NAME} of a JSONC text stands', () => {
  it('tells a string literal from a comment and from the tokens themselves', () => {
    const text = '{\n  // note {env:A}\n  "t": "x {env:B} y",\n  /* {env:C} */ "m": {env:D},\n  "k{env:E}": 1\n}\n';
    assert.deepEqual(envReferences(text).map((r) => [r.name, r.site, r.line]), [
      ['A', 'comment', 2], ['B', 'string', 3], ['C', 'comment', 4], ['D', 'code', 4], ['E', 'string', 5],
    ]);
  });

  it('finds nothing in a text without references', () => {
    assert.deepEqual(envReferences('{"a": "{file:x}"}'), []);
  });
});
