/** `env …`, `sh|bash|zsh -c "…"`, `cmd /c …`, `powershell -Command …`: wrappers that change env or reparse a string. */
import { programName } from './program-name.js';
import { assignmentOf, shellWords, type Word } from './shell-words.js';
import { cmdWords, powershellWords } from './win-words.js';
import { type Ctx, type Leaf, type Next, type MutableAssignment, type Tok, opaque, texts } from './context.js';
import type { Handler } from './runners.js';
import type { Frame } from './types.js';
import type { Result } from '../shared/result.js';
import type { OpaqueReason } from './types.js';
import { append } from '../shared/lists.js';
import type { Mutable } from '../shared/extend.js';
import { envSplit } from './env-split.js';

function withEnv(f: Frame, env: readonly MutableAssignment[]): Frame {
  return env.length === 0 ? f : { ...f, env: env.map((a) => ({ name: a.name, value: a.value, source: a.source })) };
}

/**
 * `env [-i] [-u NAME] [-C DIR] [-P DIR] [-S "…"] [NAME=val …] cmd …` (GNU coreutils env(1); `-P`
 * is BSD env's program lookup path, https://man.freebsd.org/cgi/man.cgi?env). `-C DIR` and `-P DIR`
 * are recorded on the frame (`chdir`, `lookup`): what runs after it resolves against them. `-S`
 * splits its string as env does (env-split.ts), not as a shell would.
 */
export const env: Handler = (prog, args, ctx, next) => {
  const assigned: MutableAssignment[] = [];
  let clears = false;
  let chdir: string | undefined;
  let lookup: string | undefined;
  let rest: Tok[] = [...args];
  let options = true;
  const frameOf = (): Frame => {
    const f: Mutable<Frame> = withEnv({ kind: 'env', program: prog.text, name: programName(prog.text), args: texts(args) }, assigned);
    if (clears) f.clearsEnv = true;
    if (chdir !== undefined) f.chdir = chdir;
    if (lookup !== undefined) f.lookup = lookup;
    return f;
  };
  const valued = (t: string, value: string): void => {
    if (t === '-u' || t === '--unset') assigned.push({ name: value, value: null, source: 'env-prefix' });
    else if (t === '-C' || t === '--chdir') chdir = value;
    else lookup = value;
  };
  while (rest.length > 0) {
    const head = rest[0];
    const t = head?.text ?? '';
    if (options && t === '--') { options = false; rest = rest.slice(1); continue; }
    if (options && (t === '-i' || t === '-' || t === '--ignore-environment')) { clears = true; rest = rest.slice(1); continue; }
    if (options && (t === '-u' || t === '--unset' || t === '-C' || t === '--chdir' || t === '-P')) {
      const v = rest[1];
      if (v === undefined) { ctx.frames.push(frameOf()); return opaque(`env ${t} without its value`, texts(args).join(' ')); }
      if (v.dynamic !== undefined && t !== '-u' && t !== '--unset') {
        ctx.frames.push(frameOf());
        return opaque(`env ${t} depends on ${v.dynamic}`, v.text);
      }
      valued(t, v.text);
      rest = rest.slice(2);
      continue;
    }
    const glued = options ? /^(?:(--unset|--chdir)=|(-[uCP]))(.+)$/s.exec(t) : null;
    if (glued !== null) {
      const flag = glued[1] ?? glued[2] ?? '';
      if (head?.dynamic !== undefined && flag !== '-u' && flag !== '--unset') {
        ctx.frames.push(frameOf());
        return opaque(`env ${flag} depends on ${head.dynamic}`, t);
      }
      valued(flag, glued[3] ?? '');
      rest = rest.slice(1);
      continue;
    }
    if (options && (t === '-S' || t === '--split-string' || t.startsWith('--split-string=') || (t.startsWith('-S') && t.length > 2))) {
      const line = t === '-S' || t === '--split-string' ? rest[1]?.text : t.startsWith('--') ? t.slice(15) : t.slice(2);
      if (line === undefined) { ctx.frames.push(frameOf()); return opaque('env -S without its string', texts(args).join(' ')); }
      const words = envSplit(line);
      if (!words.ok) { ctx.frames.push(frameOf()); return { kind: 'opaque', why: words.problem }; }
      rest = [...words.value, ...rest.slice(t === '-S' || t === '--split-string' ? 2 : 1)];
      continue;
    }
    // GNU env: -0, -v/--debug and the signal options change no environment, directory or program.
    if (options && /^(-0|--null|-v|--debug|--(block|default|ignore)-signal(=.*)?|--list-signal-handling)$/s.test(t)) { rest = rest.slice(1); continue; }
    if (options && t.startsWith('-') && t !== '-') {
      ctx.frames.push(frameOf());
      return opaque(`unknown env option ${t}`, texts(args).join(' '));
    }
    const eq = t.indexOf('=');
    if (eq > 0) {
      assigned.push({ name: t.slice(0, eq), value: t.slice(eq + 1), source: 'env-prefix' });
      rest = rest.slice(1);
      options = false;
      continue;
    }
    break;
  }
  if (clears) for (const a of ctx.env) a.cleared = true;
  append(ctx.env, assigned);
  ctx.frames.push(frameOf());
  if (rest.length === 0) return opaque('env with no command prints the environment', texts(args).join(' '));
  return next(rest, ctx);
};

/** After tokenizing a shell string: leading `NAME=val` assignments, an optional `exec`, then the command. */
function runWords(prog: Tok, args: readonly Tok[], words: Result<readonly Word[], OpaqueReason>, ctx: Ctx, next: Next, posix: boolean): Leaf {
  const f: Frame = { kind: 'shell', program: prog.text, name: programName(prog.text), args: texts(args) };
  if (!words.ok) { ctx.frames.push(f); return { kind: 'opaque', why: words.problem }; }
  let w = words.value;
  const assigned: MutableAssignment[] = [];
  if (posix) {
    for (;;) {
      const first = w[0];
      const a = first === undefined ? undefined : assignmentOf(first);
      if (a === undefined) break;
      assigned.push({ name: a.name, value: a.value, source: 'shell' });
      w = w.slice(1);
    }
    if (w[0]?.text === 'exec' && w[0].quotedFrom < 0) {
      w = w.slice(1);
      while (w[0] !== undefined && /^-[cl]+$/.test(w[0].text)) w = w.slice(1);
      if (w[0]?.text === '-a') w = w.slice(2);
    }
  }
  append(ctx.env, assigned);
  ctx.frames.push(withEnv(f, assigned));
  if (w.length === 0) return opaque('shell string runs no command', texts(args).join(' '));
  return next(w, ctx);
}

/**
 * `sh -c '…' $0 $1 …`: a whole word `"$@"`, `"$N"` / `${N}` is replaced by the arguments after
 * the string, which the config states. Unquoted, only a value that cannot split or glob is.
 */
function substitute(words: readonly Word[], params: readonly Tok[]): Word[] {
  const out: Word[] = [];
  const asWord = (p: Tok): Word => (p.dynamic === undefined ? { text: p.text, quotedFrom: 0 } : { text: p.text, dynamic: p.dynamic, quotedFrom: 0 });
  for (const w of words) {
    const m = /^\$(?:([@*0-9])|\{([@*]|[0-9]+)\})$/.exec(w.text);
    const key = m?.[1] ?? m?.[2];
    if (key === undefined || w.dynamic === undefined || key === '*') { out.push(w); continue; }
    const quoted = w.dynamic === 'variable expansion';
    if (key === '@') {
      if (quoted) append(out, params.slice(1).map(asWord));
      else out.push(w);
      continue;
    }
    const p = params[Number(key)];
    if (p === undefined) { if (quoted) out.push({ text: '', quotedFrom: 0 }); continue; }
    if (quoted || !/[\s*?[]/.test(p.text)) out.push(asWord(p));
    else out.push(w);
  }
  return out;
}

function shellString(src: string, params: readonly Tok[]): Result<readonly Word[], OpaqueReason> {
  const words = shellWords(src);
  return words.ok ? { ok: true, value: substitute(words.value, params) } : words;
}

/** `sh|bash|zsh|dash|ksh [-l] [-e] -c "…" [$0 $1 …]`; a script file or stdin is opaque. */
export const posixShell: Handler = (prog, args, ctx, next) => {
  let command = false;
  for (let i = 0; i < args.length; i++) {
    const t = args[i]?.text ?? '';
    if (t === '--' || t === '-') {
      const s = args[i + 1];
      if (command && s !== undefined) return runWords(prog, args, shellString(s.text, args.slice(i + 2)), ctx, next, true);
      break;
    }
    if (t === '-o' || t === '+o' || t === '-O' || t === '+O' || t === '--rcfile' || t === '--init-file') { i++; continue; }
    if (/^[-+][A-Za-z]+$/.test(t)) {
      if (t.startsWith('-') && t.includes('s')) break;
      if (t.startsWith('-') && t.includes('c')) command = true;
      continue;
    }
    if (t.startsWith('--')) continue;
    if (command) return runWords(prog, args, shellString(t, args.slice(i + 1)), ctx, next, true);
    ctx.frames.push({ kind: 'shell', program: prog.text, name: programName(prog.text), args: texts(args) });
    return opaque('shell script file: its contents are not in the config', t);
  }
  ctx.frames.push({ kind: 'shell', program: prog.text, name: programName(prog.text), args: texts(args) });
  return opaque('shell without -c reads commands from stdin', texts(args).join(' '));
};

/** How Node quotes one argv element on Windows (what cmd.exe then reparses). */
function windowsQuote(arg: string): string {
  if (arg !== '' && !/[\s"]/.test(arg)) return arg;
  return `"${arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, '$1$1')}"`;
}

/** `cmd [/d] [/s] [/q] /c|/k …` */
export const cmd: Handler = (prog, args, ctx, next) => {
  for (let i = 0; i < args.length; i++) {
    const t = (args[i]?.text ?? '').toLowerCase();
    if (t === '/c' || t === '/k') {
      const rest = texts(args.slice(i + 1));
      let line = rest.map(windowsQuote).join(' ');
      // cmd /? : quotes survive only when there are exactly two, with whitespace and no specials
      // between, around an executable's name (approximated by its suffix); else the first and last go.
      const quoted = /^"([^"]*)"/.exec(line)?.[1] ?? '';
      const keepQuotes = (line.match(/"/g) ?? []).length === 2 && /\s/.test(quoted) && !/[&<>()@^|]/.test(quoted)
        && /\.(exe|cmd|bat|com)$/i.test(quoted);
      if (line.startsWith('"') && !keepQuotes) {
        const last = line.lastIndexOf('"');
        line = line.slice(1, last) + line.slice(last + 1);
      }
      return runWords(prog, args, cmdWords(line), ctx, next, false);
    }
    if (/^\/[a-z](:.*)?$/.test(t)) continue;
    break;
  }
  ctx.frames.push({ kind: 'shell', program: prog.text, name: programName(prog.text), args: texts(args) });
  return opaque('cmd without /c or /k', texts(args).join(' '));
};

const PS_VALUE_OPTIONS = ['executionpolicy', 'windowstyle', 'version', 'inputformat', 'outputformat',
  'workingdirectory', 'configurationname', 'settingsfile', 'custompipename', 'psconsolefile'];

function psOption(raw: string): string {
  const o = raw.replace(/^[-/]+/, '').toLowerCase();
  if (o === 'c' || o === 'command' || (o.length >= 3 && 'command'.startsWith(o))) return 'command';
  if (o === 'f' || (o.length >= 2 && 'file'.startsWith(o))) return 'file';
  if (o === 'ep' || (o.length >= 2 && 'executionpolicy'.startsWith(o))) return 'value';
  if (o === 'e' || o === 'ec' || (o.length >= 2 && 'encodedcommand'.startsWith(o))) return 'encoded';
  if (o === 'wd' || o === 'if' || o === 'of' || o === 'o' || o === 'w' || o === 'v') return 'value';
  if (PS_VALUE_OPTIONS.some((v) => o.length >= 3 && v.startsWith(o))) return 'value';
  return 'flag';
}

/** `powershell|pwsh [-NoProfile …] -Command "…"`; -File and -EncodedCommand are opaque. */
export const powershell: Handler = (prog, args, ctx, next) => {
  const refuse = (reason: string, text: string): Leaf => {
    ctx.frames.push({ kind: 'shell', program: prog.text, name: programName(prog.text), args: texts(args) });
    return opaque(reason, text);
  };
  for (let i = 0; i < args.length; i++) {
    const t = args[i]?.text ?? '';
    const isOption = t.startsWith('-') || (t.startsWith('/') && t.length > 1 && !t.slice(1).includes('/'));
    const kind = isOption ? psOption(t) : programName(prog.text) === 'pwsh' ? 'file' : 'command-text';
    if (kind === 'flag') continue;
    if (kind === 'value') { i++; continue; }
    if (kind === 'encoded') return refuse('PowerShell -EncodedCommand', t);
    if (kind === 'file') return refuse('PowerShell script file: its contents are not in the config', args[isOption ? i + 1 : i]?.text ?? '');
    const rest = texts(args.slice(kind === 'command' ? i + 1 : i));
    if (rest.length === 0 || rest[0] === '-') return refuse('PowerShell command read from stdin', rest.join(' '));
    return runWords(prog, args, powershellWords(rest.join(' ')), ctx, next, false);
  }
  return refuse('PowerShell without -Command', texts(args).join(' '));
};
