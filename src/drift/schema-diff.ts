/**
 * Structural diff of two normalised schemas (input and output schemas, nested structures): nullability,
 * unions as multisets, types on the integer ⊂ number lattice, enums, constraints, defaults,
 * objects and arrays (schema-object.ts), opaque keywords; anything left unexplained at a node
 * becomes the direction's `*-unclassified` kind (the fail-safe).
 */
import { emit, emitText, type Scope } from './emit.js';
import { isNullSchema, isObject, keyOf, looseSame, ptr, put, same, someString } from './json.js';
import { hasHidden } from './text.js';
import {
  boundChange, DIRECTION_KINDS, KNOWN_KEYWORDS, MAX_KEYWORDS, MIN_KEYWORDS, multipleOfChange, OPAQUE_KEYWORDS,
  OPERATION_SELECTORS, OTHER_KNOWN, STRING_CONSTRAINTS, type BoundChange, type SchemaDirection,
} from './schema-keywords.js';
import { branchKey, normalizeSchema } from './normalize.js';
import { diffArray, diffObject } from './schema-object.js';
import type { JsonObject } from './types.js';
import type { SchemaCtx } from './schema-ctx.js';

export const MAX_DEPTH = 32;
export const MAX_PAIRS = 10_000;

export type { SchemaCtx } from './schema-ctx.js';

export function schemaCtx(scope: Scope, dir: SchemaDirection, readOnly: boolean): SchemaCtx {
  return { scope, dir, k: DIRECTION_KINDS[dir], readOnly, pairs: 0, diff: diffSchema };
}

/** Splits nullability off a schema: `type: [T, "null"]`, a `{type:"null"}` union branch, or `nullable: true`. */
export function stripNull(s: JsonObject): { schema: JsonObject; nullable: boolean } {
  const t = s['type'];
  // With an enum or const beside it, `type: [T, "null"]` need not admit null: not a nullable wrap.
  if (Array.isArray(t) && t.includes('null') && t.length > 1 && s['enum'] === undefined && !('const' in s)) {
    const rest = t.filter((x) => x !== 'null');
    return { schema: { ...s, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  if (s['nullable'] === true) {
    const { nullable: _drop, ...rest } = s;
    return { schema: rest, nullable: true };
  }
  for (const kw of ['anyOf', 'oneOf'] as const) {
    const br = s[kw];
    if (!Array.isArray(br) || br.length < 2) continue;
    const i = br.findIndex((b) => isNullSchema(b));
    if (i < 0) continue;
    const kept = br.filter((_, j) => j !== i);
    const { [kw]: _u, ...parent } = s;
    const only: unknown = kept[0];
    if (kept.length === 1 && isObject(only)) {
      const merged: Record<string, unknown> = { ...parent };
      let clash = false;
      for (const [key, val] of Object.entries(only)) {
        const to = branchKey(key);
        if (Object.hasOwn(merged, to) && !same(merged[to], val)) clash = true;
        put(merged, to, val);
      }
      if (!clash) return { schema: merged, nullable: true };
    }
    return { schema: { ...parent, [kw]: kept }, nullable: true };
  }
  return { schema: s, nullable: false };
}

const typesOf = (s: JsonObject): string[] | undefined => {
  const t = s['type'];
  if (typeof t === 'string') return [t];
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : undefined;
};

const enumOf = (s: JsonObject): readonly unknown[] | undefined =>
  Array.isArray(s['enum']) ? s['enum'] : 'const' in s ? [s['const']] : undefined;

/** Diffs schema `a` against `b` at `path`; `prop` is the property name this schema belongs to. */
export function diffSchema(a: unknown, b: unknown, path: string, depth: number, ctx: SchemaCtx, prop?: string): void {
  if (looseSame(a, b)) return;
  const { scope, k } = ctx;
  if (++ctx.pairs > MAX_PAIRS || depth > MAX_DEPTH) {
    emit(scope, k.unclassified, path, a, b, { long: true, details: { reason: 'node budget or depth cap exceeded' } });
    return;
  }
  if (!isObject(a) || !isObject(b)) {
    const kind = a === false && isObject(b) ? k.loosened : b === false && isObject(a) ? k.tightened : k.unclassified;
    emit(scope, kind, path, a, b, { long: kind === k.unclassified });
    return;
  }
  const start = scope.out.length;
  const na = stripNull(a);
  const nb = stripNull(b);
  if (na.nullable !== nb.nullable) emit(scope, na.nullable ? k.nullRemoved : k.nullAdded, path, a['type'] ?? null, b['type'] ?? null);
  const A = na.schema;
  const B = nb.schema;
  if (looseSame(A, B)) return;
  const textFamily = ctx.dir === 'input' ? 'param-description' : 'output-description';
  emitText(scope, textFamily, ptr(path, 'description'), A['description'], B['description']);
  emitText(scope, ctx.dir === 'input' ? 'param-title' : 'output-description', ptr(path, 'title'), A['title'], B['title']);
  const branch = `${path}/anyOf/0`;
  emitText(scope, textFamily, ptr(branch, 'description'), A['$branchDescription'], B['$branchDescription']);
  emitText(scope, ctx.dir === 'input' ? 'param-title' : 'output-description', ptr(branch, 'title'), A['$branchTitle'], B['$branchTitle']);
  if (A['$schema'] !== B['$schema']) emit(scope, 'schema-dialect-changed', ptr(path, '$schema'), A['$schema'], B['$schema']);

  // A union added, removed or switched, or an incompatible type, is reported at its keyword; the
  // node's own keywords and properties are still diffed, so none of their changes vanish.
  diffUnions(A, B, path, depth, ctx);
  diffType(A, B, path, ctx);
  diffEnum(A, B, path, ctx, prop);
  diffConstraints(A, B, path, ctx);
  diffObject(A, B, path, depth, ctx);
  diffArray(A, B, path, depth, ctx);
  diffMisc(A, B, path, ctx);
  if (scope.out.length === start) emit(scope, k.unclassified, path, a, b, { long: true });
}

/**
 * Internal `$ref` targets (root `$defs` / `definitions`) are also diffed where they are defined
 * too: N7 inlines them, so each referencing path reports the change; this reports it once
 * more at the target itself. Each target is normalised in the context of its definitions, at depth
 * 1 (a property added inside a definition is never a top-level parameter).
 */
export function diffDefinitions(a: unknown, b: unknown, base: string, ctx: SchemaCtx): void {
  if (!isObject(a) || !isObject(b)) return;
  for (const kw of ['$defs', 'definitions'] as const) {
    const da = a[kw];
    const db = b[kw];
    if (!isObject(da) || !isObject(db) || same(da, db)) continue;
    for (const name of Object.keys(da)) {
      if (!Object.hasOwn(db, name) || same(da[name], db[name])) continue;
      const view = (defs: unknown): unknown => normalizeSchema({ [kw]: defs, $ref: `#${ptr(`/${kw}`, name)}` }).schema;
      diffSchema(view(da), view(db), ptr(ptr(base, kw), name), 1, ctx);
    }
  }
}

/** anyOf / oneOf as multisets (§9); allOf equal-or-unclassified. A union added, removed or switched is unclassified at its keyword. */
function diffUnions(A: JsonObject, B: JsonObject, path: string, depth: number, ctx: SchemaCtx): void {
  const { scope, k } = ctx;
  const kinds = ['anyOf', 'oneOf'] as const;
  for (const kw of kinds) {
    const ua = A[kw];
    const ub = B[kw];
    if (ua === undefined && ub === undefined) continue;
    if (!Array.isArray(ua) || !Array.isArray(ub)) {
      emit(scope, k.unclassified, ptr(path, kw), ua, ub, { long: true, details: { reason: 'union added, removed or switched' } });
      continue;
    }
    const branchesA: readonly unknown[] = ua;
    const branchesB: readonly unknown[] = ub;
    const countA = new Map<string, number>();
    for (const x of branchesA) countA.set(keyOf(x), (countA.get(keyOf(x)) ?? 0) + 1);
    const added: number[] = [];
    branchesB.forEach((x, i) => {
      const n = countA.get(keyOf(x)) ?? 0;
      if (n > 0) countA.set(keyOf(x), n - 1);
      else added.push(i);
    });
    const removed = branchesA.filter((x) => {
      const n = countA.get(keyOf(x)) ?? 0;
      if (n > 0) { countA.set(keyOf(x), n - 1); return true; }
      return false;
    });
    // As many branches removed as added, pairwise of the same type in served order (one edited
    // branch, or an edit inside a $ref target several branches share): diff each pair, so the change
    // is reported with its own kind at each referencing path.
    const pairs = removed.length === added.length && removed.every((r, j) => {
      const x = branchesB[added[j] ?? -1];
      return isObject(r) && isObject(x) && same(r['type'], x['type']);
    });
    if (pairs) {
      removed.forEach((r, j) => { const i = added[j] ?? 0; diffSchema(r, branchesB[i], ptr(ptr(path, kw), i), depth + 1, ctx); });
      continue;
    }
    if (added.length > 0) emit(scope, k.loosened, ptr(path, kw), undefined, added.map((i) => branchesB[i]), { long: true, details: { keyword: kw } });
    if (removed.length > 0) emit(scope, k.tightened, ptr(path, kw), removed, undefined, { long: true, details: { keyword: kw } });
  }
  const xa = A['allOf'];
  const xb = B['allOf'];
  if ((xa !== undefined || xb !== undefined) && !sameMultiset(xa, xb)) {
    emit(scope, k.unclassified, ptr(path, 'allOf'), xa, xb, { long: true });
  }
}

function sameMultiset(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return same(a, b);
  const ka = a.map((x) => keyOf(x)).sort();
  const kb = b.map((x) => keyOf(x)).sort();
  return ka.every((x, i) => x === kb[i]);
}

/** `type` as a set with integer ⊂ number. An incompatible change is param-type-changed. */
function diffType(A: JsonObject, B: JsonObject, path: string, ctx: SchemaCtx): void {
  const ta = typesOf(A);
  const tb = typesOf(B);
  if (ta === undefined && tb === undefined) return;
  const at = ptr(path, 'type');
  if (ta === undefined) { emit(ctx.scope, ctx.k.typeNarrowed, at, undefined, B['type']); return; }
  if (tb === undefined) { emit(ctx.scope, ctx.k.typeWidened, at, A['type'], undefined); return; }
  const rem = ta.filter((t) => !tb.includes(t) && !(t === 'integer' && tb.includes('number')));
  const add = tb.filter((t) => !ta.includes(t) && !(t === 'integer' && ta.includes('number')));
  if (rem.length === 0 && add.length === 0) return; // e.g. [integer, number] ≡ number
  if (rem.length === 0) { emit(ctx.scope, ctx.k.typeWidened, at, A['type'], B['type']); return; }
  if (add.length === 0) { emit(ctx.scope, ctx.k.typeNarrowed, at, A['type'], B['type']); return; }
  emit(ctx.scope, ctx.k.typeChanged, at, A['type'], B['type']);
}

function diffEnum(A: JsonObject, B: JsonObject, path: string, ctx: SchemaCtx, prop: string | undefined): void {
  const ea = enumOf(A);
  const eb = enumOf(B);
  const { scope, k } = ctx;
  const kw = Array.isArray(B['enum']) || Array.isArray(A['enum']) ? 'enum' : 'const';
  const at = ptr(path, kw);
  if (ea === undefined && eb === undefined) return;
  if (ea === undefined) { emit(scope, k.enumConstraintAdded, at, undefined, eb); return; }
  if (eb === undefined) { emit(scope, k.enumConstraintRemoved, at, ea, undefined); return; }
  const keysA = new Set(ea.map((x) => keyOf(x)));
  const keysB = new Set(eb.map((x) => keyOf(x)));
  const added = eb.filter((x) => !keysA.has(keyOf(x)));
  let removed = ea.filter((x) => !keysB.has(keyOf(x)));
  const addedLeft: unknown[] = [];
  for (const x of added) {
    const i = ctx.dir === 'input' && typeof x === 'string'
      ? removed.findIndex((r) => typeof r === 'string' && r.toLowerCase() === x.toLowerCase()) : -1;
    if (i >= 0) {
      emit(scope, 'enum-value-case-changed', at, removed[i], x);
      removed = removed.filter((_, j) => j !== i);
    } else addedLeft.push(x);
  }
  const selector = prop !== undefined && OPERATION_SELECTORS.has(prop);
  for (const x of addedLeft) {
    const severity = ctx.dir === 'input' && (selector || !ctx.readOnly) ? 'high' : undefined;
    emit(scope, k.enumAdded, at, undefined, x, severity !== undefined ? { severity } : {});
    if (someString(x, hasHidden)) emit(scope, 'hidden-characters-added', at, undefined, x);
  }
  for (const x of removed) emit(scope, k.enumRemoved, at, x, undefined);
  if (added.length === 0 && removed.length === 0 && !same(ea, eb) && keysA.size === keysB.size) {
    emit(scope, 'enum-reordered', at, ea, eb);
  }
}

function emitBound(ctx: SchemaCtx, change: BoundChange, at: string, a: unknown, b: unknown, keyword: string): void {
  const kind = change === 'tightened' ? ctx.k.tightened : change === 'loosened' ? ctx.k.loosened : ctx.k.undecidable;
  emit(ctx.scope, kind, at, a, b, { details: { keyword } });
}

function diffConstraints(A: JsonObject, B: JsonObject, path: string, ctx: SchemaCtx): void {
  for (const kw of MIN_KEYWORDS) if (!same(A[kw], B[kw])) emitBound(ctx, boundChange(A[kw], B[kw], true), ptr(path, kw), A[kw], B[kw], kw);
  for (const kw of MAX_KEYWORDS) if (!same(A[kw], B[kw])) emitBound(ctx, boundChange(A[kw], B[kw], false), ptr(path, kw), A[kw], B[kw], kw);
  for (const kw of STRING_CONSTRAINTS) {
    if (same(A[kw], B[kw])) continue;
    const c: BoundChange = A[kw] === undefined ? 'tightened' : B[kw] === undefined ? 'loosened' : 'undecidable';
    emitBound(ctx, c, ptr(path, kw), A[kw], B[kw], kw);
  }
  if (!same(A['multipleOf'], B['multipleOf'])) emitBound(ctx, multipleOfChange(A['multipleOf'], B['multipleOf']), ptr(path, 'multipleOf'), A['multipleOf'], B['multipleOf'], 'multipleOf');
  if (A['uniqueItems'] !== B['uniqueItems']) emitBound(ctx, B['uniqueItems'] === true ? 'tightened' : 'loosened', ptr(path, 'uniqueItems'), A['uniqueItems'], B['uniqueItems'], 'uniqueItems');
  const pa = A['propertyNames'];
  const pb = B['propertyNames'];
  if (!same(pa, pb)) {
    if (pa === undefined || pb === undefined) emitBound(ctx, pa === undefined ? 'tightened' : 'loosened', ptr(path, 'propertyNames'), pa, pb, 'propertyNames');
    else emit(ctx.scope, ctx.k.unclassified, ptr(path, 'propertyNames'), pa, pb, { long: true });
  }
}

const UNCLASSIFIED_KEYWORDS: ReadonlySet<string> = new Set<string>([...OPAQUE_KEYWORDS, ...OTHER_KNOWN]);
/** Keywords with their own rule elsewhere in this file (or schema-object.ts). */
const HANDLED_HERE: ReadonlySet<string> = new Set([...KNOWN_KEYWORDS].filter((x) => !UNCLASSIFIED_KEYWORDS.has(x)));

/** default, deprecated, opaque keywords, annotation-like keywords and unknown / vendor keywords. */
function diffMisc(A: JsonObject, B: JsonObject, path: string, ctx: SchemaCtx): void {
  const { scope, k } = ctx;
  const input = ctx.dir === 'input';
  const da = A['default'];
  const db = B['default'];
  if (!same(da, db)) {
    const kind = !input ? k.unclassified : da === undefined ? 'default-added' : db === undefined ? 'default-removed' : 'default-changed';
    emit(scope, kind, ptr(path, 'default'), da, db);
  }
  if ((A['deprecated'] === true) !== (B['deprecated'] === true)) {
    const kind = !input ? k.unclassified : B['deprecated'] === true ? 'param-deprecated' : 'param-deprecation-removed';
    emit(scope, kind, ptr(path, 'deprecated'), A['deprecated'], B['deprecated']);
  }
  const visit = (key: string): void => {
    if (HANDLED_HERE.has(key) || same(A[key], B[key])) return;
    if (UNCLASSIFIED_KEYWORDS.has(key)) emit(scope, k.unclassified, ptr(path, key), A[key], B[key], { long: true });
    else if (!KNOWN_KEYWORDS.has(key)) {
      emit(scope, 'schema-keyword-unrecognized-changed', ptr(path, key), A[key], B[key],
        { details: { keyword: key }, ...(key === 'x-mcp-header' ? { severity: 'high' } : {}) });
    }
  };
  for (const key in A) visit(key);
  for (const key in B) if (!(key in A)) visit(key);
}
