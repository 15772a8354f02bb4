/**
 * Findings the owner has accepted in the audited home's `.mcp-audit-ignore.yaml` (the same file,
 * fingerprints and expiry the reports use): `fix` leaves them alone — a custom store reviewed and
 * suppressed with a reason is not "mended" back to the default.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { AuditResult } from '../grade/audit.js';
import { buildReport } from '../report/build.js';
import { IGNORE_FILE_NAMES, applySuppressions, parseIgnoreFile } from '../report/suppress.js';

/** `row:finding` index pairs of suppressed findings. */
export async function suppressedFindings(audited: AuditResult, now: Date): Promise<Set<string>> {
  const home = audited.discovery.home.path;
  for (const name of IGNORE_FILE_NAMES) {
    const file = path.join(home, name);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch {
      continue;
    }
    // The version only labels a report; fingerprints do not depend on it.
    const report = applySuppressions(buildReport(audited, { version: '0' }), parseIgnoreFile(text, file), now);
    const out = new Set<string>();
    report.entries.forEach((e, i) => e.findings.forEach((f, j) => { if (f.suppressed !== undefined) out.add(`${i}:${j}`); }));
    return out;
  }
  return new Set();
}
