/**
 * The statements of a TOML text with their spans, for minimal text edits: smol-toml (the parser
 * the audit uses) keeps no positions. A scanner of TOML 1.0's lexical forms (headers, dotted and
 * quoted keys, the four string forms, arrays and inline tables over several lines, comments);
 * whatever it cannot read makes it give up, and every edit it enables is re-parsed by smol-toml.
 */
import type { PointerSegment } from '../parse/document.js';

export interface TomlStatement {
  readonly kind: 'header' | 'key';
  /** Full path: the table's path (array-of-tables elements as indexes) plus the dotted key. */
  readonly path: readonly PointerSegment[];
  /** Offset of the line the statement starts on, and just past the line break that ends it. */
  readonly lineStart: number;
  readonly lineEnd: number;
  /** For a key: the value's own span, and whether a comment sits inside it (a multi-line array). */
  readonly valueStart: number;
  readonly valueEnd: number;
  readonly innerComment: boolean;
  readonly arrayHeader: boolean;
  /** For a key: how many segments of `path` come from the [table] header it sits under. */
  readonly tableDepth: number;
  /** For a key: the offset of the key text and of each of its dotted parts. */
  readonly keyStart: number;
  readonly partStarts: readonly number[];
}

class Scan {
  i = 0;
  innerComment = false;
  constructor(readonly s: string) {}
  peek(n = 0): string { return this.s[this.i + n] ?? ''; }
  at(str: string): boolean { return this.s.startsWith(str, this.i); }
  spaces(): void { while (this.peek() === ' ' || this.peek() === '\t') this.i++; }
  /** Whitespace, newlines and comments (inside arrays). */
  blank(): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.i++;
      else if (c === '#') { this.innerComment = true; this.toEol(); }
      else return;
    }
  }
  toEol(): void { while (this.i < this.s.length && this.peek() !== '\n') this.i++; }
}

function fail(): never { throw new SyntaxError('toml-scan'); }

/** A basic or literal string (single- or multi-line); returns its decoded text when simple. */
function str(sc: Scan): string {
  const q = sc.peek();
  const triple = sc.at(q.repeat(3));
  if (triple) {
    sc.i += 3;
    for (;;) {
      if (sc.i >= sc.s.length) fail();
      if (q === '"' && sc.peek() === '\\') { sc.i += 2; continue; }
      if (sc.at(q.repeat(3))) {
        sc.i += 3;
        let extra = 0;
        while (sc.peek() === q && extra < 2) { sc.i++; extra++; }
        return '';
      }
      sc.i++;
    }
  }
  sc.i++;
  let out = '';
  for (;;) {
    const c = sc.peek();
    if (c === '' || c === '\n') fail();
    if (c === q) { sc.i++; return out; }
    if (q === '"' && c === '\\') {
      const e = sc.peek(1);
      const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\' };
      if (map[e] !== undefined) { out += map[e]; sc.i += 2; continue; }
      if (e === 'u' || e === 'U') {
        const len = e === 'u' ? 4 : 8;
        const hex = sc.s.slice(sc.i + 2, sc.i + 2 + len);
        if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== len) fail();
        out += String.fromCodePoint(parseInt(hex, 16));
        sc.i += 2 + len;
        continue;
      }
      fail();
    }
    out += c;
    sc.i++;
  }
}

function value(sc: Scan): void {
  const c = sc.peek();
  if (c === '"' || c === "'") { str(sc); return; }
  if (c === '[') {
    sc.i++;
    for (;;) {
      sc.blank();
      if (sc.peek() === ']') { sc.i++; return; }
      value(sc);
      sc.blank();
      if (sc.peek() === ',') { sc.i++; continue; }
      if (sc.peek() === ']') { sc.i++; return; }
      fail();
    }
  }
  if (c === '{') {
    sc.i++;
    sc.spaces();
    if (sc.peek() === '}') { sc.i++; return; }
    for (;;) {
      sc.spaces();
      key(sc);
      sc.spaces();
      if (sc.peek() !== '=') fail();
      sc.i++;
      sc.spaces();
      value(sc);
      sc.spaces();
      if (sc.peek() === ',') { sc.i++; continue; }
      if (sc.peek() === '}') { sc.i++; return; }
      fail();
    }
  }
  const start = sc.i;
  while (sc.i < sc.s.length && !/[,\]}#\r\n]/.test(sc.peek())) sc.i++;
  while (sc.i > start && /[ \t]/.test(sc.s[sc.i - 1] ?? '')) sc.i--;
  if (sc.i === start) fail();
}

/** A dotted key, each part decoded; `starts` receives the offset of each part. */
function key(sc: Scan, starts: number[] = []): string[] {
  const parts: string[] = [];
  for (;;) {
    sc.spaces();
    starts.push(sc.i);
    const c = sc.peek();
    if (c === '"' || c === "'") {
      if (sc.at(c.repeat(3))) fail();
      parts.push(str(sc));
    } else {
      const m = /^[A-Za-z0-9_-]+/.exec(sc.s.slice(sc.i, sc.i + 1024));
      if (m === null) fail();
      parts.push(m[0]);
      sc.i += m[0].length;
    }
    sc.spaces();
    if (sc.peek() !== '.') return parts;
    sc.i++;
  }
}

/** The rest of a statement's line: spaces and an optional comment, then the line break. */
function endOfLine(sc: Scan): number {
  sc.spaces();
  if (sc.peek() === '#') sc.toEol();
  if (sc.peek() === '\r') sc.i++;
  if (sc.peek() === '\n') { sc.i++; return sc.i; }
  if (sc.i >= sc.s.length) return sc.i;
  return fail();
}

/** Every header and key statement in order, or undefined when the text is beyond this scanner. */
export function scanToml(text: string): TomlStatement[] | undefined {
  const sc = new Scan(text);
  const out: TomlStatement[] = [];
  const arrays = new Map<string, number>();
  let table: PointerSegment[] = [];
  const resolve = (keys: readonly string[]): PointerSegment[] => {
    const p: PointerSegment[] = [];
    const raw: string[] = [];
    for (const k of keys) {
      p.push(k);
      raw.push(k);
      const n = arrays.get(JSON.stringify(raw));
      if (n !== undefined) p.push(n);
    }
    return p;
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) sc.i = 1;
    for (;;) {
      sc.blank();
      if (sc.i >= text.length) return out;
      const lineStart = text.lastIndexOf('\n', sc.i - 1) + 1;
      if (sc.peek() === '[') {
        const array = sc.at('[[');
        sc.i += array ? 2 : 1;
        const keys = key(sc);
        sc.spaces();
        if (!sc.at(array ? ']]' : ']')) fail();
        sc.i += array ? 2 : 1;
        if (array) {
          const id = JSON.stringify(keys);
          const n = (arrays.get(id) ?? -1) + 1;
          arrays.set(id, n);
          for (const k of [...arrays.keys()]) if (k !== id && k.startsWith(id.slice(0, -1))) arrays.delete(k);
        }
        table = resolve(keys);
        const lineEnd = endOfLine(sc);
        out.push({ kind: 'header', path: table, lineStart, lineEnd, valueStart: lineEnd, valueEnd: lineEnd, innerComment: false, arrayHeader: array, tableDepth: table.length, keyStart: lineStart, partStarts: [] });
        continue;
      }
      const partStarts: number[] = [];
      const keyStart = sc.i;
      const keys = key(sc, partStarts);
      if (sc.peek() !== '=') fail();
      sc.i++;
      sc.spaces();
      const valueStart = sc.i;
      sc.innerComment = false;
      value(sc);
      const valueEnd = sc.i;
      const innerComment = sc.innerComment;
      const lineEnd = endOfLine(sc);
      out.push({ kind: 'key', path: [...table, ...keys], lineStart, lineEnd, valueStart, valueEnd, innerComment, arrayHeader: false, tableDepth: table.length, keyStart, partStarts });
    }
  } catch (e: unknown) {
    if (e instanceof SyntaxError) return undefined;
    throw e;
  }
}
