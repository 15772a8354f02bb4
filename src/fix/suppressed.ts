/**
 * Findings the owner has accepted in the audited home's `.mcp-audit-ignore.yaml` (the same file,
 * fingerprints and expiry the reports use): `fix` leaves them alone — a custom store reviewed and
 * suppressed with a reason is not "mended" back to the default.
 */
import { readConfigFile } from '../discover/read-file.js';
import { UsageError } from '../shared/errors.js';
import path from 'node:path';
import type { AuditResult } from '../grade/audit.js';
import { buildReport } from '../report/build.js';
import { IGNORE_FILE_NAMES, applySuppressions, parseIgnoreFile } from '../report/suppress.js';

/** `row:finding` index pairs of suppressed findings. */
export async function suppressedFindings(audited: AuditResult, now: Date): Promise<Set<string>> {
  const home = audited.discovery.home.path;
  for (const name of IGNORE_FILE_NAMES) {
    const file = path.join(home, name);
    // The hardened read (a FIFO never hangs, strict UTF-8); one that is there but unusable stops the run.
    const read = await readConfigFile(file);
    if (read.kind === 'absent') continue;
    if (read.kind !== 'text') throw new UsageError(`${file}: cannot read this ignore file safely (${read.problem === 'invalid-utf8' ? `not UTF-8 at ${read.line ?? 1}:${read.column ?? 1}` : read.detail})`);
    const text = read.text;
    // The version only labels a report; fingerprints do not depend on it.
    const report = applySuppressions(buildReport(audited, { version: '0' }), parseIgnoreFile(text, file), now);
    const out = new Set<string>();
    report.entries.forEach((e, i) => e.findings.forEach((f, j) => { if (f.suppressed !== undefined) out.add(`${i}:${j}`); }));
    return out;
  }
  return new Set();
}
