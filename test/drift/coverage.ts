/**
 * "Every changed JSON path is covered by at least one reported change": the paths come
 * from the plain JSON diff of restated-rule.ts (after the meaning-preserving normalisations), never
 * from src/drift. A delta covers a path when one is a prefix of the other; a `required` entry is
 * also covered at the property's path; a parameter rename covers its old path (`renamedFrom`).
 */
import type { Delta } from '../../src/drift/types.js';
import { changedPaths, normalTool } from './restated-rule.js';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Is changed path `c` of tool `name` explained by a reported delta? */
function covered(c: string, name: string, deltas: readonly Delta[]): boolean {
  const req = /^(.*)\/required\/([^/]+)$/.exec(c);
  const alternatives = req === null ? [c] : [c, `${req[1] ?? ''}/properties/${req[2] ?? ''}`];
  // N3: destructiveHint and idempotentHint are n/a on a read-only tool, so a readOnlyHint change explains them.
  if (c === '/annotations/destructiveHint' || c === '/annotations/idempotentHint') alternatives.push('/annotations/readOnlyHint');
  const within = (p: string, d: string): boolean => p === d || p.startsWith(`${d}/`) || d.startsWith(`${p}/`) || d === '';
  return deltas.some((d) => {
    const from = d.details?.['renamedFrom'];
    const removed = d.details?.['removedTools'];
    if (d.tool !== name && from !== name && !(Array.isArray(removed) && removed.includes(name))) return false;
    // A parameter rename names the old parameter's path: it covers that path too.
    const at = typeof from === 'string' && from.startsWith('/') ? [d.path, from] : [d.path];
    return alternatives.some((p) => at.some((x) => within(p, x)));
  });
}

/** The changed paths of one old → new tool list that no delta covers, as `tool path`. */
export function uncoveredPaths(oldTools: readonly unknown[], newTools: readonly unknown[], deltas: readonly Delta[]): string[] {
  const named = (list: readonly unknown[]): Map<string, Rec> =>
    new Map(list.filter(isRec).map((t) => [String(t['name']), t]));
  const A = named(oldTools);
  const B = named(newTools);
  const out: string[] = [];
  for (const name of new Set([...A.keys(), ...B.keys()])) {
    const a = A.get(name);
    const b = B.get(name);
    const paths = a === undefined || b === undefined ? [''] : changedPaths(normalTool(a), normalTool(b));
    for (const p of paths) if (!covered(p, name, deltas)) out.push(`${name} ${p === '' ? '/' : p}`);
  }
  return out;
}

