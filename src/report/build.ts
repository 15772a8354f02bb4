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

export interface BuildOptions {
  readonly version: string;
  readonly probed?: boolean;
  readonly partial?: boolean;
  readonly generatedAt?: string;
  /** Probe outcomes keyed by row index in `result.rows`. */
  readonly probes?: ReadonlyMap<number, ProbeSummary>;
}

/** The chain as reported: its free text passes the same token masking as the rest of the report. */
function reportedChain(chain: readonly ClaimResult[]): ClaimResult[] {
  const mask = (text: string): string => maskTokenShapes(text.split(/(\s+)/).map(redactUrl).join(''));
  return chain.map((c) => (c.proven
    ? { claim: c.claim, proven: true, evidence: c.evidence.map(mask) }
    : { claim: c.claim, proven: false, reason: mask(c.reason), findings: c.findings }));
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
  return { ...f, message: redactText(f.message), data: Object.fromEntries(Object.entries(f.data).map(([k, v]) => [k, redactText(v)])) };
}

/** Turns graded rows into the report every reporter renders: redacted, fingerprinted, sorted. */
export function buildReport(result: AuditResult, options: BuildOptions): AuditReport {
  const d = result.discovery;
  const home = d.home.path;
  // Per-host rejections are a discovery fact: looked up by the entry's identity (host, file, name).
  const onlyFor = new Map(d.entries.filter((e) => e.disabledOnlyFor !== undefined).map((e) => [`${e.host}\0${e.configPath}\0${e.name}`, e.disabledOnlyFor]));
  const entries: ReportEntry[] = result.rows.map((row: GradedEntry, i: number) => {
    // Probe durations vary run to run: reports stay deterministic unless --timestamp asks for timing.
    const timed = options.probes?.get(i);
    const probe = timed === undefined || options.generatedAt !== undefined ? timed : withoutTiming(timed);
    const base: Omit<ReportEntry, 'findings'> = {
      host: row.host, scope: row.scope, configPath: row.configPath, name: row.name,
      ...(row.upstream !== undefined ? { upstream: row.upstream } : {}),
      transport: row.transport, disabled: row.disabled, grade: row.grade, proxy: row.proxy,
      ...(onlyFor.get(`${row.host}\0${row.configPath}\0${row.name}`) !== undefined ? { disabledOnlyFor: onlyFor.get(`${row.host}\0${row.configPath}\0${row.name}`) ?? [] } : {}),
      launch: redactArgv(row.launch), envKeys: row.envKeys, headerKeys: row.headerKeys, location: row.location,
      evidence: reportedChain(row.evidence),
      ...(probe !== undefined ? { probe } : {}),
    };
    const withFp = (f: Finding): ReportFinding => ({ ...redacted(f), fingerprint: fingerprintOf(f, { ...base, findings: [] }, home) });
    return { ...base, findings: row.findings.map(withFp) };
  });
  // Messages quote launch lines and URLs: the last pass of the one redaction module before storage.
  const findings: ReportFinding[] = d.findings.map((f) => ({ ...redacted(f), fingerprint: fingerprintOf(f, undefined, home) }));
  const report: AuditReport = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'mcp-audit', version: options.version },
    platform: d.platform,
    trustedHome: { path: home, source: d.home.source, user: d.home.user, ...(d.home.uid !== undefined ? { uid: d.home.uid } : {}) },
    homeEnvMismatch: d.homeEnvMismatch,
    projectScan: d.projectScan,
    countIsFloor: d.countIsFloor,
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
