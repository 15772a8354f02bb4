import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeDeep, escapeOutput, escapeText, isSafeText, wellFormed } from '../../src/shared/text.js';

describe('the one escaping helper', () => {
  const cases: readonly [string, string][] = [
    ['\u001b[2J\u001b[H', '\\x1b[2J\\x1b[H'],
    ['a\u0000b\u0007c\u007f', 'a\\x00b\\x07c\\x7f'],
    ['C1 \u0085 \u009b', 'C1 \\x85 \\x9b'],
    ['bidi \u202e evil \u202a \u2066 \u2069', 'bidi \\u202e evil \\u202a \\u2066 \\u2069'],
    ['marks \u200e\u200f\u061c', 'marks \\u200e\\u200f\\u061c'],
    ['line\nbreak\ttab\r', 'line\\x0abreak\\x09tab\\x0d'],
    ['sep \u2028 \u2029', 'sep \\u2028 \\u2029'],
    ['lone a\ud800 b\udc00', 'lone a\\ud800 b\\udc00'],
    ['pair 😀 and é, 中文', 'pair 😀 and é, 中文'],
    ['C:\\Users\\me', 'C:\\Users\\me'],
  ];
  for (const [input, output] of cases) {
    it(`escapeText ${JSON.stringify(input)}`, () => {
      assert.equal(escapeText(input), output);
      assert.equal(isSafeText(escapeText(input)), true);
      assert.equal(isSafeText(input), input === output);
    });
  }

  it('escapeOutput keeps newlines only', () => {
    assert.equal(escapeOutput('one\u001b]0;title\u0007\ntwo\n'), 'one\\x1b]0;title\\x07\ntwo\n');
  });

  it('escapeDeep escapes every string and key, keeps structure, and __proto__ stays data', () => {
    const input: unknown = JSON.parse('{"__proto__": {"x\\u001b": ["\\u202e", 1, true, null]}, "n": "a\\ud800"}');
    const out = escapeDeep(input);
    assert.deepEqual(JSON.parse(JSON.stringify(out)), JSON.parse('{"__proto__": {"x\\\\x1b": ["\\\\u202e", 1, true, null]}, "n": "a\\\\ud800"}'));
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
  });

  it('wellFormed spells out lone surrogates only', () => {
    assert.equal(wellFormed('a\ud800b'), 'a\\ud800b');
    assert.equal(wellFormed('\u001b 😀'), '\u001b 😀');
    assert.equal(wellFormed('x\udfff'), 'x\\udfff');
  });
});
