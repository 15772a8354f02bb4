import { TomlError, parse } from 'smol-toml';
import { fail, ok, type Result } from '../shared/result.js';
import { MAX_DEPTH, type ParseProblem, type ParsedDocument, type PointerSegment, type Position } from './document.js';

/**
 * TOML via smol-toml (depth-capped by its own `maxDepth`; duplicate keys are a syntax error in
 * TOML, as in Codex). Keys such as `constructor` and `__proto__` are kept as own properties of
 * null-prototype objects: Codex (Rust) launches a server of that name, so the audit must see it.
 * smol-toml keeps no positions, so `locate` finds table headers (`[mcp_servers.name]`,
 * `[[mcp_servers]]`) and `a.b.c =` lines in the text, skipping multi-line strings.
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
  return ok({ value, duplicates: [], locate: (pointer) => locate(pointer, headers, lines, inString) });
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

function sameKeys(a: readonly string[], b: readonly PointerSegment[]): boolean {
  return a.length === b.length && a.every((k, i) => k === String(b[i]));
}

/** How many leading segments two keys share. */
function common(a: readonly string[], b: readonly PointerSegment[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === String(b[n])) n++;
  return n;
}

/** The header for a pointer, counting `[[array]]` occurrences for numeric segments. */
function headerFor(pointer: readonly PointerSegment[], headers: readonly Header[]): Header | undefined {
  const last = pointer[pointer.length - 1];
  if (typeof last === 'number') {
    const matching = headers.filter((h) => h.array && sameKeys(h.keys, pointer.slice(0, -1)));
    return matching[last];
  }
  return headers.find((h) => !h.array && sameKeys(h.keys, pointer));
}

function locate(
  pointer: readonly PointerSegment[], headers: readonly Header[], lines: readonly string[], inString: readonly boolean[],
): Position {
  for (let n = pointer.length; n > 0; n--) {
    const exact = headerFor(pointer.slice(0, n), headers);
    if (exact !== undefined) {
      if (n < pointer.length) {
        const found = keyLine(pointer.slice(n), exact.line, headers, lines, inString);
        if (found !== undefined) return { line: found.line, column: found.column };
      }
      return { line: exact.line, column: 1 };
    }
    // A table only defined through its sub-tables (`[a.b.env]` without `[a.b]`).
    if (n === pointer.length) {
      const deeper = headers.find((h) => h.keys.length > n && common(h.keys, pointer) === n);
      const top = keyLine(pointer, 0, headers, lines, inString);
      if (top?.full === true) return { line: top.line, column: top.column };
      if (deeper !== undefined) return { line: deeper.line, column: 1 };
    }
  }
  const top = keyLine(pointer, 0, headers, lines, inString);
  return top !== undefined ? { line: top.line, column: top.column } : { line: 1, column: 1 };
}

/**
 * The `a.b.c =` line inside the section that starts after `fromLine` (1-based, up to the next
 * header) whose dotted key names `rest` (or a key below it); else the first sharing most of it.
 */
function keyLine(
  rest: readonly PointerSegment[], fromLine: number, headers: readonly Header[], lines: readonly string[], inString: readonly boolean[],
): (Position & { readonly full: boolean }) | undefined {
  const next = headers.find((h) => h.line > fromLine)?.line ?? lines.length + 1;
  let best: (Position & { readonly full: boolean }) | undefined;
  let bestShared = 0;
  for (let i = fromLine; i < next - 1; i++) {
    if (inString[i] === true) continue;
    const m = KEY_LINE.exec(lines[i] ?? '');
    if (m?.[2] === undefined) continue;
    const shared = common(splitKey(m[2]), rest);
    const at = { line: i + 1, column: (m[1]?.length ?? 0) + 1 };
    if (shared === rest.length) return { ...at, full: true };
    if (shared > bestShared) { best = { ...at, full: false }; bestShared = shared; }
  }
  return best;
}
