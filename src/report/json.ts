import type { AuditReport, ReportContext, Reporter } from './model.js';

/**
 * The JSON report is written from an allow-list: `schemaVersion` first, then each object's keys
 * in the model's reading order. A key a shape does not list is DROPPED, so a producer that
 * spreads a parsed ServerEntry (with its env/header values) into a report entry cannot leak
 * them; a new model field must be added here and to schemas/report.schema.json. Map-like objects
 * (coverage by host/scope, finding data) keep all keys, alphabetically. `undefined` is dropped.
 */
interface Shape {
  readonly keys: readonly string[];
  /** The shape of a member's value (for an array: of each element). */
  readonly children?: Readonly<Record<string, string>>;
  /** A map: keys alphabetical, every value of this shape. */
  readonly mapOf?: string;
}

const SHAPES: Readonly<Record<string, Shape>> = {
  report: {
    keys: ['schemaVersion', 'tool', 'platform', 'trustedHome', 'homeEnvMismatch', 'projectScan', 'countIsFloor',
      'probed', 'partial', 'generatedAt', 'coverage', 'entries', 'findings', 'locations'],
    children: { tool: 'tool', trustedHome: 'home', coverage: 'coverage', entries: 'entry', findings: 'finding',
      locations: 'locationStatus' },
  },
  tool: { keys: ['name', 'version'] },
  home: { keys: ['path', 'source', 'user'] },
  coverage: {
    keys: ['enforcing', 'unverifiable', 'unprotected', 'total', 'ratio', 'disabled', 'byHost', 'byScope'],
    children: { byHost: 'countsMap', byScope: 'countsMap' },
  },
  countsMap: { keys: [], mapOf: 'counts' },
  counts: { keys: ['enforcing', 'unverifiable', 'unprotected', 'total', 'ratio'] },
  entry: {
    keys: ['host', 'scope', 'configPath', 'name', 'upstream', 'transport', 'disabled', 'disabledOnlyFor', 'grade', 'proxy', 'launch',
      'envKeys', 'headerKeys', 'location', 'probe', 'findings', 'evidence'],
    children: { disabledOnlyFor: 'hostRejection', proxy: 'proxy', location: 'location', probe: 'probe', findings: 'finding', evidence: 'claim' },
  },
  claim: { keys: ['claim', 'proven', 'evidence', 'reason', 'findings'] },
  hostRejection: { keys: ['host', 'by'] },
  proxy: { keys: ['id', 'recognizerVersion', 'mode', 'blocking', 'pins', 'store', 'storeSource'] },
  probe: {
    keys: ['outcome', 'detail', 'tools', 'matched', 'pinned', 'drift', 'unpinned', 'failure', 'elapsedMs'],
    children: { drift: 'probeDrift', failure: 'probeFailure' },
  },
  probeDrift: { keys: ['tool', 'change', 'kinds', 'decision'] },
  probeFailure: { keys: ['reason', 'stderrTail'] },
  location: { keys: ['path', 'line', 'column'] },
  finding: {
    keys: ['id', 'severity', 'grade', 'message', 'location', 'data', 'fingerprint', 'suppressed'],
    children: { location: 'location', data: 'strings', suppressed: 'suppressed' },
  },
  strings: { keys: [], mapOf: 'any' },
  suppressed: { keys: ['reason', 'expires'] },
  locationStatus: { keys: ['host', 'scope', 'path', 'status'] },
  any: { keys: [] },
};

function alphabetical(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A structurally identical value whose objects have their keys in report order. */
export function orderKeys(value: unknown, shapeName = 'report'): unknown {
  if (Array.isArray(value)) return value.map((v: unknown) => orderKeys(v, shapeName));
  if (typeof value !== 'object' || value === null) return value;
  const shape = SHAPES[shapeName] ?? SHAPES['any'];
  const present = Object.keys(value);
  const keys = shape?.mapOf !== undefined || shapeName === 'any'
    ? present.sort(alphabetical)
    : (shape?.keys ?? []).filter((k) => present.includes(k));
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const v: unknown = Reflect.get(value, key);
    if (v === undefined) continue;
    out[key] = orderKeys(v, shape?.mapOf ?? shape?.children?.[key] ?? 'any');
  }
  return out;
}

export const json = {
  id: 'json',
  description: 'the report as JSON (schemas/report.schema.json), schemaVersion first',
  render(report: AuditReport, _ctx: ReportContext): string {
    return `${JSON.stringify(orderKeys(report), null, 2)}\n`;
  },
} as const satisfies Reporter;
