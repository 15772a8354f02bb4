/**
 * The tool set (§7.A): tools keyed by name (N2), duplicates reported, removed / added tools paired
 * by the rename heuristics (case, style, NFKC, identical contract), and guards G-T1–G-T4 on every
 * tool that stays `tool-added`.
 */
import { effectiveAnnotations, isHintOfWrongType } from './annotations.js';
import { emit, type Scope } from './emit.js';
import { isObject, keyOf, ptr, someString } from './json.js';
import { confusableSkeleton, lookAlikeSkeleton, styleSkeleton } from './names.js';
import { normalizeSchema } from './normalize.js';
import type { KindId } from './kinds/index.js';
import { hasHidden } from './text.js';
import { firstInstruction } from './schema-object.js';
import { diffTool, inputSchemaProblem } from './tool-diff.js';
import type { Delta, ToolContract } from './types.js';

const NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * `tool-renamed-probable` needs a contract worth matching: an input schema with at least one
 * parameter or constraint. Two unrelated tools that take no arguments (`{}`, only `$schema`,
 * `{type: object}`, or `{type: object, properties: {}}` — what a zod 4 server built for zod 3
 * publishes for every tool) would otherwise pair on that empty contract alone: `@playwright/mcp`
 * 0.0.10 → 0.0.30 paired `browser_wait` with `browser_handle_dialog`. Such a
 * pair needs name evidence, which only the other heuristics (case, style, NFKC, affix) give: here
 * the tool keeps a key no other tool has.
 */
const DEGENERATE_KEYS = new Set(['$schema', 'type', 'additionalProperties', 'title', 'description']);
function degenerateSchema(s: unknown): boolean {
  if (!isObject(s)) return true;
  return Object.entries(s).every(([k, v]) => DEGENERATE_KEYS.has(k)
    || (k === 'properties' && isObject(v) && Object.keys(v).length === 0)
    || (k === 'required' && Array.isArray(v) && v.length === 0));
}
function probableKey(t: ToolContract): string {
  const s = normalizeSchema(t.raw['inputSchema']).schema;
  if (degenerateSchema(s)) return `\u0000degenerate:${t.name}`;
  return `${keyOf(s)}|${keyOf(effectiveAnnotations(t.raw['annotations']))}`;
}

type RenameKind = Extract<KindId, `tool-renamed-${string}`>;

/** Heuristics in order; each pairs a removed and an added tool that are alone on their key. */
const RENAMES: readonly (readonly [RenameKind, (t: ToolContract) => string])[] = [
  ['tool-renamed-case-only', (t) => t.name.toLowerCase()],
  ['tool-renamed-style-only', (t) => styleSkeleton(t.name)],
  ['tool-renamed-normalization-only', (t) => confusableSkeleton(t.name)],
  ['tool-renamed-probable', probableKey],
];

/** Keys a list by name; repeated names are reported as snapshot-malformed and the first copy wins. */
export function byName<T extends { readonly name: string }>(list: readonly T[], side: 'old' | 'new', scope: Scope, base: string): Map<string, T> {
  const m = new Map<string, T>();
  for (const t of list) {
    if (m.has(t.name)) emit(scope, 'snapshot-malformed', ptr(base, t.name), undefined, t.name, { details: { reason: `duplicate name in the ${side} snapshot` } });
    else m.set(t.name, t);
  }
  return m;
}

export function diffToolSet(oldTools: readonly ToolContract[], newTools: readonly ToolContract[], out: Delta[]): void {
  const top: Scope = { out };
  const A = byName(oldTools, 'old', top, '/tools');
  const B = byName(newTools, 'new', top, '/tools');
  let removed: ToolContract[] = [];
  let added: ToolContract[] = [];
  for (const [name, t] of A) {
    const n = B.get(name);
    if (n === undefined) removed.push(t);
    else diffTool(t, n, out);
  }
  for (const [name, t] of B) if (!A.has(name)) added.push(t);

  for (const [kind, key] of RENAMES) {
    if (removed.length === 0 || added.length === 0) break;
    const rk = group(removed, key);
    const ak = group(added, key);
    const pairedOld = new Set<ToolContract>();
    const pairedNew = new Set<ToolContract>();
    for (const [k, rs] of rk) {
      const as = ak.get(k);
      const r = rs[0];
      const n = as?.[0];
      if (rs.length !== 1 || as?.length !== 1 || r === undefined || n === undefined) continue;
      emit({ out, tool: n.name }, kind, '/name', r.name, n.name, { details: { renamedFrom: r.name } });
      diffTool(r, n, out);
      pairedOld.add(r);
      pairedNew.add(n);
    }
    removed = removed.filter((t) => !pairedOld.has(t));
    added = added.filter((t) => !pairedNew.has(t));
  }

  [removed, added] = pairByAffix(removed, added, out);
  removed = consolidate(removed, [...B.values()], out);
  for (const t of removed) emit({ out, tool: t.name }, 'tool-removed', '', t.raw, undefined);
  const skeletons = new Map<string, number>();
  for (const name of new Set([...A.keys(), ...B.keys()])) {
    const s = lookAlikeSkeleton(name);
    skeletons.set(s, (skeletons.get(s) ?? 0) + 1);
  }
  for (const t of added) toolAdded(t, skeletons, out);
}

/**
 * tools-consolidated: removed tools whose names are values of a top-level string enum on a current
 * tool (`get_workflow` → `actions_get.method`). Returns the removed tools left unexplained.
 */
function consolidate(removed: ToolContract[], current: readonly ToolContract[], out: Delta[]): ToolContract[] {
  if (removed.length === 0) return removed;
  const names = new Set(removed.map((t) => t.name));
  const explained = new Set<string>();
  for (const t of current) {
    const schema = t.raw['inputSchema'];
    const props = isObject(schema) && isObject(schema['properties']) ? schema['properties'] : {};
    for (const [param, p] of Object.entries(props)) {
      const values = isObject(p) && Array.isArray(p['enum']) ? p['enum'] : [];
      const hit = values.filter((v): v is string => typeof v === 'string' && names.has(v) && !explained.has(v));
      if (hit.length === 0) continue;
      hit.forEach((h) => explained.add(h));
      emit({ out, tool: t.name }, 'tools-consolidated', `${ptr(ptr('/inputSchema/properties', param), 'enum')}`, hit, t.name,
        { details: { removedTools: hit, parameter: param } });
    }
  }
  return removed.filter((t) => !explained.has(t.name));
}


/**
 * Last heuristic: the new name's style skeleton starts or ends with the old one's (a verb prefix
 * added: `structuredContent` → `get-structured-content`), unique in both directions.
 */
function pairByAffix(removed: ToolContract[], added: ToolContract[], out: Delta[]): [ToolContract[], ToolContract[]] {
  const contains = (r: ToolContract, n: ToolContract): boolean => {
    const a = styleSkeleton(r.name);
    const b = styleSkeleton(n.name);
    return a.length >= 4 && b !== a && (b.endsWith(a) || b.startsWith(a));
  };
  const pairedOld = new Set<ToolContract>();
  const pairedNew = new Set<ToolContract>();
  for (const r of removed) {
    const hits = added.filter((n) => contains(r, n));
    const n = hits[0];
    if (hits.length !== 1 || n === undefined || removed.filter((x) => contains(x, n)).length !== 1) continue;
    emit({ out, tool: n.name }, 'tool-renamed-probable', '/name', r.name, n.name, { details: { renamedFrom: r.name, heuristic: 'name-affix' } });
    diffTool(r, n, out);
    pairedOld.add(r);
    pairedNew.add(n);
  }
  return [removed.filter((t) => !pairedOld.has(t)), added.filter((t) => !pairedNew.has(t))];
}

function group(list: readonly ToolContract[], key: (t: ToolContract) => string): Map<string, ToolContract[]> {
  const m = new Map<string, ToolContract[]>();
  for (const t of list) {
    const k = key(t);
    const g = m.get(k);
    if (g === undefined) m.set(k, [t]);
    else g.push(t);
  }
  return m;
}

/**
 * G-T5 (stricter than the seed): a new tool that explicitly
 * declares `destructiveHint: true`, or `openWorldHint: true`, while not claiming `readOnlyHint: true`.
 * Explicit values only: the spec defaults are the worst case, so judging effective values would
 * hold every unannotated tool. A hint of the wrong type counts as declared (fail closed).
 */
function declaredDanger(raw: unknown): string | undefined {
  if (!isObject(raw) || raw['readOnlyHint'] === true) return undefined;
  const declared = (key: string): boolean => raw[key] === true || isHintOfWrongType(raw[key]);
  if (declared('destructiveHint')) return 'declares destructiveHint: true';
  if (declared('openWorldHint')) return 'declares openWorldHint: true and is not read-only';
  if (isHintOfWrongType(raw['readOnlyHint'])) return 'readOnlyHint is not a boolean';
  return undefined;
}

/** `tool-added` if guards G-T2–G-T4 pass (G-T1 passed: no rename heuristic paired it); else the failed guards' kinds. */
function toolAdded(t: ToolContract, skeletons: ReadonlyMap<string, number>, out: Delta[]): void {
  const scope: Scope = { out, tool: t.name };
  let failed = false;
  if (!NAME.test(t.name) || (skeletons.get(lookAlikeSkeleton(t.name)) ?? 0) > 1) {
    failed = true;
    emit(scope, 'tool-added-confusable-name', '/name', undefined, t.name, { details: { guard: 'G-T2' } });
  }
  if (someString(t.raw, hasHidden)) {
    failed = true;
    emit(scope, 'hidden-characters-added', '', undefined, t.raw, { details: { guard: 'G-T3' } });
  }
  const schema = t.raw['inputSchema'];
  const problem = inputSchemaProblem(schema, normalizeSchema(schema));
  if (problem !== undefined) {
    failed = true;
    emit(scope, 'input-schema-invalid', '/inputSchema', undefined, schema, { long: true, details: { guard: 'G-T4', reason: problem } });
  }
  const danger = declaredDanger(t.raw['annotations']);
  if (danger !== undefined) {
    failed = true;
    emit(scope, 'tool-added-destructive', '/annotations', undefined, t.raw['annotations'], { details: { guard: 'G-T5', reason: danger } });
  }
  const order = firstInstruction(t.raw);
  if (order !== undefined) {
    failed = true;
    emit(scope, 'tool-added-instructive', '', undefined, t.raw, { long: true, details: { guard: 'G-T6', pattern: order } });
  }
  if (!failed) emit(scope, 'tool-added', '', undefined, t.raw);
}
