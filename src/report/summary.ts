import { coverageFraction } from './format.js';
import type { AuditReport, ReportContext, Reporter } from './model.js';

/**
 * One line, no newline inside: for an MDM inventory field (a Jamf extension attribute prints
 * `<result>…</result>` around it; Intune and Kandji keep a script's last line). Leads with a
 * verdict word a fleet console can filter on: PASS (every enabled entry enforcing), FAIL
 * (something unverifiable or unprotected, or a finding that makes the machine unverifiable),
 * PARTIAL (the run was incomplete), NONE (no entries found).
 */
export const summary = {
  id: 'summary',
  description: 'one line for an MDM inventory field: PASS/FAIL/PARTIAL/NONE, coverage, accounts',
  render(report: AuditReport, _ctx: ReportContext): string {
    const c = report.coverage;
    const unreadFiles = report.findings.filter((f) => f.grade === 'unverifiable' && f.suppressed === undefined).length;
    const verdict = report.partial ? 'PARTIAL'
      : c.unverifiable + c.unprotected + unreadFiles > 0 ? 'FAIL'
        : c.total === 0 ? 'NONE' : 'PASS';
    const parts = [`${verdict} ${coverageFraction(c)}`, `${c.unverifiable} unverifiable`, `${c.unprotected} unprotected`];
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
