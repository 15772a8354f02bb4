/**
 * `env -S STRING`: how env itself splits the string into arguments. It is not a shell: GNU
 * coreutils `src/env.c` build_argv (the syntax documented at
 * https://www.gnu.org/software/coreutils/manual/html_node/env-invocation.html, "-S/--split-string
 * syntax"; FreeBSD env(1) `-S` follows the same rules, https://man.freebsd.org/cgi/man.cgi?env):
 * - spaces, tabs and newlines separate arguments outside quotes;
 * - `'…'` is literal except `\\` and `\'`; `"…"` keeps `\"`, `\\`, `\$`, `\#`, and the escapes below;
 * - `\_` separates arguments outside double quotes and is one space inside them;
 * - `\c` ends the string (refused inside double quotes); `#` at the start of an argument begins a comment;
 * - `\f \n \r \t \v` are control characters; any other backslash sequence is refused by env;
 * - `${NAME}` expands from env's own environment outside single quotes (unknown here: the word is
 *   marked dynamic); a bare `$NAME` is refused ("only ${VARNAME} expansion is supported").
 * A string env refuses becomes an opaque reason: env would exit without running anything.
 */
import { fail, ok, type Result } from '../shared/result.js';
import type { Tok } from './context.js';
import type { OpaqueReason } from './types.js';

const SPACE = new Set([' ', '\t', '\n', '\v', '\f', '\r']);
const ESCAPED: Readonly<Record<string, string>> = { '"': '"', '#': '#', $: '$', "'": "'", '\\': '\\', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

interface Arg { text: string; dynamic?: string }

export function envSplit(src: string): Result<readonly Tok[], OpaqueReason> {
  const out: Arg[] = [];
  let cur: Arg | undefined;
  let sep = true;
  let sq = false;
  let dq = false;
  const refuse = (reason: string): Result<readonly Tok[], OpaqueReason> => fail({ reason: `env -S refuses the string: ${reason}`, text: src });
  /** A quote or a character after a separator starts a new argument (check_start_new_arg). */
  const start = (): Arg => {
    if (sep || cur === undefined) {
      cur = { text: '' };
      out.push(cur);
      sep = false;
    }
    return cur;
  };
  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    if (c === "'" && !dq) { sq = !sq; start(); i++; continue; }
    if (c === '"' && !sq) { dq = !dq; start(); i++; continue; }
    if (SPACE.has(c) && !sq && !dq) { sep = true; i++; continue; }
    if (c === '#' && sep && !sq && !dq) break;
    if (c === '\\' && !(sq && src.charAt(i + 1) !== '\\' && src.charAt(i + 1) !== "'")) {
      const n = src.charAt(i + 1);
      if (n === '') return refuse('a backslash at the end of the string');
      if (n === '_') {
        if (!dq) { sep = true; i += 2; continue; }
        start().text += ' ';
        i += 2;
        continue;
      }
      if (n === 'c') {
        if (dq) return refuse("'\\c' inside double quotes");
        break;
      }
      const mapped = ESCAPED[n];
      if (mapped === undefined) return refuse(`the sequence \\${n}`);
      start().text += mapped;
      i += 2;
      continue;
    }
    if (c === '$' && !sq) {
      const m = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(src.slice(i));
      if (m === null) return refuse('only ${NAME} expansion is supported');
      const arg = start();
      arg.text += m[0];
      arg.dynamic = `env -S expands ${m[0]} from its environment`;
      i += m[0].length;
      continue;
    }
    start().text += c;
    i++;
  }
  if ((sq || dq) && i >= src.length) return refuse('no terminating quote');
  return ok(out.map((a): Tok => (a.dynamic === undefined ? { text: a.text } : { text: a.text, dynamic: a.dynamic })));
}
