/**
 * Drift classifier over the real github-mcp-server corpus (../shared/data/toolsnaps): every record
 * of pairs / events / commit sets / full sets, classified REPS times on fresh clones (no memo
 * survives), only `classify` timed. Prints records/s and tool pairs/s, the decisions, and how many
 * holds the stricter-than-seed guards (G-T5, G-T6, G-P5) add. Skips, saying why, when the
 * corpus is absent.
 */
import { performance } from 'node:perf_hooks';
import { classify } from '../../src/drift/classify.js';
import type { Snapshot } from '../../src/drift/types.js';
import { CORPUS_ABSENT, loadCorpus, snapshotOf } from '../drift/corpus.js';

const REPS = 20;
const STRICTER = new Set(['tool-added-destructive', 'tool-added-instructive', 'param-added-instructive']);
const AUTO = new Set(['tool-added', 'param-added-optional', 'output-schema-added']);

export async function benchCorpus(): Promise<void> {
  await Promise.resolve();
  if (CORPUS_ABSENT !== undefined) {
    process.stdout.write(`github corpus: skipped: ${CORPUS_ABSENT}\n`);
    return;
  }
  const events = loadCorpus();
  const toolPairs = events.reduce((n, e) => n + new Set([...e.old, ...e.new].map((t) => JSON.stringify(Reflect.get(Object(t), 'name')))).size, 0);
  let timeMs = 0;
  let cpuMs = 0;
  const by = { unchanged: 0, auto: 0, hold: 0, stricterOnly: 0 };
  const stricterKinds = new Map<string, number>();
  for (let rep = 0; rep < REPS; rep++) {
    const chunk: [Snapshot, Snapshot][] = events.map((e) => [snapshotOf(structuredClone(e.old)), snapshotOf(structuredClone(e.new))]);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const results = chunk.map(([a, b]) => classify(a, b));
    const c1 = process.cpuUsage(c0);
    timeMs += performance.now() - t0;
    cpuMs += (c1.user + c1.system) / 1000;
    if (rep > 0) continue;
    for (const r of results) {
      if (!r.changed) by.unchanged++;
      else if (r.decision === 'auto-accept') by.auto++;
      else by.hold++;
      const holding = r.deltas.filter((d) => !AUTO.has(d.kind));
      if (holding.length > 0 && holding.every((d) => STRICTER.has(d.kind))) by.stricterOnly++;
      for (const d of r.deltas) if (STRICTER.has(d.kind)) stricterKinds.set(d.kind, (stricterKinds.get(d.kind) ?? 0) + 1);
    }
  }
  const seconds = timeMs / 1000;
  process.stdout.write(`github corpus: ${events.length} records (${toolPairs} tool pairs) × ${REPS}: ${timeMs.toFixed(0)} ms → `
    + `${Math.round((events.length * REPS) / seconds)} records/s, ${Math.round((toolPairs * REPS) / seconds)} tool pairs/s wall; `
    + `${cpuMs.toFixed(0)} ms CPU → ${Math.round((toolPairs * REPS) / (cpuMs / 1000))} tool pairs/CPU-s\n`);
  process.stdout.write(`  decisions: ${by.unchanged} unchanged, ${by.auto} auto-accept, ${by.hold} hold; `
    + `${by.stricterOnly} held only by the stricter-than-seed guards (${[...stricterKinds].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'})\n`);
}
