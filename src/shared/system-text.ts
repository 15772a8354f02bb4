import { isUtf8 } from 'node:buffer';

/**
 * Marks the place of bytes that are not UTF-8 in text read from the system. Node decodes a tool's
 * output, a file or os.userInfo() as UTF-8 and puts U+FFFD for each byte it cannot decode, which
 * is also what a real U+FFFD (bytes EF BF BD) decodes to: a home read from the password database
 * as `/home/h\uFFFD` may be the folder of that name or a folder named with the byte FF, and no
 * path built from the text names the second. U+DFFF, a lone surrogate, is what no UTF-8 decodes
 * to, so text holding it is known not to spell the bytes it came from (red13).
 */
export const NOT_UTF8 = '\uDFFF';

/**
 * `bytes` as text, each line that is not valid UTF-8 with its U+FFFD marked as NOT_UTF8. Per
 * line: one bad account line of `getent passwd` leaves the others as they are. A line holding
 * a real U+FFFD beside a bad byte has both marked (its text cannot be trusted either way).
 */
export function systemText(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  const out: string[] = [];
  let start = 0;
  while (start <= bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl === -1 ? bytes.length : nl;
    const line = bytes.subarray(start, end);
    const text = line.toString('utf8');
    out.push(isUtf8(line) ? text : text.replaceAll('\uFFFD', NOT_UTF8));
    if (nl === -1) break;
    start = nl + 1;
  }
  return out.join('\n');
}
