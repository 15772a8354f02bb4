/**
 * TOML edits as minimal text changes at the spans toml-scan finds: a value replaced in place (in
 * the layout of the one it replaces), a key line removed whole, a new key line added after the
 * table's last key. A value with a comment inside it is never re-written (the comment would be lost).
 */
import type { PointerSegment } from '../parse/document.js';
import { edited, refused, type EditResult, type EntryOp, type PlainValue, type Span } from './types.js';
import { applyOps, toPlain, valueAt } from './values.js';
import { breaksFor, breaksOf, indentAt, splice, styleOf } from './text-style.js';
import { scanToml, type TomlStatement } from './toml-scan.js';

const same = (a: readonly PointerSegment[], b: readonly PointerSegment[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
const prefix = (p: readonly PointerSegment[], of: readonly PointerSegment[]): boolean => p.length < of.length && p.every((x, i) => x === of[i]);

function tomlString(s: string, literal: boolean): string {
  if (literal && !/['\u0000-\u001f\u007f]/.test(s)) return `'${s}'`;
  return JSON.stringify(s).replace(/\u007f/g, '\\u007F');
}

export function tomlKey(k: string): string {
  return /^[A-Za-z0-9_-]+$/.test(k) ? k : tomlString(k, false);
}

/** A value as TOML text; `like` is the text it replaces (literal strings, separators and line layout follow it). */
export function renderToml(v: PlainValue, like = '', indent = ''): string | undefined {
  if (v === null) return undefined;
  if (typeof v === 'string') return tomlString(v, like.startsWith("'") && !like.startsWith("'''"));
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const literal = /^\[\s*'/.test(like);
  if (Array.isArray(v)) {
    const items: string[] = [];
    for (const x of v as readonly PlainValue[]) {
      const r = renderToml(x, literal ? "'" : '');
      if (r === undefined) return undefined;
      items.push(r);
    }
    const m = /^\[(\s*)\S[^]*?,([ \t]*)/.exec(like);
    if (like.includes('\n') && items.length > 0) {
      const eol = like.includes('\r\n') ? '\r\n' : '\n';
      const itemIndent = /\n([ \t]*)\S/.exec(like)?.[1] ?? `${indent}  `;
      const close = /\n([ \t]*)\]$/.exec(like)?.[1] ?? indent;
      const trailing = /,\s*\]$/.test(like) ? ',' : '';
      const br = breaksFor(breaksOf(like), items.length + 1, eol);
      return `[${br[0] ?? eol}${items.map((x, i) => (i === 0 ? itemIndent + x : `,${br[i] ?? eol}${itemIndent}${x}`)).join('')}${trailing}${br[items.length] ?? eol}${close}]`;
    }
    const sep = m?.[2] !== undefined ? `,${m[2]}` : ', ';
    const pad = m?.[1] !== undefined && m[1] !== '' && !m[1].includes('\n') ? ' ' : '';
    return items.length === 0 ? '[]' : `[${pad}${items.join(sep)}${pad}]`;
  }
  const parts: string[] = [];
  // An inline table written with literal strings keeps them.
  const memberLike = /=\s*'/.test(like) ? "'" : '';
  for (const [k, x] of Object.entries(v)) {
    const r = renderToml(x, Array.isArray(x) && memberLike !== '' ? "['" : memberLike);
    if (r === undefined) return undefined;
    parts.push(`${tomlKey(k)} = ${r}`);
  }
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
}

/** The refusal for a value holding a comment, naming its key and line. */
function commented(text: string, s: TomlStatement): string {
  const line = text.slice(0, s.lineStart).split('\n').length;
  return `${s.path.map(String).join('.')} (line ${line}) has a comment inside its value: re-writing it would lose the comment`;
}

function applyOne(text: string, doc: unknown, full: readonly PointerSegment[], op: EntryOp): EditResult {
  const stmts = scanToml(text);
  if (stmts === undefined) return refused('the TOML layout is beyond what mcp-audit edits in place');
  const keys = stmts.filter((s) => s.kind === 'key');
  const exact = keys.find((s) => same(s.path, full));
  if (exact !== undefined) {
    if (op.kind === 'delete') return edited(splice(text, [{ start: exact.lineStart, end: exact.lineEnd, content: '' }]));
    if (exact.innerComment) return refused(commented(text, exact));
    const r = renderToml(op.value, text.slice(exact.valueStart, exact.valueEnd), indentAt(text, exact.lineStart));
    if (r === undefined) return refused('TOML has no null');
    return edited(splice(text, [{ start: exact.valueStart, end: exact.valueEnd, content: r }]));
  }
  const holder = keys.find((s) => prefix(s.path, full));
  if (holder !== undefined) {
    // The op lands inside an array or inline table: that one value is re-written whole.
    if (holder.innerComment) return refused(commented(text, holder));
    const whole = toPlain(valueAt(applyOps(doc, [], [op.kind === 'delete' ? { kind: 'delete', path: full } : { kind: 'set', path: full, value: op.value }]), holder.path));
    const r = whole === undefined ? undefined : renderToml(whole, text.slice(holder.valueStart, holder.valueEnd), indentAt(text, holder.lineStart));
    if (r === undefined) return refused('the changed value cannot be written as TOML');
    return edited(splice(text, [{ start: holder.valueStart, end: holder.valueEnd, content: r }]));
  }
  if (op.kind === 'delete') return edited(text);
  const tablePath = full.slice(0, -1);
  const name = full[full.length - 1];
  const header = stmts.findIndex((s) => s.kind === 'header' && same(s.path, tablePath));
  if (header < 0 && typeof name === 'string') {
    // A table written as dotted keys (`srv.command = …` under [mcp_servers], or
    // `mcp_servers.srv.command = …` at the top): the new key is one more such line, after the last.
    const dotted = keys.filter((s) => prefix(tablePath, s.path) && s.tableDepth < tablePath.length);
    const lastKey = dotted[dotted.length - 1];
    const part = lastKey?.partStarts[tablePath.length - lastKey.tableDepth];
    if (lastKey !== undefined && part !== undefined) {
      const r = renderToml(op.value);
      if (r === undefined) return refused('TOML has no null');
      const { eol } = styleOf(text);
      const lead = lastKey.lineEnd === text.length && !text.endsWith('\n') ? eol : '';
      const keyText = `${text.slice(lastKey.keyStart, part)}${tomlKey(name)}`;
      return edited(splice(text, [{ start: lastKey.lineEnd, end: lastKey.lineEnd, content: `${lead}${indentAt(text, lastKey.lineStart)}${keyText} = ${r}${eol}` }]));
    }
  }
  if (header < 0 || typeof name !== 'string') return refused(`no [table] to add ${String(name)} to (the entry is not a [table] or dotted keys mcp-audit can extend)`);
  let last: TomlStatement | undefined = stmts[header];
  for (let i = header + 1; i < stmts.length && stmts[i]?.kind === 'key'; i++) last = stmts[i];
  if (last === undefined) return refused('no table to add to');
  const r = renderToml(op.value);
  if (r === undefined) return refused('TOML has no null');
  const { eol } = styleOf(text);
  const lead = last.lineEnd === text.length && !text.endsWith('\n') ? eol : '';
  const indent = last.kind === 'key' ? indentAt(text, last.lineStart) : '';
  return edited(splice(text, [{ start: last.lineEnd, end: last.lineEnd, content: `${lead}${indent}${tomlKey(name)} = ${r}${eol}` }]));
}

/** Applies one entry's ops in order; `parse` re-reads the text between ops (for values inside arrays). */
export function editToml(
  text: string, entryPath: readonly PointerSegment[], ops: readonly EntryOp[], parse: (t: string) => unknown,
): EditResult {
  let out = text;
  for (const op of ops) {
    const r = applyOne(out, parse(out), [...entryPath, ...op.path], op);
    if (!r.ok) return r;
    out = r.text;
  }
  return edited(out);
}

/** From the entry's first statement to the end of its last (its own table and sub-tables, or its inline value). */
export function tomlEntrySpan(text: string, entryPath: readonly PointerSegment[]): Span | undefined {
  const stmts = scanToml(text);
  if (stmts === undefined) return undefined;
  const inline = stmts.find((s) => s.kind === 'key' && (same(s.path, entryPath) || prefix(s.path, entryPath)));
  if (inline !== undefined) return { start: inline.lineStart, end: inline.lineEnd };
  let start: number | undefined;
  let end: number | undefined;
  let inside = false;
  for (const s of stmts) {
    if (s.kind === 'header') inside = same(s.path, entryPath) || prefix(entryPath, s.path);
    // Its own table and sub-tables, and the dotted keys that spell it (`srv.command = …`).
    if (inside || (s.kind === 'key' && prefix(entryPath, s.path))) { start ??= s.lineStart; end = s.lineEnd; }
  }
  return start === undefined || end === undefined ? undefined : { start, end };
}
