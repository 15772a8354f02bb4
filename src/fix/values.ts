/**
 * Plain-value helpers over what the parsers return (null-prototype TOML tables included): the
 * value an edit should produce, and a structural equality to check that it did.
 */
import type { PointerSegment } from '../parse/document.js';
import type { EntryOp, PlainValue } from './types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a path, or undefined. */
export function valueAt(root: unknown, path: readonly PointerSegment[]): unknown {
  let v: unknown = root;
  for (const seg of path) {
    if (Array.isArray(v) && typeof seg === 'number') v = v[seg];
    else if (isObj(v) && Object.hasOwn(v, String(seg))) v = v[String(seg)];
    else return undefined;
  }
  return v;
}

/** Deep copy into ordinary objects and arrays (keeps member order). */
export function clone(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(clone);
  if (isObj(v) && !(v instanceof Date)) {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: clone(x), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}

/** The document value the ops should produce (what a re-parse of the edited file must equal). */
export function applyOps(root: unknown, entryPath: readonly PointerSegment[], ops: readonly EntryOp[]): unknown {
  const out = clone(root);
  applyOpsInPlace(out, entryPath, ops);
  return out;
}

/** {@link applyOps} on a value already copied (one copy of a document for all its entries' ops). */
export function applyOpsInPlace(out: unknown, entryPath: readonly PointerSegment[], ops: readonly EntryOp[]): void {
  for (const op of ops) {
    const full = [...entryPath, ...op.path];
    const parent = valueAt(out, full.slice(0, -1));
    const last = full[full.length - 1];
    if (last === undefined) continue;
    if (Array.isArray(parent) && typeof last === 'number') {
      if (op.kind === 'delete') parent.splice(last, 1);
      else parent[last] = clone(op.value);
    } else if (isObj(parent)) {
      const key = String(last);
      if (op.kind === 'delete') Reflect.deleteProperty(parent, key);
      else Object.defineProperty(parent, key, { value: clone(op.value), enumerable: true, writable: true, configurable: true });
    }
  }
}

/** Structural equality; objects compare as key sets (order-free), dates by their text. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameValue(x, b[i]));
  }
  if (a instanceof Date || b instanceof Date) return String(a) === String(b);
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
  }
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) return String(a) === String(b);
  return false;
}

/** True when `v` is a string array (an argv as a host reads it). */
export const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Narrows to a plain value an editor can write, or undefined. */
export function toPlain(v: unknown): PlainValue | undefined {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (Array.isArray(v)) {
    const items: PlainValue[] = [];
    for (const x of v) { const p = toPlain(x); if (p === undefined) return undefined; items.push(p); }
    return items;
  }
  if (isObj(v) && !(v instanceof Date)) {
    const out: Record<string, PlainValue> = {};
    for (const [k, x] of Object.entries(v)) {
      const p = toPlain(x);
      if (p === undefined) return undefined;
      Object.defineProperty(out, k, { value: p, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return undefined;
}
