import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonc, POSITIONS_DEPTH } from '../../src/parse/jsonc.js';
import type { ParsedDocument, PointerSegment } from '../../src/parse/document.js';

/**
 * The positions tree stops at POSITIONS_DEPTH (without it a tree for every value of a legal 4 MiB
 * nested file took 470 MB). Above it every member is located exactly; below it a member is
 * located at its ancestor at that depth; duplicates are found at every depth, with their pointer.
 * Each case runs on both paths: plain JSON (JSON.parse values, positions by the tokenizer) and
 * JSONC (a trailing comma: the visitor builds both).
 */
const DEEP = POSITIONS_DEPTH + 8;
/** `{"a":[[[…{"k":1,"k":2}…]]],"b":{}}`: DEEP arrays under "a", one object with a duplicated key at the bottom. */
function deepText(trailingComma: boolean): string {
  return `{"a":${'['.repeat(DEEP)}{"k":1,"k":2${trailingComma ? ',' : ''}}${']'.repeat(DEEP)},"b":{}}`;
}
function parsed(text: string): ParsedDocument {
  const r = parseJsonc(text, { strict: false });
  assert.ok(r.ok, JSON.stringify(r));
  return r.value;
}
const column = (text: string, offset: number): { line: number; column: number } => ({ line: 1, column: offset + 1 });

describe('positions to POSITIONS_DEPTH, duplicates at any depth', () => {
  for (const trailingComma of [false, true]) {
    const text = deepText(trailingComma);
    const path = trailingComma ? 'JSONC visitor' : 'plain JSON';

    it(`${path}: every member above the depth is located where it is, a deeper one at its ancestor there`, () => {
      const doc = parsed(text);
      const aKey = text.indexOf('"a"');
      const pointer = (arrays: number): PointerSegment[] => ['a', ...Array.from({ length: arrays }, () => 0)];
      // "a" (and the array it holds) is located by its key; the array at depth d + 1 by its bracket.
      assert.deepEqual(doc.locate(pointer(0)), column(text, aKey));
      for (let d = 1; d < POSITIONS_DEPTH; d++) assert.deepEqual(doc.locate(pointer(d)), column(text, aKey + 4 + d), `depth ${d}`);
      const cut = doc.locate(pointer(POSITIONS_DEPTH - 1));
      for (let d = POSITIONS_DEPTH; d <= DEEP; d++) assert.deepEqual(doc.locate(pointer(d)), cut, `depth ${d}`);
      assert.deepEqual(doc.locate([...pointer(DEEP), 'k']), cut);
      assert.deepEqual(doc.locate(['b']), column(text, text.indexOf('"b"')));
      assert.deepEqual(doc.locate(['b', 'missing']), column(text, text.indexOf('"b"')));
    });

    it(`${path}: the duplicated key deep below it is reported, at both occurrences, with its pointer`, () => {
      const doc = parsed(text);
      assert.equal(doc.duplicates.length, 1);
      const [dup] = doc.duplicates;
      assert.equal(dup?.pointer, `/a/${Array.from({ length: DEEP }, () => '0').join('/')}/k`);
      assert.deepEqual(dup?.first, column(text, text.indexOf('"k"')));
      assert.deepEqual(dup?.used, column(text, text.lastIndexOf('"k"')));
    });
  }

  it('a duplicate inside an array element names that element (it named the next one)', () => {
    for (const text of ['{"a":[5,{"k":1,"k":2}]}', '{"a":[5,{"k":1,"k":2},]}']) {
      assert.deepEqual(parsed(text).duplicates.map((d) => d.pointer), ['/a/1/k'], text);
    }
    assert.deepEqual(parsed('[[1],{"x":{"k":1,"k":2}}]').duplicates.map((d) => d.pointer), ['/1/x/k']);
  });
});
