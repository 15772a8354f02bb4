/**
 * The evidence chain: for every graded row, each claim of `CLAIMS` is either proven,
 * with the non-secret facts that prove it, or not proven, with the findings (or the reason) that
 * leave it open. A claim with no finding against it is still not proven unless positive evidence
 * was recorded for it: "no finding fired" is never proof.
 */
import { RULES } from '../rules/index.js';
import { CLAIMS } from '../rules/types.js';
import type { Claim, Finding } from '../rules/types.js';
import type { ClaimResult, FileFact, Grade } from './types.js';

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
  /** Claims the mode deliberately does not examine, with what was not looked at: never proven. */
  readonly notExamined?: Partial<Record<Claim, string>>;
  /** What the grade takes for granted, each line naming its claim. */
  readonly assumptions?: readonly string[];
  readonly files?: readonly FileFact[];
}

/**
 * Claim results are immutable, and most rows of a large config share them word for word (five
 * "no pinning proxy was recognised" claims on every unwrapped entry): one frozen object per
 * distinct result, so 100,000 rows do not hold 700,000 claim objects. Results are found in a
 * trie over their parts (claim, proven, then each text), so no key is built per claim; at most
 * SHARED_MAX results are kept, past that a result is simply not shared.
 */
interface TrieNode { result?: ClaimResult; readonly next: Map<string, TrieNode> }
const SHARED: TrieNode = { next: new Map() };
const SHARED_MAX = 4096;
let sharedCount = 0;

/** The trie node one level down; undefined when absent and the table is full. */
function step(node: TrieNode | undefined, part: string): TrieNode | undefined {
  if (node === undefined) return undefined;
  let child = node.next.get(part);
  if (child === undefined && sharedCount < SHARED_MAX) {
    child = { next: new Map() };
    node.next.set(part, child);
  }
  return child;
}

/** The shared result at `node`, made by `make` the first time; unshared when the table is full. */
function sharedAt(node: TrieNode | undefined, make: () => ClaimResult): ClaimResult {
  if (node?.result !== undefined) return node.result;
  const made = make();
  if (node === undefined || sharedCount >= SHARED_MAX) return made;
  sharedCount += 1;
  Object.freeze(made.proven ? made.evidence : made.findings);
  node.result = Object.freeze(made);
  return made;
}

function sharedNotProven(claim: Claim, reason: string, findings: readonly string[]): ClaimResult {
  let node = step(step(step(SHARED, claim), '-'), reason);
  for (const id of findings) node = step(node, id);
  return sharedAt(node, () => ({ claim, proven: false, reason, findings: [...findings] }));
}

function sharedNotExamined(claim: Claim, reason: string): ClaimResult {
  const node = step(step(step(SHARED, claim), '?'), reason);
  return sharedAt(node, () => ({ claim, proven: false, reason, findings: [], notExamined: true }));
}

function sharedProven(claim: Claim, evidence: readonly string[]): ClaimResult {
  let node = step(step(SHARED, claim), '+');
  for (const fact of evidence) node = step(node, fact);
  return sharedAt(node, () => ({ claim, proven: true, evidence: [...evidence] }));
}

const NONE: readonly string[] = [];
const CLAIM_PLACE: ReadonlyMap<Claim, number> = new Map(CLAIMS.map((c, i) => [c, i]));

export function chainOf(findings: readonly Finding[], input: ChainInput): ClaimResult[] {
  // One pass over the findings: the first message and the distinct rule ids against each claim
  // (by the claim's place in CLAIMS: no Map per row).
  const against: ({ reason: string; ids: string[] } | undefined)[] = [];
  for (const f of findings) {
    if (f.grade === 'none') continue;
    const claim = claimOf(f);
    if (claim === null) continue;
    const at = CLAIM_PLACE.get(claim) ?? -1;
    const seen = against[at];
    if (seen === undefined) against[at] = { reason: f.message, ids: [f.id] };
    else if (!seen.ids.includes(f.id)) seen.ids.push(f.id);
  }
  return CLAIMS.map((claim, at): ClaimResult => {
    const hit = against[at];
    if (hit !== undefined) return sharedNotProven(claim, hit.reason, hit.ids);
    const skipped = input.notExamined?.[claim];
    if (skipped !== undefined) return sharedNotExamined(claim, skipped);
    const open = input.open[claim];
    if (open !== undefined) return sharedNotProven(claim, open, NONE);
    const evidence = input.proofs[claim] ?? NONE;
    if (evidence.length === 0) return sharedNotProven(claim, 'no positive evidence was recorded for it', NONE);
    return sharedProven(claim, evidence);
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
  const open = chain.filter((c) => !c.proven && !exempt.includes(c.claim));
  if (open.length === 0) return 'enforcing';
  return open.every((c) => !c.proven && c.notExamined === true) ? 'wired' : 'unverifiable';
}

/** The first claim not proven, for the table's one-cell summary; undefined when all are. */
export function firstUnproven(chain: readonly ClaimResult[]): ClaimResult | undefined {
  return chain.find((c) => !c.proven);
}

/** A row's grade again after more findings (the probe's): the same chain, the new findings. */
export function regrade(row: { readonly evidence: readonly ClaimResult[]; readonly disabled: boolean }, findings: readonly Finding[]): Grade {
  return gradeOfChain(row.evidence, findings, row.disabled ? ['launched'] : []);
}
