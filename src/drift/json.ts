/**
 * Small JSON helpers for the differ: narrowing, a memoised sorted-key serialisation used for
 * equality and multisets (N1), JSON Pointer building and truncation of before/after payloads.
 * Kept local: drift/ imports nothing outside canonical/, and it needs no hashing.
 */
import type { JsonObject } from './types.js';

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const memo = new WeakMap<object, string>();

/** Sorted-key JSON text; equal strings ⇔ equal JSON values (key order and layout ignored). */
export function keyOf(v: unknown): string {
  if (v === null || typeof v !== 'object') return v === undefined ? 'undefined' : JSON.stringify(v);
  const hit = memo.get(v);
  if (hit !== undefined) return hit;
  let out: string;
  if (Array.isArray(v)) {
    out = '[';
    for (let i = 0; i < v.length; i++) out += (i === 0 ? '' : ',') + keyOf(v[i]);
    out += ']';
  } else {
    const keys = Object.keys(v).sort();
    out = '{';
    let first = true;
    for (const k of keys) {
      const val: unknown = Reflect.get(v, k);
      if (val === undefined) continue;
      out += (first ? '' : ',') + JSON.stringify(k) + ':' + keyOf(val);
      first = false;
    }
    out += '}';
  }
  memo.set(v, out);
  return out;
}

const looseMemo = new WeakMap<object, string>();
const UNIONS = new Set(['anyOf', 'oneOf', 'allOf']);

/** Like keyOf, but the branches of anyOf / oneOf / allOf are compared as multisets (§9). */
export function looseKeyOf(v: unknown): string {
  if (v === null || typeof v !== 'object') return keyOf(v);
  const hit = looseMemo.get(v);
  if (hit !== undefined) return hit;
  let out: string;
  if (Array.isArray(v)) out = `[${v.map((x) => looseKeyOf(x)).join(',')}]`;
  else {
    const parts: string[] = [];
    for (const k of Object.keys(v).sort()) {
      const val: unknown = Reflect.get(v, k);
      if (val === undefined) continue;
      const text = UNIONS.has(k) && Array.isArray(val) ? `[${val.map((x) => looseKeyOf(x)).sort().join(',')}]` : looseKeyOf(val);
      parts.push(`${JSON.stringify(k)}:${text}`);
    }
    out = `{${parts.join(',')}}`;
  }
  looseMemo.set(v, out);
  return out;
}

export function same(a: unknown, b: unknown): boolean {
  return a === b || keyOf(a) === keyOf(b);
}

/** RFC 6901 escaping of one reference token. */
export function ptr(base: string, token: string | number): string {
  const t = String(token);
  return `${base}/${t.includes('~') || t.includes('/') ? t.replace(/~/g, '~0').replace(/\//g, '~1') : t}`;
}

export const SHORT_LIMIT = 512;
/** "Attach {path, before, after} subtrees, limited to about 4 KB each" (§9). */
export const LONG_LIMIT = 4096;

/** Compact JSON of a value, cut at `limit` characters with a marker. */
export function preview(v: unknown, limit = SHORT_LIMIT): string {
  const text = typeof v === 'string' ? JSON.stringify(v) : keyOf(v);
  return text.length <= limit ? text : `${text.slice(0, limit)}…(+${text.length - limit} chars)`;
}

/** Own string-valued member, if any. */
export function str(o: JsonObject, key: string): string | undefined {
  const v = o[key];
  return typeof v === 'string' ? v : undefined;
}

/** Every string inside a JSON value (for hidden-character guards). */
export function* strings(v: unknown, depth = 0): Generator<string> {
  if (typeof v === 'string') yield v;
  else if (depth > 64) return;
  else if (Array.isArray(v)) for (const x of v) yield* strings(x, depth + 1);
  else if (isObject(v)) for (const [k, x] of Object.entries(v)) { yield k; yield* strings(x, depth + 1); }
}
