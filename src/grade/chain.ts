/**
 * The evidence chain (issue 15): for every graded row, each claim of `CLAIMS` is either proven,
 * with the non-secret facts that prove it, or not proven, with the findings (or the reason) that
 * leave it open. A claim with no finding against it is still not proven unless positive evidence
 * was recorded for it: "no finding fired" is never proof.
 */
import { RULES } from '../rules/index.js';
import { CLAIMS } from '../rules/types.js';
import type { Claim, Finding } from '../rules/types.js';
import type { ClaimResult, Grade } from './types.js';

/** Each rule's claim, looked up by finding id (built once). */
const CLAIM_OF: ReadonlyMap<string, Claim | null> = new Map(RULES.map((r) => [r.id, r.claim]));

export function claimOf(f: Finding): Claim | null {
  return CLAIM_OF.get(f.id) ?? null;
}

/** What grading established per claim, before the findings are filed. */
export interface ChainInput {
  /** Positive facts per claim. */
  readonly proofs: Partial<Record<Claim, readonly string[]>>;
  /** Why a claim could not be examined at all (no proxy, store not resolved …): it stays unproven. */
  readonly open: Partial<Record<Claim, string>>;
}

/**
 * Claim results are immutable, and most rows of a large config share them word for word (five
 * "no pinning proxy was recognised" claims on every unwrapped entry): one frozen object per
 * distinct result, so 100,000 rows do not hold 700,000 claim objects. The table is bounded; past
 * its size a result is simply not shared.
 */
const SHARED = new Map<string, ClaimResult>();
const SHARED_MAX = 4096;
function shared(made: ClaimResult): ClaimResult {
  // The key is the whole content, unambiguously: equal keys are equal results.
  const key = JSON.stringify(made.proven ? [made.claim, made.evidence] : [made.claim, made.reason, made.findings]);
  const known = SHARED.get(key);
  if (known !== undefined) return known;
  if (SHARED.size < SHARED_MAX) SHARED.set(key, deepFreeze(made));
  return made;
}
function deepFreeze(c: ClaimResult): ClaimResult {
  Object.freeze(c.proven ? c.evidence : c.findings);
  return Object.freeze(c);
}

export function chainOf(findings: readonly Finding[], input: ChainInput): ClaimResult[] {
  return CLAIMS.map((claim): ClaimResult => {
    const against = findings.filter((f) => f.grade !== 'none' && claimOf(f) === claim);
    if (against.length > 0) {
      const first = against[0];
      const reason = first === undefined ? '' : first.message;
      const ids = [...new Set(against.map((f) => f.id))];
      return shared({ claim, proven: false, reason, findings: ids });
    }
    const open = input.open[claim];
    if (open !== undefined) return shared({ claim, proven: false, reason: open, findings: [] });
    const evidence = input.proofs[claim] ?? [];
    if (evidence.length === 0) return shared({ claim, proven: false, reason: 'no positive evidence was recorded for it', findings: [] });
    return shared({ claim, proven: true, evidence: [...evidence] });
  });
}

/**
 * The grade: unprotected where a finding shows the pin cannot hold; enforcing only when every
 * claim is proven (and no finding says otherwise); else unverifiable. `exempt` claims (the
 * `launched` claim of an entry the host does not launch) do not count: such a row shows the grade
 * it would have if launched, and is never counted in coverage.
 */
export function gradeOfChain(chain: readonly ClaimResult[], findings: readonly Finding[], exempt: readonly Claim[] = []): Grade {
  if (findings.some((f) => f.grade === 'unprotected')) return 'unprotected';
  if (findings.some((f) => f.grade === 'unverifiable')) return 'unverifiable';
  return chain.every((c) => c.proven || exempt.includes(c.claim)) ? 'enforcing' : 'unverifiable';
}

/** The first claim not proven, for the table's one-cell summary; undefined when all are. */
export function firstUnproven(chain: readonly ClaimResult[]): ClaimResult | undefined {
  return chain.find((c) => !c.proven);
}

/** A row's grade again after more findings (the probe's): the same chain, the new findings. */
export function regrade(row: { readonly evidence: readonly ClaimResult[]; readonly disabled: boolean }, findings: readonly Finding[]): Grade {
  return gradeOfChain(row.evidence, findings, row.disabled ? ['launched'] : []);
}
