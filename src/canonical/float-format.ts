/**
 * Python's `'%.17e' % x`, byte for byte: 18 significant digits rounded half-even on the exact
 * binary value, a signed exponent of at least two digits, the sign of -0.0 kept.
 *
 * JavaScript's toExponential rounds ties away from zero, so it differs from Python on exact
 * 18-digit ties (2^-26 → Python 1.49011611938476562e-08, JS 1.49011611938476563e-8). A tie has
 * exactly 19 significant digits ending in 5, which toExponential(18) shows exactly; only then do
 * we take the exact BigInt path (value = m·2^e = m·5^k / 10^k for e = -k < 0).
 */

const DIGITS = 18;
const pow5Cache: bigint[] = [1n];

function pow5(k: number): bigint {
  for (let i = pow5Cache.length; i <= k; i++) pow5Cache.push((pow5Cache[i - 1] ?? 1n) * 5n);
  return pow5Cache[k] ?? 5n ** BigInt(k);
}

const view = new DataView(new ArrayBuffer(8));

/** Exact decimal digits D and scale k with |x| = D · 10^-k (k ≥ 0). */
function exactDecimal(x: number): { digits: string; scale: number } {
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  const fraction = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exp2 = (biased === 0 ? -1074 : biased - 1075);
  if (exp2 >= 0) return { digits: (mantissa << BigInt(exp2)).toString(), scale: 0 };
  return { digits: (mantissa * pow5(-exp2)).toString(), scale: -exp2 };
}

function pad2(n: number): string {
  const a = Math.abs(n);
  return `${n < 0 ? '-' : '+'}${a < 10 ? '0' : ''}${a}`;
}

/** The exact algorithm (no toExponential): used for ties, and directly by tests. */
export function pyExp17Exact(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  if (x === 0) return `${sign}0.${'0'.repeat(DIGITS - 1)}e+00`;
  const { digits, scale } = exactDecimal(x);
  let exp10 = digits.length - 1 - scale;
  let head: string;
  if (digits.length <= DIGITS) head = digits.padEnd(DIGITS, '0');
  else {
    head = digits.slice(0, DIGITS);
    const r = digits.charCodeAt(DIGITS) - 48;
    const rest = digits.slice(DIGITS + 1);
    const lastOdd = (head.charCodeAt(DIGITS - 1) - 48) % 2 === 1;
    const up = r > 5 || (r === 5 && (/[1-9]/.test(rest) || lastOdd));
    if (up) {
      head = (BigInt(head) + 1n).toString();
      if (head.length > DIGITS) {
        head = head.slice(0, DIGITS);
        exp10 += 1;
      }
    }
  }
  return `${sign}${head[0] ?? '0'}.${head.slice(1)}e${pad2(exp10)}`;
}

/** Python `'%.17e' % x`. Fast path through toExponential when the value cannot be a tie. */
export function pyExp17(x: number): string {
  if (!Number.isFinite(x) || x === 0) return pyExp17Exact(x);
  const a = Math.abs(x);
  // "d.dddddddddddddddddde±N": index 19 is the 19th significant digit, exact if it is the last one.
  if (a.toExponential(DIGITS).charCodeAt(19) === 53) return pyExp17Exact(x);
  const t = a.toExponential(DIGITS - 1);
  const e = t.indexOf('e');
  const exp = Number(t.slice(e + 1));
  return `${x < 0 ? '-' : ''}${t.slice(0, e)}e${pad2(exp)}`;
}
