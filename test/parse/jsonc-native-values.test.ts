import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonc } from '../../src/parse/jsonc.js';
import type { ParsedDocument, PointerSegment } from '../../src/parse/document.js';

/**
 * parseJsonc takes the values of plain JSON from JSON.parse and builds them in its visitor
 * otherwise (comments, trailing commas). A comment at the end sends the same text down the
 * visitor's path: both must give the same values (own keys, order, "__proto__" as data), the
 * same duplicates and the same positions.
 */
function bothWays(text: string): { native: ParsedDocument; visited: ParsedDocument } {
  const native = parseJsonc(text, { strict: false });
  const visited = parseJsonc(`${text}\n// the visitor builds the values of this one\n`, { strict: false });
  assert.ok(native.ok && visited.ok, text);
  return { native: native.value, visited: visited.value };
}

/** Own keys in order, recursively, with a "__proto__" own key kept apart from the prototype. */
function shapeOf(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shapeOf);
  if (typeof v !== 'object' || v === null) return Object.is(v, -0) ? '-0' : v;
  assert.equal(Object.getPrototypeOf(v), Object.prototype);
  return Object.keys(v).map((k) => [k, shapeOf(Object.getOwnPropertyDescriptor(v, k)?.value)]);
}

function pointers(v: unknown, at: PointerSegment[] = [], out: PointerSegment[][] = []): PointerSegment[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x: unknown, i) => pointers(x, [...at, i], out));
  else if (typeof v === 'object' && v !== null) for (const k of Object.keys(v)) pointers(Object.getOwnPropertyDescriptor(v, k)?.value, [...at, k], out);
  return out;
}

const TEXTS = [
  '{"mcpServers":{"a":{"command":"npx","args":["-y","x"],"env":{"K":"v"}}}}',
  '{"a":1,"b":{"c":[1,2,{"d":null}]},"a":2}',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":1},"x":{"__proto__":[]}}',
  '{"s":"\\u0041\\ud83d\\ude00\\ud800 \\"q\\" \\\\ \\/ \\b\\f\\n\\r\\t","é":"ü","":""}',
  '{"n":[0,-0,1e400,-1e400,1.5e-7,123456789012345678901234567890,0.1,-12]}',
  '[[],{},[[[]]],"x",true,false,null]',
  '{"d":{"k":1,"k":{"k":2},"k":[3]},"e":{"1":1,"0":0,"b":2,"a":1}}',
  '\uFEFF{"bom":true}',
  '"just a string"',
  '  42  ',
  '{"deep":' + '['.repeat(300) + ']'.repeat(300) + '}',
];

describe('parseJsonc: values from JSON.parse equal the visitor\'s', () => {
  for (const text of TEXTS) {
    it(`same values, duplicates and positions: ${text.slice(0, 60)}`, () => {
      const { native, visited } = bothWays(text);
      assert.deepEqual(shapeOf(native.value), shapeOf(visited.value));
      assert.equal(Reflect.get(Object.prototype, 'polluted'), undefined);
      assert.deepEqual(native.duplicates, visited.duplicates);
      for (const p of pointers(native.value)) {
        assert.deepEqual(native.locate(p), visited.locate(p), JSON.stringify(p));
        assert.deepEqual(native.locate([...p, 'missing']), visited.locate([...p, 'missing']));
      }
    });
  }

  it('locateUnder(base)(rel) is locate([...base, ...rel]), for a base that is there and one that is not', () => {
    const r = parseJsonc('{\n "a": {\n  "b": [1, {"c": 2}],\n  "d": 3\n }\n}', { strict: true });
    assert.ok(r.ok);
    const doc = r.value;
    assert.ok(doc.locateUnder !== undefined);
    const bases: PointerSegment[][] = [[], ['a'], ['a', 'b'], ['a', 'b', 1], ['a', 'missing'], ['a', 'd'], ['a', 'd', 'x']];
    const rels: PointerSegment[][] = [[], ['b'], [1], [1, 'c'], ['d'], ['c'], ['zz', 'y']];
    for (const base of bases) {
      const under = doc.locateUnder(base);
      for (const rel of rels) assert.deepEqual(under(rel), doc.locate([...base, ...rel]), `${JSON.stringify(base)} + ${JSON.stringify(rel)}`);
    }
  });

  it('text JSON.parse refuses in strict mode is still refused where the visitor says', () => {
    for (const [text, line, column] of [['{"a":1,}', 1, 8], ['{"a":1} // c', 1, 9], ['{"a":01}', 1, 7]] as const) {
      const r = parseJsonc(text, { strict: true });
      assert.ok(!r.ok, text);
      assert.deepEqual([r.problem.line, r.problem.column], [line, column], text);
    }
  });
});
