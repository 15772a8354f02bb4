import { TomlError, parse } from 'smol-toml';
import { fail, ok, type Result } from '../shared/result.js';
import { MAX_DEPTH, type ParseProblem, type ParsedDocument, type PointerSegment, type Position } from './document.js';

/**
 * TOML via smol-toml (depth-capped by its own `maxDepth`; duplicate keys are a syntax error in
 * TOML, as in Codex). Keys such as `constructor` and `__proto__` are kept as own properties of
 * null-prototype objects: Codex (Rust) launches a server of that name, so the audit must see it.
 * smol-toml keeps no positions, so `locate` finds table headers (`[mcp_servers.name]`,
 * `[[mcp_servers]]`) and `a.b.c =` lines in the text, skipping multi-line strings, through
 * indexes built once per document (see `locator`).
 */
export function parseToml(text: string): Result<ParsedDocument, ParseProblem> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = parse(source, { maxDepth: MAX_DEPTH, unsafeKeyBehaviour: 'keep' });
  } catch (e: unknown) {
    if (!(e instanceof TomlError)) throw e;
    const first = e.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') ?? '';
    const kind = /excessively nested/.test(first) ? 'too-deep' : 'syntax';
    return fail({ kind, message: safeMessage(first), line: e.line, column: e.column });
  }
  const lines = source.split(/\r?\n/);
  const inString = multilineStringLines(lines);
  const headers = scanHeaders(lines, inString);
  return ok({ value, duplicates: [], ...locator(headers, lines, inString) });
}

/** smol-toml's own messages are fixed words; anything else (quoted source) is not repeated. */
function safeMessage(message: string): string {
  return /^[A-Za-z ,:.-]+$/.test(message) ? message : 'invalid TOML';
}

interface Header {
  readonly line: number;
  readonly keys: readonly string[];
  readonly array: boolean;
}

const HEADER = /^\s*(\[\[?)\s*(.+?)\s*\]\]?\s*(?:#.*)?$/;
const KEY_PART = String.raw`(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)`;
const KEY_LINE = new RegExp(String.raw`^(\s*)(${KEY_PART}(?:\s*\.\s*${KEY_PART})*)\s*=`);

/** For each line, whether it starts inside a `"""` or `'''` multi-line string. */
function multilineStringLines(lines: readonly string[]): boolean[] {
  let open: string | undefined;
  return lines.map((line) => {
    const inside = open !== undefined;
    let j = 0;
    while (j < line.length) {
      if (open !== undefined) {
        const close = closing(line, j, open);
        if (close < 0) break;
        j = close + 3;
        open = undefined;
        continue;
      }
      const ch = line[j];
      if (ch === '#') break;
      if (line.startsWith('"""', j) || line.startsWith("'''", j)) {
        open = line.slice(j, j + 3);
        j += 3;
      } else if (ch === '"' || ch === "'") {
        j++;
        while (j < line.length && line[j] !== ch) j += ch === '"' && line[j] === '\\' ? 2 : 1;
        j++;
      } else {
        j++;
      }
    }
    return inside;
  });
}

/** Index of the delimiter closing a multi-line string (basic strings honour `\` escapes), or -1. */
function closing(line: string, from: number, delimiter: string): number {
  for (let j = from; j < line.length; j++) {
    if (delimiter === '"""' && line[j] === '\\') { j++; continue; }
    if (line.startsWith(delimiter, j)) return j;
  }
  return -1;
}

function scanHeaders(lines: readonly string[], inString: readonly boolean[]): Header[] {
  const out: Header[] = [];
  lines.forEach((line, i) => {
    if (inString[i] === true) return;
    const m = HEADER.exec(line);
    if (m?.[1] !== undefined && m[2] !== undefined) out.push({ line: i + 1, keys: splitKey(m[2]), array: m[1] === '[[' });
  });
  return out;
}

/** Splits a dotted TOML key, honouring "basic" and 'literal' quoted parts. */
export function splitKey(key: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (const ch of key) {
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '.') {
      parts.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current.trim());
  return parts;
}

/**
 * A trie of dotted keys. In the header trie a node holds the first `[table]` with exactly its
 * keys, the `[[array]]` headers with them (file order) and the first header below it; in a
 * section's key trie, `first` is the first `a.b.c =` line whose key passes through the node.
 */
interface KeyNode {
  readonly children: Map<string, KeyNode>;
  table?: Header;
  readonly arrays: Header[];
  below?: Header;
  first?: Position;
}

const keyNode = (): KeyNode => ({ children: new Map(), arrays: [] });

function child(node: KeyNode, key: string): KeyNode {
  let next = node.children.get(key);
  if (next === undefined) {
    next = keyNode();
    node.children.set(key, next);
  }
  return next;
}

/**
 * Pointer → position from indexes built once: the header trie at parse, each section's key trie
 * on its first lookup. A lookup costs its pointer's length (no scan of headers or lines per
 * lookup); `work` counts headers and lines indexed and trie steps walked.
 */
function locator(headers: readonly Header[], lines: readonly string[], inString: readonly boolean[]): Pick<ParsedDocument, 'locate' | 'locateWork'> {
  let work = 0;
  const tables = keyNode();
  for (const h of headers) {
    let node = tables;
    for (const k of h.keys) {
      work += 1;
      if (node !== tables) node.below ??= h;
      node = child(node, k);
    }
    if (h.array) node.arrays.push(h);
    else node.table ??= h;
  }
  const sections = new Map<number, KeyNode>();
  /** The key lines of the section after the header on 1-based `fromLine` (0: before any header). */
  const section = (fromLine: number): KeyNode => {
    let root = sections.get(fromLine);
    if (root !== undefined) return root;
    root = keyNode();
    const next = nextHeaderLine(headers, fromLine) ?? lines.length + 1;
    for (let i = fromLine; i < next - 1; i++) {
      work += 1;
      if (inString[i] === true) continue;
      const m = KEY_LINE.exec(lines[i] ?? '');
      if (m?.[2] === undefined) continue;
      const at = { line: i + 1, column: (m[1]?.length ?? 0) + 1 };
      let node = root;
      node.first ??= at;
      for (const k of splitKey(m[2])) {
        node = child(node, k);
        node.first ??= at;
      }
    }
    sections.set(fromLine, root);
    return root;
  };
  /**
   * The `a.b.c =` line of the section whose dotted key names `rest` (or a key below it), `full`;
   * else the first sharing the longest leading part of it.
   */
  const keyLine = (rest: readonly PointerSegment[], fromLine: number): (Position & { readonly full: boolean }) | undefined => {
    let node = section(fromLine);
    let depth = 0;
    for (const seg of rest) {
      work += 1;
      const next = node.children.get(String(seg));
      if (next === undefined) break;
      node = next;
      depth += 1;
    }
    if (node.first === undefined || (depth === 0 && rest.length > 0)) return undefined;
    return { ...node.first, full: depth === rest.length };
  };
  const locate = (pointer: readonly PointerSegment[]): Position => {
    // path[d]: the header trie node for the first d segments (undefined past the deepest header).
    const path: (KeyNode | undefined)[] = [tables];
    for (const seg of pointer) {
      work += 1;
      path.push(path[path.length - 1]?.children.get(String(seg)));
    }
    for (let n = pointer.length; n > 0; n--) {
      const last = pointer[n - 1];
      const exact = typeof last === 'number' ? path[n - 1]?.arrays[last] : path[n]?.table;
      if (exact !== undefined) {
        if (n < pointer.length) {
          const found = keyLine(pointer.slice(n), exact.line);
          if (found !== undefined) return { line: found.line, column: found.column };
        }
        return { line: exact.line, column: 1 };
      }
      // A table only defined through its sub-tables (`[a.b.env]` without `[a.b]`).
      if (n === pointer.length) {
        const deeper = path[n]?.below;
        const top = keyLine(pointer, 0);
        if (top?.full === true) return { line: top.line, column: top.column };
        if (deeper !== undefined) return { line: deeper.line, column: 1 };
      }
    }
    const top = keyLine(pointer, 0);
    return top !== undefined ? { line: top.line, column: top.column } : { line: 1, column: 1 };
  };
  return { locate, locateWork: () => work };
}

/** The line of the first header after 1-based `fromLine` (headers are in line order). */
function nextHeaderLine(headers: readonly Header[], fromLine: number): number | undefined {
  let lo = 0;
  let hi = headers.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((headers[mid]?.line ?? 0) > fromLine) hi = mid;
    else lo = mid + 1;
  }
  return headers[lo]?.line;
}
