import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pyExp17, pyExp17Exact } from '../../src/canonical/float-format.js';
import { Gen } from './random-docs.js';

// Python '%.17e' outputs published in reference §14.2 (CPython 3.11), not computed here.
const PYTHON: readonly (readonly [number, string])[] = [
  [1125899906842623.125, '1.12589990684262312e+15'],
  [5e-324, '4.94065645841246544e-324'],
  [-5e-324, '-4.94065645841246544e-324'],
  [9007199254740994, '9.00719925474099400e+15'],
  [1e300, '1.00000000000000005e+300'],
  [0.1, '1.00000000000000006e-01'],
  [-0, '-0.00000000000000000e+00'],
  [0, '0.00000000000000000e+00'],
  [2 ** -26, '1.49011611938476562e-08'],
  [2 ** -27, '7.45058059692382812e-09'],
  [-(2 ** -26), '-1.49011611938476562e-08'],
  [2.2250738585072014e-308, '2.22507385850720138e-308'],
  [2.225073858507201e-308, '2.22507385850720089e-308'],
  [1.7976931348623157e308, '1.79769313486231571e+308'],
  [1e23, '9.99999999999999916e+22'],
  [1e153, '1.00000000000000000e+153'],
  [3.14, '3.14000000000000012e+00'],
  [12345.678, '1.23456779999999999e+04'],
  [0.10000038146972656, '1.00000381469726562e-01'],
  [-287614387509121.3125, '-2.87614387509121312e+14'],
  [0.0010008811950683594, '1.00088119506835938e-03'],
];

test("pyExp17 matches Python '%.17e' on the published edge cases and ties", () => {
  for (const [x, py] of PYTHON) {
    assert.equal(pyExp17(x), py, `pyExp17(${x})`);
    assert.equal(pyExp17Exact(x), py, `pyExp17Exact(${x})`);
  }
});

test('toExponential is not Python on ties (why the exact path exists)', () => {
  assert.equal((2 ** -26).toExponential(17), '1.49011611938476563e-8');
  assert.notEqual(pyExp17(2 ** -26), '1.49011611938476563e-08');
});

test('non-finite values get Python tokens', () => {
  assert.equal(pyExp17(Number.NaN), 'nan');
  assert.equal(pyExp17(Infinity), 'inf');
  assert.equal(pyExp17(-Infinity), '-inf');
});

test('fast path and exact path agree on 100,000 random bit patterns and 20,000 constructed ties', () => {
  const g = new Gen(7);
  for (let i = 0; i < 100_000; i++) {
    const x = g.bits();
    if (!Number.isFinite(x)) continue;
    assert.equal(pyExp17(x), pyExp17Exact(x), String(x));
  }
  let ties = 0;
  for (let i = 0; i < 20_000; i++) {
    const even = g.int(2 ** 26) * 2 ** 27 + g.int(2 ** 27);
    const m = even % 2 === 0 ? even + 1 : even; // odd, < 2^53
    const x = m / 2 ** (3 + g.int(24));
    if (x.toExponential(18).charAt(19) === '5' && x.toExponential(18).slice(20, 21) === 'e') ties++;
    assert.equal(pyExp17(x), pyExp17Exact(x), String(x));
  }
  assert.ok(ties > 1000, `only ${ties} ties constructed`);
});

test('format shape: 18 significant digits, signed two-digit-minimum exponent', () => {
  const g = new Gen(11);
  for (let i = 0; i < 5000; i++) {
    const x = g.bits();
    if (!Number.isFinite(x)) continue;
    const s = pyExp17(x);
    assert.match(s, /^-?[0-9]\.[0-9]{17}e[+-][0-9]{2,3}$/);
    assert.ok(Math.abs(Number(s) - x) <= Math.abs(x) * 1e-17, `${s} is not within 18 digits of ${x}`);
  }
});
