/**
 * The one text-escaping helper (STYLE §9): anything that came from a config, a store or a server
 * passes through it before it reaches a terminal. A server named "\u001b[2J" must not erase the
 * screen, set the window title or reorder what the reader sees (bidi overrides), and a lone
 * surrogate must not turn into a replacement character that hides what was there.
 *
 * Escaped: C0 controls (U+0000–U+001F, newline and tab included), DEL (U+007F), C1 controls
 * (U+0080–U+009F), the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and
 * marks (U+200E, U+200F, U+061C), the line and paragraph separators (U+2028, U+2029), and lone
 * surrogates. Each becomes `\xHH` or `\uHHHH`, so the output stays one line per field and shows
 * exactly which code point was there. JSON output is not passed through here: JSON.stringify
 * already escapes controls and lone surrogates, and the JSON stays exact.
 */

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSAFE_KEEP_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function escapeOne(ch: string): string {
  const code = ch.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One field of text, safe to print: every unsafe code point escaped (newlines too). */
export function escapeText(text: string): string {
  return text.replace(UNSAFE, escapeOne);
}

/**
 * Whole output mcp-audit composed itself (stderr lines): newlines kept as line breaks, everything
 * else unsafe escaped. Use escapeText on each field first when a field may hold a newline.
 */
export function escapeOutput(text: string): string {
  return text.replace(UNSAFE_KEEP_NEWLINE, escapeOne);
}

/** True when `text` holds nothing escapeText would change. */
export function isSafeText(text: string): boolean {
  UNSAFE.lastIndex = 0;
  const found = UNSAFE.test(text);
  UNSAFE.lastIndex = 0;
  return !found;
}

/**
 * A deep copy of a JSON-like value with every string (object keys included) escaped: what the
 * text reporters render, so no field can reach the terminal raw.
 */
export function escapeDeep<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === 'string') return escapeText(value);
  if (Array.isArray(value)) return value.map(walk);
  if (typeof value === 'object' && value !== null) {
    // fromEntries defines own properties: a key "__proto__" stays data, never a prototype.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [escapeText(k), walk(v)]));
  }
  return value;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` as well-formed UTF-16: each lone surrogate becomes the six characters `\\uHHHH`.
 * For code that needs well-formed strings (RFC 8785 canonical JSON refuses lone surrogates,
 * UTF-8 output turns them into U+FFFD); other text stays identical, so existing hashes hold.
 */
export function wellFormed(text: string): string {
  // Most text has no lone surrogate: the engine's own check (ES2024, Node >= 20) skips the regex.
  if (IS_WELL_FORMED !== undefined && IS_WELL_FORMED.call(text)) return text;
  return text.replace(LONE_SURROGATE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
const IS_WELL_FORMED = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/**
 * `text` with each lone surrogate replaced by U+FFFD: what Node hands the OS for such a path
 * (UTF-8 cannot hold a lone surrogate), and what encodeURIComponent can encode (it throws a
 * URIError on a lone surrogate).
 */
export function replacingLoneSurrogates(text: string): string {
  if (IS_WELL_FORMED !== undefined && IS_WELL_FORMED.call(text)) return text;
  return text.replace(LONE_SURROGATE, '\ufffd');
}
