import { entrySubject, fingerprint, relativeToHome } from './fingerprint.js';
import type { AuditReport, ReportContext, ReportEntry, ReportFinding, Reporter } from './model.js';

/**
 * Newline-delimited JSON for fleets (schemas/ndjson.schema.json): one self-describing record per
 * line, so a log shipper or an MDM can forward each one alone. Every record repeats who produced
 * it (schemaVersion, toolVersion, machine, os) and names its `record` kind:
 * - `entry`: one per report entry (report order: account, host, scope, file, server), with the
 *   account and uid it belongs to, its grade, its findings' ids and fingerprints, and its own
 *   fingerprint (the one fingerprint function over ruleId "entry", host, scope, file, server);
 * - `finding`: one per finding not tied to an entry (an unparseable file, an unreadable home);
 * - `summary`: last, exactly one: coverage, accounts, partial.
 * Never env or header values (entries carry neither), never launch argv: records stay small and
 * free of secrets even where redaction would miss one.
 */
export const NDJSON_SCHEMA_VERSION = '1.0.0';

interface Who {
  readonly account: string;
  readonly uid: number | null;
  readonly home: string;
}

function whoOf(report: AuditReport, account: string | undefined): Who {
  if (report.accounts !== undefined && account !== undefined) {
    const a = report.accounts.audited.find((x) => x.name === account);
    if (a !== undefined) return { account: a.name, uid: a.uid, home: a.home };
  }
  return { account: report.trustedHome.user, uid: report.trustedHome.uid ?? null, home: report.trustedHome.path };
}

function findingRef(f: ReportFinding): Record<string, unknown> {
  return { id: f.id, severity: f.severity, fingerprint: f.fingerprint, suppressed: f.suppressed !== undefined };
}

/** The entry's identity across runs and machines: file relative to its account's home. */
export function entryFingerprint(e: ReportEntry, home: string): string {
  const subject = entrySubject(e, home);
  return fingerprint({
    ruleId: 'entry', host: e.host, scope: e.scope, file: relativeToHome(e.configPath, home), server: e.name,
    ...(subject !== undefined ? { subject } : {}),
  });
}

export const ndjson = {
  id: 'ndjson',
  description: 'one JSON record per entry, then a summary record (schemas/ndjson.schema.json), for MDM and SIEM collection',
  render(report: AuditReport, ctx: ReportContext): string {
    const head = {
      schemaVersion: NDJSON_SCHEMA_VERSION, toolVersion: ctx.version, machine: ctx.machine ?? null, os: report.platform,
      ...(report.generatedAt !== undefined ? { generatedAt: report.generatedAt } : {}),
    };
    const lines: string[] = [];
    for (const e of report.entries) {
      const who = whoOf(report, e.account);
      lines.push(JSON.stringify({
        record: 'entry', ...head, account: who.account, uid: who.uid, host: e.host, scope: e.scope, configPath: e.configPath,
        server: e.name, ...(e.upstream !== undefined ? { upstream: e.upstream } : {}), transport: e.transport, disabled: e.disabled,
        grade: e.grade, proxy: e.proxy?.id ?? null, findingIds: e.findings.filter((f) => f.suppressed === undefined).map((f) => f.id),
        findings: e.findings.map(findingRef), ...(e.probe !== undefined ? { probe: e.probe.outcome } : {}),
        fingerprint: entryFingerprint(e, who.home),
      }));
    }
    for (const f of report.findings) {
      const who = whoOf(report, f.account);
      lines.push(JSON.stringify({
        record: 'finding', ...head, account: who.account, uid: who.uid, id: f.id, severity: f.severity, grade: f.grade, message: f.message,
        ...(f.location !== undefined ? { location: f.location } : {}), fingerprint: f.fingerprint, suppressed: f.suppressed !== undefined,
      }));
    }
    const c = report.coverage;
    lines.push(JSON.stringify({
      record: 'summary', ...head,
      accounts: report.accounts !== undefined
        ? report.accounts.audited.map((a) => ({ account: a.name, uid: a.uid, home: a.home, status: a.status, ...(a.reason !== undefined ? { reason: a.reason } : {}), coverage: a.coverage }))
        : [{ account: report.trustedHome.user, uid: report.trustedHome.uid ?? null, home: report.trustedHome.path, status: 'audited', coverage: countsOnly(c) }],
      coverage: countsOnly(c), disabled: c.disabled, entries: report.entries.length,
      findings: report.entries.reduce((n, e) => n + e.findings.length, report.findings.length),
      probed: report.probed, partial: report.partial, countIsFloor: report.countIsFloor,
    }));
    return `${lines.join('\n')}\n`;
  },
} as const satisfies Reporter;

function countsOnly(c: AuditReport['coverage']): Record<string, unknown> {
  return { enforcing: c.enforcing, wired: c.wired, unverifiable: c.unverifiable, unprotected: c.unprotected, total: c.total, ratio: c.ratio };
}
