import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectAnchors, decodeFragment, resolvePointer } from '../../src/drift/ref.js';

describe('internal $ref resolution', () => {
  const root = { $defs: { 'a/b': { type: 'string' }, 'c~d': { type: 'number' }, 'e f': { $anchor: 'ef', type: 'null' } }, list: [{ x: 1 }] };

  it('resolves RFC 6901 pointers after percent-decoding', () => {
    assert.deepEqual(resolvePointer(root, '#/$defs/a~1b'), { type: 'string' });
    assert.deepEqual(resolvePointer(root, '#/$defs/c~0d'), { type: 'number' });
    assert.deepEqual(resolvePointer(root, '#/$defs/e%20f/type'), 'null');
    assert.deepEqual(resolvePointer(root, '#/list/0'), { x: 1 });
    assert.equal(resolvePointer(root, '#/list/x'), undefined);
    assert.equal(resolvePointer(root, '#/toString'), undefined);
  });

  it('a malformed percent escape is unresolved, not a URIError', () => {
    assert.equal(decodeFragment('%'), undefined);
    assert.equal(decodeFragment('%E0%A4%A'), undefined);
    assert.equal(resolvePointer(root, '#/$defs/%'), undefined);
  });

  it('collects anchors, the first of a name winning', () => {
    assert.deepEqual(collectAnchors(root, 48).get('ef'), { $anchor: 'ef', type: 'null' });
    assert.equal(collectAnchors({ a: { $anchor: 'x', n: 1 }, b: { $anchor: 'x', n: 2 } }, 48).get('x') !== undefined, true);
  });
});
