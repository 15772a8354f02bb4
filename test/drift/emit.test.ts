import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emit, emitText, type Scope } from '../../src/drift/emit.js';
import type { Delta } from '../../src/drift/types.js';

const run = (f: (s: Scope) => void): Delta[] => {
  const out: Delta[] = [];
  f({ out, tool: 't' });
  return out;
};

describe('emit', () => {
  it('fills severity from the kind table, omits absent sides', () => {
    assert.deepEqual(run((s) => emit(s, 'tool-removed', '', { name: 't' }, undefined)),
      [{ kind: 'tool-removed', severity: 'medium', tool: 't', path: '', before: '{"name":"t"}' }]);
  });
  it('maps every text class of a family to its own kind', () => {
    const cases: readonly [string | undefined, string | undefined, string][] = [
      [undefined, 'x', 'param-description-added'], ['x', undefined, 'param-description-removed'], ['a  b', 'a b', 'param-description-whitespace-only'],
      ['Caf\u00e9', 'Cafe\u0301', 'param-description-normalization-only'], ['max 5', 'max 6', 'param-description-digits-only'],
      ['$5', '$6', 'param-description-currency-digits'], ['a', 'b', 'param-description-changed'],
    ];
    for (const [a, b, kind] of cases) assert.deepEqual(run((s) => emitText(s, 'param-description', '/d', a, b)).map((d) => d.kind), [kind]);
    for (const [a, b, kind] of cases) {
      const want = kind.replace('param-description', 'prompt-argument-description');
      assert.deepEqual(run((s) => emitText(s, 'prompt-argument-description', '/d', a, b)).map((d) => d.kind), [want]);
    }
    assert.deepEqual(run((s) => emitText(s, 'instructions', '/i', 'a', 'b')).map((d) => d.kind), ['instructions-changed']);
  });
  it('single-kind families keep one kind; in-address digits become high; hidden text adds the critical kind', () => {
    assert.deepEqual(run((s) => emitText(s, 'title', '/title', undefined, 'T')).map((d) => d.kind), ['title-changed']);
    assert.equal(run((s) => emitText(s, 'description', '/d', 'to 10.0.0.1', 'to 10.0.0.2'))[0]?.severity, 'high');
    assert.deepEqual(run((s) => emitText(s, 'title', '/title', 'T', 'T\u2066')).map((d) => [d.kind, d.severity]), [['title-changed', 'low'], ['hidden-characters-added', 'critical']]);
  });
});
