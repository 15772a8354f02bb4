/**
 * Objects and arrays for the schema differ (§7.C, §9): properties with rename heuristics,
 * requiredness, the open / closed content model (`additionalProperties`), `items` and tuples.
 * Guards G-P1–G-P4 decide whether a new top-level optional parameter keeps its AUTO kind.
 */
import { emit, type Scope } from './emit.js';
import { isObject, keyOf, ptr, same, someString } from './json.js';
import { styleSkeleton } from './names.js';
import { firstUnrecognizedKeyword } from './schema-keywords.js';
import type { SchemaCtx } from './schema-ctx.js';
import { instructionPattern } from './instructions.js';
import { hasHidden } from './text.js';
import type { JsonObject } from './types.js';

const EMPTY: JsonObject = {};
const propsOf = (s: JsonObject): JsonObject => (isObject(s['properties']) ? s['properties'] : EMPTY);
const requiredOf = (s: JsonObject): ReadonlySet<string> =>
  new Set(Array.isArray(s['required']) ? s['required'].filter((x): x is string => typeof x === 'string') : []);

/** Root keywords that can make a property required conditionally (guard G-P2). */
const CONDITIONAL = ['dependentRequired', 'dependentSchemas', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf'] as const;

export function diffObject(A: JsonObject, B: JsonObject, path: string, depth: number, ctx: SchemaCtx): void {
  const pa = propsOf(A);
  const pb = propsOf(B);
  const ra = requiredOf(A);
  const rb = requiredOf(B);
  const props = ptr(path, 'properties');
  const removed = Object.keys(pa).filter((n) => !Object.hasOwn(pb, n));
  let added = Object.keys(pb).filter((n) => !Object.hasOwn(pa, n));
  const pairs: [string, string, 'param-renamed-style-only' | 'param-renamed-probable'][] = [];
  if (ctx.dir === 'input' && removed.length > 0 && added.length > 0) {
    for (const r of removed) {
      const sk = styleSkeleton(r);
      const hits = added.filter((n) => styleSkeleton(n) === sk);
      if (hits.length === 1 && removed.filter((x) => styleSkeleton(x) === sk).length === 1 && hits[0] !== undefined) pairs.push([r, hits[0], 'param-renamed-style-only']);
    }
    const restR = removed.filter((r) => !pairs.some((p) => p[0] === r));
    const restA = added.filter((n) => !pairs.some((p) => p[1] === n));
    const r = restR[0];
    const n = restA[0];
    if (restR.length === 1 && restA.length === 1 && r !== undefined && n !== undefined && probableRename(pa[r], pb[n]) && ra.has(r) === rb.has(n)) {
      pairs.push([r, n, 'param-renamed-probable']);
    }
  }
  for (const [r, n, kind] of pairs) {
    const at = ptr(props, n);
    emit(ctx.scope, kind, at, r, n, { details: { renamedFrom: ptr(props, r) } });
    ctx.diff(pa[r], pb[n], at, depth + 1, ctx, n);
    if (ra.has(r) !== rb.has(n)) emit(ctx.scope, rb.has(n) ? ctx.k.madeRequired : ctx.k.madeOptional, at, r, n);
  }
  const renamedFrom = new Set(pairs.map((p) => p[0]));
  const renamedTo = new Set(pairs.map((p) => p[1]));
  added = added.filter((n) => !renamedTo.has(n));
  for (const r of removed) {
    if (renamedFrom.has(r)) continue;
    const severity = ctx.dir === 'output' && ra.has(r) ? 'high' : undefined;
    emit(ctx.scope, ctx.k.propRemoved, ptr(props, r), pa[r], undefined, severity !== undefined ? { severity } : {});
  }
  for (const n of added) addedProperty(n, pb[n], A, B, rb, ptr(props, n), depth, ctx);
  for (const n of Object.keys(pa)) {
    if (!Object.hasOwn(pb, n)) continue;
    ctx.diff(pa[n], pb[n], ptr(props, n), depth + 1, ctx, n);
    if (ra.has(n) !== rb.has(n)) emit(ctx.scope, rb.has(n) ? ctx.k.madeRequired : ctx.k.madeOptional, ptr(path, 'required'), ra.has(n) ? n : undefined, rb.has(n) ? n : undefined);
  }
  for (const n of new Set([...ra, ...rb])) {
    if (Object.hasOwn(pa, n) || Object.hasOwn(pb, n) || ra.has(n) === rb.has(n)) continue;
    emit(ctx.scope, rb.has(n) ? ctx.k.madeRequired : ctx.k.madeOptional, ptr(path, 'required'), ra.has(n) ? n : undefined, rb.has(n) ? n : undefined);
  }
  diffAdditional(A['additionalProperties'], B['additionalProperties'], ptr(path, 'additionalProperties'), depth, ctx);
}

function probableRename(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b)) return same(a, b);
  return same(a['type'], b['type']) && same(a['description'], b['description']);
}

/** A property present only in the new schema: param-added-optional iff guards G-P1–G-P4 hold. */
function addedProperty(name: string, schema: unknown, A: JsonObject, B: JsonObject, rb: ReadonlySet<string>, at: string, depth: number, ctx: SchemaCtx): void {
  const scope: Scope = ctx.scope;
  const hidden = hasHidden(name) || someString(schema, hasHidden);
  const held = (kind: 'output-property-added' | 'param-added-required' | 'nested-property-added-optional', details?: Readonly<Record<string, string>>): void => {
    emit(scope, kind, at, undefined, schema, details !== undefined ? { details } : {});
    if (hidden) emit(scope, 'hidden-characters-added', at, undefined, schema);
  };
  if (ctx.dir === 'output') { held('output-property-added'); return; }
  if (rb.has(name)) { held('param-added-required'); return; }
  if (depth !== 0) { held('nested-property-added-optional', { guard: 'G-P1' }); return; }
  const quoted = JSON.stringify(name);
  const conditional = CONDITIONAL.find((kw) => B[kw] !== undefined && keyOf(B[kw]).includes(quoted));
  if (conditional !== undefined) {
    held('param-added-required', { guard: 'G-P2', keyword: conditional });
    return;
  }
  // A partially open model (§12.3): the name was already accepted and checked by a patternProperties or
  // additionalProperties schema; now its own schema applies, so diff what a value of it must satisfy.
  const start = scope.out.length;
  for (const before of coveredBefore(name, A)) ctx.diff(before, schema, at, depth + 1, ctx, name);
  let failed = scope.out.length > start;
  const unknownKeyword = firstUnrecognizedKeyword(schema);
  if (unknownKeyword !== undefined) {
    failed = true;
    emit(scope, 'schema-keyword-unrecognized-changed', at, undefined, schema,
      { details: { guard: 'G-P3', keyword: unknownKeyword }, ...(unknownKeyword === 'x-mcp-header' ? { severity: 'high' } : {}) });
  }
  if (hidden) {
    failed = true;
    emit(scope, 'hidden-characters-added', at, undefined, schema, { details: { guard: 'G-P4' } });
  }
  const order = firstInstruction(schema);
  if (order !== undefined) {
    failed = true;
    emit(scope, 'param-added-instructive', at, undefined, schema, { full: true, details: { guard: 'G-P5', pattern: order } });
  }
  if (!failed) emit(scope, 'param-added-optional', at, undefined, schema);
}

/** G-P5: the first imperative instruction pattern in any model-visible text of a new parameter. */
export function firstInstruction(v: unknown): string | undefined {
  let found: string | undefined;
  someString(v, (s) => (found = instructionPattern(s)) !== undefined);
  return found;
}

/**
 * The old schemas a value under `name` had to satisfy while it was not a declared property: every
 * matching `patternProperties` schema, else a schema-form `additionalProperties`. An open (absent,
 * true) or closed (false) model gives none: adding an optional parameter there stays AUTO.
 */
function coveredBefore(name: string, A: JsonObject): unknown[] {
  const out: unknown[] = [];
  const patterns = A['patternProperties'];
  if (isObject(patterns)) {
    for (const [pattern, s] of Object.entries(patterns)) if (matches(pattern, name)) out.push(s);
  }
  const extra = A['additionalProperties'];
  if (out.length === 0 && isObject(extra)) out.push(extra);
  return out;
}

/** ECMA-262 `pattern` test; a pattern JavaScript cannot compile counts as matching (fail-safe). */
function matches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(name);
  } catch {
    return true;
  }
}

/** Open (absent) → closed (false) tightens; schema form is diffed as map values. */
function diffAdditional(a: unknown, b: unknown, at: string, depth: number, ctx: SchemaCtx): void {
  if (same(a, b)) return;
  if (isObject(a) && isObject(b)) { ctx.diff(a, b, at, depth + 1, ctx); return; }
  const tighter = a === undefined || (isObject(a) && b === false);
  emit(ctx.scope, tighter ? ctx.k.tightened : ctx.k.loosened, at, a, b, { details: { keyword: 'additionalProperties' } });
}

export function diffArray(A: JsonObject, B: JsonObject, path: string, depth: number, ctx: SchemaCtx): void {
  for (const kw of ['items', 'prefixItems'] as const) {
    const ia = A[kw];
    const ib = B[kw];
    if (same(ia, ib)) continue;
    const at = ptr(path, kw);
    if (Array.isArray(ia) && Array.isArray(ib)) {
      if (ia.length !== ib.length) emit(ctx.scope, ctx.k.unclassified, at, ia, ib, { long: true, details: { reason: 'tuple length changed' } });
      else ia.forEach((x, i) => ctx.diff(x, ib[i], ptr(at, i), depth + 1, ctx));
    } else if (isObject(ia) && isObject(ib)) ctx.diff(ia, ib, at, depth + 1, ctx);
    else if (ia === undefined && ib !== undefined) emit(ctx.scope, ctx.k.tightened, at, undefined, ib, { details: { keyword: kw } });
    else if (ib === undefined && ia !== undefined) emit(ctx.scope, ctx.k.loosened, at, ia, undefined, { details: { keyword: kw } });
    else emit(ctx.scope, ctx.k.unclassified, at, ia, ib, { long: true });
  }
}
