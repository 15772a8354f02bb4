import type { FindingLocation, RuleMeta, Severity } from '../rules/types.js';
import { relativeToHome, isUnderHome } from './fingerprint.js';
import type { AuditReport, CoverageCounts, ReportEntry, ReportFinding } from './model.js';

/** Helpers shared by the text reporters (table, markdown). Pure. */

/** 0.428571 → '42.9%'; null (nothing to cover) → 'n/a'. */
export function percent(ratio: number | null): string {
  return ratio === null ? 'n/a' : `${(Math.round(ratio * 1000) / 10).toFixed(1)}%`;
}

/** '3/7 enforcing (42.9%)'; where rows are wired (check), '0 enforcing, 3/7 wired (42.9%)'. */
export function coverageFraction(c: CoverageCounts): string {
  if (c.wired > 0) return `${c.enforcing > 0 ? `${c.enforcing} enforcing, ` : ''}${c.enforcing + c.wired}/${c.total} enforcing or wired (${percent(c.ratio)})`;
  return `${c.enforcing}/${c.total} enforcing (${percent(c.ratio)})`;
}

/**
 * What a live probe confirmed: of the enabled entries probed, those whose pins all matched what the
 * server served (`pins-confirmed`). Undefined when the run did not probe. A probe that failed,
 * timed out, crashed or found drift confirmed nothing: the static grade stands, but the run must
 * not read as if the pins were seen to hold.
 */
export function probeTally(report: AuditReport): { readonly probed: number; readonly confirmed: number; readonly unconfirmed: readonly ReportEntry[] } | undefined {
  if (!report.probed) return undefined;
  const probed = report.entries.filter((e) => !e.disabled && e.probe !== undefined);
  const unconfirmed = probed.filter((e) => e.probe?.outcome !== 'pins-confirmed');
  return { probed: probed.length, confirmed: probed.length - unconfirmed.length, unconfirmed };
}

/** '0 of 1 probed confirmed', or undefined when the run did not probe. */
export function probeTallyText(report: AuditReport): string | undefined {
  const t = probeTally(report);
  return t === undefined ? undefined : `${t.confirmed} of ${t.probed} probed confirmed`;
}

/** 'Coverage: 3/7 enforcing (42.9%) — 2 unverifiable, 2 unprotected, 1 disabled excluded[; 1 of 2 probed confirmed]' */
export function coverageLine(report: AuditReport): string {
  const c = report.coverage;
  const probed = probeTallyText(report);
  return `Coverage: ${coverageFraction(c)} — ${c.unverifiable} unverifiable, ${c.unprotected} unprotected, `
    + `${c.disabled} disabled excluded${probed !== undefined ? `; ${probed}` : ''}`;
}

/** A path under the trusted home as '~/…', any other path as given (`/`-separated). */
export function displayPath(path: string, home: string): string {
  return isUnderHome(path, home) ? `~/${relativeToHome(path, home)}` : relativeToHome(path, home);
}

/** Message text with the home spelled `~/…`: no absolute home path in a result (a username is personal data). */
export function homeRelativeText(text: string, home: string): string {
  const h = home.replace(/[\\/]+$/, '');
  if (h === '') return text;
  const escaped = h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`${escaped}(?=$|[\\\\/\\s)"'.,;:\\]])`, 'g'), '~');
}

export function locationText(loc: FindingLocation, home: string): string {
  return `${displayPath(loc.path, home)}:${loc.line}:${loc.column}`;
}

/** 'hangar → github' for an aggregator's upstream row, else the entry name. */
export function entryLabel(entry: ReportEntry): string {
  return entry.upstream === undefined ? entry.name : `${entry.name} → ${entry.upstream}`;
}

/** 'mcpindex-gate (guard)', or '—' when no proxy was recognized. */
export function proxyLabel(entry: ReportEntry): string {
  return entry.proxy === null ? '—' : `${entry.proxy.id} (${entry.proxy.mode})`;
}

export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };

/** A finding with the entry it belongs to (undefined for a finding not tied to one entry). */
export interface Located {
  readonly finding: ReportFinding;
  readonly entry: ReportEntry | undefined;
}

/** Every finding in report order: entries' findings (entry order), then file-level ones. */
export function allFindings(report: AuditReport): Located[] {
  const out: Located[] = [];
  for (const entry of report.entries) for (const finding of entry.findings) out.push({ finding, entry });
  for (const finding of report.findings) out.push({ finding, entry: undefined });
  return out;
}

export function ruleById(rules: readonly RuleMeta[], id: string): RuleMeta | undefined {
  return rules.find((r) => r.id === id);
}

/** Word-wraps `text` to `width` columns, every line indented; a long word stays whole. */
export function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = indent;
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== indent && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent;
    }
    line = line === indent ? `${indent}${word}` : `${line} ${word}`;
  }
  if (line !== indent || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * The first claim of an entry's evidence chain that is not proven (the table's one-cell summary);
 * for an entry the host does not launch, the first after `launched` (its grade is the one it would have).
 */
export function unprovenClaim(e: Pick<ReportEntry, 'evidence' | 'disabled'>): string | undefined {
  return e.evidence.find((c) => !c.proven && !(e.disabled && c.claim === 'launched'))?.claim;
}

/** The sentences that say why an entry count is a floor, one per cause (the table, markdown and `scan --list` print them). */
export function floorSentences(causes: readonly { readonly kind: string; readonly detail: string; readonly account?: string }[]): string[] {
  if (causes.length === 0) return [];
  const head = `The entry count is a floor: ${causes.length} ${causes.length === 1 ? 'thing' : 'things'} on the hosts' lookup paths could not be followed (--fail-on floor fails on this).`;
  return [head, ...causes.map((c) => `${c.account !== undefined ? `[${c.account}] ` : ''}${c.kind}: ${c.detail}`)];
}
