/**
 * Small JSON helpers for the differ: narrowing, a memoised sorted-key serialisation used for
 * equality and multisets (N1), JSON Pointer building and truncation of before/after payloads.
 * Kept local: drift/ imports nothing outside canonical/, and it needs no hashing.
 */
import type { JsonObject } from './types.js';

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Sets an own data member, also for the key `__proto__` (JSON.parse makes it an ordinary member; `o[k] =` would set the prototype). */
export function put(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** Sorted-key JSON text; equal strings ⇔ equal JSON values (key order and layout ignored). For small values (multiset keys). */
export function keyOf(v: unknown): string {
  if (v === null || typeof v !== 'object') {
    if (v === undefined) return 'undefined';
    // Exact big integers (input.ts fromJsonNode) and non-finite numbers: keys no JSON value can have.
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
    return JSON.stringify(v);
  }
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i === 0 ? '' : ',') + keyOf(v[i]);
    return `${out}]`;
  }
  let out = '{';
  let first = true;
  for (const k of Object.keys(v).sort()) {
    const val: unknown = Reflect.get(v, k);
    if (val === undefined) continue;
    out += (first ? '' : ',') + JSON.stringify(k) + ':' + keyOf(val);
    first = false;
  }
  return `${out}}`;
}

const UNIONS = new Set(['anyOf', 'oneOf', 'allOf']);

/** Structural JSON equality (N1: key order ignored), allocation-free. */
export function same(a: unknown, b: unknown): boolean {
  return eq(a, b, false);
}

/** Like same, but the branches of anyOf / oneOf / allOf are compared as multisets at every depth (§9). */
export function looseSame(a: unknown, b: unknown): boolean {
  return eq(a, b, true);
}

function eq(a: unknown, b: unknown, loose: boolean): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!eq(a[i], b[i], loose)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  let na = 0;
  for (const k in a) {
    if (!Object.hasOwn(a, k)) continue;
    const x: unknown = Reflect.get(a, k);
    if (x === undefined) continue;
    na++;
    const y: unknown = k === '__proto__' && !Object.hasOwn(b, k) ? undefined : Reflect.get(b, k);
    if (y === undefined) return false;
    if (loose && UNIONS.has(k) && Array.isArray(x) && Array.isArray(y)) {
      if (!multisetEq(x, y)) return false;
    } else if (!eq(x, y, loose)) return false;
  }
  let nb = 0;
  for (const k in b) if (Object.hasOwn(b, k) && Reflect.get(b, k) !== undefined) nb++;
  return na === nb;
}

/** Above this many unmatched branches, exact keys pair them first (pairwise matching is quadratic). */
const KEYED_MATCH_FROM = 16;

/**
 * Loose equality is an equivalence, so equal pairs can be struck off in any order: first the
 * in-order prefix, then branches with identical keyOf (counting), then pairwise on what is left.
 */
function multisetEq(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && eq(a[i], b[i], true)) i++;
  if (i === a.length) return true;
  let restA = a.slice(i);
  let restB = b.slice(i);
  if (restA.length > KEYED_MATCH_FROM) {
    const pending = new Map<string, number>();
    for (const y of restB) { const k = keyOf(y); pending.set(k, (pending.get(k) ?? 0) + 1); }
    const leftA: unknown[] = [];
    for (const x of restA) {
      const k = keyOf(x);
      const n = pending.get(k) ?? 0;
      if (n > 0) pending.set(k, n - 1);
      else leftA.push(x);
    }
    const leftB: unknown[] = [];
    for (const y of restB) {
      const k = keyOf(y);
      const n = pending.get(k) ?? 0;
      if (n > 0) { pending.set(k, n - 1); leftB.push(y); }
    }
    restA = leftA;
    restB = leftB;
  }
  const used = new Array<boolean>(restB.length).fill(false);
  outer: for (const x of restA) {
    for (let j = 0; j < restB.length; j++) {
      if (!used[j] && eq(x, restB[j], true)) { used[j] = true; continue outer; }
    }
    return false;
  }
  return true;
}

/** Exactly `{"type":"null"}` (a null branch of a union). */
export function isNullSchema(v: unknown): boolean {
  if (!isObject(v) || v['type'] !== 'null') return false;
  for (const k in v) if (k !== 'type' && v[k] !== undefined) return false;
  return true;
}

/** RFC 6901 escaping of one reference token. */
export function ptr(base: string, token: string | number): string {
  const t = String(token);
  return `${base}/${t.includes('~') || t.includes('/') ? t.replace(/~/g, '~0').replace(/\//g, '~1') : t}`;
}

export const SHORT_LIMIT = 200;
/** "Attach {path, before, after} subtrees, limited to about 4 KB each" (§9). */
export const LONG_LIMIT = 4096;

/** Compact JSON of a value, cut at `limit` characters with a marker. */
export function preview(v: unknown, limit = SHORT_LIMIT): string {
  const text = stringify(v);
  return text.length <= limit ? text : `${text.slice(0, limit)}${CUT}`;
}

/** The marker a cut preview ends with. */
export const CUT = '…(truncated)';

/** Characters of unchanged context shown on each side of a marked change. */
const CONTEXT = 40;

/**
 * The changed span of two texts, in full, between the common prefix and suffix:
 * `…context[-removed-]{+inserted+}context…`. Used whenever a before/after preview was cut, so an
 * insertion past the cut is never hidden.
 */
export function markedChange(a: string, b: string): string {
  let p = 0;
  const max = Math.min(a.length, b.length);
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  // Never split a surrogate pair.
  if (p > 0 && p < max && /[\uD800-\uDBFF]/.test(a.charAt(p - 1))) p--;
  let s = 0;
  while (s < max - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  if (s > 0 && /[\uDC00-\uDFFF]/.test(a.charAt(a.length - s))) s--;
  const head = p > CONTEXT ? `…${a.slice(p - CONTEXT, p)}` : a.slice(0, p);
  const tail = s > CONTEXT ? `${a.slice(a.length - s, a.length - s + CONTEXT)}…` : a.slice(a.length - s);
  const removed = a.slice(p, a.length - s);
  const inserted = b.slice(p, b.length - s);
  return `${head}${removed === '' ? '' : `[-${removed}-]`}${inserted === '' ? '' : `{+${inserted}+}`}${tail}`;
}

/** JSON text of a value, uncut (for the marked change). */
export function jsonText(v: unknown): string {
  return stringify(v);
}

const BIG = '\u0000bigint:';

/** JSON text; an exact big integer is printed with all its digits. */
function stringify(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch (e: unknown) {
    if (!(e instanceof TypeError)) throw e;
    const marked = JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${BIG}${x}` : x)) ?? 'null';
    return marked.replace(/"\\u0000bigint:(-?[0-9]+)"/g, '$1');
  }
}

/** Does any string (value or member name) inside a JSON value satisfy `test`? (hidden-character guards) */
export function someString(v: unknown, test: (s: string) => boolean, depth = 0): boolean {
  if (typeof v === 'string') return test(v);
  if (depth > 64 || typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) {
    for (const x of v) if (someString(x, test, depth + 1)) return true;
    return false;
  }
  for (const k in v) {
    if (!Object.hasOwn(v, k)) continue;
    if (test(k) || someString(Reflect.get(v, k), test, depth + 1)) return true;
  }
  return false;
}
