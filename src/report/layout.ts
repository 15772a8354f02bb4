import Table from 'cli-table3';

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
 * For listings (`scan --list`, `hosts`, `diff`, `digest`): the terminal's width on a terminal;
 * unlimited in a pipe, so every path and id stays whole on one line for grep.
 */
export function listingWidth(isTTY: boolean | undefined, columns: number | undefined): number {
  return isTTY === true ? layoutWidth(columns) : Number.POSITIVE_INFINITY;
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
  const natural = columns.map((c, i) => Math.max(visibleLength(c.header),
    ...rows.map((r) => Math.max(0, ...(r[i] ?? '').split('\n').map(visibleLength)))));
  // Each column adds 2 padding and 1 border; the table adds 1 more border.
  const budget = width - (3 * columns.length + 1);
  const floor = columns.map((c, i) => Math.min(natural[i] ?? 0, c.min ?? Math.max(6, ...c.header.split(/\s+/).map((w) => w.length))));
  // Prefer never cutting a word: a column keeps its longest word when all of them can.
  const longestWord = columns.map((_c, i) => Math.max(floor[i] ?? 0,
    ...rows.map((r) => Math.max(0, ...(r[i] ?? '').split(/\s+/).map(visibleLength)))));
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

/** A boxed table of `rows` under `columns`, at most `width` columns wide (when the minimums allow). */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[], width: number,
  options: { readonly compact?: boolean; readonly head?: (text: string) => string } = {}): string {
  const widths = fitColumns(columns, rows, width);
  // Cells are wrapped here (at word boundaries, an overlong word cut), so cli-table3 never
  // truncates one with an ellipsis.
  const table = new Table({
    head: columns.map((c) => (options.head ?? ((t: string) => t))(c.header)),
    colWidths: widths.map((w) => w + 2),
    wordWrap: false,
    style: { head: [], border: [] },
    ...(options.compact === true ? { chars: COMPACT } : {}),
  });
  for (const row of rows) table.push(row.map((cell, i) => wrapCell(cell, widths[i] ?? 1)));
  return table.toString();
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
      const chars = [...word];
      lines.push(chars.slice(0, room).join(''));
      word = chars.slice(room).join('');
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
