/**
 * Entry point: classify every difference between a pinned snapshot and a fresh one, and decide
 * the drift event:
 *
 *   AUTO iff every delta is tool-added, param-added-optional or output-schema-added and passed
 *   its guards (a failed guard already emitted its HOLD kind instead); HOLD otherwise.
 *
 * An event with no deltas is `auto-accept` with `changed: false` (nothing to hold).
 */
import { emit } from './emit.js';
import { AUTO_KINDS } from './kinds/index.js';
import { diffServer } from './server.js';
import { diffToolSet } from './tool-set.js';
import { SEVERITIES, type Decision, type Delta, type DriftResult, type Snapshot } from './types.js';

const RANK = new Map(SEVERITIES.map((s, i) => [s, i]));

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function compare(x: Delta, y: Delta): number {
  return (RANK.get(x.severity) ?? 9) - (RANK.get(y.severity) ?? 9)
    || cmp(x.tool ?? x.prompt ?? '', y.tool ?? y.prompt ?? '')
    || cmp(x.path, y.path)
    || cmp(x.kind, y.kind);
}

export function decide(deltas: readonly Delta[]): Decision {
  return deltas.every((d) => AUTO_KINDS.has(d.kind)) ? 'auto-accept' : 'hold';
}

export function classify(old: Snapshot, next: Snapshot): DriftResult {
  const deltas: Delta[] = [];
  diffToolSet(old.tools, next.tools, deltas);
  for (const pointer of next.duplicateMembers ?? []) {
    emit({ out: deltas }, 'snapshot-malformed', pointer, undefined, undefined, { details: { reason: 'duplicate member name in the new snapshot' } });
  }
  diffServer(old, next, deltas);
  deltas.sort(compare);
  return { deltas, decision: decide(deltas), changed: deltas.length > 0 };
}
