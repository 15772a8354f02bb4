/**
 * Schema normalisations, semantic no-ops applied before diffing:
 * N4 set-valued arrays sorted and de-duplicated; N5 trivial equivalents dropped; N6 pure
 * two-branch null wraps folded into `type: [T, "null"]`; N7 internal `$ref` / `$anchor` inlined
 * with a cycle guard; N8 ±MAX_SAFE_INTEGER bounds dropped. N1 (key order) is `keyOf`; N2 and N3
 * live with the tool set and annotations. External refs are never fetched.
 */
import { isNullSchema, isObject, keyOf, put, same } from './json.js';
import { collectAnchors, decodeFragment, resolvePointer } from './ref.js';
import type { JsonObject } from './types.js';

export interface NormalizedSchema {
  /** The normalised schema (`undefined` when the source had none). */
  readonly schema: unknown;
  /** Internal references that did not resolve (→ input-schema-invalid). */
  readonly unresolved: readonly string[];
  /** The node budget or depth cap was exceeded; the schema was not fully normalised. */
  readonly overBudget: boolean;
}

export const NODE_BUDGET = 10_000;
const DEPTH_CAP = 48;

const MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'dependentSchemas']);
const ONE_KEYWORDS = new Set([
  'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames',
  'unevaluatedProperties', 'unevaluatedItems', 'contentSchema',
]);
const LIST_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const ZERO_DROPS = new Set(['minLength', 'minItems', 'minProperties']);
const DEFS = new Set(['$defs', 'definitions']);

interface Ctx {
  readonly root: unknown;
  anchors: Map<string, unknown> | undefined;
  readonly unresolved: string[];
  readonly stack: string[];
  nodes: number;
  overBudget: boolean;
  /** Raw targets of the internal references that were inlined (N7). */
  readonly inlined: Set<unknown>;
  /** Every `$defs` / `definitions` object met (pass 1). */
  readonly defs: JsonObject[];
  /**
   * Pass 2 only: the targets inlined by pass 1. A definition that was inlined is dropped (its content
   * now sits at the reference); any other definition is kept and normalised, because its text still
   * reaches the model and a change there must not compare equal.
   */
  readonly keep: ReadonlySet<unknown> | undefined;
}

const newCtx = (root: unknown, keep: ReadonlySet<unknown> | undefined): Ctx =>
  ({ root, anchors: undefined, unresolved: [], stack: [], nodes: 0, overBudget: false, inlined: new Set(), defs: [], keep });

const cache = new WeakMap<object, NormalizedSchema>();

/** Normalises one tool's input or output schema (memoised per source object). */
export function normalizeSchema(schema: unknown): NormalizedSchema {
  if (typeof schema === 'object' && schema !== null) {
    const hit = cache.get(schema);
    if (hit !== undefined) return hit;
  }
  let ctx = newCtx(schema, undefined);
  let result = node(schema, ctx, 0);
  // Pass 2 only when some definition was not inlined (rare): keep those definitions.
  const inlined = ctx.inlined;
  if (ctx.defs.some((d) => Object.values(d).some((x) => !inlined.has(x)))) {
    ctx = newCtx(schema, inlined);
    result = node(schema, ctx, 0);
  }
  const out: NormalizedSchema = { schema: result, unresolved: ctx.unresolved, overBudget: ctx.overBudget };
  if (typeof schema === 'object' && schema !== null) cache.set(schema, out);
  return out;
}

const uniqSorted = (xs: readonly unknown[]): readonly unknown[] => {
  let ordered = true;
  for (let i = 1; i < xs.length && ordered; i++) {
    const a = xs[i - 1];
    const b = xs[i];
    ordered = typeof a === 'string' && typeof b === 'string' && a < b;
  }
  if (ordered && (xs.length !== 1 || typeof xs[0] === 'string')) return xs;
  if (xs.every((x) => typeof x === 'string')) return [...new Set(xs)].sort();
  const seen = new Map<string, unknown>();
  for (const x of xs) seen.set(keyOf(x), x);
  return [...seen.keys()].sort().map((k) => seen.get(k));
};

/** Marks a member that normalisation removes. */
const DROP: unique symbol = Symbol('drop');

/** Normalises a map of subschemas (properties …); returns the same object when nothing changed. */
function mapOf(x: JsonObject, ctx: Ctx, depth: number, arrays: boolean): Record<string, unknown> | JsonObject {
  let out: Record<string, unknown> | undefined;
  const keys = Object.keys(x);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] ?? '';
    const pv = x[k];
    const n = arrays ? (Array.isArray(pv) ? uniqSorted(pv) : pv) : node(pv, ctx, depth + 1);
    if (n !== pv && out === undefined) {
      out = {};
      for (let j = 0; j < i; j++) { const kj = keys[j] ?? ''; put(out, kj, x[kj]); }
    }
    if (out !== undefined) put(out, k, n);
  }
  return out ?? x;
}

function listOf(x: readonly unknown[], ctx: Ctx, depth: number): readonly unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < x.length; i++) {
    const n = node(x[i], ctx, depth + 1);
    if (n !== x[i] && out === undefined) out = x.slice(0, i);
    if (out !== undefined) out.push(n);
  }
  return out ?? x;
}

const isEmpty = (v: unknown): boolean => isObject(v) && Object.keys(v).length === 0;

/** `$defs` / `definitions`: drop what was inlined, keep (normalised) what was not. */
function defsMember(x: unknown, ctx: Ctx, depth: number): unknown {
  if (!isObject(x)) return x;
  const keep = ctx.keep;
  if (keep === undefined) {
    ctx.defs.push(x);
    return DROP;
  }
  const out: Record<string, unknown> = {};
  let any = false;
  for (const [name, d] of Object.entries(x)) {
    if (keep.has(d)) continue;
    put(out, name, node(d, ctx, depth + 1));
    any = true;
  }
  return any ? out : DROP;
}

/** N8 applies to integer bounds only (`type: "integer"`, possibly nullable). */
const isIntegerTyped = (t: unknown): boolean =>
  t === 'integer' || (Array.isArray(t) && t.includes('integer') && t.every((x) => x === 'integer' || x === 'null'));

function member(k: string, x: unknown, ctx: Ctx, depth: number, parent: JsonObject): unknown {
  if (x === undefined) return DROP;
  if (DEFS.has(k)) return defsMember(x, ctx, depth);
  if (MAP_KEYWORDS.has(k) && isObject(x)) {
    const m = mapOf(x, ctx, depth, false);
    return k === 'properties' && isEmpty(m) ? DROP : m;
  }
  if (ONE_KEYWORDS.has(k)) {
    if (k === 'additionalProperties' && x === true) return DROP;
    const n = node(x, ctx, depth + 1);
    return k === 'additionalProperties' && isEmpty(n) ? DROP : n;
  }
  if (k === 'items') return Array.isArray(x) ? listOf(x, ctx, depth) : node(x, ctx, depth + 1);
  if (LIST_KEYWORDS.has(k) && Array.isArray(x)) return listOf(x, ctx, depth);
  if (k === 'required' && Array.isArray(x)) return x.length === 0 ? DROP : uniqSorted(x);
  if (k === 'type' && Array.isArray(x)) {
    const t = uniqSorted(x);
    return t.length === 1 ? t[0] : t;
  }
  if (k === 'dependentRequired' && isObject(x)) return mapOf(x, ctx, depth, true);
  if ((ZERO_DROPS.has(k) && x === 0) || (k === 'uniqueItems' && x === false)) return DROP;
  if (((k === 'minimum' && x === -Number.MAX_SAFE_INTEGER) || (k === 'maximum' && x === Number.MAX_SAFE_INTEGER)) && isIntegerTyped(parent['type'])) return DROP;
  return x;
}

/** Copy-on-write: an already-normal node is returned as is (no allocation). */
function node(v: unknown, ctx: Ctx, depth: number): unknown {
  if (v === true) return {};
  if (!isObject(v)) return v;
  if (++ctx.nodes > NODE_BUDGET || depth > DEPTH_CAP) {
    ctx.overBudget = true;
    return v;
  }
  const ref = v['$ref'];
  if (typeof ref === 'string' && ref.startsWith('#')) return inlineRef(v, ref, ctx, depth);
  let o: Record<string, unknown> | undefined;
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] ?? '';
    const x = v[k];
    const n = member(k, x, ctx, depth, v);
    if (n !== x && o === undefined) {
      o = {};
      for (let j = 0; j < i; j++) { const kj = keys[j] ?? ''; put(o, kj, v[kj]); }
    }
    if (o !== undefined && n !== DROP) put(o, k, n);
  }
  return foldNullWrap(o ?? v);
}

/**
 * Where a description sits is deliberately not normalised (§4): a folded branch keeps its
 * description and title under these keys, so dropping the outer copy is still a delta.
 */
const BRANCH_TEXT: Readonly<Record<string, string>> = { description: '$branchDescription', title: '$branchTitle' };
/** The key a folded branch member gets (own members of BRANCH_TEXT only: never `toString`, `__proto__` …). */
export const branchKey = (k: string): string => (Object.hasOwn(BRANCH_TEXT, k) ? BRANCH_TEXT[k] ?? k : k);

/**
 * Branch keywords that also judge a null instance: folding a branch that has one of them into
 * `type: [T, "null"]` would change what null does (e.g. `enum: [a, b]` rejects null, the wrap accepts it).
 */
const NULL_APPLICABLE = ['enum', 'const', 'not', 'if', 'then', 'else', 'anyOf', 'oneOf', 'allOf', '$ref', '$dynamicRef', '$recursiveRef', '$cycle'] as const;

/** N6: `anyOf|oneOf: [X, {type:"null"}]` with a typed X and no conflicting keys → X with `null` added to its type. */
function foldNullWrap(o: JsonObject): JsonObject {
  const kw = Array.isArray(o['anyOf']) ? 'anyOf' : Array.isArray(o['oneOf']) ? 'oneOf' : undefined;
  if (kw === undefined || o['type'] !== undefined || (kw === 'anyOf' && o['oneOf'] !== undefined)) return o;
  const branches = o[kw];
  if (!Array.isArray(branches) || branches.length !== 2) return o;
  const ni = branches.findIndex((b) => isNullSchema(b));
  const x: unknown = branches[1 - ni];
  if (ni < 0 || !isObject(x)) return o;
  const t = x['type'];
  if (t === undefined || NULL_APPLICABLE.some((kw) => kw in x)) return o;
  const merged: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(o)) if (k !== kw) put(merged, k, val);
  for (const [k, val] of Object.entries(x)) {
    const key = branchKey(k);
    if (Object.hasOwn(merged, key) && !same(merged[key], val)) return o;
    put(merged, key, val);
  }
  const types: readonly unknown[] = Array.isArray(t) ? t : [t];
  merged['type'] = uniqSorted([...types, 'null']);
  return merged;
}

/** N7: inline an internal reference; a reference already being expanded becomes `{$cycle: distance}`. */
function inlineRef(v: JsonObject, ref: string, ctx: Ctx, depth: number): unknown {
  const at = ctx.stack.lastIndexOf(ref);
  if (at >= 0) return { $cycle: ctx.stack.length - at };
  const target = resolve(ref, ctx);
  if (target === undefined) {
    ctx.unresolved.push(ref);
    return v;
  }
  ctx.inlined.add(target);
  ctx.stack.push(ref);
  const inlined = node(target, ctx, depth + 1);
  const siblings: Record<string, unknown> = {};
  let hasSiblings = false;
  for (const [k, x] of Object.entries(v)) if (k !== '$ref') { put(siblings, k, x); hasSiblings = true; }
  const rest = hasSiblings ? node(siblings, ctx, depth) : undefined;
  ctx.stack.pop();
  if (!isObject(rest)) return inlined;
  if (isObject(inlined) && mergeable(inlined, rest)) return { ...inlined, ...rest };
  // In 2020-12 the reference and its siblings both apply: keep both rather than let one overwrite the other.
  const own: readonly unknown[] = Array.isArray(rest['allOf']) ? rest['allOf'] : [];
  return { ...rest, allOf: [...own, inlined] };
}

/** Keywords whose meaning depends on their neighbours in the same schema (properties ↔ additionalProperties …). */
const ADJACENT = new Set([
  'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'items', 'prefixItems',
  'additionalItems', 'unevaluatedItems', 'contains', 'minContains', 'maxContains', 'if', 'then', 'else',
]);

/**
 * `{...target, ...siblings}` means the same as applying both only when no sibling restates a keyword
 * of the target with another value and no neighbour-dependent keyword meets one on the other side.
 */
function mergeable(target: JsonObject, siblings: JsonObject): boolean {
  let adjacent = false;
  for (const k of Object.keys(siblings)) {
    if (Object.hasOwn(target, k) && !same(target[k], siblings[k])) return false;
    if (ADJACENT.has(k)) adjacent = true;
  }
  return !adjacent || !Object.keys(target).some((k) => ADJACENT.has(k));
}

function resolve(ref: string, ctx: Ctx): unknown {
  if (ref === '#') return ctx.root;
  if (ref.startsWith('#/')) return resolvePointer(ctx.root, ref);
  ctx.anchors ??= collectAnchors(ctx.root, DEPTH_CAP);
  const anchor = decodeFragment(ref.slice(1));
  return anchor === undefined ? undefined : ctx.anchors.get(anchor);
}
