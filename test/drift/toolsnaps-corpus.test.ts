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
import { CORPUS_ABSENT, loadCorpus, snapshotOf } from './corpus.js';
import { uncoveredPaths } from './coverage.js';
import { restatedVerdict } from './restated-rule.js';

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
      for (const u of uncoveredPaths(ev.old, ev.new, r.deltas)) missing.push(`${ev.id}: ${u}`);
    }
    assert.deepEqual(missing, []);
  });
});
