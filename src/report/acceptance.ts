import type { AuditReport, ReportEntry, ReportFinding } from './model.js';
import { isPassing } from './model.js';
import { gradeAccepted } from './policy.js';

/**
 * One story for what the operator accepted, used by every reporter:
 *
 * - **Grade** is what was proven, in every output: a suppression or a baseline never changes it.
 * - **Coverage** counts those grades (enabled entries only), so it is the same figure everywhere.
 * - A finding is **accepted** when it is `suppressed` (ignore file) or `known` (--baseline); it is
 *   shown with that mark in every output and never violates. An entry is accepted when every
 *   finding that sets its grade is accepted and it did not regress: it still counts as not
 *   enforcing in the coverage, and the policy does not count it.
 * - The **policy** (report/policy.ts) counts only what is not accepted: the entries, findings and
 *   regressions left after acceptance, the same in every output because it reads the same marks.
 */
export type AcceptanceMark = 'suppressed' | 'known';

/** The finding's mark: `suppressed` wins over `known` (the ignore file says why). */
export function acceptanceOf(f: ReportFinding): AcceptanceMark | undefined {
  if (f.suppressed !== undefined) return 'suppressed';
  return f.baseline === 'known' ? 'known' : undefined;
}

/** `pin-store-planted (suppressed)`, `no-pinning-proxy (known)`, or the bare id. */
export function markedId(f: ReportFinding): string {
  const mark = acceptanceOf(f);
  return mark === undefined ? f.id : `${f.id} (${mark})`;
}

/** Enabled, not enforcing, and every reason it is not is accepted. */
export function isEntryAccepted(report: AuditReport, entry: ReportEntry): boolean {
  return !entry.disabled && !isPassing(entry.grade) && gradeAccepted(report, entry);
}

/**
 * The line every output prints under the coverage figure when anything was accepted or compared:
 * `2 of 3 entries not enforcing are accepted (1 suppressed, 1 known); baseline: 1 new, 2 known, 0 resolved`.
 * Undefined when there is nothing to say (no suppression, no baseline).
 */
export function acceptanceLine(report: AuditReport): string | undefined {
  const weak = report.entries.filter((e) => !e.disabled && !isPassing(e.grade));
  const accepted = weak.filter((e) => isEntryAccepted(report, e));
  const all = [...report.entries.flatMap((e) => e.findings), ...report.findings];
  const suppressed = all.filter((f) => acceptanceOf(f) === 'suppressed').length;
  const known = all.filter((f) => acceptanceOf(f) === 'known').length;
  const b = report.baseline;
  if (b === undefined && suppressed === 0) return undefined;
  const parts = [`${accepted.length} of ${weak.length} ${weak.length === 1 ? 'entry' : 'entries'} not enforcing `
    + `${accepted.length === 1 ? 'is' : 'are'} accepted (findings: ${suppressed} suppressed, ${known} known)`];
  if (b !== undefined) {
    const regressions = b.regressions.length === 0 ? '' : `, ${b.regressions.length} grade ${b.regressions.length === 1 ? 'regression' : 'regressions'}`;
    parts.push(`baseline: ${b.new} new, ${b.known} known, ${b.resolved} resolved${regressions}`);
  }
  return parts.join('; ');
}
