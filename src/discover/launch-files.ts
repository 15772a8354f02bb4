import path from 'node:path';
import { globFiles } from './glob.js';
import { SYSTEM_DIR } from './paths.js';
import { readConfigFile } from './read-file.js';
import { HOST_PROGRAMS, launchCommand, type ValueReader, type WrapperContext } from './shell-wrappers.js';

/**
 * Launch files of a Linux desktop session that start programs with their own environment and
 * arguments, no shell reading them: XDG desktop entries (what a menu, a launcher or a file manager
 * runs) and systemd user units (services the user manager starts). What each sets for its launch
 * and the host options it passes are read here for session-env.ts.
 */

/** What a launch-file reader needs of the session walk (session-env.ts builds it). */
export interface SessionSink {
  readonly home: string;
  readonly wrap: WrapperContext;
  /** Every assignment is wanted (the grader reads the whole session a launch inherits). */
  readonly all: boolean;
  /** A value the session files set literally so far (HOME, XDG_DATA_HOME …). */
  known(name: string): string | undefined;
  /**
   * An assignment: recorded when its name is wanted; `session` when it holds for the whole session
   * (later files see it), not for one launch only.
   */
  assign(name: string, file: string, line: number, v: { value?: string; unreadable?: string }, session: boolean): void;
  /** A floor cause at file:line; `setsUnknown` when what it may set was not read. */
  cause(file: string, line: number, detail: string, setsUnknown: boolean): void;
  /** An absolute path a file names, placed in the audited tree. */
  place(p: string): string | undefined;
  /** A shell word as a path (session-env.ts `literal`), for files whose values a shell-like parser reads. */
  shellWord(word: string): { value?: string; unreadable?: string };
  /** Marks a file read: false when it was read already. */
  first(file: string): boolean;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'fish', 'csh', 'tcsh']);
const HOST_WORD = new RegExp(`(?:^|[\\s;&|/(])(?:${HOST_PROGRAMS.map((p) => p.replace(/[-.]/g, '\\$&')).join('|')})(?:[\\s;&|)]|$)`);

/** Words re-quoted for shell-wrappers.ts, which removes quotes (`unquote`) before it reads them. */
const requote = (words: readonly string[]): string[] => words.map((w) => (!w.includes("'") ? `'${w}'` : !w.includes('"') ? `"${w}"` : w));

/** A value no shell expands: a path only when it is absolute as written. */
const asWritten = (why: string): ValueReader => (word) => {
  const w = word.replace(/^'([^']*)'$|^"([^"]*)"$/, (_t, a?: string, b?: string) => a ?? b ?? '');
  return path.isAbsolute(w) ? { value: path.normalize(w) } : { unreadable: `not an absolute path (${why})` };
};

async function files(base: string, pattern: string): Promise<readonly string[]> {
  return globFiles({ base, pattern, display: path.join(base, pattern) });
}

/**
 * One launch: `env [-i] [-u NAME] [NAME=VALUE…] PROGRAM ARGS…` sets NAME for it (GNU coreutils env
 * invocation, https://www.gnu.org/software/coreutils/manual/html_node/env-invocation.html); a host
 * program's options are read as an alias's; a shell's `-c` script that names a host program or
 * assigns is code not evaluated; a host program run from an install inside the home may read files
 * beside itself (VS Code's portable `data` folder: microsoft/vscode@05528c78 src/bootstrap-node.ts
 * configurePortable) that the audit does not know. Returns whether a host program is started.
 */
function launch(sink: SessionSink, file: string, line: number, key: string, words: readonly string[], env: Map<string, Assigned>, why: string): boolean {
  let i = 0;
  if (path.basename(words[0] ?? '') === 'env') {
    i = 1;
    while (i < words.length) {
      const w = words[i] ?? '';
      if (/^-[uC]$|^--(?:unset|chdir)$/.test(w)) { i += 2; continue; }
      if (/^-[a-zA-Z]*S|^--split-string/.test(w)) {
        sink.cause(file, line, `${file}:${line} ${key} runs env -S, whose split string the audit does not read; what it sets and starts were not read`, true);
        return false;
      }
      if (w.startsWith('-')) { i++; continue; }
      const eq = w.indexOf('=');
      if (eq > 0 && NAME.test(w.slice(0, eq))) { env.set(w.slice(0, eq), { ...asWritten(why)(w.slice(eq + 1)), file, line }); i++; continue; }
      break;
    }
  }
  const rest = words.slice(i);
  const program = rest[0];
  if (program === undefined) return false;
  const c = rest.indexOf('-c');
  if (SHELLS.has(path.basename(program)) && c > 0) {
    const script = rest[c + 1] ?? '';
    if (HOST_WORD.test(script) || /[A-Za-z_][A-Za-z0-9_]*=|(?:^|[\s;&|])(?:\.|source|eval)\s/.test(script)) {
      sink.cause(file, line, `${file}:${line} ${key} runs ${path.basename(program)} -c with code the audit does not evaluate (it names a host program or sets variables)`, true);
    }
    return false;
  }
  const host = launchCommand(sink.wrap, file, line, `has a launch line (${key}) that`, requote(rest), asWritten(why));
  if (host === undefined) return false;
  const placed = path.isAbsolute(program) ? sink.place(program) : undefined;
  // Below --root a system path is placed in `_system` (paths.ts mapRecordedPath): not the home's.
  if (placed !== undefined && placed.startsWith(sink.home + path.sep) && !placed.startsWith(path.join(sink.home, SYSTEM_DIR) + path.sep)) {
    sink.cause(file, line, `${file}:${line} ${key} starts ${host} from ${path.dirname(placed)}, an install inside the home: files it reads beside itself (such as a portable data folder) were not read`, false);
  }
  return true;
}

interface Assigned { readonly file: string; readonly line: number; readonly value?: string; readonly unreadable?: string }

function flush(sink: SessionSink, env: ReadonlyMap<string, Assigned>, host: boolean): void {
  // The grader's whole-session view takes a launch's own variables only where a host is started.
  if (sink.all && !host) return;
  for (const [name, a] of env) sink.assign(name, a.file, a.line, a, false);
}

/**
 * XDG desktop entries of the user, which take precedence over the system's of the same id
 * (https://specifications.freedesktop.org/desktop-entry-spec/latest/file-naming.html: desktop
 * files are found in $XDG_DATA_DIRS/applications, $XDG_DATA_HOME first, subfolders included). Each
 * `Exec=` of the [Desktop Entry] group and of every [Desktop Action …] group is a launch line:
 * its value is a string (escapes `\s \n \t \r \\`), then split into arguments, double-quoted ones
 * with `\"`, `` \` ``, `\$` and `\\` escaped, field codes (`%f %F %u %U %i %c %k` …) standing for
 * files, URLs, the icon, the name and the entry itself, `%%` for `%`
 * (https://specifications.freedesktop.org/desktop-entry-spec/latest/exec-variables.html).
 */
export async function readDesktopEntries(sink: SessionSink): Promise<void> {
  const dataHome = sink.known('XDG_DATA_HOME');
  const bases = [...new Set([path.join(sink.home, '.local', 'share'), ...(dataHome !== undefined ? [sink.place(dataHome) ?? dataHome] : [])])];
  for (const base of bases) {
    for (const file of await files(path.join(base, 'applications'), '**/*.desktop')) {
      if (!sink.first(file)) continue;
      const read = await readConfigFile(file, 1024 * 1024);
      const text = read.kind === 'text' ? read.text : read.kind === 'problem' ? read.lossyText : undefined;
      if (text === undefined) {
        if (read.kind === 'problem') sink.cause(file, 1, `${file} cannot be read (${read.detail}); what its launch lines set and start were not read`, true);
        continue;
      }
      let group = '';
      text.split(/\r?\n/).forEach((raw, i) => {
        const head = /^\s*\[([^\]]*)\]\s*$/.exec(raw);
        if (head !== null) { group = head[1] ?? ''; return; }
        const m = /^\s*Exec\s*=\s*(.*)$/.exec(raw);
        if (m === null || (group !== 'Desktop Entry' && !group.startsWith('Desktop Action '))) return;
        const words = execWords(m[1] ?? '');
        if (words === undefined) {
          sink.cause(file, i + 1, `${file}:${i + 1} has a launch line (Exec=) whose quoting the audit cannot read; what it sets and starts were not read`, true);
          return;
        }
        const env = new Map<string, Assigned>();
        const host = launch(sink, file, i + 1, 'Exec=', words, env, 'a desktop entry runs no shell');
        flush(sink, env, host);
      });
    }
  }
}

/** An `Exec=` value as its arguments, field codes removed; undefined when a quote is not closed. */
export function execWords(value: string): string[] | undefined {
  const s = value.replace(/\\([sntr\\])/g, (_t, c: string) => ({ s: ' ', n: '\n', t: '\t', r: '\r' })[c] ?? '\\');
  const out: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] ?? '';
    if (c === '"') {
      word ??= '';
      let j = i + 1;
      for (; j < s.length && s[j] !== '"'; j++) {
        if (s[j] === '\\' && /["`$\\]/.test(s[j + 1] ?? '')) j++;
        word += s[j] ?? '';
      }
      if (j >= s.length) return undefined;
      i = j;
    } else if (c === ' ' || c === '\t') {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) out.push(word);
  return out.filter((w) => !/^%[a-zA-Z]$/.test(w)).map((w) => w.replace(/%%/g, '%'));
}

/**
 * systemd user units: the user manager reads unit files from ~/.config/systemd/user (and
 * user.control) and ~/.local/share/systemd/user, with drop-ins `NAME.service.d/*.conf` and
 * `service.d/*.conf` for every service (https://www.freedesktop.org/software/systemd/man/latest/systemd.unit.html
 * "Unit File Load Path", "[Unit] Section Options": drop-in directories). In [Service], `Environment=`
 * (space-separated `NAME=value` words, quotes allowed, no `$` expansion) and `EnvironmentFile=`
 * (`NAME=value` lines; a `-` prefix ignores a missing file) set the environment of the unit's
 * processes, and `ExecStart=` is its command line, its first word optionally prefixed by `@ - : + !`,
 * `$NAME` and `${NAME}` replaced from that environment
 * (https://www.freedesktop.org/software/systemd/man/latest/systemd.exec.html "Environment=",
 * "EnvironmentFile="; https://www.freedesktop.org/software/systemd/man/latest/systemd.service.html
 * "Command lines"). Specifiers: `%h` is the user's home, `%%` a percent sign
 * (systemd.unit.html "Specifiers"); any other is not resolved here.
 */
export async function readUserUnits(sink: SessionSink): Promise<void> {
  const config = sink.known('XDG_CONFIG_HOME');
  const data = sink.known('XDG_DATA_HOME');
  const place = (p: string | undefined, rel: string): string[] => (p === undefined ? [] : [path.join(sink.place(p) ?? p, rel)]);
  const dirs = [...new Set([
    path.join(sink.home, '.config', 'systemd', 'user.control'), path.join(sink.home, '.config', 'systemd', 'user'),
    ...place(config, 'systemd/user'), path.join(sink.home, '.local', 'share', 'systemd', 'user'), ...place(data, 'systemd/user'),
  ])];
  for (const dir of dirs) {
    const common = await files(dir, 'service.d/*.conf');
    const units = await files(dir, '*.service');
    const dropIns = await files(dir, '*.service.d/*.conf');
    const names = new Set([...units.map((u) => path.basename(u)), ...dropIns.map((d) => path.basename(path.dirname(d)).replace(/\.d$/, ''))]);
    for (const name of [...names].sort()) {
      const group = [...units.filter((u) => path.basename(u) === name), ...common, ...dropIns.filter((d) => path.basename(path.dirname(d)) === `${name}.d`)];
      await readUnit(sink, group);
    }
  }
}

async function readUnit(sink: SessionSink, group: readonly string[]): Promise<void> {
  const env = new Map<string, Assigned>();
  const execs: { file: string; line: number; value: string }[] = [];
  for (const file of group) {
    const read = await readConfigFile(file, 1024 * 1024);
    const text = read.kind === 'text' ? read.text : read.kind === 'problem' ? read.lossyText : undefined;
    if (text === undefined) {
      if (read.kind === 'problem') sink.cause(file, 1, `${file} cannot be read (${read.detail}); what the unit sets and starts was not read`, true);
      continue;
    }
    let section = '';
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const at = i + 1;
      let raw = lines[i] ?? '';
      // A line ending in a backslash continues on the next (systemd.syntax(7)).
      while (raw.endsWith('\\') && i + 1 < lines.length) raw = `${raw.slice(0, -1)} ${lines[++i] ?? ''}`;
      if (/^\s*[#;]/.test(raw)) continue;
      const head = /^\s*\[([^\]]*)\]\s*$/.exec(raw);
      if (head !== null) { section = head[1] ?? ''; continue; }
      const m = /^\s*(Environment|EnvironmentFile|ExecStart)\s*=\s*(.*)$/.exec(raw);
      if (section !== 'Service' || m === null) continue;
      const value = (m[2] ?? '').trim();
      if (m[1] === 'ExecStart') { if (value !== '') execs.push({ file, line: at, value }); continue; }
      if (m[1] === 'Environment') {
        for (const w of unitWords(value) ?? []) {
          const eq = w.indexOf('=');
          if (eq > 0 && NAME.test(w.slice(0, eq))) env.set(w.slice(0, eq), { ...specified(sink, w.slice(eq + 1)), file, line: at });
        }
        continue;
      }
      await environmentFile(sink, file, at, value, env);
    }
  }
  let host = false;
  for (const e of execs) {
    const words = unitWords(e.value);
    const first = words?.[0];
    if (words === undefined || first === undefined) {
      sink.cause(e.file, e.line, `${e.file}:${e.line} has a service command line (ExecStart=) whose quoting the audit cannot read; what it starts was not read`, false);
      continue;
    }
    const prefix = /^[@\-:+!|]*/.exec(first)?.[0] ?? '';
    const argv = [first.slice(prefix.length), ...words.slice(prefix.includes('@') ? 2 : 1)];
    let unknown: string | undefined;
    const expanded = argv.map((w) => w.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_t, a?: string, b?: string) => {
      const v = env.get(a ?? b ?? '');
      if (v?.value === undefined) unknown ??= a ?? b;
      return v?.value ?? '';
    }).replace(/%h/g, sink.home).replace(/%%/g, '%'));
    if (unknown !== undefined && HOST_PROGRAMS.includes(path.basename(expanded[0] ?? ''))) {
      sink.cause(e.file, e.line, `${e.file}:${e.line} has a service command line (ExecStart=) that uses $${unknown}, whose value the audit does not know; the options it passes were not read`, false);
    }
    if (launch(sink, e.file, e.line, 'ExecStart=', expanded, env, 'no shell expands it')) host = true;
  }
  flush(sink, env, host);
}

/** `EnvironmentFile=[-]PATH`: its `NAME=value` lines (`#` and `;` comments, quotes removed, no expansion). */
async function environmentFile(sink: SessionSink, file: string, line: number, value: string, env: Map<string, Assigned>): Promise<void> {
  const spec = specified(sink, value.replace(/^-/, ''));
  const placed = spec.value !== undefined ? sink.place(spec.value) : undefined;
  if (placed === undefined) {
    sink.cause(file, line, `${file}:${line} reads an EnvironmentFile= the audit cannot resolve (${spec.unreadable ?? 'cannot be placed in the audited tree'}); variables it sets were not read`, true);
    return;
  }
  const read = await readConfigFile(placed, 1024 * 1024);
  if (read.kind === 'absent') return;
  if (read.kind !== 'text') {
    sink.cause(file, line, `${file}:${line} reads ${placed}, which cannot be read (${read.detail}); variables it sets were not read`, true);
    return;
  }
  read.text.split(/\r?\n/).forEach((raw, i) => {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(raw);
    if (m?.[1] === undefined || /^\s*[#;]/.test(raw)) return;
    const v = (m[2] ?? '').replace(/^"((?:[^"\\]|\\.)*)"$/, (_t, d: string) => d.replace(/\\(.)/g, '$1')).replace(/^'([^']*)'$/, '$1');
    env.set(m[1], { ...(path.isAbsolute(v) ? { value: path.normalize(v) } : { unreadable: 'not an absolute path' }), file: placed, line: i + 1 });
  });
}

/** A unit setting's value with `%h` and `%%` resolved: a path when it is absolute. */
function specified(sink: SessionSink, value: string): { value?: string; unreadable?: string } {
  const v = value.replace(/%h/g, sink.home).replace(/%%/g, '\0');
  if (/%/.test(v)) return { unreadable: 'holds a systemd specifier' };
  const w = v.replace(/\0/g, '%');
  return path.isAbsolute(w) ? { value: path.normalize(w) } : { unreadable: 'not an absolute path' };
}

/** A unit setting's words: double- or single-quoted parts with C-style backslash escapes; undefined when a quote is open. */
export function unitWords(value: string): string[] | undefined {
  const out: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < value.length; i++) {
    const c = value[i] ?? '';
    if (c === '\\' && i + 1 < value.length) {
      const n = value[++i] ?? '';
      word = (word ?? '') + (({ n: '\n', t: '\t', r: '\r', s: ' ' } as Record<string, string>)[n] ?? n);
    } else if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote !== undefined) return undefined;
  if (word !== undefined) out.push(word);
  return out;
}
