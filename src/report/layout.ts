import Table from 'cli-table3';
import { largest } from '../shared/lists.js';

/**
 * Terminal layout shared by every text table (the report table, `scan --list`, `hosts`, `diff`,
 * `digest`): generic over columns, it fits the terminal's width (80 columns at least, more when
 * the terminal has them) and wraps cells at word boundaries. Cells must already be escaped
 * (shared/text.ts); colour codes in them are allowed (cli-table3 measures without them).
 */

export const MIN_WIDTH = 80;

/** The width to lay out for: the terminal's columns when known, never below 80. */
export function layoutWidth(columns: number | undefined): number {
  return columns !== undefined && Number.isFinite(columns) && columns > MIN_WIDTH ? Math.floor(columns) : MIN_WIDTH;
}

/**
 * For every text output but the report table (`scan --list`, `hosts`, `diff`, `digest`, `why`,
 * help, stderr): the terminal's width on a terminal, 80 columns in a pipe or a file (a log, a
 * pager, a CI job's output: a 2,658-column `diff` line is read by nobody).
 */
export function listingWidth(isTTY: boolean | undefined, columns: number | undefined): number {
  return isTTY === true ? layoutWidth(columns) : MIN_WIDTH;
}

/** Each line of `text` longer than `width` wrapped at spaces, its continuation lines indented two spaces. */
export function wrapLines(text: string, width: number): string {
  if (!text.includes('\n') && visibleLength(text) <= width) return text;
  return text.split('\n').map((line) => {
    if (visibleLength(line) <= width) return line;
    const [first, ...rest] = wrapWords(line, Math.max(10, width));
    const more = rest.length > 0 ? wrapWords(rest.join(' '), Math.max(10, width - 2)).map((l) => `  ${l}`) : [];
    return [first ?? '', ...more].join('\n');
  }).join('\n');
}

const SGR = /\u001b\[[0-9;]*m/g;

/** Display columns of `text` (colour codes excluded; one column per code point). */
export function visibleLength(text: string): number {
  return [...text.replace(SGR, '')].length;
}

export interface Column {
  readonly header: string;
  /** Narrowest the column may get, content excluded (default: the header's longest word, at least 6). */
  readonly min?: number;
}

/** cli-table3 borders without a rule between rows. */
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/**
 * Content widths that fit `width`: each column gets its natural width (its longest line) when
 * all fit; otherwise the widest columns give way first, down to their minimum.
 */
export function fitColumns(columns: readonly Column[], rows: readonly (readonly string[])[], width: number): number[] {
  // Loops, not Math.max(...): a table has a row per entry, and a spread of 120,000 overflows the stack.
  const natural = columns.map((c, i) => largest(rows.map((r) => largest((r[i] ?? '').split('\n').map(visibleLength), 0)), visibleLength(c.header)));
  // Each column adds 2 padding and 1 border; the table adds 1 more border.
  const budget = width - (3 * columns.length + 1);
  const floor = columns.map((c, i) => Math.min(natural[i] ?? 0, c.min ?? largest(c.header.split(/\s+/).map((w) => w.length), 6)));
  // Prefer never cutting a word: a column keeps its longest word when all of them can.
  const longestWord = columns.map((_c, i) => largest(rows.map((r) => largest((r[i] ?? '').split(/\s+/).map(visibleLength), 0)), floor[i] ?? 0));
  const mins = longestWord.reduce((a, b) => a + b, 0) <= budget ? longestWord : floor;
  const widths = [...natural];
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > budget) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if ((widths[i] ?? 0) > (mins[i] ?? 0) && (widest === -1 || (widths[i] ?? 0) > (widths[widest] ?? 0))) widest = i;
    }
    if (widest === -1) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
    total--;
  }
  return widths;
}

/**
 * Rows laid out per cli-table3 table. Its layout checks each cell against every cell of the rows
 * above it (cli-table3 0.6.5 src/layout-manager.js fillInTable → conflictExists, for row spans),
 * so one table of n rows costs n²: 5,000 entries took 7 s, 20,000 took 62 s. Tables of this many
 * rows, joined, cost n × 200.
 */
const ROWS_PER_TABLE = 200;

/**
 * A boxed table of `rows` under `columns`, at most `width` columns wide (when the minimums allow).
 * Drawn as tables of ROWS_PER_TABLE rows under the same header, at the same fixed column widths,
 * joined: after the first, each one's border and header are left out (its rule under the header
 * is the rule between two rows of one table), and all but the last lose their bottom border. The
 * text is one table's (test/report/layout.test.ts).
 */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[], width: number,
  options: { readonly compact?: boolean; readonly head?: (text: string) => string; readonly rowsPerTable?: number } = {}): string {
  const widths = fitColumns(columns, rows, width);
  // The header is the first row, not cli-table3's `head` option: with a head, toString() copies the
  // rows after it with push.apply, one stack argument per row (src/table.js toString). A first row
  // is drawn as a head is: cells of row 0 get the head style (src/cell.js stylizeLine,
  // `this.y === 0`), here none.
  const head = columns.map((c) => (options.head ?? ((t: string) => t))(c.header));
  const draw = (part: readonly (readonly string[])[]): string[] => {
    const table = new Table({
      colWidths: widths.map((w) => w + 2),
      wordWrap: false,
      style: { head: [], border: [] },
      ...(options.compact === true ? { chars: COMPACT } : {}),
    });
    table.push(head);
    // Cells are wrapped here (at word boundaries, an overlong word cut), so cli-table3 never
    // truncates one with an ellipsis.
    for (const row of part) table.push(row.map((cell, i) => wrapCell(cell, widths[i] ?? 1)));
    return table.toString().split('\n');
  };
  const per = Math.max(1, options.rowsPerTable ?? ROWS_PER_TABLE);
  if (rows.length <= per) return draw(rows).join('\n');
  // The top border and the header's lines: what a table with no rows draws above its bottom border.
  const above = draw([]).length - 1;
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += per) {
    const lines = draw(rows.slice(i, i + per));
    const last = i + per >= rows.length;
    for (let j = i === 0 ? 0 : above; j < (last ? lines.length : lines.length - 1); j++) out.push(lines[j] ?? '');
  }
  return out.join('\n');
}

/** A cell's text wrapped to `width` columns, its own line breaks kept. */
function wrapCell(cell: string, width: number): string {
  return cell.split('\n').flatMap((line) => (visibleLength(line) <= width ? [line] : wrapWords(line, Math.max(1, width)))).join('\n');
}

function wrapWords(text: string, room: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const raw of text.split(/\s+/).filter((w) => w !== '')) {
    let word = raw;
    while (visibleLength(word) > room) {
      if (line !== '') {
        lines.push(line);
        line = '';
      }
      // An overlong word is cut at `room`, or after its last `/` there (a path breaks between its
      // folders) when that keeps at least a third of the line.
      const chars = [...word];
      const slash = chars.slice(0, room).lastIndexOf('/');
      const cut = slash + 1 >= room / 3 ? slash + 1 : room;
      lines.push(chars.slice(0, cut).join(''));
      word = chars.slice(cut).join('');
    }
    if (line !== '' && visibleLength(line) + 1 + visibleLength(word) > room) {
      lines.push(line);
      line = '';
    }
    line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * Word-wraps `text` to `width` columns, every line indented; a word longer than a line is cut
 * (a long path must not push a line past the terminal's edge).
 */
export function wrapText(text: string, width: number, indent: string): string[] {
  return wrapWords(text, Math.max(10, width - indent.length)).map((l) => `${indent}${l}`);
}
