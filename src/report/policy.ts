import type { Severity } from '../rules/types.js';
import { SEVERITIES } from '../rules/types.js';
import { UsageError } from '../shared/errors.js';
import { smallest } from '../shared/lists.js';
import { entryLabel, percent, probeTally, SEVERITY_RANK } from './format.js';
import { regressed } from './baseline.js';
import type { AuditReport, ReportEntry, ReportFinding } from './model.js';

/**
 * The exit-code policy.
 *
 * - `failOn` lists what violates: `unverifiable` / `unprotected` (an enabled entry with that
 *   grade), a severity (any unsuppressed finding at or above it), `floor` (the entry count is a
 *   floor: something on a host's lookup path could not be followed, see `floorCauses`), or `none`
 *   (nothing; `none` cannot be combined with anything else).
 * - Default (no `failOn`): `['unverifiable', 'unprotected']`, i.e. any enabled entry that is not
 *   enforcing violates, and so does a file-level finding that grades unverifiable (a config that
 *   could not be read may hide entries); other findings alone (an `info` note) do not.
 * - `failUnder` (percent, 0..100): violated when coverage is below it. A report with nothing to
 *   cover (ratio null) does not violate it.
 * - Disabled entries never violate, nor do their findings.
 * - A finding is *accepted* when it is suppressed (ignore file) or `known` (--baseline): accepted
 *   findings never violate. A grade is accepted when every finding on the entry that sets a grade
 *   is accepted (at least one) and the grade is no worse than in the baseline: the user accepted
 *   exactly the reasons it is not enforcing. Grades and coverage are never changed by acceptance.
 * - With --baseline, an enabled entry whose grade is worse than in the baseline violates.
 * - A `policy-…` finding (from --policy FILE) that is not accepted violates.
 * - `none` turns every one of these off.
 */
export type FailOn = 'unverifiable' | 'unprotected' | 'floor' | 'none' | Severity;
export const FAIL_ON_VALUES: readonly FailOn[] = ['unverifiable', 'unprotected', 'floor', 'none', ...SEVERITIES];
export const DEFAULT_FAIL_ON: readonly FailOn[] = ['unverifiable', 'unprotected'];

export interface Policy {
  readonly failUnder?: number;
  readonly failOn?: readonly FailOn[];
}

export interface PolicyResult {
  readonly violated: boolean;
  readonly reasons: readonly string[];
}

/** Same as cli's ExitCode (report/ must not import cli/): 0 held, 1 violated, 2 error. */
export type PolicyExitCode = 0 | 1 | 2;

function isSeverity(value: string): value is Severity {
  return SEVERITIES.some((s) => s === value);
}

function isFailOn(value: string): value is FailOn {
  return FAIL_ON_VALUES.some((v) => v === value);
}

/** Parses `--fail-on` values (repeatable and/or comma-separated). Throws UsageError. */
export function parseFailOn(values: readonly string[]): FailOn[] {
  const out: FailOn[] = [];
  for (const raw of values.flatMap((v) => v.split(','))) {
    const v = raw.trim().toLowerCase();
    // An empty value (an unset CI variable, a stray comma) must not switch the policy off.
    if (v === '') throw new UsageError(`--fail-on: empty value in "${values.join(',')}" (one of ${FAIL_ON_VALUES.join(', ')})`);
    if (!isFailOn(v)) throw new UsageError(`--fail-on: unknown value "${raw}" (one of ${FAIL_ON_VALUES.join(', ')})`);
    if (!out.includes(v)) out.push(v);
  }
  if (out.length === 0) throw new UsageError(`--fail-on needs a value (one of ${FAIL_ON_VALUES.join(', ')})`);
  if (out.includes('none') && out.length > 1) throw new UsageError('--fail-on: "none" cannot be combined with other values');
  return out;
}

/** Suppressed by the ignore file or known in the baseline: shown as such, never violating. */
export function isAccepted(f: ReportFinding): boolean {
  return f.suppressed !== undefined || f.baseline === 'known';
}

/** Every finding that sets the entry's grade is accepted, and the grade did not regress. */
export function gradeAccepted(report: AuditReport, entry: ReportEntry): boolean {
  const grading = entry.findings.filter((f) => f.grade !== 'none');
  return grading.length > 0 && grading.every(isAccepted) && !regressed(report, entry);
}

/** Policy rule ids start with this prefix (src/rules/policy-*.ts). */
export const POLICY_RULE_PREFIX = 'policy-';

/**
 * True when the finding on its own violates `failOn` (default DEFAULT_FAIL_ON): unaccepted, and at or
 * above a severity it names, or a `policy-…` finding (unless `none`). A finding that only sets its
 * entry's grade violates through the entry (evaluatePolicy), not here.
 */
export function findingViolates(f: ReportFinding, failOn: readonly FailOn[] = DEFAULT_FAIL_ON): boolean {
  if (isAccepted(f) || failOn.includes('none')) return false;
  if (f.id.startsWith(POLICY_RULE_PREFIX)) return true;
  const thresholds = failOn.flatMap((v) => (isSeverity(v) ? [SEVERITY_RANK[v]] : []));
  return thresholds.length > 0 && SEVERITY_RANK[f.severity] >= smallest(thresholds);
}

const NAMED = 5;
/** The first few names, then `and N more`: a policy line stays one readable line. */
function someOf(names: readonly string[]): string {
  return names.length <= NAMED ? names.join(', ') : `${names.slice(0, NAMED).join(', ')} and ${names.length - NAMED} more`;
}

function describe(entry: ReportEntry): string {
  return `${entry.host}/${entry.scope} ${entryLabel(entry)}`;
}

export function evaluatePolicy(report: AuditReport, policy: Policy = {}): PolicyResult {
  const { failUnder } = policy;
  if (failUnder !== undefined && !(Number.isFinite(failUnder) && failUnder >= 0 && failUnder <= 100)) {
    throw new UsageError(`--fail-under: ${String(failUnder)} is not a percentage between 0 and 100`);
  }
  const failOn = policy.failOn ?? DEFAULT_FAIL_ON;
  const reasons: string[] = [];
  const ratio = report.coverage.ratio;
  if (failUnder !== undefined && ratio !== null && ratio * 100 < failUnder) {
    reasons.push(`coverage ${percent(ratio)} is below --fail-under ${failUnder}%`);
  }
  const enabled = report.entries.filter((e) => !e.disabled);
  for (const grade of ['unprotected', 'unverifiable'] as const) {
    if (!failOn.includes(grade)) continue;
    const hits = enabled.filter((e) => e.grade === grade && !gradeAccepted(report, e));
    if (hits.length > 0) reasons.push(`${hits.length} ${grade} ${hits.length === 1 ? 'entry' : 'entries'}: ${someOf(hits.map(describe))}`);
  }
  if (failOn.includes('unverifiable')) {
    // A config file that could not be read may hide entries: what it holds is unverifiable too.
    const unread = report.findings.filter((f) => f.grade === 'unverifiable' && !isAccepted(f));
    if (unread.length > 0) {
      const files = [...new Set(unread.map((f) => f.location?.path ?? f.id))];
      reasons.push(`${files.length} config ${files.length === 1 ? 'file' : 'files'} that may hide entries: ${someOf(files)}`);
    }
  }
  if (failOn.includes('floor') && report.countIsFloor) {
    const kinds = [...new Set(report.floorCauses.map((f) => f.kind))];
    const n = report.floorCauses.length;
    reasons.push(`the entry count is a floor (--fail-on floor): ${n === 0 ? 'project scanning was off' : `${n} ${n === 1 ? 'cause' : 'causes'}: ${someOf(kinds)}`}`);
  }
  const thresholds = failOn.flatMap((v) => (isSeverity(v) ? [SEVERITY_RANK[v]] : []));
  if (thresholds.length > 0) {
    const floor = smallest(thresholds);
    const active = [...enabled.flatMap((e) => e.findings), ...report.findings]
      .filter((f) => !isAccepted(f) && SEVERITY_RANK[f.severity] >= floor);
    if (active.length > 0) {
      const name = SEVERITIES.find((s) => SEVERITY_RANK[s] === floor) ?? 'info';
      const ids = [...new Set(active.map((f) => f.id))].sort();
      const which = report.baseline === undefined ? 'unsuppressed' : 'new unsuppressed';
      reasons.push(`${active.length} ${which} ${active.length === 1 ? 'finding' : 'findings'} at or above ${name}: ${ids.join(', ')}`);
    }
  }
  if (!failOn.includes('none')) {
    // A live probe was asked for: a probed entry whose pins it did not confirm fails the run
    // (the grade stays; a probe that crashed or timed out proved nothing).
    const tally = probeTally(report);
    if (tally !== undefined && tally.unconfirmed.length > 0) {
      const named = tally.unconfirmed.map((e) => `${describe(e)} (${e.probe?.outcome ?? 'not probed'})`);
      reasons.push(`${tally.confirmed} of ${tally.probed} probed confirmed: ${someOf(named)}`);
    }
    const regressions = report.baseline?.regressions ?? [];
    if (regressions.length > 0) {
      const named = regressions.map((r) => `${r.host}/${r.scope} ${r.upstream !== undefined ? `${r.name} → ${r.upstream}` : r.name} ${r.from} → ${r.to}`);
      reasons.push(`${regressions.length} grade ${regressions.length === 1 ? 'regression' : 'regressions'} since the baseline: ${someOf(named)}`);
    }
    const broken = [...enabled.flatMap((e) => e.findings), ...report.findings]
      .filter((f) => f.id.startsWith(POLICY_RULE_PREFIX) && !isAccepted(f));
    if (broken.length > 0) {
      const ids = [...new Set(broken.map((f) => f.id))].sort();
      reasons.push(`${broken.length} policy-file ${broken.length === 1 ? 'violation' : 'violations'}: ${ids.join(', ')}`);
    }
  }
  return { violated: reasons.length > 0, reasons };
}

/** 2 for a partial report (an operational error), else 1 when the policy is violated, else 0. */
export function exitCodeFor(report: AuditReport, result: PolicyResult): PolicyExitCode {
  if (report.partial) return 2;
  return result.violated ? 1 : 0;
}
