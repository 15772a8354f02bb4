/**
 * Internal `$ref` resolution for N7: JSON Pointer fragments and `$anchor`s
 * against the tool's own schema root. Nothing external is ever fetched; anything that does not
 * resolve (a missing member, a malformed percent escape) is `undefined`.
 */
import { isObject } from './json.js';

/** Percent-decoding of a URI fragment; a malformed escape (`#%`) gives `undefined`, never a URIError. */
export function decodeFragment(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** `#/a/b~1c/0` against `root` (RFC 6901 after percent-decoding each token). */
export function resolvePointer(root: unknown, ref: string): unknown {
  let cur: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const decoded = decodeFragment(raw);
    if (decoded === undefined) return undefined;
    const token = decoded.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) cur = /^[0-9]+$/.test(token) ? cur[Number(token)] : undefined;
    else if (isObject(cur)) cur = Object.hasOwn(cur, token) ? cur[token] : undefined;
    else return undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** Every `$anchor` under `root` (the first one of a name wins), down to `depthCap`. */
export function collectAnchors(root: unknown, depthCap: number): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > depthCap) return;
    if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isObject(v)) {
      const a = v['$anchor'];
      if (typeof a === 'string' && !out.has(a)) out.set(a, v);
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}
