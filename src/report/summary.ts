import { coverageFraction, probeTally, probeTallyText } from './format.js';
import type { AuditReport, ReportContext, Reporter } from './model.js';

/**
 * One line, no newline inside: for an MDM inventory field (a Jamf extension attribute prints
 * `<result>…</result>` around it; Intune and Kandji keep a script's last line). Leads with a
 * verdict word a fleet console can filter on: PASS (every enabled entry enforcing), FAIL
 * (something unverifiable or unprotected, or a finding that makes the machine unverifiable),
 * PARTIAL (the run was incomplete), NONE (no entries found). A probed run says how many probed
 * entries had their pins confirmed, and is FAIL unless all were.
 */
export const summary = {
  id: 'summary',
  description: 'one line for an MDM inventory field: PASS/FAIL/PARTIAL/NONE, coverage, accounts',
  render(report: AuditReport, _ctx: ReportContext): string {
    const c = report.coverage;
    const unreadFiles = report.findings.filter((f) => f.grade === 'unverifiable' && f.suppressed === undefined).length;
    // A probed run whose probes did not all confirm the pins is never PASS (report/format.ts probeTally).
    const tally = probeTally(report);
    const unconfirmed = tally !== undefined && tally.confirmed < tally.probed;
    const verdict = report.partial ? 'PARTIAL'
      : c.unverifiable + c.unprotected + unreadFiles > 0 || unconfirmed ? 'FAIL'
        : c.total === 0 ? 'NONE' : 'PASS';
    const parts = [`${verdict} ${coverageFraction(c)}`, `${c.unverifiable} unverifiable`, `${c.unprotected} unprotected`];
    const probed = probeTallyText(report);
    if (probed !== undefined) parts.push(probed);
    if (unreadFiles > 0) parts.push(`${unreadFiles} unverifiable file-level findings`);
    if (report.accounts !== undefined) {
      const a = report.accounts.audited;
      const unreadable = a.filter((x) => x.status === 'unreadable').map((x) => x.name);
      parts.push(`${a.length} account${a.length === 1 ? '' : 's'}${unreadable.length > 0 ? ` (unreadable: ${unreadable.join(' ')})` : ''}`);
    } else {
      parts.push(`account ${report.trustedHome.user}`);
    }
    return `${parts.join('; ').replace(/[\r\n<>]/g, ' ')}\n`;
  },
} as const satisfies Reporter;
