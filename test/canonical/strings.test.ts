import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareCodePoints, FLOAT_SHAPED, guardContractString, nfc, quoteAscii } from '../../src/canonical/strings.js';
import { Gen, randomString } from './random-docs.js';

/** Independent formulation: JSON.stringify escapes controls and lone surrogates; add ASCII-only. */
const viaStringify = (s: string): string =>
  JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

test('quoteAscii equals ensure_ascii escaping on 20,000 random strings', () => {
  const g = new Gen(3);
  for (let i = 0; i < 20_000; i++) {
    const s = randomString(g, 8);
    assert.equal(quoteAscii(s), viaStringify(s), JSON.stringify(s));
  }
});

test('quoteAscii: short escapes, DEL, lowercase hex, surrogate pairs, slash kept', () => {
  assert.equal(quoteAscii('"\\/\b\f\n\r\t\u0001\u007f'), '"\\"\\\\/\\b\\f\\n\\r\\t\\u0001\\u007f"');
  assert.equal(quoteAscii('\u00e9\uABCD'), '"\\u00e9\\uabcd"');
  assert.equal(quoteAscii('\u{1F600}'), '"\\ud83d\\ude00"');
});

test('compareCodePoints orders astral characters after U+E000–U+FFFF (JS < does not)', () => {
  assert.ok(compareCodePoints('\uffff', '\u{10000}') < 0);
  assert.ok('\uffff' > '\u{10000}');
  assert.ok(compareCodePoints('\ue000', '\ud800') > 0, 'a lone surrogate is code point U+D800');
  const g = new Gen(5);
  const cps = (s: string): number[] => Array.from(s, (c) => c.codePointAt(0) ?? 0);
  const ref = (a: string, b: string): number => {
    const x = cps(a);
    const y = cps(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
    return x.length - y.length;
  };
  for (let i = 0; i < 20_000; i++) {
    const a = randomString(g, 3);
    const b = randomString(g, 3);
    assert.equal(Math.sign(compareCodePoints(a, b)), Math.sign(ref(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  }
});

test('nfc composes, and leaves strings below U+0300 alone', () => {
  assert.equal(nfc('e\u0301'), '\u00e9');
  assert.equal(nfc('\u212b'), '\u00c5');
  assert.equal(nfc('plain ascii'), 'plain ascii');
});

test('contract guard: whole-string float shape with ASCII digits, or a leading U+0000', () => {
  assert.equal(guardContractString('5.00000000000000000e-01'), '\u00005.00000000000000000e-01');
  assert.equal(guardContractString('-1.00000000000000000e+100'), '\u0000-1.00000000000000000e+100');
  assert.equal(guardContractString('\u0000abc'), '\u0000\u0000abc');
  assert.equal(guardContractString('5.00000000000000000e-01\n'), '5.00000000000000000e-01\n');
  assert.equal(guardContractString('\u0661.00000000000000000e+00'), '\u0661.00000000000000000e+00');
  assert.equal(guardContractString('5.0000000000000000e-01'), '5.0000000000000000e-01', '16 fraction digits');
  assert.equal(guardContractString('5.00000000000000000e-1'), '5.00000000000000000e-1', 'one exponent digit');
  assert.ok(!FLOAT_SHAPED.test('x5.00000000000000000e-01'));
});
