/**
 * JSON / JSONC edits at the parser's spans (jsonc-parser's tree): a replaced value is written in
 * the style of the one it replaces (inline or one element per line, same indentation, same
 * separator), a removed member takes its own line and comma with it, a new member follows the
 * last one. Comments, trailing commas, key order, CRLF and a BOM outside the edit are kept.
 * jsonc-parser's own `modify` is not used for arrays: 3.3.1 mangles the removal of a last element
 * (`[1,2]` minus index 1 gives `[12]`) and re-formats around every edit.
 */
import { createScanner, findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { PointerSegment } from '../parse/document.js';
import { edited, refused, type EditResult, type EntryOp, type PlainValue, type Span } from './types.js';
import { breaksFor, breaksOf, indentAt, lineStart, nextLineStart, splice, startsLine, styleOf, type TextStyle } from './text-style.js';

/** jsonc-parser's SyntaxKind is an ambient const enum (unusable under verbatimModuleSyntax). */
const COMMA = 5;
const LINE_COMMENT = 12;
const LINE_BREAK = 14;
const TRIVIA = 15;
const EOF = 17;

interface Change { readonly start: number; readonly end: number; readonly content: string }

const blankBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text);

function tree(text: string): Node | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(blankBom(text), errors, { allowTrailingComma: true, allowEmptyContent: true });
  return errors.length === 0 ? root : undefined;
}

/** The offset of the comma right after `offset` (skipping whitespace and comments), if any. */
function commaAfter(text: string, offset: number): number | undefined {
  const scanner = createScanner(text, true);
  scanner.setPosition(offset);
  return scanner.scan() === COMMA ? scanner.getTokenOffset() : undefined;
}

/** True when only whitespace and a line comment follow `offset` on its line. */
function restOfLineBlank(text: string, offset: number): boolean {
  const scanner = createScanner(text, false);
  scanner.setPosition(offset);
  for (let k = scanner.scan(); ; k = scanner.scan()) {
    if (k === LINE_BREAK || k === EOF) return true;
    if (k !== TRIVIA && k !== LINE_COMMENT) return false;
  }
}

const end = (n: Node): number => n.offset + n.length;

/** A value as JSON text at a given indentation; objects spread over lines when `multiline`. */
export function renderJson(value: PlainValue, indent: string, style: TextStyle, multiline: boolean, sep = ', '): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    const items: readonly PlainValue[] = value;
    return `[${items.map((v) => renderJson(v, indent, style, false, sep)).join(sep)}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  if (!multiline) return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${renderJson(v, indent, style, false, sep)}`).join(sep)} }`;
  const inner = indent + style.unit;
  const lines = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${renderJson(v, inner, style, true, sep)}`);
  return `{${style.eol}${lines.join(`,${style.eol}`)}${style.eol}${indent}}`;
}

/** A replacement value written in the layout of the array or value it replaces. */
function replacement(text: string, old: Node, value: PlainValue, style: TextStyle): string {
  const oldText = text.slice(old.offset, end(old));
  if (old.type === 'array' && Array.isArray(value)) {
    const items: readonly PlainValue[] = value;
    const multiline = oldText.includes('\n');
    const first = old.children?.[0];
    const comma = /,([ \t]*)\S/.exec(oldText);
    const sep = comma === null ? ', ' : `,${comma[1] ?? ''}`;
    if (!multiline || first === undefined) return `[${items.map((v) => renderJson(v, '', style, false, sep)).join(sep)}]`;
    const itemIndent = indentAt(text, first.offset);
    const closeIndent = indentAt(text, end(old) - 1);
    if (items.length === 0) return '[]';
    const trailing = commaAfter(text, end(old.children?.[old.children.length - 1] ?? first)) !== undefined ? ',' : '';
    const lines = items.map((v) => `${itemIndent}${renderJson(v, itemIndent, style, false)}`);
    const br = breaksFor(breaksOf(oldText), lines.length + 1, style.eol);
    return `[${br[0] ?? style.eol}${lines.map((l, i) => (i === 0 ? l : `,${br[i] ?? style.eol}${l}`)).join('')}${trailing}${br[lines.length] ?? style.eol}${closeIndent}]`;
  }
  return renderJson(value, indentAt(text, old.offset), style, oldText.includes('\n') || (typeof value === 'object' && value !== null && !Array.isArray(value) && startsLine(text, old.offset)));
}

function insertMember(text: string, obj: Node, key: string, value: PlainValue, style: TextStyle): Change[] {
  const props = obj.children ?? [];
  const objText = text.slice(obj.offset, end(obj));
  const last = props[props.length - 1];
  if (last === undefined) {
    if (!objText.includes('\n')) return [{ start: obj.offset + 1, end: end(obj) - 1, content: ` ${JSON.stringify(key)}: ${renderJson(value, '', style, false)} ` }];
    const indent = indentAt(text, obj.offset) ;
    const inner = indent + style.unit;
    return [{ start: obj.offset + 1, end: end(obj) - 1, content: `${style.eol}${inner}${JSON.stringify(key)}: ${renderJson(value, inner, style, true)}${style.eol}${indent}` }];
  }
  const multiline = startsLine(text, last.offset);
  const trailing = commaAfter(text, end(last));
  if (!multiline) {
    const member = `${JSON.stringify(key)}: ${renderJson(value, '', style, false)}`;
    return trailing === undefined
      ? [{ start: end(last), end: end(last), content: `, ${member}` }]
      : [{ start: trailing + 1, end: trailing + 1, content: ` ${member},` }];
  }
  const indent = indentAt(text, last.offset);
  const member = `${JSON.stringify(key)}: ${renderJson(value, indent, style, true)}`;
  const after = trailing === undefined ? end(last) : trailing + 1;
  if (restOfLineBlank(text, after)) {
    // A comment after the last member stays on its line: the new member goes on the next line.
    const nl = text.indexOf('\n', after);
    const lineEnd = nl < 0 ? text.length : text[nl - 1] === '\r' ? nl - 1 : nl;
    // The line's own break goes before the new member (removing the member again restores it).
    const own = nl < 0 ? style.eol : text.slice(lineEnd, nl + 1);
    const changes: Change[] = [{ start: lineEnd, end: lineEnd, content: `${own}${indent}${member}${trailing === undefined ? '' : ','}` }];
    if (trailing === undefined) changes.push({ start: end(last), end: end(last), content: ',' });
    return changes;
  }
  return [{ start: after, end: after, content: trailing === undefined ? `,${style.eol}${indent}${member}` : `${style.eol}${indent}${member},` }];
}

/** Removes one member (a property node or an array element) with its comma and, when alone on it, its line. */
function removeMember(text: string, container: Node, target: Node): Change[] {
  const siblings = container.children ?? [];
  const k = siblings.indexOf(target);
  const next = siblings[k + 1];
  const prev = siblings[k - 1];
  if (next !== undefined) {
    if (startsLine(text, target.offset) && startsLine(text, next.offset)) return [{ start: lineStart(text, target.offset), end: lineStart(text, next.offset), content: '' }];
    // The last member of its line: the line break before the next one stays.
    if (startsLine(text, next.offset) && prev !== undefined) return [{ start: end(prev), end: end(target), content: '' }];
    return [{ start: target.offset, end: next.offset, content: '' }];
  }
  const trailing = commaAfter(text, end(target));
  const stop = trailing === undefined ? end(target) : trailing + 1;
  if (prev === undefined) return [{ start: container.offset + 1, end: end(container) - 1, content: '' }];
  if (trailing !== undefined) {
    // JSONC with a trailing comma: the previous member keeps its comma.
    if (startsLine(text, target.offset) && restOfLineBlank(text, stop)) return [{ start: lineStart(text, target.offset), end: nextLineStart(text, stop), content: '' }];
    return [{ start: target.offset, end: stop, content: '' }];
  }
  const prevComma = commaAfter(text, end(prev));
  if (prevComma !== undefined && startsLine(text, target.offset) && restOfLineBlank(text, stop)) {
    return [{ start: prevComma, end: prevComma + 1, content: '' }, { start: lineStart(text, target.offset), end: nextLineStart(text, stop), content: '' }];
  }
  return [{ start: end(prev), end: stop, content: '' }];
}

function applyOne(text: string, entryPath: readonly PointerSegment[], op: EntryOp, style: TextStyle): EditResult {
  const root = tree(text);
  if (root === undefined) return refused('the file does not parse as JSON');
  const full = [...entryPath, ...op.path];
  const node = findNodeAtLocation(root, full);
  if (op.kind === 'delete') {
    if (node === undefined) return edited(text);
    const target = node.parent?.type === 'property' ? node.parent : node;
    const container = target.parent;
    if (container === undefined) return refused('cannot remove the document root');
    return edited(splice(text, removeMember(text, container, target)));
  }
  if (node !== undefined) {
    if (node.type !== 'object' && node.type !== 'array' && node.value === op.value) return edited(text);
    return edited(splice(text, [{ start: node.offset, end: end(node), content: replacement(text, node, op.value, style) }]));
  }
  const parent = findNodeAtLocation(root, full.slice(0, -1));
  const key = full[full.length - 1];
  if (parent?.type !== 'object' || typeof key !== 'string') return refused(`no object to add ${String(key)} to`);
  return edited(splice(text, insertMember(text, parent, key, op.value, style)));
}

/**
 * Applies the ops of one entry, in order. `style` is the whole file's (line ending, indentation
 * unit) when `text` is only the entry's own span (file-edit.ts).
 */
export function editJson(text: string, entryPath: readonly PointerSegment[], ops: readonly EntryOp[], style: TextStyle = styleOf(text)): EditResult {
  let out = text;
  for (const op of ops) {
    const r = applyOne(out, entryPath, op, style);
    if (!r.ok) return r;
    out = r.text;
  }
  return edited(out);
}

/** The span of the entry's value in the text (edits of that entry must stay inside it). */
export function jsonEntrySpan(text: string, entryPath: readonly PointerSegment[]): Span | undefined {
  return jsonSpans(text)?.(entryPath);
}

/**
 * One parse of a text, then the span of any path in it: each object's members are indexed by key
 * the first time a path goes through it (a lookup by scanning 20,000 siblings per entry was
 * quadratic). A key given twice is found at its first member, as findNodeAtLocation does.
 */
export function jsonSpans(text: string): ((path: readonly PointerSegment[]) => Span | undefined) | undefined {
  const root = tree(text);
  if (root === undefined) return undefined;
  const index = new Map<Node, Map<string, Node>>();
  const member = (obj: Node, key: string): Node | undefined => {
    let keys = index.get(obj);
    if (keys === undefined) {
      keys = new Map();
      for (const p of obj.children ?? []) {
        const k: unknown = p.children?.[0]?.value;
        const v = p.children?.[1];
        if (typeof k === 'string' && v !== undefined && !keys.has(k)) keys.set(k, v);
      }
      index.set(obj, keys);
    }
    return keys.get(key);
  };
  return (path) => {
    let node: Node | undefined = root;
    for (const seg of path) {
      if (node === undefined) return undefined;
      if (node.type === 'object' && typeof seg === 'string') node = member(node, seg);
      else if (node.type === 'array' && typeof seg === 'number') node = node.children?.[seg];
      else return undefined;
    }
    return node === undefined ? undefined : { start: node.offset, end: end(node) };
  };
}
