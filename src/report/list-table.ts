import type { AuditResult } from '../grade/audit.js';
import { append } from '../shared/lists.js';
import { escapeText } from '../shared/text.js';
import { displayPath, floorSentences } from './format.js';
import { renderTable, wrapText } from './layout.js';
import type { Column } from './layout.js';

/** The table of `scan --list` (what discovery found, ungraded); its JSON is discovery-json.ts. Pure. */

type Discovery = AuditResult['discovery'];

const LIST_COLUMNS: readonly Column[] = [
  { header: 'Host' }, { header: 'Scope', min: 7 }, { header: 'Server' }, { header: 'Transport', min: 9 }, { header: 'Enabled', min: 7 }, { header: 'Location', min: 16 },
];

export function renderListTable(d: Discovery, width: number): string {
  const home = d.home.path;
  const rows = d.entries.map((e) => [e.host, e.scope, e.name, e.transport, e.disabled ? 'no' : 'yes', `${displayPath(e.origin.file, home)}:${e.origin.line}:${e.origin.column}`].map(escapeText));
  const table = renderTable(LIST_COLUMNS, rows, width, { compact: true });
  const lines = wrapText(escapeText(`Home: ${home} (${d.home.source}, user ${d.home.user}); platform ${d.platform}`), width, '');
  if (d.homeEnvMismatch) lines.push('Note: $HOME differs from the trusted home; the trusted home was audited.');
  lines.push(d.entries.length > 0 ? table : 'No MCP server entries found.');
  for (const f of d.findings) {
    const where = f.location !== undefined ? `${displayPath(f.location.path, home)}:${f.location.line}:${f.location.column}: ` : '';
    append(lines, wrapText(escapeText(`${where}${f.severity} ${f.id}: ${f.message}`), width, ''));
  }
  const files = new Set(d.entries.map((e) => e.configPath)).size;
  append(lines, wrapText(`${d.entries.length} entries in ${files} files; ${d.locations.length} locations checked; ${d.findings.length} findings.`, width, ''));
  for (const [i, l] of floorSentences(d.floorCauses).entries()) append(lines, wrapText(escapeText(i === 0 ? l : `- ${l}`), width, i === 0 ? '' : '  '));
  return `${lines.join('\n')}\n`;
}
