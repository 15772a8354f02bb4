/**
 * Slicing a JSON-RPC message's raw text without re-serializing it, so number literals (`0.0`,
 * `1e3`) keep the exact spelling the server sent. Only called on text that `JSON.parse` accepted.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function skipWhitespace(text: string, i: number): number {
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  return i;
}

/** `i` at an opening quote; returns the index after the closing quote. */
function endOfString(text: string, i: number): number {
  i++;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i += 2;
    else if (c === QUOTE) return i + 1;
    else i++;
  }
  return i;
}

/** `i` at the first character of a value; returns the index just after it. */
function endOfValue(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === QUOTE) return endOfString(text, i);
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) { i = endOfString(text, i); continue; }
      if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return i;
  }
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x2c || c === 0x7d || c === 0x5d || isWhitespace(c)) break;
    i++;
  }
  return i;
}

/**
 * The raw text of each member of a top-level JSON object, keyed by the decoded member name.
 * As with `JSON.parse`, a duplicated name keeps its last value. `undefined` when the text is not
 * an object. Precondition: `JSON.parse(text)` succeeded.
 */
export function topLevelMembers(text: string): Map<string, string> | undefined {
  let i = skipWhitespace(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return undefined;
  const members = new Map<string, string>();
  i = skipWhitespace(text, i + 1);
  if (text.charCodeAt(i) === 0x7d) return members;
  while (i < text.length) {
    const keyEnd = endOfString(text, i);
    const key: unknown = JSON.parse(text.slice(i, keyEnd));
    i = skipWhitespace(text, keyEnd) + 1; // past ':'
    i = skipWhitespace(text, i);
    const valueEnd = endOfValue(text, i);
    if (typeof key === 'string') members.set(key, text.slice(i, valueEnd));
    i = skipWhitespace(text, valueEnd);
    if (text.charCodeAt(i) !== 0x2c) break;
    i = skipWhitespace(text, i + 1);
  }
  return members;
}
