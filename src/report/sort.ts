import type { AuditReport, LocationStatus, ReportEntry, ReportFinding } from './model.js';
import { extend } from '../shared/extend.js';

/**
 * Deterministic order for everything a reporter prints. Comparison is by UTF-16 code unit
 * (never locale-dependent), so the same report sorts identically on every machine.
 */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function cmpNum(a: number, b: number): number {
  return a - b;
}

/** Entries by account (--all-users), host, scope, configPath, name, upstream (a row without an upstream first). */
export function compareEntries(a: ReportEntry, b: ReportEntry): number {
  return cmp(a.account ?? '', b.account ?? '')
    || cmp(a.host, b.host)
    || cmp(a.scope, b.scope)
    || cmp(a.configPath, b.configPath)
    || cmp(a.name, b.name)
    || cmp(a.upstream ?? '', b.upstream ?? '');
}

/**
 * Findings by account (--all-users), path, line, column, id; a finding without a location sorts first. Ties are broken
 * by fingerprint and message so the order is total.
 */
export function compareFindings(a: ReportFinding, b: ReportFinding): number {
  const la = a.location;
  const lb = b.location;
  return cmp(a.account ?? '', b.account ?? '')
    || cmp(la?.path ?? '', lb?.path ?? '')
    || cmpNum(la?.line ?? 0, lb?.line ?? 0)
    || cmpNum(la?.column ?? 0, lb?.column ?? 0)
    || cmp(a.id, b.id)
    || cmp(a.fingerprint, b.fingerprint)
    || cmp(a.message, b.message);
}

function compareLocations(a: LocationStatus, b: LocationStatus): number {
  return cmp(a.account ?? '', b.account ?? '') || cmp(a.host, b.host) || cmp(a.scope, b.scope) || cmp(a.path, b.path);
}

export function sortFindings(findings: readonly ReportFinding[]): ReportFinding[] {
  return [...findings].sort(compareFindings);
}

/** True when the list is already in `compare` order (nothing to copy). */
function inOrder<T>(list: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let i = 1; i < list.length; i++) if (compare(list[i - 1] as T, list[i] as T) > 0) return false;
  return true;
}

export function sortEntries(entries: readonly ReportEntry[]): ReportEntry[] {
  // Rows are immutable: one whose findings are already in order is kept as it is, not copied.
  return entries.map((e) => (inOrder(e.findings, compareFindings) ? e : extend(e, { findings: sortFindings(e.findings) }))).sort(compareEntries);
}

/** A copy of the report with entries, every findings list and locations sorted. */
export function sortReport(report: AuditReport): AuditReport {
  return {
    ...report,
    entries: sortEntries(report.entries),
    findings: sortFindings(report.findings),
    locations: [...report.locations].sort(compareLocations),
  };
}
