/** String rules of the canonical form: NFC, code-point order, Python ensure_ascii escaping. */

// Every code point below U+0300 is NFC-stable and cannot combine with a predecessor.
const MAYBE_NOT_NFC = /[^\u0000-\u02ff]/;

/** True when every character is below U+0300: NFC-stable, and UTF-16 order is code point order. */
export function isLowKey(s: string): boolean {
  return !MAYBE_NOT_NFC.test(s);
}

export function nfc(s: string): string {
  return MAYBE_NOT_NFC.test(s) ? s.normalize('NFC') : s;
}

/**
 * Compare by Unicode code point (Python str order), not UTF-16 code unit (JS `<`). The two differ
 * only when the first differing unit is a surrogate on one side and U+E000–U+FFFF on the other.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800 && (x < 0xe000 || y < 0xe000)) return compareSlow(a, b);
    return x - y;
  }
  return a.length - b.length;
}

/** Rare path: compare whole code point sequences (a lone surrogate counts as its own code point). */
function compareSlow(a: string, b: string): number {
  const xs = Array.from(a);
  const ys = Array.from(b);
  const n = Math.min(xs.length, ys.length);
  for (let i = 0; i < n; i++) {
    const x = xs[i]?.codePointAt(0) ?? 0;
    const y = ys[i]?.codePointAt(0) ?? 0;
    if (x !== y) return x - y;
  }
  return xs.length - ys.length;
}

// Characters that ensure_ascii writes as themselves: printable ASCII except `"` and `\`.
const NEEDS_ESCAPE = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;
const SHORT: Readonly<Record<number, string>> = { 0x22: '\\"', 0x5c: '\\\\', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t' };
const HEX = '0123456789abcdef';

/** A JSON string literal as Python `json.dumps(s, ensure_ascii=True)` writes it. */
export function quoteAscii(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f && c !== 0x22 && c !== 0x5c) continue;
    if (i > start) out += s.slice(start, i);
    // UTF-16 code units are exactly the surrogate-pair escapes Python writes for astral characters.
    out += SHORT[c] ?? `\\u${HEX[c >> 12] ?? ''}${HEX[(c >> 8) & 15] ?? ''}${HEX[(c >> 4) & 15] ?? ''}${HEX[c & 15] ?? ''}`;
    start = i + 1;
  }
  if (start < s.length) out += s.slice(start);
  return `${out}"`;
}

/** Contract mode: the whole string looks like a canonical float (ASCII digits only). */
export const FLOAT_SHAPED = /^-?[0-9]\.[0-9]{17}e[+-][0-9]{2,}$/;

/** Contract mode: prefix U+0000 to strings that could be confused with a canonical float. */
export function guardContractString(s: string): string {
  // The shortest float shape, d.ddddddddddddddddde+dd, has 23 characters.
  return s.charCodeAt(0) === 0 || (s.length >= 23 && FLOAT_SHAPED.test(s)) ? `\u0000${s}` : s;
}
