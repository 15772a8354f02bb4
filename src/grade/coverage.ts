import type { Grade, GradedEntry } from './types.js';

export interface CoverageCounts {
  readonly enforcing: number;
  /** Rows whose every examined claim is proven, the rest not examined (`check`): they count toward `ratio`. */
  readonly wired: number;
  readonly unverifiable: number;
  readonly unprotected: number;
  readonly total: number;
  /** (enforcing + wired) / total; null when nothing is counted. */
  readonly ratio: number | null;
}

export interface Coverage extends CoverageCounts {
  readonly byHost: Readonly<Record<string, CoverageCounts>>;
  readonly byScope: Readonly<Record<string, CoverageCounts>>;
  /** Disabled rows: listed, never counted. */
  readonly disabled: number;
}

function count(rows: readonly GradedEntry[]): CoverageCounts {
  const n: Record<Grade, number> = { enforcing: 0, wired: 0, unverifiable: 0, unprotected: 0 };
  for (const r of rows) n[r.grade] += 1;
  const total = n.enforcing + n.wired + n.unverifiable + n.unprotected;
  return { ...n, total, ratio: total === 0 ? null : (n.enforcing + n.wired) / total };
}

function groupBy(rows: readonly GradedEntry[], key: (r: GradedEntry) => string): Record<string, CoverageCounts> {
  const groups = new Map<string, GradedEntry[]>();
  for (const r of rows) {
    const k = key(r);
    const g = groups.get(k);
    if (g === undefined) groups.set(k, [r]);
    else g.push(r);
  }
  const out: Record<string, CoverageCounts> = {};
  for (const k of [...groups.keys()].sort()) out[k] = count(groups.get(k) ?? []);
  return out;
}

/** Coverage = (enforcing + wired) / every enabled row. */
export function coverageOf(rows: readonly GradedEntry[]): Coverage {
  const counted = rows.filter((r) => !r.disabled);
  return {
    ...count(counted),
    byHost: groupBy(counted, (r) => r.host),
    byScope: groupBy(counted, (r) => r.scope),
    disabled: rows.length - counted.length,
  };
}
