/**
 * Go's `encoding/json.Unmarshal` into a struct, as far as a store inspector needs it
 * (pkg.go.dev/encoding/json#Unmarshal): the whole text must be valid JSON (no comments, no
 * trailing commas, no BOM); an object key matches a field by its tag, "preferring an exact match
 * but also accepting a case-insensitive match" (Unicode simple folding, so `ſ` is `s` and the
 * Kelvin sign is `k`); keys are applied in order, so a later duplicate wins, except that `null`
 * into a string, struct or map field is a no-op; a value of the wrong type is an error
 * (Unmarshal finishes but returns it); unknown keys are ignored. Map keys are exact.
 */
import { parseTree, type Node, type ParseError } from 'jsonc-parser';

export type GoType =
  | { readonly kind: 'string' }
  | { readonly kind: 'number' }
  | { readonly kind: 'bool' }
  /** Decoded without checking inside (a field mcp-audit does not model): an object or null. */
  | { readonly kind: 'object-any' }
  | { readonly kind: 'struct'; readonly fields: Readonly<Record<string, GoType>> }
  | { readonly kind: 'map'; readonly of: GoType }
  | { readonly kind: 'slice'; readonly of: GoType };

export type GoValue = string | number | boolean | null | { readonly [k: string]: GoValue } | readonly GoValue[];

export type GoDecode = { readonly ok: true; readonly value: GoValue } | { readonly ok: false; readonly why: string };

/** A decoded JSON object (not an array). */
export const isGoObject = (v: GoValue | undefined): v is { readonly [k: string]: GoValue } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const fold = (s: string): string => s.replace(/\u017f/g, 's').replace(/\u212a/g, 'k').toLowerCase();

function zero(t: GoType): GoValue {
  switch (t.kind) {
    case 'string': return '';
    case 'number': return 0;
    case 'bool': return false;
    case 'object-any': return null;
    case 'struct': return Object.fromEntries(Object.entries(t.fields).map(([k, f]) => [k, zero(f)]));
    case 'map': return null;
    case 'slice': return null;
  }
}

class TypeMismatch extends Error {}

function decode(node: Node, t: GoType, into: GoValue, where: string): GoValue {
  // null sets a map, slice or pointer to nil and leaves any other value as it was.
  if (node.type === 'null') return t.kind === 'slice' || t.kind === 'map' || t.kind === 'object-any' ? null : into;
  switch (t.kind) {
    case 'string':
      if (node.type !== 'string' || typeof node.value !== 'string') throw new TypeMismatch(`${where} is not a string`);
      return node.value;
    case 'number':
      if (node.type !== 'number' || typeof node.value !== 'number') throw new TypeMismatch(`${where} is not a number`);
      return node.value;
    case 'bool':
      if (node.type !== 'boolean' || typeof node.value !== 'boolean') throw new TypeMismatch(`${where} is not a boolean`);
      return node.value;
    case 'object-any':
      if (node.type !== 'object') throw new TypeMismatch(`${where} is not an object`);
      return {};
    case 'struct': {
      if (node.type !== 'object') throw new TypeMismatch(`${where} is not an object`);
      const out: Record<string, GoValue> = isGoObject(into) ? { ...into } : {};
      const names = Object.keys(t.fields);
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (k === undefined || v === undefined || typeof k.value !== 'string') continue;
        const key = k.value;
        const field = names.find((n) => n === key) ?? names.find((n) => fold(n) === fold(key));
        const ft = field === undefined ? undefined : t.fields[field];
        if (field === undefined || ft === undefined) continue;
        out[field] = decode(v, ft, out[field] ?? zero(ft), `${where}.${field}`);
      }
      return out;
    }
    case 'map': {
      if (node.type !== 'object') throw new TypeMismatch(`${where} is not an object`);
      const out: Record<string, GoValue> = isGoObject(into) ? { ...into } : {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (k === undefined || v === undefined || typeof k.value !== 'string') continue;
        out[k.value] = decode(v, t.of, zero(t.of), `${where}[${JSON.stringify(k.value)}]`);
      }
      return out;
    }
    case 'slice': {
      if (node.type !== 'array') throw new TypeMismatch(`${where} is not an array`);
      return (node.children ?? []).map((c, i) => decode(c, t.of, zero(t.of), `${where}[${i}]`));
    }
  }
}

/** Decodes `text` into a value of type `t` as Go would, or says why Go's Unmarshal returns an error. */
export function goUnmarshal(text: string, t: GoType): GoDecode {
  if (text.startsWith('\ufeff')) return { ok: false, why: 'a byte-order mark: not valid JSON to Go' };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || root === undefined) return { ok: false, why: 'invalid JSON' };
  try {
    return { ok: true, value: decode(root, t, zero(t), '$') };
  } catch (e: unknown) {
    if (e instanceof TypeMismatch) return { ok: false, why: e.message };
    throw e;
  }
}
