import { isUtf8 } from 'node:buffer';

/**
 * Marks the place of bytes that are not UTF-8 in text read from the system. Node decodes a tool's
 * output, a file or os.userInfo() as UTF-8 and puts U+FFFD for each byte it cannot decode, which
 * is also what a real U+FFFD (bytes EF BF BD) decodes to: a home read from the password database
 * as `/home/h\uFFFD` may be the folder of that name or a folder named with the byte FF, and no
 * path built from the text names the second. U+DFFF, a lone surrogate, is what no UTF-8 decodes
 * to, so text holding it is known not to spell the bytes it came from.
 */
export const NOT_UTF8 = '\uDFFF';

/**
 * The mark as a code point: a lone U+DFFF. Read by code points (the `u` flag), so the low half of
 * a real character above U+FFFF (U+1F3FF is D83C DFFF) is not taken for it.
 */
const MARK = /\uDFFF/u;
const MARKS = /\uDFFF/gu;

/** True when `text` holds the mark: it came from bytes that are not UTF-8. */
export function isMarked(text: string): boolean {
  return MARK.test(text);
}

/** `text` as Node decodes its bytes (U+FFFD for the marks): for showing a name, never for naming a file. */
export function shownText(text: string): string {
  return text.replace(MARKS, '\uFFFD');
}

/**
 * `bytes` as text, each field that is not valid UTF-8 with its U+FFFD marked as NOT_UTF8. A field
 * is a run of a line between colons (passwd(5) lines, `dir: /Users/x`): 0x0A and 0x3A are ASCII,
 * never part of a multi-byte UTF-8 sequence, so the cut splits no character, and one bad field (a
 * Latin-1 GECOS) leaves the line's other fields, a home really holding U+FFFD included, as they
 * are. A field holding a real U+FFFD beside a bad byte has both marked (its text cannot
 * be trusted either way).
 */
export function systemText(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  let out = '';
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    const b = i < bytes.length ? bytes[i] : -1;
    if (b !== 0x0a && b !== 0x3a && b !== -1) continue;
    const field = bytes.subarray(start, i);
    const text = field.toString('utf8');
    out += isUtf8(field) ? text : text.replaceAll('\uFFFD', NOT_UTF8);
    if (b !== -1) out += b === 0x0a ? '\n' : ':';
    start = i + 1;
  }
  return out;
}
