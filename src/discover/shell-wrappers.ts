import { HOSTS } from '../hosts/index.js';
import { EDITOR_PROGRAMS, type EditorFamily, type EditorPrograms, type HostDefinition } from '../hosts/types.js';
import { append } from '../shared/lists.js';

/**
 * Aliases, functions and wrapper scripts of a home's session files that start a host's program
 * (session-env.ts reads the files, this reads their commands). A host's config-file options in
 * them (`HostDefinition.launchOptions`, Claude Code `claude --mcp-config FILE…`) are recorded for
 * discovery to read; every other option, and every value that is not a literal path, is a line the
 * audit does not follow (a floor cause).
 *
 * What counts as a definition is what the shells define, not what a wrapper is usually called:
 * - an alias of any name, with one or several `name=value` words, quoted or not
 *   (https://www.gnu.org/software/bash/manual/html_node/Aliases.html: `alias [-p] [name[=value] …]`;
 *   zsh `alias [-gs] name=value …`; fish and csh `alias name body`);
 * - a function of any name, anywhere a command may stand (`[ -n "$PS1" ] && ai() { …; }`), in sh
 *   `name() {`, ksh/bash/zsh `function name {` and PowerShell `function name {` forms, and fish
 *   `function name …; end` (https://fishshell.com/docs/current/cmds/function.html);
 * - its body's commands that run a host program, by name or by a path ending in it
 *   (`command claude`, `exec ~/.local/bin/claude`, `env X=1 claude`).
 */

/**
 * Programs of the hosts (`HostDefinition.programs`: each host's own, and the editors that run an
 * extension host): a wrapper that starts one may add options that move or add its config
 * (Claude Code `--mcp-config FILE`, VS Code `--user-data-dir DIR`, Codex `-c key=value`).
 */
const HOST_LIST: readonly HostDefinition[] = HOSTS;
const EDITORS: Readonly<Record<EditorFamily, EditorPrograms>> = EDITOR_PROGRAMS;
export const HOST_PROGRAMS: readonly string[] = [...new Set(HOST_LIST.flatMap((h) => [
  ...h.programs.names, ...h.programs.editors.flatMap((e) => EDITORS[e].names),
]))].sort();
const PROGRAMS = new Set(HOST_PROGRAMS);

/** Flathub app ids of the hosts' builds → the program each stands for (`flatpak run ID …`). */
const FLATPAK_PROGRAMS: ReadonlyMap<string, string> = new Map(HOST_LIST.flatMap((h) => [
  ...h.programs.flatpaks, ...h.programs.editors.flatMap((e) => EDITORS[e].flatpaks),
]).map((f) => [f.id.toLowerCase(), f.program]));

/** macOS application names of the hosts → the program each stands for (`open -a NAME --args …`). */
const MAC_APP_PROGRAMS: ReadonlyMap<string, string> = new Map(HOST_LIST.flatMap((h) => [
  ...h.programs.macApps, ...h.programs.editors.flatMap((e) => EDITORS[e].macApps),
]).map((a) => [a.app.toLowerCase(), a.program]));

/** The session file's values as paths (session-env.ts `literal`, `psLiteral`). */
export type ValueReader = (word: string) => { value?: string; unreadable?: string };

/** A config-file option's value a wrapper gives: where it was given, and the value mapped onto the audited tree, or why it cannot be read. */
export interface WrapperOptionValue {
  readonly program: string;
  readonly option: string;
  readonly file: string;
  readonly line: number;
  readonly value?: string;
  readonly unreadable?: string;
}

/** What a wrapper reader needs of the session walk. */
export interface WrapperContext {
  readonly options: ReadonlyMap<string, readonly string[]>;
  readonly place: ((p: string) => string | undefined) | undefined;
  readonly values: WrapperOptionValue[] | undefined;
  readonly notFollowed: { file: string; line: number; detail: string }[];
  /**
   * Receives each `NAME=value` word a host command of an alias or function body is prefixed with
   * (`CODEX_HOME=~/x codex`, `env CODEX_HOME=~/x codex`): the host's launch gets NAME.
   */
  readonly assigned?: (name: string, word: string, file: string, line: number) => void;
  /** The function whose body is being read, until its end. */
  fn: OpenFunction | undefined;
}

interface OpenFunction {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  /** `brace`: sh, bash, zsh, PowerShell `{ … }`; `end`: fish `function … end`. */
  readonly kind: 'brace' | 'end';
  depth: number;
  opened: boolean;
  /** Set once a cause was recorded for it (one per function). */
  floored: boolean;
}

type Token = { readonly op: string } | { readonly word: string };

/**
 * Splits one line into words and control operators (`;`, `&&`, `||`, `|`, `&`, `(`, `)`, and `{`/`}`
 * where they stand as words), keeping quotes, `${…}` and `$(…)` inside their word. Backslash
 * escapes a character in sh (`ps` false); PowerShell's escape is the backtick.
 */
export function tokenize(text: string, ps = false): Token[] {
  const out: Token[] = [];
  let word = '';
  const flush = (): void => { if (word !== '') { out.push({ word }); word = ''; } };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      const stop = end < 0 ? text.length : end + 1;
      word += text.slice(i, stop);
      i = stop - 1;
    } else if (c === '\\' && !ps && i + 1 < text.length) {
      word += text.slice(i, i + 2);
      i++;
    } else if (c === '$' && (text[i + 1] === '{' || text[i + 1] === '(')) {
      const open = text[i + 1] ?? '';
      const close = open === '{' ? '}' : ')';
      let depth = 0;
      let j = i + 1;
      for (; j < text.length; j++) {
        if (text[j] === open) depth++;
        else if (text[j] === close && --depth === 0) break;
      }
      word += text.slice(i, j + 1);
      i = j;
    } else if (/\s/.test(c)) {
      flush();
    } else if (c === '#' && word === '') {
      break;
    } else if ((c === '&' || c === '|') && text[i + 1] === c) {
      flush(); out.push({ op: c + c }); i++;
    } else if (c === ';' || c === '&' || c === '|' || c === '(' || c === ')') {
      flush(); out.push({ op: c });
    } else if ((c === '{' || c === '}') && word === '' && (c === '}' || /[\s;&|]/.test(text[i + 1] ?? ' '))) {
      out.push({ op: c });
    } else {
      word += c;
    }
  }
  flush();
  return out;
}

/** Quote removal of one word (`'claude=claude --x'` → `claude=claude --x`, `"a"'b'c` → `abc`). */
export function unquote(word: string): string {
  return word.replace(/"([^"]*)"|'([^']*)'/g, (_t, d?: string, s?: string) => d ?? s ?? '');
}

/** npm package names of the hosts' programs → the program (`npx -y @anthropic-ai/claude-code …`). */
const NPM_PROGRAMS: ReadonlyMap<string, string> = new Map(HOST_LIST.flatMap((h) => h.programs.npmPackages.map((p) => [p.name.toLowerCase(), p.program] as const)));
/** Release folders of the hosts' programs (`claude/versions`), each run by a path below it. */
const VERSION_FOLDERS: readonly { readonly folder: string; readonly program: string }[] = HOST_LIST.flatMap((h) => h.programs.versionFolders);

/**
 * Commands that run the command after their own options (and `operands` words), unchanged but for
 * scheduling, buffering or a time limit: the host they start reads the same config.
 */
interface Prefix { readonly values: readonly string[]; readonly operands: number }
const PREFIXES: Readonly<Record<string, Prefix>> = {
  // GNU coreutils https://www.gnu.org/software/coreutils/manual/html_node/nice-invocation.html (`-n ADJ`, `--adjustment=ADJ`, obsolete `-ADJ`).
  nice: { values: ['-n', '--adjustment'], operands: 0 },
  // https://www.gnu.org/software/coreutils/manual/html_node/nohup-invocation.html
  nohup: { values: [], operands: 0 },
  // https://www.gnu.org/software/coreutils/manual/html_node/timeout-invocation.html (`timeout [OPTION] DURATION COMMAND`).
  timeout: { values: ['-s', '--signal', '-k', '--kill-after'], operands: 1 },
  // https://www.gnu.org/software/coreutils/manual/html_node/stdbuf-invocation.html
  stdbuf: { values: ['-i', '-o', '-e', '--input', '--output', '--error'], operands: 0 },
  // GNU time https://www.gnu.org/software/time/manual/html_node/Invoking-time.html (`-f FORMAT`, `-o FILE`); the shell keyword `time [-p]`.
  time: { values: ['-f', '--format', '-o', '--output'], operands: 0 },
  // util-linux https://man7.org/linux/man-pages/man1/ionice.1.html (`-c CLASS`, `-n LEVEL`).
  ionice: { values: ['-c', '--class', '-n', '--classdata'], operands: 0 },
  // util-linux https://man7.org/linux/man-pages/man1/setsid.1.html
  setsid: { values: [], operands: 0 },
  // util-linux https://man7.org/linux/man-pages/man1/taskset.1.html (`taskset [options] MASK COMMAND`, `-c LIST` as the mask).
  taskset: { values: [], operands: 1 },
  // macOS caffeinate(8) https://keith.github.io/xcode-man-pages/caffeinate.8.html (`-t TIMEOUT`, `-w PID`).
  caffeinate: { values: ['-t', '-w'], operands: 0 },
};

/**
 * Package runners that fetch and run a package's program: `npx`/`npm exec`/`npm x`
 * (https://docs.npmjs.com/cli/v11/commands/npm-exec: `--package=PKG` then the command, `-c CMD`),
 * `pnpm dlx`/`pnpx` (https://pnpm.io/cli/dlx: `--package`, `-c`/`--shell-mode` runs the words in a
 * shell), `yarn dlx` (https://yarnpkg.com/cli/dlx: `-p`/`--package`), `bunx`/`bun x`
 * (https://bun.sh/docs/cli/bunx: `-p`/`--package`), and the PyPI runners `uvx`/`uv tool run`
 * (https://docs.astral.sh/uv/reference/cli/#uv-tool-run: the first word is the command, `--from
 * PKG` names its package) and `pipx run` (https://pipx.pypa.io/stable/docs/: `--spec PKG`).
 * `values` are the options that take a value (others are read as flags); `pkg` the options naming
 * the package, after which the first word is the command; `shell` the options after which the
 * words are a shell command.
 */
interface Runner {
  readonly registry: 'npm' | 'pypi';
  readonly values: readonly string[];
  readonly pkg: readonly string[];
  readonly shellValue: readonly string[];
  readonly shellFlag: readonly string[];
}
const NPX: Runner = {
  registry: 'npm',
  values: ['-p', '--package', '-c', '--call', '--registry', '--cache', '--userconfig', '--prefix', '-w', '--workspace', '--node-options', '--script-shell', '--loglevel'],
  pkg: ['-p', '--package'], shellValue: ['-c', '--call'], shellFlag: [],
};
const PNPM_DLX: Runner = { registry: 'npm', values: ['--package', '--reporter', '--dir', '-C', '--registry'], pkg: ['--package'], shellValue: [], shellFlag: ['-c', '--shell-mode'] };
const YARN_DLX: Runner = { registry: 'npm', values: ['-p', '--package'], pkg: ['-p', '--package'], shellValue: [], shellFlag: [] };
const BUNX: Runner = { registry: 'npm', values: ['-p', '--package'], pkg: ['-p', '--package'], shellValue: [], shellFlag: [] };
const UVX: Runner = {
  registry: 'pypi',
  values: [
    '--from', '--with', '--with-editable', '--with-requirements', '-w', '-p', '--python', '--index', '--default-index', '-i', '--index-url',
    '--extra-index-url', '-f', '--find-links', '--python-preference', '--cache-dir', '--config-file', '--directory', '--project', '--env-file',
    '--refresh-package', '--reinstall-package', '--upgrade-package', '-P', '-C', '--config-setting', '--exclude-newer', '--index-strategy',
    '--keyring-provider', '--resolution', '--prerelease', '--link-mode', '--color', '--allow-insecure-host', '--constraints', '--overrides', '--build-constraints',
  ],
  pkg: [], shellValue: [], shellFlag: [],
};
const PIPX_RUN: Runner = { registry: 'pypi', values: ['--spec', '--python', '--index-url', '-i', '--pip-args', '--backend'], pkg: [], shellValue: [], shellFlag: [] };

/** The runner a command starts with and the words after its own name and subcommand. */
function runnerOf(base: string, args: readonly string[]): { runner: Runner; rest: readonly string[] } | undefined {
  const sub = unquote(args[0] ?? '');
  if (base === 'npx') return { runner: NPX, rest: args };
  if (base === 'npm' && (sub === 'exec' || sub === 'x')) return { runner: NPX, rest: args.slice(1) };
  if (base === 'pnpx' || base === 'pnx') return { runner: PNPM_DLX, rest: args };
  if (base === 'pnpm' && sub === 'dlx') return { runner: PNPM_DLX, rest: args.slice(1) };
  if (base === 'yarn' && sub === 'dlx') return { runner: YARN_DLX, rest: args.slice(1) };
  if (base === 'bunx') return { runner: BUNX, rest: args };
  if (base === 'bun' && sub === 'x') return { runner: BUNX, rest: args.slice(1) };
  if (base === 'uvx') return { runner: UVX, rest: args };
  if (base === 'uv' && sub === 'tool' && unquote(args[1] ?? '') === 'run') return { runner: UVX, rest: args.slice(2) };
  if (base === 'pipx' && sub === 'run') return { runner: PIPX_RUN, rest: args.slice(1) };
  return undefined;
}

/** A package spec's name: `@scope/name@1.2` → `@scope/name`, `name@latest` → `name`, `pkg==1.0` → `pkg`. */
function specName(spec: string): string {
  const s = unquote(spec).toLowerCase();
  const at = s.indexOf('@', s.startsWith('@') ? 1 : 0);
  return (at < 0 ? s : s.slice(0, at)).replace(/(?:\[[^\]]*\])?(?:[=<>!~].*)?$/, '');
}

/** The host program a package runner's words run, and its arguments. */
function runnerCommand(runner: Runner, words: readonly string[], depth: number): { program: string; args: readonly string[] } | undefined {
  let named = false;
  for (let i = 0; i < words.length; i++) {
    const w = unquote(words[i] ?? '');
    if (w === '--') { i++; return runnerTarget(runner, named, words, i); }
    if (!w.startsWith('-')) return runnerTarget(runner, named, words, i);
    const eq = w.indexOf('=');
    const option = eq < 0 ? w : w.slice(0, eq);
    if (runner.shellFlag.includes(option)) return shellString(words.slice(i + 1).map(unquote).join(' '), depth);
    if (runner.pkg.includes(option)) named = true;
    if (runner.shellValue.includes(option)) return shellString(eq < 0 ? unquote(words[i + 1] ?? '') : w.slice(eq + 1), depth);
    if (eq < 0 && runner.values.includes(option)) i++;
  }
  return undefined;
}

function runnerTarget(runner: Runner, named: boolean, words: readonly string[], i: number): { program: string; args: readonly string[] } | undefined {
  const word = words[i];
  if (word === undefined) return undefined;
  // `npm exec PKG -- ARG…`: the `--` ends npm's own options and is not passed on.
  const args = unquote(words[i + 1] ?? '') === '--' ? words.slice(i + 2) : words.slice(i + 1);
  // npm: without `--package` the word is the package whose bin runs; PyPI runners and `--package` name the command.
  const program = runner.registry === 'npm' && !named ? NPM_PROGRAMS.get(specName(word)) : undefined;
  if (program !== undefined) return { program, args };
  const base = programName(runner.registry === 'pypi' ? specName(word) : word);
  return PROGRAMS.has(base) ? { program: base, args } : undefined;
}

/** Shells that run a command string: `bash -c 'claude …'`, `zsh -lc …`, `fish -c/--command …`. */
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish']);

/** The host command of a command string a shell, `eval` or a runner's shell mode runs. */
function shellString(text: string, depth: number): { program: string; args: readonly string[] } | undefined {
  if (depth > 4) return undefined;
  for (const cmd of commands(tokenize(text))) {
    const run = hostCommand(cmd.words, undefined, depth + 1);
    if (run !== undefined) return run;
  }
  return undefined;
}

/** The host program a command runs, and its arguments; `self` is the program a wrapper script stands for. */
function hostCommand(words: readonly string[], self?: string, depth = 0): { program: string; args: readonly string[] } | undefined {
  let i = 0;
  let exec = false;
  while (i < words.length) {
    const w = words[i] ?? '';
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) { i++; continue; }
    if (w === 'exec') { exec = true; i++; continue; }
    if (w === 'command' || w === 'builtin' || w === 'noglob' || w === 'nocorrect') { i++; continue; }
    if (w === 'env') {
      i++;
      while (i < words.length && /^-/.test(words[i] ?? '')) i += /^-[uC]$/.test(words[i] ?? '') ? 2 : 1;
      continue;
    }
    const prefix = PREFIXES[programName(w)];
    if (prefix !== undefined && (i + 1 < words.length)) {
      i++;
      while (i < words.length && /^-/.test(unquote(words[i] ?? ''))) {
        const o = unquote(words[i] ?? '');
        i++;
        if (o === '--') break;
        if (!o.includes('=') && prefix.values.includes(o)) i++;
      }
      i += prefix.operands;
      continue;
    }
    break;
  }
  const word = words[i];
  if (word === undefined) return undefined;
  const base = programName(word);
  const args = words.slice(i + 1);
  if (PROGRAMS.has(base)) return { program: base, args };
  const versioned = versionProgram(word);
  if (versioned !== undefined) return { program: versioned, args };
  if (base === 'flatpak') return flatpakRun(args);
  if (base === 'open') return openApp(args);
  const runner = runnerOf(base, args);
  if (runner !== undefined) return runnerCommand(runner.runner, runner.rest, depth);
  if (SHELLS.has(base)) {
    const c = args.findIndex((a) => /^-[A-Za-z]*c[A-Za-z]*$/.test(unquote(a)) || unquote(a) === '--command');
    if (c >= 0 && args[c + 1] !== undefined) return shellString(unquote(args[c + 1] ?? ''), depth);
  }
  if (base === 'eval') return shellString(args.map(unquote).join(' '), depth);
  // A wrapper script `~/.local/bin/claude` that execs the real binary by another path.
  if (self !== undefined && exec) return { program: self, args };
  return undefined;
}

/** The program a path below one of the hosts' release folders runs (`~/.local/share/claude/versions/2.0.14`). */
function versionProgram(word: string): string | undefined {
  const parts = unquote(word).split(/[\\/]+/);
  if (parts.length < 3) return undefined;
  const folder = parts.slice(-3, -1).join('/').toLowerCase();
  return VERSION_FOLDERS.find((v) => v.folder === folder)?.program;
}

/** Commands that name a host program without starting it (`which claude`, `pkill -f claude`, `npm install -g @openai/codex`). */
const INERT = new Set(['which', 'type', 'whereis', 'man', 'echo', 'printf', 'pkill', 'pgrep', 'killall', 'kill', 'hash', 'unalias', 'alias', 'complete', 'compdef', 'cd', 'pushd', 'test', '[', 'ls', 'cat', 'less', 'rm']);
const INSTALLERS = new Set(['npm', 'pnpm', 'yarn', 'bun', 'pip', 'pip3', 'pipx', 'uv', 'brew', 'apt', 'apt-get', 'winget', 'scoop', 'choco']);
const INSTALL_VERBS = new Set(['install', 'i', 'add', 'update', 'upgrade', 'up', 'uninstall', 'remove', 'rm', 'un', 'outdated', 'info', 'view', 'show', 'list', 'ls', 'search']);

/**
 * Fail closed: a command the readers above do not recognise as starting a host, with a host's
 * program or npm package among its words and an option after it (`firejail codex -c …`,
 * `sudo -u me claude --mcp-config …`): a host may start through it with options that change what it
 * loads. Returns that program, unless the command only names it (`which`, an installer's verb).
 */
function mentionedHost(words: readonly string[]): string | undefined {
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i] ?? '')) i++;
  const first = programName(words[i] ?? '');
  if (INERT.has(first) || (INSTALLERS.has(first) && INSTALL_VERBS.has(unquote(words[i + 1] ?? '')))) return undefined;
  for (let j = i + 1; j < words.length; j++) {
    const w = unquote(words[j] ?? '');
    if (w.startsWith('-') || w.includes('=')) continue;
    // A path counts where programs are kept (`…/bin/claude`, `claude.exe`), not any folder named like one (`git -C ~/code`).
    const named = PROGRAMS.has(programName(w)) && (!/[\\/]/.test(w) || /(?:^|[\\/])(?:\.?bin|MacOS)[\\/][^\\/]+$|\.(?:exe|cmd|bat|ps1)$/i.test(w));
    const program = named ? programName(w) : NPM_PROGRAMS.get(specName(w)) ?? versionProgram(w);
    if (program !== undefined && words.slice(j + 1).some((a) => unquote(a).startsWith('-'))) return program;
  }
  return undefined;
}

/** The program a command word names: its last path segment, lower case, without a Windows extension. */
function programName(word: string): string {
  return (unquote(word).split(/[\\/]/).pop() ?? '').toLowerCase().replace(/\.(?:exe|cmd|bat|ps1)$/, '');
}

/**
 * `flatpak run [OPTION…] APP-ID [ARG…]` starts APP-ID's command with the ARGs
 * (https://docs.flatpak.org/en/latest/flatpak-command-reference.html#flatpak-run); an option that
 * takes a value is given as `--name=value`, so the first word not starting with `-` is the app
 * (a `--command=` option replaces the app's command: the host's program still runs inside it
 * only when the command is one of them). A host's Flathub id is read as its program.
 */
function flatpakRun(words: readonly string[]): { program: string; args: readonly string[] } | undefined {
  if (unquote(words[0] ?? '') !== 'run') return undefined;
  let i = 1;
  let command: string | undefined;
  for (; i < words.length; i++) {
    const w = unquote(words[i] ?? '');
    if (!w.startsWith('-')) break;
    if (w.startsWith('--command=')) command = programName(w.slice('--command='.length));
  }
  const app = unquote(words[i] ?? '').toLowerCase().replace(/\/\S*$/, '');
  const program = command !== undefined && PROGRAMS.has(command) ? command : FLATPAK_PROGRAMS.get(app);
  return program === undefined ? undefined : { program, args: words.slice(i + 1) };
}

/**
 * macOS `open [-n] [-g] … -a APPLICATION [--args ARG…]`: the words after `--args` are passed to the
 * application's main (open(1): "--args: All remaining arguments are passed to the opened
 * application in the argv parameter to main()"). APPLICATION is a name (`"Visual Studio Code"`)
 * or a bundle path (`/Applications/Cursor.app`), read against the hosts' application names.
 */
function openApp(words: readonly string[]): { program: string; args: readonly string[] } | undefined {
  let app: string | undefined;
  let args: readonly string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = unquote(words[i] ?? '');
    if (w === '--args') { args = words.slice(i + 1); break; }
    if (w === '-a' || w === '--a') app = unquote(words[++i] ?? '');
  }
  if (app === undefined) return undefined;
  const name = (app.replace(/\/+$/, '').split('/').pop() ?? '').replace(/\.app$/i, '').toLowerCase();
  const program = MAC_APP_PROGRAMS.get(name);
  return program === undefined ? undefined : { program, args };
}

/**
 * The assignments before a command's program: `NAME=value` words, and those of an `env` command
 * (GNU coreutils env: `env [OPTION]… [NAME=VALUE]… [COMMAND [ARG]…]`, `-u NAME` and `-C DIR`
 * taking a value, https://www.gnu.org/software/coreutils/manual/html_node/env-invocation.html),
 * past the `exec`, `command` … prefixes a host command may have.
 */
function prefixAssignments(ctx: WrapperContext, file: string, line: number, words: readonly string[]): void {
  if (ctx.assigned === undefined) return;
  let env = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(w);
    if (m !== null) { ctx.assigned(m[1] ?? '', m[2] ?? '', file, line); continue; }
    if (w === 'env') { env = true; continue; }
    if (env && /^-[uC]$/.test(w)) { i++; continue; }
    if (env && w.startsWith('-')) continue;
    if (/^(?:exec|command|builtin|noglob|nocorrect|nohup)$/.test(w)) continue;
    return;
  }
}

/** Commands of a token list: the words between control operators, with the operator after each. */
function commands(tokens: readonly Token[]): { words: string[]; ops: string[] }[] {
  const out: { words: string[]; ops: string[] }[] = [{ words: [], ops: [] }];
  for (const t of tokens) {
    const cur = out[out.length - 1] ?? { words: [], ops: [] };
    if ('word' in t) {
      if (cur.ops.length > 0) out.push({ words: [t.word], ops: [] });
      else cur.words.push(t.word);
    } else {
      cur.ops.push(t.op);
    }
  }
  return out.filter((c) => c.words.length > 0 || c.ops.length > 0);
}

/** A quick reject: text that may define an alias, a function or a fish abbreviation. */
export const WRAPPER_GATE = /\b(?:alias|function|abbr)\b|\(\s*\)/;

/**
 * Reads one line of a session file for alias definitions, function definitions and the commands of
 * an open function's body. `fish` selects `function … end` bodies; `ps` PowerShell's tokens.
 */
export function wrapperLine(ctx: WrapperContext, file: string, line: number, text: string, read: ValueReader, dialect: 'sh' | 'fish' | 'ps'): void {
  if (!WRAPPER_GATE.test(text) && ctx.fn === undefined) return;
  for (const cmd of commands(tokenize(text, dialect === 'ps'))) {
    const fn = ctx.fn;
    const [first, second] = cmd.words;
    if (first === 'alias' && fn === undefined) { aliasCommand(ctx, file, line, cmd.words.slice(1), read); continue; }
    if (first === 'abbr' && dialect === 'fish' && fn === undefined) { abbrCommand(ctx, file, line, cmd.words.slice(1), read); continue; }
    // `name() …`, `function name …` (a function of any name).
    const header = first === 'function' && second !== undefined ? second.replace(/\(\)$/, '')
      : cmd.words.length === 1 && cmd.ops[0] === '(' && cmd.ops[1] === ')' ? first : undefined;
    if (header !== undefined && !/[$`"']/.test(header)) {
      openFunction(ctx, file, line, header, dialect === 'fish' ? 'end' : 'brace');
      if (dialect === 'fish') continue;
    } else if (fn !== undefined) {
      if (fn.kind === 'end') {
        if (first !== undefined && /^(?:function|if|for|while|begin|switch)$/.test(first)) fn.depth++;
        if (first === 'end' && --fn.depth <= 0) { ctx.fn = undefined; continue; }
      }
      if (cmd.words.length > 0) bodyCommand(ctx, fn, file, line, cmd.words, read);
    }
    const open = ctx.fn;
    if (open?.kind === 'brace') {
      for (const op of cmd.ops) {
        if (op === '{') { open.depth++; open.opened = true; }
        if (op === '}' && --open.depth <= 0 && open.opened) ctx.fn = undefined;
      }
    }
  }
}

function openFunction(ctx: WrapperContext, file: string, line: number, name: string, kind: 'brace' | 'end'): void {
  const fn: OpenFunction = { name, file, line, kind, depth: kind === 'end' ? 1 : 0, opened: kind === 'end', floored: false };
  ctx.fn = fn;
  // A function named like a host program replaces it: what its body adds is code the audit does not evaluate.
  if (PROGRAMS.has(name.toLowerCase())) {
    fn.floored = true;
    ctx.notFollowed.push({ file, line, detail: `${file}:${line} defines a function \`${name}\` wrapping a host's program; options it may add (such as a config file or data directory) are not followed` });
  }
}

function bodyCommand(ctx: WrapperContext, fn: OpenFunction, file: string, line: number, words: readonly string[], read: ValueReader): void {
  const cmd = hostCommand(words);
  if (cmd === undefined) {
    const mentioned = mentionedHost(words);
    if (mentioned === undefined || fn.floored) return;
    fn.floored = true;
    ctx.notFollowed.push({ file, line, detail: `${file}:${line} is in a function \`${fn.name}\` that may start ${mentioned} through \`${programName(words[0] ?? '')}\`, a command the audit does not follow; options it passes (such as a config file) are not read` });
    return;
  }
  prefixAssignments(ctx, file, line, words);
  const rest = optionValues(ctx, cmd.program, file, line, cmd.args, read);
  if (rest.length === 0 || fn.floored) return;
  fn.floored = true;
  ctx.notFollowed.push({ file, line, detail: `${file}:${line} is in a function \`${fn.name}\` that starts ${cmd.program} with options the audit does not follow (${rest.join(', ')})` });
}

/** `alias` arguments: `name=value …` (sh, bash, zsh, fish), or `name body…` (fish, csh). */
function aliasCommand(ctx: WrapperContext, file: string, line: number, args: readonly string[], read: ValueReader): void {
  // Leading options (`-g`, `-s`, fish `--save`, `--`) are not definitions.
  let from = 0;
  while (from < args.length && (args[from] ?? '').startsWith('-')) from++;
  const words = args.slice(from);
  const defs: [string, string][] = [];
  const firstDef = unquote(words[0] ?? '');
  if (firstDef.includes('=')) {
    for (const w of words) {
      const u = unquote(w);
      const eq = u.indexOf('=');
      if (eq > 0) defs.push([u.slice(0, eq), u.slice(eq + 1)]);
    }
  } else if (words.length > 1) {
    defs.push([firstDef, words.slice(1).map(unquote).join(' ')]);
  }
  for (const [name, body] of defs) aliasBody(ctx, file, line, name, body, read);
}

/**
 * fish `abbr [-a|--add] [-g|-U] NAME [-p|--position command|anywhere] [-r|--regex PATTERN]
 * [-c|--command COMMAND] [--set-cursor[=MARKER]] ([-f|--function FUNCTION] | EXPANSION…)`: typing
 * NAME puts EXPANSION (its words joined by spaces) on the command line, which then runs as typed
 * (https://fishshell.com/docs/current/cmds/abbr.html; fish 2.x also `abbr -a NAME=EXPANSION`,
 * https://fishshell.com/docs/2.2/commands.html#abbr). EXPANSION is read as an alias's body is; an
 * expansion a function prints is code the audit does not evaluate (a floor cause). `--erase`,
 * `--rename`, `--show`, `--list` and `--query` define nothing.
 */
const ABBR_VALUES = new Set(['-p', '--position', '-r', '--regex', '-c', '--command', '-f', '--function']);
const ABBR_OTHER_MODES = new Set(['-e', '--erase', '--rename', '-s', '--show', '-l', '--list', '-q', '--query', '-h', '--help']);

function abbrCommand(ctx: WrapperContext, file: string, line: number, args: readonly string[], read: ValueReader): void {
  const words: string[] = [];
  let fn: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const raw = args[i] ?? '';
    const w = unquote(raw);
    // Past NAME and the first word of EXPANSION, every word is the expansion's (`abbr -a l ls -la`).
    if (words.length > 1) { words.push(raw); continue; }
    if (w === '--') { append(words, args.slice(i + 1)); break; }
    if (!w.startsWith('-') || w === '-') { words.push(raw); continue; }
    const eq = w.indexOf('=');
    const option = eq < 0 ? w : w.slice(0, eq);
    if (ABBR_OTHER_MODES.has(option)) return;
    if (!ABBR_VALUES.has(option)) continue;
    const value = eq < 0 ? unquote(args[++i] ?? '') : w.slice(eq + 1);
    if (option === '-f' || option === '--function') fn = value;
  }
  const first = unquote(words[0] ?? '');
  const [name, body] = words.length === 1 && first.includes('=') ? [first.slice(0, first.indexOf('=')), first.slice(first.indexOf('=') + 1)]
    : [first, words.slice(1).map(unquote).join(' ')];
  if (name === '') return;
  if (fn !== undefined) {
    ctx.notFollowed.push({ file, line, detail: `${file}:${line} defines an abbreviation \`${name}\` whose expansion the function \`${fn}\` prints: the command line it makes (which may start a host with options such as a config file) is not evaluated` });
    return;
  }
  aliasBody(ctx, file, line, name, body, read, 'an abbreviation');
}

function aliasBody(ctx: WrapperContext, file: string, line: number, name: string, body: string, read: ValueReader, kind = 'an alias'): void {
  const rest: string[] = [];
  let program: string | undefined;
  for (const cmd of commands(tokenize(body))) {
    const run = hostCommand(cmd.words);
    if (run === undefined) {
      const mentioned = mentionedHost(cmd.words);
      if (mentioned !== undefined) ctx.notFollowed.push({ file, line, detail: `${file}:${line} defines ${kind} \`${name}\` that may start ${mentioned} through \`${programName(cmd.words[0] ?? '')}\`, a command the audit does not follow; options it passes (such as a config file) are not read` });
      continue;
    }
    prefixAssignments(ctx, file, line, cmd.words);
    program ??= run.program;
    // `alias claude=~/bin/claude` names the program only; an option changes what it loads.
    append(rest, optionValues(ctx, run.program, file, line, run.args, read));
  }
  if (program === undefined || rest.length === 0) return;
  const what = name.toLowerCase() === program ? '' : ` running ${program}`;
  ctx.notFollowed.push({ file, line, detail: `${file}:${line} defines ${kind} \`${name}\`${what} that starts the host with options the audit does not follow (${rest.join(', ')})` });
}

/**
 * A wrapper script named like a host program in a folder of the home's PATH (`~/.local/bin/claude`):
 * running the program runs it. Its commands that run the host (by name, or `exec` of any path)
 * are read as a function's body; the script itself is code the audit does not evaluate (a cause).
 */
export function wrapperScript(ctx: WrapperContext, file: string, program: string, text: string, read: ValueReader): void {
  ctx.notFollowed.push({ file, line: 1, detail: `${file} is a script named like the host program \`${program}\` in a folder of the PATH; what it runs is not evaluated beyond its config-file options` });
  text.split(/\r?\n/).forEach((raw, i) => {
    for (const cmd of commands(tokenize(raw))) {
      const run = hostCommand(cmd.words, program);
      if (run !== undefined) optionValues(ctx, run.program, file, i + 1, run.args, read);
      else {
        const mentioned = mentionedHost(cmd.words);
        if (mentioned !== undefined) ctx.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1} may start ${mentioned} through \`${programName(cmd.words[0] ?? '')}\`, a command the audit does not follow; options it passes (such as a config file) are not read` });
      }
    }
  });
}

/**
 * A shell script of a PATH folder that is not named like a host program (`~/.local/bin/cx`): its
 * commands that start a host (by name, through a runner such as `npx @openai/codex`, a prefix or
 * `sh -c`) are read as an alias's body is: a config file it passes is recorded, and the host's
 * options it adds that the audit does not follow are a floor cause at file:line.
 */
export function pathScript(ctx: WrapperContext, file: string, text: string, read: ValueReader): void {
  text.split(/\r?\n/).forEach((raw, i) => {
    if (/^\s*#/.test(raw)) return;
    for (const cmd of commands(tokenize(raw))) {
      const run = hostCommand(cmd.words);
      if (run === undefined) {
        const mentioned = mentionedHost(cmd.words);
        if (mentioned !== undefined) ctx.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1}, a script in a folder of the PATH, may start ${mentioned} through \`${programName(cmd.words[0] ?? '')}\`, a command the audit does not follow; options it passes (such as a config file) are not read` });
        continue;
      }
      const rest = optionValues(ctx, run.program, file, i + 1, run.args, read);
      if (rest.length > 0) ctx.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1}, a script in a folder of the PATH, starts ${run.program} with options the audit does not follow (${rest.join(', ')})` });
    }
  });
}

/**
 * Records the values of `program`'s config-file options among `words`; returns the options (and
 * values) that could not be followed.
 */
export function optionValues(ctx: WrapperContext, program: string, file: string, line: number, words: readonly string[], read: ValueReader): string[] {
  const options = ctx.options.get(program) ?? [];
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = unquote(words[i] ?? '').startsWith('-') ? words[i] ?? '' : '';
    if (w === '') continue;
    const eq = w.indexOf('=');
    const option = unquote(eq < 0 ? w : w.slice(0, eq));
    if (!options.includes(option)) { rest.push(unquote(w)); continue; }
    // `--mcp-config a.json b.json` takes every word up to the next option; `--opt=value` one.
    const values: string[] = [];
    if (eq >= 0) values.push(w.slice(eq + 1));
    else while (i + 1 < words.length && !unquote(words[i + 1] ?? '-').startsWith('-')) values.push(words[++i] ?? '');
    for (const v of values) {
      // A function's own arguments (`"$@"`, fish `$argv`, PowerShell `@args`/`$args`, cmd `%*`) are the caller's, not config files.
      if (/^"?\$[@*]"?$/.test(v) || /^[@$]args$/i.test(v) || v === '%*' || /^"?\$argv"?$/.test(v)) continue;
      let got = unquote(v).trimStart().startsWith('{') ? { unreadable: 'a JSON string, not a file' } : read(v);
      if (got.value !== undefined) {
        const placed = ctx.place !== undefined ? ctx.place(got.value) : got.value;
        got = placed === undefined ? { unreadable: 'cannot be placed in the audited tree' } : { value: placed };
      }
      ctx.values?.push({ program, option, file, line, ...(got.value !== undefined ? { value: got.value } : { unreadable: got.unreadable ?? 'not a literal path' }) });
      if (got.value === undefined) rest.push(`${option} ${v}`);
    }
  }
  return rest;
}

/** How much a wrapper context has recorded: a line that adds nothing to it was not followed. */
export const recorded = (ctx: WrapperContext): number => (ctx.values?.length ?? 0) + ctx.notFollowed.length;

/** Every config-file option a host's launch takes (`--mcp-config`), as written in a session file. */
export function launchOptionNames(ctx: WrapperContext): string[] {
  return [...new Set([...ctx.options.values()].flat())];
}

/**
 * Fail closed: a session-file line that names a host's config-file option (`--mcp-config`) and from
 * which the readers above recorded nothing (no value read, no cause) is in a form they do not follow
 * (a prefix such as `time`/`sudo`/`nice`, `eval`, a continuation line, an array or splat, a
 * definition after `then`), so what it passes is not known: a floor cause at file:line.
 */
export function unfollowedOption(ctx: WrapperContext, file: string, line: number, text: string, before: number): void {
  if (recorded(ctx) !== before) return;
  const named = launchOptionNames(ctx).find((o) => text.includes(o));
  if (named === undefined) return;
  ctx.notFollowed.push({ file, line, detail: `${file}:${line} names ${named} in a form the audit does not follow: the config file it may pass to the host was not read` });
}


/**
 * A launch line that no shell reads but that is split into words like a command (a desktop entry's
 * `Exec=`, a systemd unit's `ExecStart=`, their quoting already removed and each word re-quoted):
 * a host program it starts is read as an alias's body is, and the options of it that are not
 * followed are one floor cause, `what` saying where it stands. Returns the host program, if any.
 */
export function launchCommand(ctx: WrapperContext, file: string, line: number, what: string, words: readonly string[], read: ValueReader): string | undefined {
  const run = hostCommand(words);
  if (run === undefined) {
    const mentioned = mentionedHost(words);
    if (mentioned !== undefined) ctx.notFollowed.push({ file, line, detail: `${file}:${line} ${what} may start ${mentioned} through \`${programName(words[0] ?? '')}\`, a command the audit does not follow; options it passes (such as a config file) are not read` });
    return undefined;
  }
  const rest = optionValues(ctx, run.program, file, line, run.args, read);
  if (rest.length > 0) ctx.notFollowed.push({ file, line, detail: `${file}:${line} ${what} starts ${run.program} with options the audit does not follow (${rest.join(', ')})` });
  return run.program;
}
