/**
 * The github-mcp-server toolsnaps corpus (../shared/data/toolsnaps, MIT; see its README and
 * LICENSE.github-mcp-server), read at run time by the corpus tests and the bench. Nothing from it is
 * copied into the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSnapshot } from '../../src/drift/input.js';
import type { Snapshot } from '../../src/drift/types.js';
import { REPO } from './helpers.js';

export const CORPUS = path.join(REPO, '..', 'shared', 'data', 'toolsnaps');
const FILES = ['pairs.jsonl', 'events.jsonl', 'commit-sets.jsonl', 'full-sets.jsonl'] as const;
/** Why corpus tests and the bench skip, or undefined when the corpus is there. */
export const CORPUS_ABSENT: string | undefined = FILES.some((f) => !existsSync(path.join(CORPUS, f)))
  ? `the shared github-mcp-server corpus is absent (${CORPUS}): it lives beside the repository, never in it` : undefined;

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

