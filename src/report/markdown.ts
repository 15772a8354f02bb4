import { append } from '../shared/lists.js';
import { escapeDeep } from '../shared/text.js';
import { allFindings, coverageFraction, displayPath, entryLabel, floorSentences, homeRelativeText, locationText, percent, probeTallyText, proxyLabel, unprovenClaim } from './format.js';
import type { Located } from './format.js';
import type { AuditReport, Grade, ReportContext, Reporter } from './model.js';
import { isPassing } from './model.js';
import { acceptanceLine, acceptanceOf, isEntryAccepted, markedId } from './acceptance.js';

/**
 * A summary for a CI job summary or a PR comment: coverage headline, the entries that do not
 * enforce, the findings. Text from configs (server names, paths, messages) is escaped so it can
 * neither break the table nor inject HTML.
 */
const GRADE_MARK: Readonly<Record<Grade, string>> = {
  enforcing: '🟢 enforcing', wired: '🔵 wired (store not examined)', unverifiable: '🟡 unverifiable', unprotected: '🔴 unprotected',
};

/** Escapes text for inline Markdown (inside table cells too): HTML, pipes, emphasis, links. */
export function mdText(text: string): string {
  return text
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#~])/g, '\\$1')
    .replace(/\r?\n/g, ' ');
}

/** Inline code that survives any content (backticks, pipes) inside a table cell. */
export function mdCode(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/\|/g, '&#124;').replace(/\r?\n/g, ' ');
  return `<code>${escaped}</code>`;
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function findingItem(l: Located, home: string): string {
  const f = l.finding;
  const where = f.location === undefined ? '' : ` — ${mdCode(locationText(f.location, home))}`;
  const suppressed = f.suppressed === undefined
    ? (f.baseline === 'known' ? ' — *known: in the baseline*' : '')
    : ` — *suppressed${f.suppressed.expires === undefined ? '' : ` until ${f.suppressed.expires}`}: `
      + `${mdText(f.suppressed.reason)}*`;
  const who = f.account === undefined ? '' : ` — account ${mdCode(f.account)}`;
  return `- **${f.severity}** ${mdCode(f.id)}: ${mdText(homeRelativeText(f.message, home))}${where}${who}${suppressed}`;
}

export const markdown = {
  id: 'markdown',
  description: 'a Markdown summary for a CI job summary or a PR comment',
  render(raw: AuditReport, ctx: ReportContext): string {
    // Every string from a config, store or server is escaped before layout (shared/text.ts).
    const report = escapeDeep(raw);
    const c = report.coverage;
    const tally = probeTallyText(report);
    const out: string[] = [`## mcp-audit: ${coverageFraction(c)}${tally !== undefined ? `; ${tally}` : ''}`, ''];
    out.push(`${c.enforcing} enforcing · ${c.wired > 0 ? `${c.wired} wired (store not examined) · ` : ''}${c.unverifiable} unverifiable · ${c.unprotected} unprotected · `
      + `${c.disabled} disabled (excluded)`, '');
    const acceptedLine = acceptanceLine(report);
    if (acceptedLine !== undefined) out.push(mdText(acceptedLine), '');
    const hosts = Object.keys(c.byHost).sort();
    if (hosts.length > 1) {
      out.push(row(['Host', 'Enforcing', 'Unverifiable', 'Unprotected', 'Coverage']), row(['---', '---:', '---:', '---:', '---:']));
      for (const h of hosts) {
        const k = c.byHost[h];
        if (k !== undefined) out.push(row([mdText(h), `${k.enforcing}`, `${k.unverifiable}`, `${k.unprotected}`, percent(k.ratio)]));
      }
      out.push('');
    }
    if (report.accounts !== undefined) {
      const a = report.accounts;
      out.push(`Accounts listed by ${mdCode(a.listedBy)}, human ones by ${mdText(a.rule)}; ${a.systemAccounts} system accounts not audited.`, '',
        row(['Account', 'uid', 'Home', 'Found by', 'Status', 'Coverage']), row(['---', '---:', '---', '---', '---', '---:']));
      for (const x of a.audited) {
        const status = x.reason === undefined ? x.status : `${x.status}: ${mdText(x.reason)}`;
        out.push(row([mdCode(x.name), x.uid !== null ? `${x.uid}` : mdCode(x.sid ?? ''), mdCode(x.home), mdText(x.foundBy), status, coverageFraction(x.coverage)]));
      }
      for (const x of a.excluded) out.push(row([mdCode(x.name), '', '', '', `not audited: ${mdText(x.reason)}`, '']));
      out.push('');
    }
    if (report.partial) out.push('> [!WARNING]', '> This report is partial: the run stopped on an operational error.', '');
    if (report.countIsFloor) {
      const lines = floorSentences(report.floorCauses.length > 0 ? report.floorCauses : [{ kind: 'project-scan-off', detail: 'project-scope configs were not scanned' }]);
      out.push('> [!NOTE]');
      append(out, lines.map((l, i) => `> ${i === 0 ? '' : '- '}${mdText(l)}`));
      out.push('');
    }
    if (report.homeEnvMismatch) {
      out.push('> [!NOTE]', `> \`$HOME\` disagrees with the trusted home ${mdCode(displayPath(report.trustedHome.path, ctx.home))}; `
        + 'every entry was graded against the trusted home.', '');
    }
    const weak = report.entries.filter((e) => !e.disabled && !isPassing(e.grade));
    out.push(`### Entries not enforcing pins (${weak.length})`, '');
    if (weak.length === 0) {
      out.push('Every enabled entry is enforcing.', '');
    } else {
      // --all-users: an Account column first; a one-account report keeps its columns.
      const lead = (cells: readonly string[], account: string): string[] => (report.accounts !== undefined ? [account, ...cells] : [...cells]);
      out.push(row(lead(['Host', 'Scope', 'Server', 'Grade', 'Proxy (mode)', 'Findings'], 'Account')),
        row(lead(['---', '---', '---', '---', '---', '---'], '---')));
      for (const e of weak) {
        const ids = e.findings.map((f) => mdCode(markedId(f))).join(' ');
        const open = unprovenClaim(e);
        const accepted = isEntryAccepted(report, e) ? ', accepted' : '';
        const grade = open === undefined ? `${GRADE_MARK[e.grade]}${accepted ? ' (accepted)' : ''}` : `${GRADE_MARK[e.grade]} (${open} not proven${accepted})`;
        out.push(row(lead([mdText(e.host), e.scope, mdCode(entryLabel(e)), grade, mdText(proxyLabel(e)), ids], mdCode(e.account ?? ''))));
      }
      out.push('');
    }
    const probed = report.entries.filter((e) => e.probe !== undefined);
    if (probed.length > 0) {
      out.push(`### Probe results (${probed.length})`, '', row(['Host', 'Server', 'Outcome', 'Detail']), row(['---', '---', '---', '---']));
      for (const e of probed) out.push(row([mdText(e.host), mdCode(entryLabel(e)), mdCode(e.probe?.outcome ?? ''), mdText(e.probe?.detail ?? '')]));
      out.push('');
    }
    const located = allFindings(report);
    const active = located.filter((l) => acceptanceOf(l.finding) === undefined);
    const suppressed = located.filter((l) => acceptanceOf(l.finding) !== undefined);
    out.push(`### Findings (${active.length})`, '');
    if (active.length === 0) out.push('No findings.', '');
    else append(out, active.map((l) => findingItem(l, ctx.home))).push('');
    if (suppressed.length > 0) {
      const title = report.baseline === undefined ? 'Suppressed findings' : 'Accepted findings: suppressed or known';
      out.push(`<details><summary>${title} (${suppressed.length})</summary>`, '');
      append(out, suppressed.map((l) => findingItem(l, ctx.home))).push('', '</details>', '');
    }
    out.push(`<sub>mcp-audit ${mdText(ctx.version)} · report schema ${mdText(report.schemaVersion)}</sub>`);
    return `${out.join('\n')}\n`;
  },
} as const satisfies Reporter;
