import type { AllUsersAudit } from '../grade/all-users.js';
import { coverageOf } from '../grade/coverage.js';
import type { GradedEntry } from '../grade/types.js';
import type { Platform, TrustedHome } from '../shared/env.js';
import { buildReport, type BuildOptions } from './build.js';
import { fingerprintOf } from './fingerprint.js';
import type { AccountSummary, AuditReport, HostEnvApplied, LocationStatus, ProbeSummary, ReportEntry, ReportFinding, ReportFloorCause } from './model.js';
import { REPORT_SCHEMA_VERSION } from './model.js';
import { sortReport } from './sort.js';
import { append } from '../shared/lists.js';

export interface AllUsersBuildOptions extends BuildOptions {
  readonly platform: Platform;
  /** The running account's trusted home (the default ignore file is read there). */
  readonly operator: TrustedHome;
  readonly projectScan: boolean;
  /** Probe outcomes per account name, keyed by row index in that account's result. */
  readonly probesByAccount?: ReadonlyMap<string, ReadonlyMap<number, ProbeSummary>>;
}

/**
 * One report for an --all-users run: each account's rows built as its own report (fingerprints
 * relative to that account's home, so a suppression written by the account still matches), then
 * every entry, finding and location tagged with its account; coverage over all accounts' rows.
 */
export function buildAllUsersReport(run: AllUsersAudit, options: AllUsersBuildOptions): AuditReport {
  const entries: ReportEntry[] = [];
  const findings: ReportFinding[] = [];
  const locations: LocationStatus[] = [];
  const rows: GradedEntry[] = [];
  const audited: AccountSummary[] = [];
  const floorCauses: ReportFloorCause[] = [];
  const hostEnv: HostEnvApplied[] = [];
  for (const a of run.accounts) {
    const account = a.account.name;
    for (const f of a.findings) findings.push({ ...f, account, fingerprint: fingerprintOf(f, undefined, a.account.home) });
    const probes = options.probesByAccount?.get(account);
    const own = a.result !== undefined ? buildReport(a.result, { ...options, ...(probes !== undefined ? { probes } : {}) }) : undefined;
    if (a.result !== undefined && own !== undefined) {
      append(rows, a.result.rows);
      append(floorCauses, own.floorCauses.map((f) => ({ ...f, account })));
      append(hostEnv, own.hostEnv);
      append(entries, own.entries.map((e) => ({ ...e, account, findings: e.findings.map((f) => ({ ...f, account })) })));
      append(findings, own.findings.map((f) => ({ ...f, account })));
      append(locations, own.locations.map((l) => ({ ...l, account })));
    }
    if (a.status === 'unreadable') {
      floorCauses.push({ kind: 'directory-unreadable', account, path: a.account.home, detail: `the home of ${account} (${a.account.home}) could not be read: ${a.reason ?? 'unreadable'}` });
    }
    const { enforcing, wired, unverifiable, unprotected, total, ratio } = coverageOf(a.result?.rows ?? []);
    audited.push({
      name: account, uid: a.account.uid ?? null, ...(a.account.sid !== undefined ? { sid: a.account.sid } : {}),
      home: a.account.home, foundBy: a.account.source, status: a.status, ...(a.reason !== undefined ? { reason: a.reason } : {}),
      coverage: { enforcing, wired, unverifiable, unprotected, total, ratio },
    });
  }
  return sortReport({
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'mcp-audit', version: options.version },
    platform: options.platform,
    trustedHome: {
      path: options.operator.path, source: options.operator.source, user: options.operator.user,
      ...(options.operator.uid !== undefined ? { uid: options.operator.uid } : {}),
    },
    accounts: { listedBy: run.listedBy, rule: run.rule, systemAccounts: run.systemAccounts, excluded: run.excluded, audited },
    homeEnvMismatch: false,
    projectScan: options.projectScan,
    countIsFloor: floorCauses.length > 0 || !options.projectScan,
    floorCauses,
    hostEnv,
    probed: options.probed ?? false,
    entries,
    findings,
    coverage: coverageOf(rows),
    locations,
    partial: options.partial ?? false,
    ...(options.generatedAt !== undefined ? { generatedAt: options.generatedAt } : {}),
  });
}
