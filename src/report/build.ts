import type { AuditResult } from '../grade/audit.js';
import { coverageOf } from '../grade/coverage.js';
import type { GradedEntry } from '../grade/types.js';
import type { Finding } from '../rules/types.js';
import { fingerprintOf } from './fingerprint.js';
import type { AuditReport, ProbeSummary, ReportEntry, ReportFinding } from './model.js';
import { REPORT_SCHEMA_VERSION } from './model.js';
import { maskTokenShapes, redactArgv, redactText, redactUrl } from '../shared/redact.js';
import type { ClaimResult } from '../grade/types.js';
import { sortReport } from './sort.js';
import { sortedKeys } from './json.js';
import { extend, type Mutable } from '../shared/extend.js';

export interface BuildOptions {
  readonly version: string;
  readonly probed?: boolean;
  readonly partial?: boolean;
  readonly generatedAt?: string;
  /** Probe outcomes keyed by row index in `result.rows`. */
  readonly probes?: ReadonlyMap<number, ProbeSummary>;
}

/** The chain as reported: its free text passes the same token masking as the rest of the report. */
function reportedChain(chain: readonly ClaimResult[], memo: Map<ClaimResult, ClaimResult>): ClaimResult[] {
  const mask = (text: string): string => maskTokenShapes(text.includes('://') ? text.split(/(\s+)/).map(redactUrl).join('') : text);
  // Rows share their claim objects (grade/chain.ts): each distinct one is masked once per report.
  return chain.map((c) => {
    let out = memo.get(c);
    if (out === undefined) {
      out = c.proven
        ? { claim: c.claim, proven: true, evidence: c.evidence.map(mask) }
        : { claim: c.claim, proven: false, reason: mask(c.reason), findings: c.findings, ...(c.notExamined === true ? { notExamined: true as const } : {}) };
      // The masked copy of a shared (frozen) claim is frozen too, its lists with it: the JSON
      // writer then checks its keys once per report (json.ts CONFORMING) rather than once per row
      // that repeats it, 40% of the objects it walks on the bench home.
      // (The findings list is the claim's own, frozen with it by chain.ts.)
      if (Object.isFrozen(c)) {
        if (out.proven) Object.freeze(out.evidence);
        Object.freeze(out);
      }
      memo.set(c, out);
    }
    return out;
  });
}

function withoutTiming(summary: ProbeSummary): ProbeSummary {
  const { elapsedMs: _elapsed, ...rest } = summary;
  return rest;
}

/**
 * A finding's message and data quote launch lines and URLs from the config: the last pass of the
 * one redaction module before they are stored (fingerprints are computed from the raw finding).
 */
function redacted(f: Finding): Finding {
  // Data keys sorted, as the JSON report orders a map (so it is written as it is, not copied).
  return extend(f, { message: redactText(f.message), data: Object.fromEntries(sortedKeys(Object.keys(f.data)).map((k) => [k, redactText(f.data[k] ?? '')])) });
}

/** The row's own list when redaction changed nothing (it is kept anyway; no second copy per row). */
function unlessSame(redacted: readonly string[], original: readonly string[]): readonly string[] {
  return redacted.length === original.length && redacted.every((w, i) => w === original[i]) ? original : redacted;
}

/** Turns graded rows into the report every reporter renders: redacted, fingerprinted, sorted. */
export function buildReport(result: AuditResult, options: BuildOptions): AuditReport {
  const d = result.discovery;
  const home = d.home.path;
  // Per-host rejections are a discovery fact: looked up by the entry's identity (host, file, name).
  const onlyFor = new Map(d.entries.filter((e) => e.disabledOnlyFor !== undefined).map((e) => [`${e.host}\0${e.configPath}\0${e.name}`, e.disabledOnlyFor]));
  const masked = new Map<ClaimResult, ClaimResult>();
  const entries: ReportEntry[] = result.rows.map((row: GradedEntry, i: number) => {
    // Probe durations vary run to run: reports stay deterministic unless --timestamp asks for timing.
    const timed = options.probes?.get(i);
    const probe = timed === undefined || options.generatedAt !== undefined ? timed : withoutTiming(timed);
    const onlyForThis = onlyFor.size === 0 ? undefined : onlyFor.get(`${row.host}\0${row.configPath}\0${row.name}`);
    const withFp = (f: Finding): ReportFinding => extend(redacted(f), { fingerprint: fingerprintOf(f, row, home) });
    // Built in the schema's key order (report/json.ts then writes it without reordering a copy),
    // its optional keys assigned in place: the row keeps fast properties and a shared hidden
    // class, which a copy onto {} of 17 keys or more does not (parse/entry-with.ts says why).
    const out: Mutable<Partial<ReportEntry>> = { host: row.host, scope: row.scope, configPath: row.configPath, name: row.name };
    if (row.upstream !== undefined) out.upstream = row.upstream;
    if (row.project !== undefined) out.project = row.project;
    out.transport = row.transport;
    out.disabled = row.disabled;
    if (onlyForThis !== undefined) out.disabledOnlyFor = onlyForThis;
    out.grade = row.grade;
    // The store path is the entry's own text (`--pin-store …`): masked like the launch line and messages.
    out.proxy = row.proxy === null || row.proxy.store === null ? row.proxy : extend(row.proxy, { store: redactText(row.proxy.store) });
    out.launch = unlessSame(redactArgv(row.launch), row.launch);
    out.envKeys = row.envKeys;
    out.headerKeys = row.headerKeys;
    out.location = row.location;
    if (probe !== undefined) out.probe = probe;
    out.findings = row.findings.map(withFp);
    out.evidence = reportedChain(row.evidence, masked);
    out.assumptions = row.assumptions.map(redactText);
    out.files = row.files.map((f) => ({ path: redactText(f.path), state: f.state, summary: redactText(f.summary), by: f.by }));
    // Every required key is assigned above (report validity is checked against the schema in tests).
    return out as ReportEntry;
  });
  // Messages quote launch lines and URLs: the last pass of the one redaction module before storage.
  const findings: ReportFinding[] = d.findings.map((f) => extend(redacted(f), { fingerprint: fingerprintOf(f, undefined, home) }));
  const report: AuditReport = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'mcp-audit', version: options.version },
    platform: d.platform,
    trustedHome: { path: home, source: d.home.source, user: d.home.user, ...(d.home.uid !== undefined ? { uid: d.home.uid } : {}) },
    homeEnvMismatch: d.homeEnvMismatch,
    projectScan: d.projectScan,
    countIsFloor: d.countIsFloor,
    floorCauses: d.floorCauses.map((f) => extend(f, { detail: redactText(f.detail) })),
    hostEnv: d.hostEnv,
    probed: options.probed ?? false,
    entries,
    findings,
    coverage: coverageOf(result.rows),
    locations: d.locations.map((l) => ({ host: l.host, scope: l.scope, path: l.path, status: l.status })),
    partial: options.partial ?? false,
    ...(options.generatedAt !== undefined ? { generatedAt: options.generatedAt } : {}),
  };
  return sortReport(report);
}
