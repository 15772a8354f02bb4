/**
 * The text `fix`, `wrap` and `unwrap` print, and their exit code. Diffs are masked (mask.ts): no
 * env or header value, token or secret-looking argument is ever shown. Every field and every diff
 * line passes the one escaping helper: a server named "\u001b[2J" cannot reach the terminal raw.
 */
import path from 'node:path';
import type { Coverage } from '../grade/coverage.js';
import { displayPath, percent } from '../report/format.js';
import { escapeText } from '../shared/text.js';
import { unifiedDiff } from './diff.js';
import type { EditOutcome } from './fix.js';
import { diffMasker, maskDiff } from './mask.js';
import { append } from '../shared/lists.js';

const coverageText = (c: Coverage): string => `${c.enforcing}/${c.total} enforcing (${percent(c.ratio)}), ${c.unverifiable} unverifiable, ${c.unprotected} unprotected`;

/**
 * `show` spells a file's path (default `~/…` under the home); for a `--root` tree the CLI passes one
 * relative to the working folder, so an editor opens the repository's file and `git apply` takes
 * the diff.
 */
export function renderOutcome(o: EditOutcome, apply: boolean, show: (file: string) => string = (file) => displayPath(file, o.home)): string {
  const lines: string[] = [];
  const at = (file: string): string => escapeText(show(file));
  for (const f of o.files) {
    const label = show(f.file);
    for (const s of f.servers) lines.push(`${at(f.file)}: ${escapeText(s.name)}: ${escapeText(s.what.join('; '))}`);
    if (!apply) {
      const mask = diffMasker(o.entries.filter((e) => e.configPath === f.file));
      append(lines, maskDiff(unifiedDiff(label, f.text, f.after, 3, f.regions), mask).trimEnd().split('\n').map(escapeText));
    }
  }
  for (const s of o.swept ?? []) {
    if (s.became === undefined) lines.push(`removed ${at(path.join(s.dir, s.name))}: left by an mcp-audit run that died`);
    else if (s.became.putBack) lines.push(`put back ${at(path.join(s.dir, s.became.as))}: an mcp-audit run that died while replacing it had left it as ${escapeText(s.name)}`);
    else lines.push(`kept ${at(path.join(s.dir, s.became.as))}: an mcp-audit run that died while replacing the file beside it had left it as ${escapeText(s.name)} (a file is at that path again)`);
  }
  for (const w of o.written ?? []) lines.push(`wrote ${at(w.file)} (previous content in ${at(w.backup)}; earlier backups are kept)`);
  for (const r of o.refusals) lines.push(`refused: ${at(r.file)}: ${escapeText(r.server)}: ${escapeText(r.reason)}`);
  for (const r of o.remaining) lines.push(`not mended: ${at(r.file)}: ${escapeText(r.server)}: ${r.ruleId}: ${escapeText(r.why)}`);
  if (o.files.length === 0 && o.refusals.length === 0) lines.push('Nothing to edit.');
  else if (!apply && o.files.length > 0) lines.push(`${o.files.length} file(s) would change; run again with --apply to write them.`);
  if (o.after !== undefined) lines.push(`Coverage: ${coverageText(o.before)} -> ${coverageText(o.after)}`);
  else lines.push(`Coverage: ${coverageText(o.before)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * `fix`: 0 nothing to edit and nothing left unmended; 1 edits proposed (preview), or after --apply
 * anything still unmended, refused or pending; 2 is an error (thrown), or a write refused while
 * writing (the file changed under it, a lock is held, the rename failed: nothing was written).
 * `wrap` / `unwrap`: 0 when every named entry was (or can be) edited, 1 when one was refused.
 */
export function exitCodeOf(o: EditOutcome, kind: 'fix' | 'wrap', apply: boolean): 0 | 1 | 2 {
  if (o.refusals.some((r) => r.stage === 'write')) return 2;
  if (kind === 'wrap') return o.refusals.length > 0 ? 1 : 0;
  const left = o.remaining.length > 0 || o.refusals.length > 0;
  if (!apply) return o.files.length > 0 || left ? 1 : 0;
  return left || (o.pendingAfter ?? 0) > 0 ? 1 : 0;
}
