/**
 * An independent restatement of the auto-accept rule (normalisations N1, N3, N4, N5 and the
 * decision rule with its guards, as src/drift/kinds/ documents them), plus the two stricter guards on a new
 * tool (declared danger, instructive text), written from that text without importing anything from src/drift. Used by the corpus tests to check the
 * classifier's decision and the completeness of its report on real pairs.
 *
 * Deliberately small: it only has to be right on a tool-list pair, and where it is unsure it says
 * "hold" (a conservative restatement can only disagree by calling the classifier too lenient).
 * It restates G-T5 (declared danger) but not the instruction-pattern guards G-P5 / G-T6: no real
 * text in either corpus matches them (measured), so a pattern that starts matching real wording
 * shows up here as a false hold, which is the point.
 */

export type Verdict = 'unchanged' | 'auto' | 'hold';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep equality, member order ignored (N1). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (!isRec(a) || !isRec(b)) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
}

/** N3: spec defaults filled; destructive / idempotent dropped when read-only. Non-boolean values stay as they are. */
function annotations(v: unknown): Rec {
  const a: Rec = isRec(v) ? { ...v } : {};
  const fill = (k: string, d: boolean): void => { if (a[k] === undefined) a[k] = d; };
  fill('readOnlyHint', false);
  fill('openWorldHint', true);
  if (a['readOnlyHint'] === true) {
    delete a['destructiveHint'];
    delete a['idempotentHint'];
  } else {
    fill('destructiveHint', true);
    fill('idempotentHint', false);
  }
  return a;
}

const integerTyped = (t: unknown): boolean => t === 'integer' || (Array.isArray(t) && t.includes('integer') && t.every((x) => x === 'integer' || x === 'null'));

/** N4 (required and type arrays as sets), N5 (trivial equivalents) and N8, recursively through subschemas. */
function schema(v: unknown): unknown {
  if (v === true) return {};
  if (!isRec(v)) return v;
  const out: Rec = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'properties' && isRec(x)) {
      if (Object.keys(x).length > 0) out[k] = Object.fromEntries(Object.entries(x).map(([n, s]) => [n, schema(s)]));
    } else if (k === 'required' && Array.isArray(x)) {
      if (x.length > 0) out[k] = [...new Set(x.map(String))].sort();
    } else if (k === 'type' && Array.isArray(x)) {
      const t = [...new Set(x.map(String))].sort();
      out[k] = t.length === 1 ? t[0] : t;
    } else if (k === 'additionalProperties' || k === 'items' || k === 'not') {
      if (!(k === 'additionalProperties' && (x === true || (isRec(x) && Object.keys(x).length === 0)))) out[k] = Array.isArray(x) ? x.map(schema) : schema(x);
    } else if ((k === 'anyOf' || k === 'oneOf' || k === 'allOf') && Array.isArray(x)) {
      out[k] = x.map(schema);
    } else if ((k === 'minLength' || k === 'minItems' || k === 'minProperties') && x === 0) {
      // absent ≡ 0
    } else if (k === 'uniqueItems' && x === false) {
      // absent ≡ false
    } else if (((k === 'maximum' && x === Number.MAX_SAFE_INTEGER) || (k === 'minimum' && x === -Number.MAX_SAFE_INTEGER)) && integerTyped(v['type'])) {
      // N8: zod's .int() bounds ≡ absent
    } else out[k] = x;
  }
  return out;
}

/** One tool after the normalisations that are semantic no-ops. */
export function normalTool(t: Rec): Rec {
  const out: Rec = { ...t, annotations: annotations(t['annotations']) };
  for (const k of ['inputSchema', 'outputSchema']) if (t[k] !== undefined) out[k] = schema(t[k]);
  return out;
}

/**
 * Plain JSON diff: the JSON Pointers where `a` and `b` differ. A member present on one side only
 * is one path; `required` and array-form `type` are sets (N4), so each added or removed name is
 * `…/required/<name>`; other arrays compare element by element (enum order is a delta, §4).
 */
export function changedPaths(a: unknown, b: unknown, at = '', out: string[] = []): string[] {
  if (equal(a, b)) return out;
  const esc = (k: string): string => k.replace(/~/g, '~0').replace(/\//g, '~1');
  if (isRec(a) && isRec(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const p = `${at}/${esc(k)}`;
      const ra = Object.hasOwn(a, k) ? a[k] : [];
      const rb = Object.hasOwn(b, k) ? b[k] : [];
      if (k === 'required' && Array.isArray(ra) && Array.isArray(rb)) {
        const x = new Set(ra.map(String));
        const y = new Set(rb.map(String));
        for (const n of new Set([...x, ...y])) if (x.has(n) !== y.has(n)) out.push(`${p}/${esc(n)}`);
      } else if (!Object.hasOwn(a, k) || !Object.hasOwn(b, k)) out.push(p);
      else changedPaths(a[k], b[k], p, out);
    }
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((x, i) => changedPaths(x, b[i], `${at}/${i}`, out));
  } else out.push(at);
  return out;
}

/** §10.2 hidden characters. */
const HIDDEN = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|[\u{E0000}-\u{E007F}]/u;
const anyString = (v: unknown, test: (s: string) => boolean): boolean =>
  typeof v === 'string' ? test(v)
    : Array.isArray(v) ? v.some((x) => anyString(x, test))
      : isRec(v) ? Object.entries(v).some(([k, x]) => test(k) || anyString(x, test)) : false;
const hasHidden = (v: unknown): boolean => anyString(v, (s) => HIDDEN.test(s));
const hasVendorKeyword = (v: unknown): boolean =>
  Array.isArray(v) ? v.some(hasVendorKeyword) : isRec(v) ? Object.entries(v).some(([k, x]) => k.startsWith('x-') || hasVendorKeyword(x)) : false;

/** G-T2 skeleton: NFKC, casefold, drop `-` `_` `.`, and the ASCII look-alikes of Unicode TR39 (l/I/1, o/0, m/rn, w/vv, d/cl). */
function skeleton(name: string): string {
  return name.normalize('NFKC').replace(/[I1|]/g, 'l').replace(/0/g, 'o').toLowerCase().replace(/[-_.]/g, '')
    .replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/cl/g, 'd');
}

/** Guards of tool-added (G-T2 to G-T4) and the issue-11 guard on declared danger. */
function addedToolPasses(t: Rec, allNames: readonly string[]): boolean {
  const name = String(t['name']);
  if (!/^[A-Za-z0-9_.-]{1,128}$/.test(name)) return false;
  if (allNames.filter((n) => skeleton(n) === skeleton(name)).length > 1) return false;
  if (hasHidden(t)) return false;
  const s = t['inputSchema'];
  if (!isRec(s) || s['type'] !== 'object') return false;
  const a = isRec(t['annotations']) ? t['annotations'] : {};
  if (a['readOnlyHint'] !== true && (a['destructiveHint'] === true || a['openWorldHint'] === true)) return false;
  return true;
}

/** Keywords at the root that can make a property required (G-P2). */
const CONDITIONAL = ['dependentRequired', 'dependentSchemas', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf'];

/** Every changed path of one same-name pair is an AUTO delta passing its guards. */
function pairAuto(a: Rec, b: Rec, paths: readonly string[]): boolean {
  const sa = isRec(a['inputSchema']) ? a['inputSchema'] : {};
  const sb = isRec(b['inputSchema']) ? b['inputSchema'] : {};
  const propsA = isRec(sa['properties']) ? sa['properties'] : {};
  const propsB = isRec(sb['properties']) ? sb['properties'] : {};
  const required = Array.isArray(sb['required']) ? sb['required'] : [];
  return paths.every((p) => {
    if (p === '/outputSchema') return a['outputSchema'] === undefined && isRec(b['outputSchema']) && !hasHidden(b['outputSchema']);
    const m = /^\/inputSchema\/properties\/([^/]+)$/.exec(p);
    if (m === null) return false;
    const name = (m[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
    if (Object.hasOwn(propsA, name) || !Object.hasOwn(propsB, name) || required.includes(name)) return false;
    if (isRec(sa['additionalProperties']) || sa['patternProperties'] !== undefined) return false;
    if (CONDITIONAL.some((k) => sb[k] !== undefined && JSON.stringify(sb[k]).includes(JSON.stringify(name)))) return false;
    const s = propsB[name];
    return !hasHidden(name) && !hasHidden(s) && !hasVendorKeyword(s);
  });
}

const byName = (tools: readonly unknown[]): Map<string, Rec> | undefined => {
  const m = new Map<string, Rec>();
  for (const t of tools) {
    if (!isRec(t) || typeof t['name'] !== 'string' || m.has(t['name'])) return undefined;
    m.set(t['name'], t);
  }
  return m;
};

/** The decision for one event (old tool list → new tool list). */
export function restatedVerdict(oldTools: readonly unknown[], newTools: readonly unknown[]): Verdict {
  const A = byName(oldTools);
  const B = byName(newTools);
  if (A === undefined || B === undefined) return 'hold';
  let changed = false;
  for (const name of A.keys()) if (!B.has(name)) return 'hold'; // tool-removed or a rename: never AUTO
  for (const [name, b] of B) {
    const a = A.get(name);
    if (a === undefined) continue;
    const x = normalTool(a);
    const y = normalTool(b);
    const paths = changedPaths(x, y);
    if (paths.length === 0) continue;
    changed = true;
    if (!pairAuto(x, y, paths)) return 'hold';
  }
  const names = [...new Set([...A.keys(), ...B.keys()])];
  for (const [name, b] of B) {
    if (A.has(name)) continue;
    changed = true;
    if (!addedToolPasses(b, names)) return 'hold';
  }
  return changed ? 'auto' : 'unchanged';
}
