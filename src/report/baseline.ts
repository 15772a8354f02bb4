import { UsageError } from '../shared/errors.js';
import { gateJson } from './gate-text.js';
import type { Grade } from '../grade/types.js';
import { entrySubject, relativeToHome } from './fingerprint.js';
import type { AuditReport, BaselineMark, BaselineSummary, GradeRegression, ReportEntry, ReportFinding } from './model.js';
import { extend } from '../shared/extend.js';

/**
 * `--baseline FILE`: a JSON report from an earlier run. Every finding of this run is
 * marked `known` when the baseline holds its fingerprint (the semantic identity: rule, host, scope,
 * file relative to the home, server, the rule's identity fields — never the message, so a reworded
 * message stays known) and `new` otherwise. The policy then waives known findings the way it waives
 * suppressed ones (report/policy.ts), and fails on an entry whose grade got worse.
 *
 * - Only what gated in the baseline is known: findings of enabled entries and file-level findings.
 *   A disabled entry's findings never gated, so once it is enabled they are new (while it stays
 *   disabled they are known, and never violate anyway).
 * - The rules in {@link NEVER_BASELINED} are always `new`: their finding is an attack on the
 *   proxy, or a figure rather than a thing, and knowing it once says nothing about now.
 * - A baseline is matched by fingerprint, which is relative to each run's own home: a baseline
 *   written on one checkout of a dotfiles repository matches a run on another checkout.
 */

/**
 * The rules never baselined, and why. Decided from the rules' claims and severities: every rule
 * that grades and is `critical` (a relocated store, a deleted baseline, an env-relocated store), and
 * the `environment`/`program` rules that move the home or run foreign code inside the proxy. A test
 * (test/report/baseline.test.ts) fails when a new critical grading rule is missing here.
 */
export const NEVER_BASELINED: ReadonlyMap<string, string> = new Map([
  ['pin-store-planted', 'the entry itself points the proxy at a store it chose: a planted store'],
  ['pin-baseline-deleted', 'a pin baseline that vanished after pinning is tampering, not a configuration gap'],
  ['pin-baseline-unindexed', 'a pin file the tamper index does not list was not written by the gate (or the index was removed): possible tampering'],
  ['env-store-override', 'an env override that relocates the pin store'],
  ['env-home-override', 'an env override of the home moves where the proxy looks for its pins'],
  ['env-code-injection', 'an env variable that runs code inside the proxy'],
  ['launch-option-injection', 'launch options that swap or extend what runs as the proxy (code injection)'],
  ['policy-coverage-below', 'a coverage figure, not one thing: below the floor once says nothing about now'],
]);

export interface Baseline {
  /** The file as the operator named it. */
  readonly file: string;
  readonly fingerprints: ReadonlySet<string>;
  /** Fingerprints of entries disabled in the baseline: known only while the entry stays disabled. */
  readonly disabledFingerprints: ReadonlySet<string>;
  /** Enabled entries of the baseline, by {@link entryKey}. */
  readonly entries: ReadonlyMap<string, Grade>;
}

const GRADE_RANK: Readonly<Record<Grade, number>> = { enforcing: 0, wired: 0, unverifiable: 1, unprotected: 2 };
const FINGERPRINT = /^[0-9a-f]{64}$/;

/**
 * An entry's identity across runs: host, scope, config file relative to the home, name, and its
 * subject (upstream; the project key of a ~/.claude.json project entry, fingerprint.ts
 * entrySubject: a 1.1 baseline does not record it, so its ~/.claude.json project entries match none now).
 */
export function entryKey(e: { readonly host: string; readonly scope: string; readonly configPath: string; readonly name: string; readonly upstream?: string; readonly project?: string }, home: string): string {
  return JSON.stringify([e.host, e.scope, relativeToHome(e.configPath, home), e.name, entrySubject(e, home) ?? null]);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isGrade = (v: unknown): v is Grade => v === 'enforcing' || v === 'wired' || v === 'unverifiable' || v === 'unprotected';

function fail(file: string, what: string): never {
  throw new UsageError(`--baseline ${file}: ${what} (a baseline is a JSON report: mcp-audit scan --format json -o FILE)`);
}

function fingerprintsOf(findings: unknown, file: string, where: string): string[] {
  if (!Array.isArray(findings)) fail(file, `${where}.findings is not a list`);
  return findings.map((f: unknown, i) => {
    const fp = isRecord(f) ? f.fingerprint : undefined;
    if (typeof fp !== 'string' || !FINGERPRINT.test(fp)) fail(file, `${where}.findings[${i}] has no fingerprint`);
    return fp;
  });
}

/** Reads a baseline report's text. Throws UsageError (exit 2) for anything that is not a report. */
export function parseBaseline(text: string, file: string): Baseline {
  // Strict JSON, duplicate keys and excessive nesting refused with file:line:column (gate-text.ts).
  const doc = gateJson(text, `--baseline ${file}`);
  if (!isRecord(doc)) fail(file, 'not a JSON object');
  const version = doc.schemaVersion;
  if (typeof version !== 'string' || !/^1\.\d+\.\d+$/.test(version)) fail(file, 'schemaVersion is not 1.x.y');
  const home = isRecord(doc.trustedHome) ? doc.trustedHome.path : undefined;
  if (typeof home !== 'string' || home === '') fail(file, 'trustedHome.path is missing');
  if (!Array.isArray(doc.entries)) fail(file, 'entries is not a list');
  const fingerprints = new Set<string>(fingerprintsOf(doc.findings, file, 'report'));
  const entries = new Map<string, Grade>();
  const disabledFingerprints = new Set<string>();
  doc.entries.forEach((e: unknown, i) => {
    const where = `entries[${i}]`;
    if (!isRecord(e)) fail(file, `${where} is not an object`);
    const { host, scope, configPath, name, upstream, project, grade, disabled } = e;
    if (typeof host !== 'string' || typeof scope !== 'string' || typeof configPath !== 'string' || typeof name !== 'string'
      || (upstream !== undefined && typeof upstream !== 'string') || (project !== undefined && typeof project !== 'string')
      || !isGrade(grade) || typeof disabled !== 'boolean') {
      fail(file, `${where} lacks host, scope, configPath, name, grade or disabled`);
    }
    const prints = fingerprintsOf(e.findings, file, where);
    if (disabled) {
      for (const fp of prints) disabledFingerprints.add(fp);
      return;
    }
    for (const fp of prints) fingerprints.add(fp);
    const key = entryKey({ host, scope, configPath, name, ...(upstream !== undefined ? { upstream } : {}), ...(project !== undefined ? { project } : {}) }, home);
    entries.set(key, grade);
  });
  return { file, fingerprints, disabledFingerprints, entries };
}

/** `known` when the baseline holds the fingerprint and the rule may be baselined; `new` otherwise. */
export function baselineMark(f: Pick<ReportFinding, 'id' | 'fingerprint'>, baseline: Baseline, disabledNow = false): BaselineMark {
  if (NEVER_BASELINED.has(f.id)) return 'new';
  const held = baseline.fingerprints.has(f.fingerprint) || (disabledNow && baseline.disabledFingerprints.has(f.fingerprint));
  return held ? 'known' : 'new';
}

/** Marks every finding new/known, lists the grade regressions, counts new / known / resolved. */
export function applyBaseline(report: AuditReport, baseline: Baseline): AuditReport {
  const home = report.trustedHome.path;
  const mark = (disabled: boolean) => (f: ReportFinding): ReportFinding => extend(f, { baseline: baselineMark(f, baseline, disabled) });
  const entries = report.entries.map((e) => extend(e, { findings: e.findings.map(mark(e.disabled)) }));
  const findings = report.findings.map(mark(false));
  const all = [...entries.flatMap((e) => e.findings), ...findings];
  const seen = new Set(all.map((f) => f.fingerprint));
  const regressions: GradeRegression[] = [];
  for (const e of entries) {
    if (e.disabled) continue;
    const was = baseline.entries.get(entryKey(e, home));
    if (was === undefined || GRADE_RANK[e.grade] <= GRADE_RANK[was]) continue;
    regressions.push({
      host: e.host, scope: e.scope, name: e.name, ...(e.upstream !== undefined ? { upstream: e.upstream } : {}),
      from: was, to: e.grade, location: e.location,
    });
  }
  const summary: BaselineSummary = {
    file: baseline.file,
    new: all.filter((f) => f.baseline === 'new').length,
    known: all.filter((f) => f.baseline === 'known').length,
    resolved: [...new Set([...baseline.fingerprints, ...baseline.disabledFingerprints])].filter((fp) => !seen.has(fp)).length,
    regressions,
  };
  return { ...report, entries, findings, baseline: summary };
}

/** True when the entry's grade is worse than in the baseline (see {@link applyBaseline}). */
export function regressed(report: AuditReport, entry: ReportEntry): boolean {
  return (report.baseline?.regressions ?? []).some((r) => r.host === entry.host && r.scope === entry.scope
    && r.name === entry.name && r.upstream === entry.upstream && r.location.path === entry.location.path
    && r.location.line === entry.location.line);
}
