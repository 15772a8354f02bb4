/**
 * Seeded random JSON *texts* for the cross-language check: number literals are chosen as text so
 * the float/int class and exact digits reach both implementations unchanged.
 */

/** mulberry32: small, seeded, deterministic. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Mode = 'contract' | 'plain' | 'narrow';

export class Gen {
  private readonly r: () => number;
  constructor(seed: number) {
    this.r = prng(seed);
  }
  int(n: number): number {
    return Math.floor(this.r() * n);
  }
  chance(p: number): boolean {
    return this.r() < p;
  }
  pick<T>(xs: readonly T[]): T {
    const x = xs[this.int(xs.length)];
    if (x === undefined) throw new Error('empty pick');
    return x;
  }
  /** Random 64-bit pattern → double (finite or not). */
  bits(exponent?: number): number {
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(0, this.int(2 ** 32));
    view.setUint32(4, this.int(2 ** 32));
    if (exponent !== undefined) view.setUint16(0, (view.getUint16(0) & 0x800f) | (exponent << 4));
    return view.getFloat64(0);
  }
}

/** Exact decimal text of m / 2^k (m < 2^53 so the value is one double exactly). */
function exactDyadic(m: bigint, k: number): string {
  const digits = (m * 5n ** BigInt(k)).toString().padStart(k + 1, '0');
  return `${digits.slice(0, digits.length - k)}.${digits.slice(digits.length - k)}`;
}

const EDGE_FLOATS = [
  '1125899906842623.125', '5e-324', '-5e-324', '9007199254740994.0', '1e300', '0.1', '-0.0', '0.0',
  '1.4901161193847656e-08', '7.450580596923828e-09', '-1.4901161193847656e-08', '2.2250738585072014e-308',
  '2.225073858507201e-308', '1.7976931348623157e308', '1e23', '1e153', '3.14', '12345.678',
  '0.10000038146972656', '10.000007629394531', '1000000000000.0156', '1000000000000000.1',
  '-287614387509121.3125', '611814223097.4453125', '0.0010008811950683594', '1E5', '1e-400', '2.5e-3',
  '1.0', '0e0', '-0e-0', '1e400', '-1e400', '1.5E+2', '0.30000000000000004', '123456789012345678901234567890.5',
];

function floatLiteral(g: Gen): string {
  switch (g.int(8)) {
    case 0: return g.pick(EDGE_FLOATS);
    case 1: case 2: { // exact 18-digit ties cluster here: m / 2^k, odd m
      const m = (BigInt(g.int(2 ** 26)) << 27n) | BigInt(g.int(2 ** 27)) | 1n;
      const lit = exactDyadic(m, 3 + g.int(24));
      return g.chance(0.2) ? `-${lit}` : lit;
    }
    case 3: return String(g.bits(0)).replace('Infinity', '1e999'); // subnormals
    case 4: { const x = g.bits(); return Number.isFinite(x) ? String(x).replace(/^(-?\d+)$/, '$1.0') : '1e999'; }
    case 5: return `${g.chance(0.3) ? '-' : ''}${g.int(100000)}.${g.int(1000)}`;
    case 6: return `${g.int(10)}.${String(g.int(2 ** 30)).padStart(9, '0')}${g.int(2 ** 30)}e${g.pick(['', '+', '-'])}${g.int(330)}`;
    default: return String(g.bits(1023 + g.int(60) - 10)).replace(/^(-?\d+)$/, '$1.0');
  }
}

function integerLiteral(g: Gen): string {
  switch (g.int(4)) {
    case 0: return g.pick(['0', '-0', '1', '-1', '9007199254740993', '-9007199254740993', '18446744073709551616']);
    case 1: { let s = String(1 + g.int(9)); const n = g.int(60); for (let i = 0; i < n; i++) s += String(g.int(10)); return g.chance(0.3) ? `-${s}` : s; }
    default: return String(g.int(2000) - 1000);
  }
}

// Code points from blocks stable since long before Unicode 14 (Python 3.11's unicodedata).
const PIECES = [
  'a', 'Z', '0', '9', ' ', '"', '\\', '/', '~', '\u007f', '\u0000', '\u0001', '\b', '\f', '\n', '\r', '\t', '\u001f',
  'é', 'e\u0301', 'A\u030a', 'Å', '\u212b', 'ñ', 'n\u0303', 'ö', 'o\u0308\u0304', '\u1e9b\u0323', 'ǖ',
  '\u1100\u1161\u11a8', '한', '\u0915\u093c', '\u00df', '日本', '北京', '—', '\u2028', '\u2029', '\ufeff',
  '\ue000', '\ufb33', '\uffe8', '\ufffd', '\u{1f600}', '\u{1d11e}', '\u{20000}', '\u{1f469}\u200d\u{1f4bb}',
  '\u0661', '\u0300', '\u0327\u0301',
];

function floatShaped(g: Gen): string {
  const exp = g.chance(0.3) ? 100 + g.int(200) : g.int(99);
  let s = `${g.chance(0.3) ? '-' : ''}${g.int(10)}.${String(g.int(1e9)).padStart(9, '0')}${String(g.int(1e8)).padStart(8, '0')}e${g.pick(['+', '-'])}${String(exp).padStart(2, '0')}`;
  if (g.chance(0.15)) s = `\u0000${s}`;
  if (g.chance(0.1)) s = `${s}\n`;
  if (g.chance(0.05)) s = s.replace(/^(-?)\d/, '$1\u0661');
  return s;
}

export function randomString(g: Gen, maxPieces: number): string {
  if (g.chance(0.08)) return floatShaped(g);
  if (g.chance(0.03)) return `\u0000${randomString(g, 3)}`;
  if (g.chance(0.02)) return g.pick(['\ud800', 'x\udc00', '\udbff\u00e9']); // lone surrogates
  let s = '';
  const n = g.int(maxPieces + 1);
  for (let i = 0; i < n; i++) s += g.pick(PIECES);
  return s;
}

/** A JSON string literal, escaping some characters at random (lone surrogates always). */
export function quoteRandom(g: Gen, s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    const lone = ch.length === 1 && c >= 0xd800 && c <= 0xdfff;
    if (ch === '"' || ch === '\\' || c < 0x20 || lone || g.chance(0.1)) {
      if (ch === '"' || ch === '\\') out += `\\${ch}`;
      else for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
    } else out += ch;
  }
  return `${out}"`;
}

const ws = (g: Gen): string => (g.chance(0.1) ? g.pick([' ', '\t', '  ', ' \t ']) : '');

function randomKeys(g: Gen, n: number): string[] {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const roll = g.int(10);
    const prev = keys[keys.length - 1];
    if (roll === 0 && prev !== undefined) keys.push(prev); // exact duplicate: the last one wins
    else if (roll === 1 && prev !== undefined) keys.push(g.chance(0.5) ? prev.normalize('NFD') : prev.normalize('NFC'));
    else if (roll === 2) keys.push(g.pick(['__proto__', 'constructor', 'type', 'properties', '$defs', '']));
    else keys.push(randomString(g, 3));
  }
  return keys;
}

export function randomValue(g: Gen, depth: number, budget: { n: number }): string {
  budget.n--;
  const roll = depth > 6 || budget.n <= 0 ? 4 + g.int(6) : g.int(10);
  if (roll <= 1) {
    const n = g.int(5);
    const keys = randomKeys(g, n);
    return `{${keys.map((k) => `${ws(g)}${quoteRandom(g, k)}${ws(g)}:${ws(g)}${randomValue(g, depth + 1, budget)}${ws(g)}`).join(',')}}`;
  }
  if (roll <= 3) {
    const n = g.int(5);
    const items: string[] = [];
    for (let i = 0; i < n; i++) items.push(`${ws(g)}${randomValue(g, depth + 1, budget)}${ws(g)}`);
    return `[${items.join(',')}]`;
  }
  if (roll <= 5) return floatLiteral(g);
  if (roll === 6) return integerLiteral(g);
  if (roll === 7) return quoteRandom(g, randomString(g, 6));
  return g.pick(['true', 'false', 'null', '0.0', '0', '-0.0']);
}

/** A value wrapped in 58–68 containers: around the depth limit of 64. */
function deepValue(g: Gen): string {
  let s = randomValue(g, 5, { n: 3 });
  const levels = 58 + g.int(11);
  for (let i = 0; i < levels; i++) s = g.chance(0.5) ? `[${s}]` : `{${quoteRandom(g, randomString(g, 2))}:${s}}`;
  return s;
}

function randomTool(g: Gen): string {
  const parts: string[] = [];
  const field = (k: string, v: string): void => { parts.push(`"${k}":${v}`); };
  if (g.chance(0.9)) field('name', g.chance(0.9) ? quoteRandom(g, randomString(g, 4)) : g.pick(['null', '1', '[]']));
  if (g.chance(0.8)) field('description', g.chance(0.9) ? quoteRandom(g, randomString(g, 8)) : 'null');
  if (g.chance(0.9)) field('inputSchema', g.chance(0.85) ? `{"type":"object","properties":${randomValue(g, 1, { n: 25 })}}` : randomValue(g, 1, { n: 3 }));
  if (g.chance(0.3)) field('annotations', randomValue(g, 1, { n: 5 }));
  return `{${parts.join(',')}}`;
}

export interface RandomDoc {
  readonly mode: Mode;
  readonly text: string;
}

export function randomDocs(seed: number, count: number): RandomDoc[] {
  const g = new Gen(seed);
  const docs: RandomDoc[] = [];
  for (let i = 0; i < count; i++) {
    const mode: Mode = g.pick(['contract', 'contract', 'plain', 'narrow']);
    const text = mode === 'narrow' ? randomTool(g) : g.chance(0.05) ? deepValue(g) : randomValue(g, 0, { n: 30 });
    docs.push({ mode, text });
  }
  return docs;
}
