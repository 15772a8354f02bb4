import { TomlError, parse } from 'smol-toml';
import { fail, ok, type Result } from '../shared/result.js';
import { MAX_DEPTH, type ParseProblem, type ParsedDocument, type PointerSegment, type Position } from './document.js';

/**
 * TOML via smol-toml (depth-capped by its own `maxDepth`; duplicate keys are a syntax error in
 * TOML, as in Codex). smol-toml keeps no positions, so `locate` finds table headers
 * (`[mcp_servers.name]`, `[[mcp_servers]]`) and `key =` lines in the text.
 */
export function parseToml(text: string): Result<ParsedDocument, ParseProblem> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = parse(source, { maxDepth: MAX_DEPTH, unsafeKeyBehaviour: 'drop' });
  } catch (e: unknown) {
    if (!(e instanceof TomlError)) throw e;
    const message = e.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') ?? 'invalid TOML';
    const kind = /excessively nested/.test(message) ? 'too-deep' : 'syntax';
    return fail({ kind, message, line: e.line, column: e.column });
  }
  const lines = source.split(/\r?\n/);
  const headers = scanHeaders(lines);
  return ok({ value, duplicates: [], locate: (pointer) => locate(pointer, headers, lines) });
}

interface Header {
  readonly line: number;
  readonly keys: readonly string[];
  readonly array: boolean;
}

const HEADER = /^\s*(\[\[?)\s*(.+?)\s*\]\]?\s*(?:#.*)?$/;

function scanHeaders(lines: readonly string[]): Header[] {
  const out: Header[] = [];
  lines.forEach((line, i) => {
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

/** The header for a pointer, counting `[[array]]` occurrences for numeric segments. */
function headerFor(pointer: readonly PointerSegment[], headers: readonly Header[]): Header | undefined {
  const last = pointer[pointer.length - 1];
  if (typeof last === 'number') {
    const matching = headers.filter((h) => h.array && sameKeys(h.keys, pointer.slice(0, -1)));
    return matching[last];
  }
  return headers.find((h) => !h.array && sameKeys(h.keys, pointer));
}

function locate(pointer: readonly PointerSegment[], headers: readonly Header[], lines: readonly string[]): Position {
  for (let n = pointer.length; n > 0; n--) {
    const exact = headerFor(pointer.slice(0, n), headers);
    if (exact !== undefined) {
      const key = pointer[n];
      if (n < pointer.length && typeof key === 'string') {
        const found = keyLine(key, exact.line, headers, lines);
        if (found !== undefined) return found;
      }
      return { line: exact.line, column: 1 };
    }
  }
  const top = pointer[0];
  if (typeof top === 'string') return keyLine(top, 0, headers, lines) ?? { line: 1, column: 1 };
  return { line: 1, column: 1 };
}

/** A `key =` line inside the section that starts after `fromLine` (1-based), up to the next header. */
function keyLine(key: string, fromLine: number, headers: readonly Header[], lines: readonly string[]): Position | undefined {
  const next = headers.find((h) => h.line > fromLine)?.line ?? lines.length + 1;
  for (let i = fromLine; i < next - 1; i++) {
    const line = lines[i] ?? '';
    const m = /^(\s*)("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*[=.]/.exec(line);
    if (m?.[2] !== undefined && splitKey(m[2])[0] === key) return { line: i + 1, column: (m[1]?.length ?? 0) + 1 };
  }
  return undefined;
}
