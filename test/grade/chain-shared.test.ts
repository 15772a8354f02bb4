import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chainOf, claimOf, type ChainInput } from '../../src/grade/chain.js';
import type { ClaimResult } from '../../src/grade/types.js';
import { RULES } from '../../src/rules/index.js';
import { CLAIMS, type Claim, type Finding } from '../../src/rules/types.js';

/**
 * Red-team guard for the shared claim results of grade/chain.ts (a trie of frozen results, at most
 * 4,096 kept): whatever is shared, each row's chain is exactly what the plain per-row algorithm
 * gives (written out here independently), before and after the table is full, and one result
 * object never stands for two different results.
 */
function reference(findings: readonly Finding[], input: ChainInput): ClaimResult[] {
  return CLAIMS.map((claim): ClaimResult => {
    const against = findings.filter((f) => f.grade !== 'none' && claimOf(f) === claim);
    const first = against[0];
    if (first !== undefined) return { claim, proven: false, reason: first.message, findings: [...new Set(against.map((f) => f.id))] };
    const open = input.open[claim];
    if (open !== undefined) return { claim, proven: false, reason: open, findings: [] };
    const evidence = input.proofs[claim] ?? [];
    if (evidence.length === 0) return { claim, proven: false, reason: 'no positive evidence was recorded for it', findings: [] };
    return { claim, proven: true, evidence: [...evidence] };
  });
}

/** Two real grading rules per claim where the catalogue has them (ids repeat inside a row below). */
const BY_CLAIM = new Map<Claim, (typeof RULES)[number][]>();
for (const r of RULES) {
  if (r.claim === null || r.grade === 'none') continue;
  BY_CLAIM.set(r.claim, [...(BY_CLAIM.get(r.claim) ?? []), r]);
}
const against = (claim: Claim, k: number, message: string): Finding => {
  const rules = BY_CLAIM.get(claim) ?? [];
  const rule = rules[k % rules.length];
  assert.ok(rule !== undefined, `a grading rule for ${claim}`);
  return { id: rule.id, severity: rule.severity, grade: rule.grade, message, data: {} };
};

test('shared claim results: 6,000 rows (past the 4,096 kept) each get the plain algorithm\'s chain, and no object stands for two results', () => {
  const seen = new Map<ClaimResult, string>();
  let shared = 0;
  let unshared = 0;
  for (let i = 0; i < 6000; i++) {
    // Rows that repeat (i % 7, i % 11) and rows whose texts are their own (i): both kinds, interleaved.
    const findings: Finding[] = [];
    if (i % 3 === 0) findings.push(against('program', i, `row ${i} runs its own program`), against('program', i + 1, 'a second finding'), against('program', i, 'same id again'));
    if (i % 5 === 0) findings.push(against('store', 0, `store ${i % 7}`));
    if (i % 4 === 1) findings.push({ ...against('mode', 0, 'graded none'), grade: 'none' });
    const input: ChainInput = {
      proofs: { launched: [`launched ${i % 11}`, 'transport stdio'], environment: i % 2 === 0 ? [`env ${i}`] : [], version: [`v${i % 7}`], mode: ['blocking'] },
      open: i % 6 === 0 ? { baseline: `no store for row ${i % 13}` } : {},
    };
    const got = chainOf(findings, input);
    assert.deepEqual(got, reference(findings, input), `row ${i}`);
    for (const c of got) {
      // Results past the table's cap are handed out unshared (and unfrozen): that path runs too.
      if (!Object.isFrozen(c)) unshared += 1;
      const text = JSON.stringify(c);
      const before = seen.get(c);
      if (before === undefined) seen.set(c, text);
      else {
        shared += 1;
        assert.equal(text, before, `row ${i}: one object, two results`);
      }
    }
  }
  // Shared results exist (the speed-up is in force); their correctness is what the loop checked.
  assert.ok(shared > 6000, `${shared} reused claim objects`);
  assert.ok(unshared > 0, 'the table filled up: later distinct results were not shared');
});
