/**
 * POSIX shell tokenizing for `sh|bash|zsh -c "…"` and `env -S "…"`: quote removal, with every
 * construct that would make the command line depend on runtime state either marked on the word
 * (`dynamic`) or refused (`fail`). Nothing is evaluated.
 */
import { fail, ok, type Result } from '../shared/result.js';
import type { OpaqueReason } from './types.js';

export interface Word {
  /** The word after quote removal; expansions are kept as written (`$HOME/x`). */
  readonly text: string;
  /** Why the runtime value of this word is unknown (variable, tilde, glob …), if it is. */
  readonly dynamic?: string;
  /** Offset in `text` of the first quoted character, or -1 (decides `VAR=val` assignments). */
  readonly quotedFrom: number;
}

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const SPECIAL_PARAM = /[0-9@*#?$!-]/;

/**
 * Whether the unquoted `{` at `from` starts a brace expansion: an unquoted `,` (or `..`) at its
 * level before the matching unquoted `}`, within the same word. Quoted and escaped text inside the
 * items is allowed, so `{--a=" ",--posture=monitor}` expands to two words (GNU bash manual,
 * "Brace Expansion": "a correctly-formed brace expansion must contain unquoted opening and closing
 * braces, and at least one unquoted comma or a valid sequence expression"; zsh and ksh likewise).
 */
function braceExpands(src: string, from: number): boolean {
  let depth = 0;
  let separator = false;
  for (let i = from; i < src.length; i++) {
    const c = src[i] ?? '';
    if (c === '\\') { i++; continue; }
    if (c === "'") { const end = src.indexOf("'", i + 1); if (end < 0) return false; i = end; continue; }
    if (c === '"') {
      for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === '\\') i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n' || c === ';' || c === '|' || c === '&' || c === '<' || c === '>') return false;
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return separator;
    } else if (depth === 1 && (c === ',' || (c === '.' && src[i + 1] === '.'))) separator = true;
  }
  return false;
}

class Tokenizer {
  private i = 0;
  private text: string | undefined;
  private dynamic: string | undefined;
  private quotedFrom = -1;
  readonly words: Word[] = [];

  constructor(private readonly src: string) {}

  run(): Result<readonly Word[], OpaqueReason> {
    const src = this.src;
    while (this.i < src.length) {
      const c = src.charAt(this.i);
      const problem = this.step(c);
      if (problem !== undefined) return fail({ reason: problem, text: src });
    }
    this.endWord();
    return ok(this.words);
  }

  private start(): void {
    if (this.text === undefined) this.text = '';
  }

  private add(s: string): void {
    this.text = (this.text ?? '') + s;
  }

  private markQuoted(): void {
    this.start();
    if (this.quotedFrom < 0) this.quotedFrom = (this.text ?? '').length;
  }

  private mark(reason: string): void {
    this.start();
    if (this.dynamic === undefined) this.dynamic = reason;
  }

  private endWord(): void {
    if (this.text === undefined) return;
    const w: Word = this.dynamic === undefined
      ? { text: this.text, quotedFrom: this.quotedFrom }
      : { text: this.text, dynamic: this.dynamic, quotedFrom: this.quotedFrom };
    this.words.push(w);
    this.text = undefined;
    this.dynamic = undefined;
    this.quotedFrom = -1;
  }

  /** One step from position i; returns a reason to refuse the whole string, if any. */
  private step(c: string): string | undefined {
    const src = this.src;
    const next = src.charAt(this.i + 1);
    if (c === ' ' || c === '\t') { this.endWord(); this.i++; return undefined; }
    if (c === '\n' || c === '\r') {
      this.endWord();
      this.i++;
      return this.onlyBlankOrCommentLeft() ? undefined : 'several commands (newline-separated)';
    }
    if (c === '#' && this.text === undefined) { this.skipComment(); return undefined; }
    if (c === "'") return this.singleQuoted();
    if (c === '"') return this.doubleQuoted();
    if (c === '\\') {
      if (next === '\n') { this.i += 2; return undefined; }
      this.markQuoted();
      this.add(next === '' ? '\\' : next);
      this.i += next === '' ? 1 : 2;
      return undefined;
    }
    if (c === '$') return this.dollar(false);
    if (c === '`') return 'command substitution (`…`)';
    if (c === '|') return next === '|' ? 'command list (||)' : 'pipe (|)';
    if (c === '&') {
      if (next === '&') return 'command list (&&)';
      if (next === '>') return 'redirection of stdout (&>)';
      return 'background job (&)';
    }
    if (c === ';') return 'command list (;)';
    if (c === '(' || c === ')') return 'subshell or grouping ( … )';
    if (c === '<' || c === '>') return this.redirection(c);
    if (c === '*' || c === '?' || c === '[') { this.mark('pathname expansion (glob)'); this.add(c); this.i++; return undefined; }
    if (c === '{' && braceExpands(src, this.i)) this.mark('brace expansion');
    if (c === '~' && this.text === undefined) this.mark('tilde expansion (depends on HOME)');
    this.start();
    this.add(c);
    this.i++;
    return undefined;
  }

  private onlyBlankOrCommentLeft(): boolean {
    const rest = this.src.slice(this.i);
    return rest.split(/\r?\n/).every((line) => /^\s*(#.*)?$/.test(line));
  }

  private skipComment(): void {
    while (this.i < this.src.length && this.src.charAt(this.i) !== '\n') this.i++;
  }

  private singleQuoted(): string | undefined {
    const end = this.src.indexOf("'", this.i + 1);
    if (end < 0) return "unterminated single quote";
    this.markQuoted();
    this.add(this.src.slice(this.i + 1, end));
    this.i = end + 1;
    return undefined;
  }

  private doubleQuoted(): string | undefined {
    this.markQuoted();
    this.i++;
    const src = this.src;
    while (this.i < src.length) {
      const c = src.charAt(this.i);
      if (c === '"') { this.i++; return undefined; }
      if (c === '\\') {
        const n = src.charAt(this.i + 1);
        if (n === '\n') { this.i += 2; continue; }
        if (n === '$' || n === '`' || n === '"' || n === '\\') { this.add(n); this.i += 2; continue; }
        this.add('\\');
        this.i++;
        continue;
      }
      if (c === '`') return 'command substitution (`…`)';
      if (c === '$') {
        const problem = this.dollar(true);
        if (problem !== undefined) return problem;
        continue;
      }
      this.add(c);
      this.i++;
    }
    return 'unterminated double quote';
  }

  /** `$…` at i. Variables are kept as written and mark the word; substitutions refuse. */
  private dollar(quoted: boolean): string | undefined {
    const src = this.src;
    const n = src.charAt(this.i + 1);
    if (n === '(') return src.charAt(this.i + 2) === '(' ? 'arithmetic expansion $((…))' : 'command substitution $(…)';
    if (n === "'" && !quoted) return "ANSI-C quoting $'…' (not POSIX)";
    if (n === '"' && !quoted) return 'locale quoting $"…" (not POSIX)';
    const how = quoted ? 'variable expansion' : 'unquoted variable expansion (value and word count unknown)';
    if (n === '{') {
      const end = src.indexOf('}', this.i + 2);
      if (end < 0) return 'unterminated ${…}';
      const body = src.slice(this.i, end + 1);
      if (body.includes('$(') || body.includes('`')) return 'command substitution inside ${…}';
      this.mark(how);
      this.add(body);
      this.i = end + 1;
      return undefined;
    }
    if (NAME_START.test(n)) {
      let j = this.i + 1;
      while (j < src.length && NAME_CHAR.test(src.charAt(j))) j++;
      this.mark(how);
      this.add(src.slice(this.i, j));
      this.i = j;
      return undefined;
    }
    if (n !== '' && SPECIAL_PARAM.test(n)) {
      this.mark(how);
      this.add(src.slice(this.i, this.i + 2));
      this.i += 2;
      return undefined;
    }
    this.start();
    this.add('$');
    this.i++;
    return undefined;
  }

  /**
   * `[n]>`, `[n]>>`, `<` … Redirecting stderr (`2>file`, `2>&1`) leaves what runs unchanged and is
   * dropped; any redirection of stdin or stdout changes the stdio transport and refuses.
   */
  private redirection(c: string): string | undefined {
    const src = this.src;
    const fd = this.text !== undefined && /^[0-9]+$/.test(this.text) && this.quotedFrom < 0 ? this.text : undefined;
    if (c === '<' || fd === undefined || fd !== '2') {
      return c === '<' ? 'redirection of stdin (<)' : 'redirection of stdout (>)';
    }
    // 2> / 2>> / 2>| / 2>&N: drop the operator and its target word.
    this.text = undefined;
    this.quotedFrom = -1;
    this.dynamic = undefined;
    let j = this.i + 1;
    while (j < src.length && /[>|&]/.test(src.charAt(j))) j++;
    while (j < src.length && (src.charAt(j) === ' ' || src.charAt(j) === '\t')) j++;
    const target = /^[^\s;&|<>()]+/.exec(src.slice(j));
    if (target === null) return 'redirection without a target';
    if (/[$`]/.test(target[0])) return 'redirection target depends on expansion';
    this.i = j + target[0].length;
    return undefined;
  }
}

/** Tokenize one POSIX shell command line. Refuses (fail) on anything that is not a single simple command. */
export function shellWords(src: string): Result<readonly Word[], OpaqueReason> {
  return new Tokenizer(src).run();
}

/** `NAME=value` where the name and `=` were not quoted: a shell assignment. */
export function assignmentOf(word: Word): { readonly name: string; readonly value: string } | undefined {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(word.text);
  if (m === null || m[1] === undefined) return undefined;
  if (word.quotedFrom >= 0 && word.quotedFrom < m[0].length) return undefined;
  return { name: m[1], value: word.text.slice(m[0].length) };
}
