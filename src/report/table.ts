import { escapeDeep } from '../shared/text.js';
import type { Severity } from '../rules/types.js';
import {
  allFindings, coverageFraction, coverageLine, displayPath, entryLabel, floorSentences, homeRelativeText, locationText, proxyLabel, SEVERITY_RANK, unprovenClaim,
} from './format.js';
import { layoutWidth, renderTable, visibleLength, wrapText } from './layout.js';
import type { Column } from './layout.js';
import type { AccountsSection, AuditReport, CoverageCounts, Grade, ReportContext, ReportEntry, ReportFinding, Reporter } from './model.js';
import { acceptanceLine, acceptanceOf, isEntryAccepted, markedId } from './acceptance.js';
import { append } from '../shared/lists.js';

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
  grade: { enforcing: sgr(32, 39), wired: sgr(36, 39), unverifiable: sgr(33, 39), unprotected: sgr(31, 39) },
  severity: { critical: sgr(31, 39), high: sgr(31, 39), medium: sgr(33, 39), low: sgr(2, 22), info: sgr(2, 22) },
  bold: sgr(1, 22),
  dim: sgr(2, 22),
};
const NO_COLOR: Palette = {
  grade: { enforcing: plain, wired: plain, unverifiable: plain, unprotected: plain },
  severity: { critical: plain, high: plain, medium: plain, low: plain, info: plain },
  bold: plain,
  dim: plain,
};

/** The entry table's columns; layout.ts fits them to the terminal. */
const COLUMNS: readonly Column[] = [
  { header: 'Server', min: 12 }, { header: 'Scope', min: 7 }, { header: 'Grade', min: 12 },
  { header: 'Proxy (mode)', min: 12 }, { header: 'Findings', min: 16 },
];

function gradeCell(entry: ReportEntry, report: AuditReport, p: Palette): string {
  if (entry.disabled) return p.dim(`disabled\n(${entry.grade})`);
  // The first claim of the evidence chain that is not proven: where to look first.
  const open = entry.grade === 'enforcing' || entry.grade === 'wired' ? undefined : unprovenClaim(entry);
  const accepted = isEntryAccepted(report, entry) ? `\n${p.dim('(accepted)')}` : '';
  return p.grade[entry.grade](entry.grade) + (open === undefined ? '' : `\n${p.dim(`✗ ${open}`)}`) + accepted;
}

function findingsCell(entry: ReportEntry): string {
  return entry.findings.map(markedId).join('\n');
}

function findingLines(f: ReportFinding, home: string, p: Palette, width: number): string[] {
  const where = f.location === undefined ? '' : locationText(f.location, home);
  const who = f.account === undefined ? '' : ` [account ${f.account}]`;
  const head = `  ${p.severity[f.severity](f.severity.padEnd(8))} ${f.id}${who}`;
  // The location stays on the heading when it fits, else it gets lines of its own.
  const lines = where !== '' && visibleLength(head) + 2 + where.length <= width
    ? [`${head}  ${where}`]
    : [head, ...(where === '' ? [] : wrapText(where, width, '      '))];
  append(lines, wrapText(f.message, width, '      '));
  if (f.suppressed !== undefined) {
    const until = f.suppressed.expires === undefined ? '' : ` until ${f.suppressed.expires}`;
    append(lines, wrapText(`suppressed${until}: ${f.suppressed.reason}`, width, '      ').map(p.dim));
  } else if (f.baseline === 'known') {
    lines.push(p.dim('      known: in the baseline'));
  }
  return lines;
}

/** Most severe first; the report's order among equals. */
const bySeverity = (a: ReportFinding, b: ReportFinding): number => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity];

/** A probed entry: its outcome (with the server's time) and the detail, under its findings. */
function probeLines(e: ReportEntry, p: Palette, width: number): string[] {
  if (e.probe === undefined) return [];
  const time = e.probe.elapsedMs === undefined ? '' : ` (${(e.probe.elapsedMs / 1000).toFixed(1)} s)`;
  const paint = e.probe.outcome === 'pins-confirmed' ? p.grade.enforcing : e.probe.outcome === 'pins-unmatched' ? p.grade.unprotected : p.grade.unverifiable;
  const head = `  ${p.bold('probe'.padEnd(8))} ${paint(e.probe.outcome)}${time}  ${entryLabel(e)}`;
  return [...(visibleLength(head) <= width ? [head] : wrapText(head, width, '  ')), ...wrapText(e.probe.detail, width, '      ')];
}

function hostBlock(host: string, entries: readonly ReportEntry[], report: AuditReport, ctx: ReportContext,
  p: Palette): string[] {
  // --all-users: each account's block counts its own entries, and its paths show under its own home.
  const counts = report.accounts !== undefined ? countsOf(entries) : report.coverage.byHost[host];
  const files = [...new Set(entries.map((e) => displayPath(e.configPath, ctx.home)))];
  const width = layoutWidth(ctx.width);
  const out = [p.bold(host) + (counts === undefined ? '' : `  ${coverageFraction(counts)}`)];
  for (const file of files) append(out, wrapText(file, width, '  '));
  const rows = entries.map((e) => [entryLabel(e), e.scope, gradeCell(e, report, p), proxyLabel(e), findingsCell(e)]);
  out.push(renderTable(COLUMNS, rows, width, { head: p.bold }));
  const located = entries.flatMap((e) => e.findings.map((f) => ({ f, e })));
  // Findings by severity within the host (a stable sort keeps the entries' order among equals).
  for (const { f } of [...located].sort((a, b) => bySeverity(a.f, b.f))) append(out, findingLines(f, ctx.home, p, width));
  for (const e of entries) {
    for (const r of e.disabledOnlyFor ?? []) append(out, wrapText(`off for ${r.host} only (${entryLabel(e)}): ${r.by}`, width, '  ').map(p.dim));
  }
  for (const e of entries) append(out, probeLines(e, p, width));
  const first = [...located].sort((a, b) => bySeverity(a.f, b.f)).find((l) => acceptanceOf(l.f) === undefined);
  if (first !== undefined) {
    append(out, wrapText(`Run 'mcp-audit explain ${first.f.id}' (or any rule id above) for what it means and how to fix it.`, width, '  ').map(p.dim));
  }
  return out;
}

/** Whose home was audited and how it was found; a warning when root audits its own home (sudo). */
function homeLines(report: AuditReport, ctx: ReportContext, width: number): string[] {
  const h = report.trustedHome;
  const how = h.source === 'passwd' ? 'from the password database' : h.source === 'root-flag' ? 'given with --root' : 'from the password database (--user)';
  const lines = wrapText(`Audited home: ${h.path} (user ${h.user}, ${how})`, width, '');
  if (h.user === 'root' && h.source === 'passwd') {
    append(lines, wrapText("Warning: running as root audits root's own home, not yours: run without sudo, or use --user NAME.", width, ''));
  }
  return lines;
}

function notes(report: AuditReport, ctx: ReportContext): string[] {
  const width = layoutWidth(ctx.width);
  const out: string[] = [];
  if (report.partial) {
    out.push('Note: this report is partial: the run stopped on an operational error (see the messages above).');
  }
  if (report.countIsFloor) {
    const causes0 = report.floorCauses.map((f) => ({ ...f, detail: homeRelativeText(f.detail, ctx.home) }));
    const [head = '', ...causes] = floorSentences(causes0.length > 0 ? causes0 : [{ kind: 'project-scan-off', detail: 'project-scope configs were not scanned' }]);
    append(out, wrapText(`Note: ${head}`, width, ''));
    for (const c of causes) append(out, wrapText(`- ${c}`, width, '  '));
  }
  if (report.homeEnvMismatch) {
    append(out, wrapText(`Note: $HOME disagrees with the trusted home ${displayPath(report.trustedHome.path, ctx.home)} `
      + `(from ${report.trustedHome.source}); every entry was graded against the trusted home.`, width, ''));
  }
  return out;
}

/** Enabled entries by grade (an account's block in an --all-users table). */
function countsOf(entries: readonly ReportEntry[]): CoverageCounts {
  const enabled = entries.filter((e) => !e.disabled);
  const n = (g: Grade): number => enabled.filter((e) => e.grade === g).length;
  return { enforcing: n('enforcing'), wired: n('wired'), unverifiable: n('unverifiable'), unprotected: n('unprotected'), total: enabled.length,
    ratio: enabled.length === 0 ? null : (n('enforcing') + n('wired')) / enabled.length };
}

/** The home a finding's paths show under: its account's in an --all-users report. */
function homeOf(report: AuditReport, f: ReportFinding, ctx: ReportContext): string {
  return report.accounts?.audited.find((a) => a.name === f.account)?.home ?? ctx.home;
}

/** --all-users: one section per account (who, uid, home, how found, status), its host blocks under it. */
function accountBlocks(report: AuditReport, accounts: AccountsSection, ctx: ReportContext, p: Palette, width: number): string[] {
  const head = [`Accounts listed by ${accounts.listedBy}, human ones by ${accounts.rule}; ${accounts.systemAccounts} system accounts not audited.`,
    ...accounts.excluded.map((x) => `Not audited: ${x.name}: ${x.reason}`)];
  const blocks = [head.flatMap((l) => wrapText(l, width, '')).join('\n')];
  for (const a of accounts.audited) {
    const id = a.uid !== null ? `uid ${a.uid}` : a.sid ?? 'no uid';
    const status = a.status === 'audited' ? coverageFraction(a.coverage) : `${a.status}${a.reason !== undefined ? `: ${a.reason}` : ''}`;
    const title = wrapText(`Account ${a.name} (${id}) home ${a.home} (${a.foundBy}) — ${status}`, width, '').map(p.bold).join('\n');
    const entries = report.entries.filter((e) => e.account === a.name);
    const own = { ...ctx, home: a.home };
    const hosts = [...new Set(entries.map((e) => e.host))];
    const parts = [title, ...hosts.map((h) => hostBlock(h, entries.filter((e) => e.host === h), report, own, p).join('\n'))];
    if (a.status === 'audited' && hosts.length === 0) parts.push('No MCP server entries found.');
    blocks.push(parts.join('\n\n'));
  }
  return blocks;
}

export const table = {
  id: 'table',
  description: 'a terminal table grouped by host, with a closing coverage line (default)',
  render(raw: AuditReport, ctx: ReportContext): string {
    // Every string from a config, store or server is escaped before layout (shared/text.ts).
    const report = escapeDeep(raw);
    const p = ctx.color ? COLOR : NO_COLOR;
    const width = layoutWidth(ctx.width);
    const blocks: string[] = [];
    const hosts = [...new Set(report.entries.map((e) => e.host))];
    if (report.accounts !== undefined) append(blocks, accountBlocks(report, report.accounts, ctx, p, width));
    else {
      blocks.push(homeLines(report, ctx, width).join('\n'));
      for (const host of hosts) {
        blocks.push(hostBlock(host, report.entries.filter((e) => e.host === host), report, ctx, p).join('\n'));
      }
      if (hosts.length === 0) blocks.push('No MCP server entries found.');
    }
    blocks.push(wrapText(coverageLine(report), width, '').map(p.bold).join('\n'));
    const accepted = acceptanceLine(report);
    if (accepted !== undefined) blocks[blocks.length - 1] += `\n${wrapText(accepted, width, '').join('\n')}`;
    const fileLevel = allFindings(report).filter((l) => l.entry === undefined);
    if (fileLevel.length > 0) {
      blocks.push(['Findings not tied to a server:', ...fileLevel.flatMap((l) => findingLines(l.finding, homeOf(report, l.finding, ctx), p, width))]
        .join('\n'));
    }
    const n = notes(report, ctx);
    if (n.length > 0) blocks.push(n.join('\n'));
    return `${blocks.join('\n\n')}\n`;
  },
} as const satisfies Reporter;
