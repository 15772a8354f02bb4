/**
 * One entry's edit in one file, whatever its format, and the checks that make it safe: the file
 * must parse before; after, it must re-parse with the audit's own parser to exactly the value the
 * ops describe (nothing else changed, no unknown key dropped), and every changed byte must lie
 * inside the edited entry (every other entry stays byte-identical).
 */
import type { PointerSegment } from '../parse/document.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import { parseJsonc } from '../parse/jsonc.js';
import { parseJson5 } from '../parse/json5.js';
import { parseToml } from '../parse/toml.js';
import { parseYaml } from '../parse/yaml.js';
import type { ConfigFormat } from '../parse/types.js';
import { editJson, jsonEntrySpan, jsonSpans } from './json-edit.js';
import { indentAt, styleOf, type TextStyle } from './text-style.js';
import { editToml, tomlEntrySpan } from './toml-edit.js';
import { edited, refused, type EditResult, type EntryEdit, type EntryOp, type Span } from './types.js';
import { applyOps, sameValue, valueAt } from './values.js';
import { editYaml, yamlEntrySpan } from './yaml-edit.js';

/** The value of a text as the audit reads it, or undefined when it does not parse. */
export function readValue(text: string, format: ConfigFormat): { value: unknown } | undefined {
  const r = format === 'toml' ? parseToml(text) : format === 'yaml' ? parseYaml(text)
    : format === 'yaml-frontmatter' ? parseFrontmatter(text) : format === 'json5' ? parseJson5(text) : parseJsonc(text, { strict: format === 'json' });
  return r.ok ? { value: r.value.value } : undefined;
}

function entrySpan(text: string, format: ConfigFormat, path: readonly PointerSegment[]): Span | undefined {
  switch (format) {
    case 'json':
    case 'jsonc':
    case 'json5': return jsonEntrySpan(text, path);
    case 'yaml': return yamlEntrySpan(text, path);
    case 'toml': return tomlEntrySpan(text, path);
    case 'yaml-frontmatter': return undefined;
  }
}

/** True when the text before and after the entry's span is unchanged in `after`. */
export function outsideKept(before: string, after: string, span: Span): boolean {
  const head = before.slice(0, span.start);
  const tail = before.slice(span.end);
  return after.length >= head.length + tail.length && after.startsWith(head) && after.endsWith(tail);
}

/** Why `after` is not a safe result of the edit, or undefined when it is. */
function problem(before: string, after: string, format: ConfigFormat, expected: unknown, span: Span): string | undefined {
  const again = readValue(after, format === 'json' ? 'jsonc' : format);
  if (again === undefined) return 'the edited file would not parse';
  if (format === 'json' && readValue(after, 'json') === undefined) return 'the edited file would not be strict JSON';
  if (!sameValue(again.value, expected)) return 'the edited file would not read back as exactly the intended change';
  if (!outsideKept(before, after, span)) return 'the edit would touch text outside the entry';
  return undefined;
}

/** Applies one entry's ops to a file's text, or refuses with the reason. */
export function editEntry(text: string, format: ConfigFormat, edit: EntryEdit): EditResult {
  // A Markdown file's frontmatter (an agent definition) is not rewritten: the body is prose the
  // edit proofs do not cover.
  if (format === 'yaml-frontmatter') return refused('mcp-audit does not edit the frontmatter of a Markdown file');
  const before = readValue(text, format);
  if (before === undefined) return refused('the file does not parse; mcp-audit edits only files it can read');
  // jsonc-parser's edits keep a file's layout only where the file is JSONC: JSON5-only syntax is not rewritten.
  if (format === 'json5' && !parseJsonc(text, { strict: false }).ok) return refused('the file uses JSON5 syntax that is not JSONC; mcp-audit edits JSON5 files only where they are also JSONC');
  const span = entrySpan(text, format, edit.entryPath);
  if (span === undefined) return refused('the entry could not be located in the file');
  const expected = applyOps(before.value, edit.entryPath, edit.ops);
  if (sameValue(before.value, expected)) return edited(text);
  let result: EditResult;
  switch (format) {
    case 'json':
    case 'jsonc':
    case 'json5': result = editJson(text, edit.entryPath, edit.ops); break;
    case 'toml': result = editToml(text, edit.entryPath, edit.ops, (t) => readValue(t, 'toml')?.value); break;
    case 'yaml': result = editYaml(text, edit.entryPath, edit.ops, (out) => problem(text, out, format, expected, span) === undefined); break;
  }
  if (!result.ok) return result;
  const why = problem(text, result.text, format, expected, span);
  return why === undefined ? result : refused(why);
}

/**
 * One entry as an edit sees it: the text the edit is made on, the path to the entry in that text,
 * and the entry's value. For JSON and JSONC the text is the entry's own span (its line's
 * indentation, then the value), so an edit and its proof cost the entry's size, not the file's;
 * YAML and TOML entries are edited in the whole file.
 */
export interface EntryDoc {
  readonly format: ConfigFormat;
  readonly text: string;
  readonly path: readonly PointerSegment[];
  readonly entry: unknown;
  /** JSON: the whole file's line ending and indentation unit, and the length of the indentation prefix. */
  readonly style?: TextStyle;
  readonly prefix?: number;
  /** The 1-based line of the file where `text` starts (counted only when a refusal needs it). */
  readonly firstLine: () => number;
}

/**
 * What every entry edit of one JSON text needs from the whole text, found once per file: the span
 * of any path, and the text's line ending and indentation unit. (Finding the style per entry
 * scanned the whole text for a CRLF each time: 90 µs per entry of a 20,000-entry file.)
 */
export interface JsonLayout {
  readonly spans: (path: readonly PointerSegment[]) => Span | undefined;
  readonly style: TextStyle;
}

/** The layout of a JSON or JSONC text, or undefined when it does not parse. */
export function jsonLayout(text: string): JsonLayout | undefined {
  const spans = jsonSpans(text);
  return spans === undefined ? undefined : { spans, style: styleOf(text) };
}

/** The entry at `entryPath` of a parsed file as an EntryDoc (`layout`: the file's, made once). */
export function entryDoc(
  text: string, format: ConfigFormat, value: unknown, entryPath: readonly PointerSegment[], layout?: JsonLayout,
): EntryDoc | string {
  const entry = valueAt(value, entryPath);
  if (entry === undefined) return 'the entry could not be located in the file';
  if (format !== 'json' && format !== 'jsonc') return { format, text, path: entryPath, entry, firstLine: () => 1 };
  const { spans, style } = layout ?? jsonLayout(text) ?? {};
  const span = spans?.(entryPath);
  if (span === undefined || style === undefined) return 'the entry could not be located in the file';
  const indent = indentAt(text, span.start);
  return {
    format, text: indent + text.slice(span.start, span.end), path: [], entry, style, prefix: indent.length,
    firstLine: () => text.slice(0, span.start).split('\n').length,
  };
}

/** The entry's new text inside its file (JSON: the value's span), for splicing into the file. */
export const entryText = (doc: EntryDoc): string => (doc.prefix === undefined ? doc.text : doc.text.slice(doc.prefix));

/** Applies ops to an EntryDoc and proves the result (re-read as exactly the intended entry), or refuses. */
export function editDoc(doc: EntryDoc, ops: readonly EntryOp[]): EntryDoc | string {
  const expected = applyOps(doc.entry, [], ops);
  if (sameValue(doc.entry, expected)) return doc;
  if (doc.prefix === undefined) {
    const r = editEntry(doc.text, doc.format, { entryPath: doc.path, ops });
    if (!r.ok) return r.reason;
    const entry = valueAt(readValue(r.text, doc.format)?.value, doc.path);
    return entry === undefined ? 'the edited entry could not be found again' : { ...doc, text: r.text, entry };
  }
  const r = editJson(doc.text, doc.path, ops, doc.style);
  if (!r.ok) return r.reason;
  const indent = doc.text.slice(0, doc.prefix);
  if (!r.text.startsWith(indent) || /\S/.test(indent)) return 'the edit would touch text outside the entry';
  const again = readValue(r.text, 'jsonc');
  if (again === undefined) return 'the edited file would not parse';
  if (doc.format === 'json' && readValue(r.text, 'json') === undefined) return 'the edited file would not be strict JSON';
  if (!sameValue(again.value, expected)) return 'the edited file would not read back as exactly the intended change';
  return { ...doc, text: r.text, entry: again.value };
}

/**
 * Why `after` is not `before` again, naming the first line that differs and what differs on it
 * (a comment, spacing, a line ending, quoting): the refusal of a wrap whose unwrap would not
 * give the file back byte for byte. The line's text is not shown (it may hold a secret).
 */
export function notRestored(doc: EntryDoc, after: string): string {
  const a = doc.text.split(/(?<=\n)/);
  const b = after.split(/(?<=\n)/);
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const was = a[i] ?? '';
  const now = b[i] ?? '';
  const bare = (s: string): string => s.replace(/\r?\n$/, '');
  const what = /\/\/|\/\*|(^|\s)#/.test(was) ? 'a comment'
    : bare(was) === bare(now) ? 'its line ending'
    : was.replace(/\s+/g, '') === now.replace(/\s+/g, '') ? 'its spacing'
    : was.replace(/["']/g, '') === now.replace(/["']/g, '') ? 'the quoting of a value'
    : 'its layout';
  return `unwrapping it would not give the file back byte for byte: ${what} on line ${doc.firstLine() + i} cannot be reproduced`;
}
