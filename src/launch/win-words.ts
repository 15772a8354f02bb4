/**
 * Tokenizing for Windows shells: `cmd /c …` command lines and `powershell -Command …` strings.
 * Like shell-words.ts, nothing is evaluated: `%VAR%` / `$env:X` mark the word, operators refuse.
 */
import { fail, ok, type Result } from '../shared/result.js';
import type { Word } from './shell-words.js';
import type { OpaqueReason } from './types.js';

function word(text: string, dynamic: string | undefined): Word {
  return dynamic === undefined ? { text, quotedFrom: -1 } : { text, dynamic, quotedFrom: -1 };
}

/**
 * cmd.exe: `^` escapes outside quotes, `"` groups (and is removed), `%NAME%` expands even inside
 * quotes, unquoted `& | < >` are operators. Stderr redirection (`2>nul`, `2>&1`) is dropped.
 */
export function cmdWords(src: string): Result<readonly Word[], OpaqueReason> {
  const words: Word[] = [];
  let text: string | undefined;
  let dynamic: string | undefined;
  let quoted = false;
  const end = (): void => {
    if (text !== undefined) words.push(word(text, dynamic));
    text = undefined;
    dynamic = undefined;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src.charAt(i);
    if (c === '%') {
      const close = src.indexOf('%', i + 1);
      if (close > i + 1 && /^[A-Za-z_][^%\s]*$/.test(src.slice(i + 1, close))) {
        dynamic ??= 'variable expansion (%VAR%)';
        text = (text ?? '') + src.slice(i, close + 1);
        i = close;
        continue;
      }
    }
    if (quoted) {
      if (c === '"') quoted = false;
      else text = (text ?? '') + c;
      continue;
    }
    if (c === '"') { quoted = true; text ??= ''; continue; }
    if (c === ' ' || c === '\t') { end(); continue; }
    if (c === '\r' || c === '\n') return fail({ reason: 'several commands (newline-separated)', text: src });
    if (c === '^') {
      const n = src.charAt(i + 1);
      text = (text ?? '') + n;
      i++;
      continue;
    }
    if (c === '&' || c === '|') {
      const two = src.charAt(i + 1) === c;
      const reason = c === '|' ? (two ? 'command list (||)' : 'pipe (|)') : two ? 'command list (&&)' : 'command list (&)';
      return fail({ reason, text: src });
    }
    if (c === '>' && text === '2') {
      const m = /^>>?(&\d|[^\s&|<>]+|\s+[^\s&|<>]+)/.exec(src.slice(i));
      if (m === null) return fail({ reason: 'redirection without a target', text: src });
      text = undefined;
      i += m[0].length - 1;
      continue;
    }
    if (c === '<' || c === '>') {
      return fail({ reason: c === '<' ? 'redirection of stdin (<)' : 'redirection of stdout (>)', text: src });
    }
    if (c === '(' && text === undefined && words.length === 0) return fail({ reason: 'grouping ( … )', text: src });
    text = (text ?? '') + c;
  }
  if (quoted) return fail({ reason: 'unterminated double quote', text: src });
  end();
  return ok(words);
}

/**
 * PowerShell: `'…'` literal (`''` = quote), `"…"` with backtick escapes and `$` expansion,
 * a leading `&` call operator; `; | && ||`, subexpressions and script blocks refuse.
 */
export function powershellWords(src: string): Result<readonly Word[], OpaqueReason> {
  const words: Word[] = [];
  let text: string | undefined;
  let dynamic: string | undefined;
  const end = (): void => {
    if (text !== undefined) words.push(word(text, dynamic));
    text = undefined;
    dynamic = undefined;
  };
  const refuse = (reason: string): Result<readonly Word[], OpaqueReason> => fail({ reason, text: src });
  for (let i = 0; i < src.length; i++) {
    const c = src.charAt(i);
    const n = src.charAt(i + 1);
    if (c === ' ' || c === '\t') { end(); continue; }
    if (c === '\r' || c === '\n' || c === ';') return refuse('several commands');
    if (c === '#' && text === undefined) break;
    if (c === '|') return refuse(n === '|' ? 'command list (||)' : 'pipe (|)');
    if (c === '&') {
      if (n === '&') return refuse('command list (&&)');
      if (text === undefined && words.length === 0) continue; // call operator
      return refuse('background job (&)');
    }
    if (c === '(' || c === ')' || c === '{' || c === '}' || (c === '@' && (n === '(' || n === '{'))) {
      return refuse('subexpression or script block');
    }
    if (c === '<' || c === '>') {
      if (c === '>' && text === '2') {
        const m = /^>>?(&1|\s*[^\s;|&<>]+)/.exec(src.slice(i));
        if (m === null) return refuse('redirection without a target');
        text = undefined;
        i += m[0].length - 1;
        continue;
      }
      return refuse(c === '<' ? 'redirection of stdin (<)' : 'redirection of stdout (>)');
    }
    if (c === '-' && n === '-' && src.charAt(i + 2) === '%' && text === undefined) return refuse('stop-parsing token --%');
    if (c === "'") {
      let j = i + 1;
      let s = '';
      for (;;) {
        if (j >= src.length) return refuse('unterminated single quote');
        const d = src.charAt(j);
        if (d === "'" && src.charAt(j + 1) === "'") { s += "'"; j += 2; continue; }
        if (d === "'") break;
        s += d;
        j++;
      }
      text = (text ?? '') + s;
      i = j;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let s = '';
      for (;;) {
        if (j >= src.length) return refuse('unterminated double quote');
        const d = src.charAt(j);
        if (d === '"' && src.charAt(j + 1) === '"') { s += '"'; j += 2; continue; }
        if (d === '"') break;
        if (d === '`') { s += src.charAt(j + 1); j += 2; continue; }
        if (d === '$') {
          if (src.charAt(j + 1) === '(') return refuse('subexpression $(…)');
          if (/[A-Za-z_{?^$]/.test(src.charAt(j + 1))) dynamic ??= 'variable expansion ($…)';
        }
        s += d;
        j++;
      }
      text = (text ?? '') + s;
      i = j;
      continue;
    }
    if (c === '`') { text = (text ?? '') + n; i++; continue; }
    if (c === '$') {
      if (n === '(') return refuse('subexpression $(…)');
      if (/[A-Za-z_{?^$]/.test(n)) dynamic ??= 'variable expansion ($…)';
    }
    if (c === ',' ) return refuse('array argument (,)');
    text = (text ?? '') + c;
  }
  end();
  return ok(words);
}
