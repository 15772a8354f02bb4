/**
 * `mcp-audit why SERVER`: one server's whole evidence chain, every row of that name (each host,
 * scope and upstream), from the same redacted report every reporter renders.
 */
import { displayPath, entryLabel, homeRelativeText, locationText, proxyLabel, wrap } from './format.js';
import { ENTRY_SHAPE, orderKeys } from './json.js';
import type { AuditReport, ReportEntry } from './model.js';
import { isPassing } from './model.js';
import { append } from '../shared/lists.js';
import { escapeText } from '../shared/text.js';
import { MIN_WIDTH, wrapLines } from './layout.js';


/** Rows named `server`: the entry name, or `name/upstream` (`name → upstream`) for one aggregator upstream. */
export function rowsNamed(report: AuditReport, server: string): ReportEntry[] {
  return report.entries.filter((e) => e.name === server
    || (e.upstream !== undefined && (`${e.name}/${e.upstream}` === server || entryLabel(e) === server)));
}

/** 0 when every row is enforcing, else 1 (an absent server is the caller's usage error). */
export function whyExitCode(rows: readonly ReportEntry[]): 0 | 1 {
  return rows.every((r) => isPassing(r.grade)) ? 0 : 1;
}

function rowText(e: ReportEntry, home: string, width: number): string[] {
  const state = e.disabled ? `disabled (would be ${e.grade})` : e.grade;
  const out = wrapLines(escapeText(`${entryLabel(e)}  ${state}  ${e.host} ${e.scope}  ${locationText(e.location, home)}  proxy ${proxyLabel(e)}`), width).split('\n');
  for (const c of e.evidence) {
    const head = `  ${c.proven ? 'proven      ' : c.notExamined === true ? 'not examined' : 'NOT proven  '}  ${c.claim.padEnd(11)} `;
    const facts = c.proven ? c.evidence : [c.reason, ...(c.findings.length > 0 ? [`findings: ${c.findings.join(', ')}`] : [])];
    facts.forEach((fact, i) => {
      // Escaped before wrapping: wrap splits at whitespace, and a config's newline or tab would
      // otherwise become a plain space (an arg "x\ny" would read as two args).
      // Paths under the home are shown ~/-relative, as everywhere else: a long absolute path is one unbreakable word.
      const [first, ...rest] = wrap(escapeText(homeRelativeText(fact, home)), width - head.length, '');
      out.push(`${i === 0 ? head : ' '.repeat(head.length)}${first ?? ''}`);
      append(out, rest.map((l) => `${' '.repeat(head.length)}${l}`));
    });
  }
  const block = (title: string, lines: readonly string[]): void => {
    if (lines.length === 0) return;
    out.push(`  ${title}:`);
    for (const l of lines) append(out, wrap(escapeText(homeRelativeText(l, home)), width, '    '));
  };
  block('assumed (cannot be read, taken on trust)', e.assumptions);
  block('files the launch reads', e.files.map((f) => `${displayPath(f.path, home)}: ${f.state}${f.summary !== '' ? ` (${f.summary})` : ''} [${f.by}]`));
  const open = e.findings.filter((f) => f.suppressed === undefined && f.grade !== 'none');
  if (open.length > 0) {
    out.push('  findings:');
    for (const f of open) append(out, wrap(escapeText(`${f.id}: ${f.message}`), width, '    '));
  }
  return out;
}

/** The chain as text, `width` columns wide (the terminal's, or 80: layout.ts listingWidth). */
export function renderWhyText(report: AuditReport, server: string, rows: readonly ReportEntry[], width = MIN_WIDTH): string {
  const home = report.trustedHome.path;
  const files = [...new Set(rows.map((r) => displayPath(r.configPath, home)))].join(', ');
  const lines = [...wrapLines(escapeText(`${server}: ${rows.length} row(s) in ${files}`), width).split('\n'), ''];
  rows.forEach((r, i) => {
    append(lines, rowText(r, home, width));
    if (i < rows.length - 1) lines.push('');
  });
  // Each line escaped: names, commands and messages come from configs (a name's newline
  // printed a line of its own, a command's ESC reached the terminal), as scan and check escape them.
  return `${lines.map(escapeText).join('\n')}\n`;
}

export function renderWhyJson(report: AuditReport, server: string, rows: readonly ReportEntry[]): string {
  const doc = { schemaVersion: report.schemaVersion, server, trustedHome: report.trustedHome.path, entries: rows.map((r) => orderKeys(r, ENTRY_SHAPE)) };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
