import Table from 'cli-table3';
import type { Severity } from '../rules/types.js';
import {
  allFindings, coverageFraction, coverageLine, displayPath, entryLabel, locationText, proxyLabel, unprovenClaim, wrap,
} from './format.js';
import type { AuditReport, Grade, ReportContext, ReportEntry, ReportFinding, Reporter } from './model.js';

/** Terminal table: one block per host, a closing coverage line, file-level findings, notes. */

type Paint = (text: string) => string;
const plain: Paint = (t) => t;
const sgr = (open: number, close: number): Paint => (t) => `\u001b[${open}m${t}\u001b[${close}m`;

interface Palette {
  readonly grade: Readonly<Record<Grade, Paint>>;
  readonly severity: Readonly<Record<Severity, Paint>>;
  readonly bold: Paint;
  readonly dim: Paint;
}

const COLOR: Palette = {
  grade: { enforcing: sgr(32, 39), unverifiable: sgr(33, 39), unprotected: sgr(31, 39) },
  severity: { critical: sgr(31, 39), high: sgr(31, 39), medium: sgr(33, 39), low: sgr(2, 22), info: sgr(2, 22) },
  bold: sgr(1, 22),
  dim: sgr(2, 22),
};
const NO_COLOR: Palette = {
  grade: { enforcing: plain, unverifiable: plain, unprotected: plain },
  severity: { critical: plain, high: plain, medium: plain, low: plain, info: plain },
  bold: plain,
  dim: plain,
};

/** 20 + 9 + 15 + 24 + 26 + 6 borders = 100 columns. */
const COL_WIDTHS = [20, 9, 15, 24, 26];

function gradeCell(entry: ReportEntry, p: Palette): string {
  if (entry.disabled) return p.dim(`disabled\n(${entry.grade})`);
  // The first claim of the evidence chain that is not proven: where to look first.
  const open = entry.grade === 'enforcing' ? undefined : unprovenClaim(entry);
  return p.grade[entry.grade](entry.grade) + (open === undefined ? '' : `\n${p.dim(`✗ ${open}`)}`);
}

function findingsCell(entry: ReportEntry): string {
  return entry.findings.map((f) => (f.suppressed === undefined ? f.id : `${f.id} (suppressed)`)).join('\n');
}

const WIDTH = 100;

function findingLines(f: ReportFinding, home: string, p: Palette): string[] {
  const where = f.location === undefined ? '' : `  ${locationText(f.location, home)}`;
  const head = `  ${p.severity[f.severity](f.severity.padEnd(8))} ${f.id}${where}`;
  const lines = [head, ...wrap(f.message, WIDTH, '      ')];
  if (f.suppressed !== undefined) {
    const until = f.suppressed.expires === undefined ? '' : ` until ${f.suppressed.expires}`;
    lines.push(...wrap(`suppressed${until}: ${f.suppressed.reason}`, WIDTH, '      ').map(p.dim));
  }
  return lines;
}

/** A probed entry: its outcome (with the server's time) and the detail, under its findings. */
function probeLines(e: ReportEntry, p: Palette): string[] {
  if (e.probe === undefined) return [];
  const time = e.probe.elapsedMs === undefined ? '' : ` (${(e.probe.elapsedMs / 1000).toFixed(1)} s)`;
  const paint = e.probe.outcome === 'pins-confirmed' ? p.grade.enforcing : e.probe.outcome === 'pins-unmatched' ? p.grade.unprotected : p.grade.unverifiable;
  return [`  ${p.bold('probe'.padEnd(8))} ${paint(e.probe.outcome)}${time}  ${entryLabel(e)}`, ...wrap(e.probe.detail, WIDTH, '      ')];
}

function hostBlock(host: string, entries: readonly ReportEntry[], report: AuditReport, ctx: ReportContext,
  p: Palette): string[] {
  const counts = report.coverage.byHost[host];
  const files = [...new Set(entries.map((e) => displayPath(e.configPath, ctx.home)))];
  const out = [p.bold(host) + (counts === undefined ? '' : `  ${coverageFraction(counts)}`)];
  for (const file of files) out.push(`  ${file}`);
  const table = new Table({
    head: ['Server', 'Scope', 'Grade', 'Proxy (mode)', 'Findings'].map((h) => p.bold(h)),
    colWidths: COL_WIDTHS,
    wordWrap: true,
    style: { head: [], border: [] },
  });
  for (const e of entries) {
    table.push([entryLabel(e), e.scope, gradeCell(e, p), proxyLabel(e), findingsCell(e)]);
  }
  out.push(table.toString());
  for (const e of entries) {
    for (const r of e.disabledOnlyFor ?? []) out.push(...wrap(`off for ${r.host} only (${entryLabel(e)}): ${r.by}`, WIDTH, '  ').map(p.dim));
    for (const f of e.findings) out.push(...findingLines(f, ctx.home, p));
    out.push(...probeLines(e, p));
  }
  return out;
}

function notes(report: AuditReport, ctx: ReportContext): string[] {
  const out: string[] = [];
  if (report.partial) {
    out.push('Note: this report is partial: the run stopped on an operational error (see the messages above).');
  }
  if (report.countIsFloor) {
    out.push('Note: project-scope configs were not scanned, so the entry count is a floor.');
  }
  if (report.homeEnvMismatch) {
    out.push(...wrap(`Note: $HOME disagrees with the trusted home ${displayPath(report.trustedHome.path, ctx.home)} `
      + `(from ${report.trustedHome.source}); every entry was graded against the trusted home.`, WIDTH, ''));
  }
  return out;
}

export const table = {
  id: 'table',
  description: 'a terminal table grouped by host, with a closing coverage line (default)',
  render(report: AuditReport, ctx: ReportContext): string {
    const p = ctx.color ? COLOR : NO_COLOR;
    const blocks: string[] = [];
    const hosts = [...new Set(report.entries.map((e) => e.host))];
    for (const host of hosts) {
      blocks.push(hostBlock(host, report.entries.filter((e) => e.host === host), report, ctx, p).join('\n'));
    }
    if (hosts.length === 0) blocks.push('No MCP server entries found.');
    blocks.push(p.bold(coverageLine(report)));
    const fileLevel = allFindings(report).filter((l) => l.entry === undefined);
    if (fileLevel.length > 0) {
      blocks.push(['Findings not tied to a server:', ...fileLevel.flatMap((l) => findingLines(l.finding, ctx.home, p))]
        .join('\n'));
    }
    const n = notes(report, ctx);
    if (n.length > 0) blocks.push(n.join('\n'));
    return `${blocks.join('\n\n')}\n`;
  },
} as const satisfies Reporter;
