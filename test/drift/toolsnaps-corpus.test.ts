/**
 * The real github-mcp-server corpus (../shared/data/toolsnaps, MIT, see its README): every pair,
 * event and commit set is classified, and (1) the decision must equal the independent restatement
 * of the accept rule in restated-rule.ts, (2) every JSON path that differs after the
 * meaning-preserving normalisations must be covered by at least one reported change. The corpus is
 * read at run time and never copied into the repository; without it the tests skip, saying why.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { classify } from '../../src/drift/classify.js';
import { parseSnapshot } from '../../src/drift/input.js';
import type { Delta, Snapshot } from '../../src/drift/types.js';
import { REPO } from './helpers.js';
import { changedPaths, normalTool, restatedVerdict } from './restated-rule.js';

export const CORPUS = path.join(REPO, '..', 'shared', 'data', 'toolsnaps');
const FILES = ['pairs.jsonl', 'events.jsonl', 'commit-sets.jsonl', 'full-sets.jsonl'] as const;
const absent = FILES.some((f) => !existsSync(path.join(CORPUS, f)));
const skip = absent ? `the shared github-mcp-server corpus is absent (${CORPUS}): it lives beside the repository, never in it` : false;

export interface CorpusEvent {
  readonly id: string;
  readonly old: readonly unknown[];
  readonly new: readonly unknown[];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const side = (v: unknown): readonly unknown[] => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Every record of the four files as an old → new tool-list event. */
export function loadCorpus(): CorpusEvent[] {
  const out: CorpusEvent[] = [];
  for (const f of FILES) {
    for (const line of readFileSync(path.join(CORPUS, f), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const rec: unknown = JSON.parse(line);
      if (!isRec(rec)) throw new Error(`${f}: not an object`);
      out.push({ id: `${f}:${String(rec['id'])}`, old: side(rec['old']), new: side(rec['new']) });
    }
  }
  return out;
}

export function snapshotOf(tools: readonly unknown[]): Snapshot {
  const r = parseSnapshot([...tools]);
  if (!r.ok) throw new Error(r.message);
  return r.snapshot;
}

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
export function uncovered(ev: CorpusEvent, deltas: readonly Delta[]): string[] {
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

describe('github-mcp-server toolsnaps corpus', { skip }, () => {
  const events = absent ? [] : loadCorpus();

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
