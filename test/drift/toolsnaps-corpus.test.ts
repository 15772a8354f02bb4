/**
 * The real github-mcp-server corpus (../shared/data/toolsnaps, MIT, see its README): every pair,
 * event and commit set is classified, and (1) the decision must equal the independent restatement
 * of the accept rule in restated-rule.ts, (2) every JSON path that differs after the
 * meaning-preserving normalisations must be covered by at least one reported change. The corpus is
 * read at run time and never copied into the repository; without it the tests skip, saying why.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classify } from '../../src/drift/classify.js';
import type { Delta } from '../../src/drift/types.js';
import { CORPUS_ABSENT, loadCorpus, snapshotOf, type CorpusEvent } from './corpus.js';
import { changedPaths, normalTool, restatedVerdict } from './restated-rule.js';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Is changed path `c` of tool `name` explained by a reported delta? */
function covered(c: string, name: string, deltas: readonly Delta[]): boolean {
  const req = /^(.*)\/required\/([^/]+)$/.exec(c);
  const alternatives = req === null ? [c] : [c, `${req[1] ?? ''}/properties/${req[2] ?? ''}`];
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

/** The changed paths of one event that no delta covers, as `tool path`. */
function uncovered(ev: CorpusEvent, deltas: readonly Delta[]): string[] {
  const named = (list: readonly unknown[]): Map<string, Rec> =>
    new Map(list.filter(isRec).map((t) => [String(t['name']), t]));
  const A = named(ev.old);
  const B = named(ev.new);
  const out: string[] = [];
  for (const name of new Set([...A.keys(), ...B.keys()])) {
    const a = A.get(name);
    const b = B.get(name);
    const paths = a === undefined || b === undefined ? [''] : changedPaths(normalTool(a), normalTool(b));
    for (const p of paths) if (!covered(p, name, deltas)) out.push(`${name} ${p === '' ? '/' : p}`);
  }
  return out;
}

describe('github-mcp-server toolsnaps corpus', { skip: CORPUS_ABSENT ?? false }, () => {
  const events = CORPUS_ABSENT === undefined ? loadCorpus() : [];

  it('has the records its README lists (444 pairs, 211 events, 150 commit sets, 11 full sets)', () => {
    assert.equal(events.length, 444 + 211 + 150 + 11);
  });

  it('every decision equals the restated accept rule: 0 false accepts, 0 false holds', () => {
    const falseAccepts: string[] = [];
    const falseHolds: string[] = [];
    for (const ev of events) {
      const r = classify(snapshotOf(ev.old), snapshotOf(ev.new));
      const mine = !r.changed ? 'unchanged' : r.decision === 'auto-accept' ? 'auto' : 'hold';
      const want = restatedVerdict(ev.old, ev.new);
      if (mine === want) continue;
      const line = `${ev.id}: classify ${mine}, restated ${want}: ${r.deltas.map((d) => d.kind).join(', ')}`;
      if (want === 'hold') falseAccepts.push(line);
      else falseHolds.push(line);
    }
    assert.deepEqual(falseAccepts, []);
    assert.deepEqual(falseHolds, []);
  });

  it('every changed JSON path of every record is covered by at least one reported change', () => {
    const missing: string[] = [];
    for (const ev of events) {
      const r = classify(snapshotOf(ev.old), snapshotOf(ev.new));
      for (const u of uncovered(ev, r.deltas)) missing.push(`${ev.id}: ${u}`);
    }
    assert.deepEqual(missing, []);
  });
});
