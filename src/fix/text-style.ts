/** Layout facts of a text that an edit imitates: line ending, indentation unit, line boundaries. */

export interface TextStyle {
  readonly eol: '\n' | '\r\n';
  /** One level of indentation as the file writes it (two spaces when nothing tells). */
  readonly unit: string;
}

export function styleOf(text: string): TextStyle {
  const eol = /\r\n/.test(text) ? '\r\n' : '\n';
  let unit = '  ';
  const m = /\n([ \t]+)\S/.exec(text);
  if (m?.[1] !== undefined) unit = m[1].startsWith('\t') ? '\t' : m[1];
  return { eol, unit };
}

export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just past the line break that ends the line holding `offset` (or the text's end). */
export function nextLineStart(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

/** The leading whitespace of the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const start = lineStart(text, offset);
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** True when only spaces or tabs precede `offset` on its line. */
export function startsLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, offset), offset));
}

/** Splices replacements (non-overlapping) into a text, last first so offsets stay true. */
export function splice(text: string, edits: readonly { readonly start: number; readonly end: number; readonly content: string }[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.content + out.slice(e.end);
  return out;
}

/** The line breaks of a text, in order ('\n' or '\r\n'). */
export function breaksOf(text: string): string[] {
  return text.match(/\r?\n/g) ?? [];
}

/**
 * The line breaks for a value re-written over `count` lines in place of one whose breaks were
 * `old`: each line keeps the break the old value had at that line, the last (before the closing
 * bracket) the old last one, new lines the file's. In a file of mixed line endings, replacing a
 * value and then putting the original back gives back the original bytes.
 */
export function breaksFor(old: readonly string[], count: number, eol: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(i === count - 1 ? old[old.length - 1] ?? eol : i < old.length - 1 ? old[i] ?? eol : eol);
  return out;
}
