import path from 'node:path';
import { VSCODE_FAMILY_FLATPAKS, VSCODE_FAMILY_GLOB } from '../hosts/types.js';
import { parseJsonc } from '../parse/jsonc.js';
import type { Platform } from '../shared/env.js';
import { globFiles } from './glob.js';
import type { SessionSink } from './launch-files.js';
import { readConfigFile } from './read-file.js';

/**
 * Programs that are not shells but set the environment of every program they start, read for
 * session-env.ts: a Wayland compositor (Hyprland), a terminal multiplexer (tmux), and the
 * integrated terminal of a VS Code-family editor (where CLI hosts are run). Each sets variables of
 * the session a host inherits; what they source is followed when it is a literal path, and a line
 * whose effect cannot be read is a floor cause.
 */

const MAX_DEPTH = 4;

async function readText(sink: SessionSink, file: string, what: string): Promise<string | undefined> {
  const read = await readConfigFile(file, 1024 * 1024);
  if (read.kind === 'text') return read.text;
  if (read.kind === 'problem') sink.cause(file, 1, `${file} cannot be read (${read.detail}); the variables it sets for ${what} were not read`, true);
  return undefined;
}

/** A path with its last segment possibly a `*` pattern (`source = ~/.config/hypr/conf.d/*.conf`): the files it names. */
async function matches(file: string): Promise<readonly string[]> {
  const base = path.basename(file);
  if (!/[*?[]/.test(base)) return [file];
  return globFiles({ base: path.dirname(file), pattern: base, display: file });
}

const configHome = (sink: SessionSink): string => {
  const x = sink.known('XDG_CONFIG_HOME');
  return x !== undefined ? sink.place(x) ?? x : path.join(sink.home, '.config');
};

/**
 * Hyprland's config: through 0.54, hyprlang's `env = NAME,VALUE` (and `envd`, which also exports it to D-Bus activation)
 * sets NAME for the compositor and every program it starts; `$name = value` defines a hyprlang
 * variable used as `$name`; `source = PATH` reads another file, `~` expanded
 * (https://wiki.hypr.land/Configuring/Environment-variables/,
 * https://wiki.hypr.land/Configuring/Variables/ "Sourcing", https://wiki.hypr.land/Configuring/Keywords/
 * "Defining variables"; config at $XDG_CONFIG_HOME/hypr/hyprland.conf). Since 0.55 the config is
 * Lua, $XDG_CONFIG_HOME/hypr/hyprland.lua, where `hl.env("NAME", "value")` sets one
 * (https://wiki.hypr.land/Configuring/Advanced-and-Cool/Environment-variables/); its modules are
 * read too. `HYPRLAND_CONFIG` names another config file (same page). uwsm's env files are shell
 * (session-env.ts reads them).
 */
export async function readHyprland(sink: SessionSink): Promise<void> {
  const vars = new Map<string, string>();
  const hypr = path.join(configHome(sink), 'hypr');
  const other = sink.known('HYPRLAND_CONFIG');
  const placed = other !== undefined ? sink.place(other) : undefined;
  if (placed !== undefined && !placed.endsWith('.lua')) await hyprFile(sink, placed, vars, 0);
  await hyprFile(sink, path.join(hypr, 'hyprland.conf'), vars, 0);
  const lua = [...(placed?.endsWith('.lua') === true ? [placed] : []), ...await globFiles({ base: hypr, pattern: '**/*.lua', display: path.join(hypr, '**/*.lua') })];
  for (const file of lua) await hyprLua(sink, file);
}

const LUA_STRING = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')$/;

/** `hl.env("NAME", VALUE)`: VALUE a string literal, or `os.getenv("HOME") .. "…"`; any other expression has no value. */
async function hyprLua(sink: SessionSink, file: string): Promise<void> {
  if (!sink.first(file)) return;
  const text = await readText(sink, file, 'Hyprland and the programs it starts');
  if (text === undefined || !text.includes('hl.env')) return;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/--.*$/, '');
    if (!line.includes('hl.env')) return;
    const m = /\bhl\.env\s*\(\s*(["'])([A-Za-z_][A-Za-z0-9_]*)\1\s*,\s*(.*?)\s*\)\s*;?\s*$/.exec(line);
    if (m === null) {
      sink.cause(file, i + 1, `${file}:${i + 1} calls hl.env in a form the audit does not read; the variable it sets was not read`, true);
      return;
    }
    const expr = m[3] ?? '';
    const lit = LUA_STRING.exec(expr);
    const home = /^os\.getenv\(\s*["']HOME["']\s*\)\s*\.\.\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')$/.exec(expr);
    const tail = home !== null ? LUA_STRING.exec(home[1] ?? '') : null;
    const value = lit !== null ? lit[1] ?? lit[2] ?? '' : tail !== null ? sink.home + (tail[1] ?? tail[2] ?? '') : undefined;
    sink.assign(m[2] ?? '', file, i + 1, value === undefined ? { unreadable: 'a Lua expression the audit does not evaluate' }
      : path.isAbsolute(value) && !value.includes('\\') ? { value: path.normalize(value) } : { unreadable: 'not an absolute path' }, true);
  });
}

async function hyprFile(sink: SessionSink, file: string, vars: Map<string, string>, depth: number): Promise<void> {
  if (!sink.first(file)) return;
  const text = await readText(sink, file, 'Hyprland and the programs it starts');
  if (text === undefined) return;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const at = i + 1;
    // `#` starts a comment; `##` is a literal `#`.
    const line = (lines[i] ?? '').replace(/(^|[^#])#(?!#).*$/, '$1').replace(/##/g, '#').trim();
    let unknown: string | undefined;
    const expand = (v: string): string => v.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_t, n: string) => {
      const got = vars.get(n);
      if (got === undefined) unknown ??= n;
      return got ?? '';
    });
    const def = /^\$([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (def !== null) { vars.set(def[1] ?? '', expand(def[2] ?? '')); continue; }
    const env = /^envd?\s*=\s*([^,]*?)\s*,\s*(.*)$/.exec(line);
    if (env !== null) {
      const name = env[1] ?? '';
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        sink.cause(file, at, `${file}:${at} sets an environment variable whose name the audit cannot read (${name})`, true);
        continue;
      }
      const value = expand(env[2] ?? '');
      sink.assign(name, file, at, unknown !== undefined ? { unreadable: `uses $${unknown}, a variable the audit does not know` }
        : path.isAbsolute(value) ? { value: path.normalize(value) } : { unreadable: 'not an absolute path' }, true);
      continue;
    }
    const src = /^source\s*=\s*(.*)$/.exec(line);
    if (src === null) continue;
    const target = expand(src[1] ?? '').replace(/^~(?=\/|$)/, sink.home);
    const placed = unknown === undefined && path.isAbsolute(target) ? sink.place(target) : undefined;
    if (placed === undefined || depth + 1 > MAX_DEPTH || /[*?[]/.test(path.dirname(placed))) {
      sink.cause(file, at, `${file}:${at} sources ${src[1] ?? ''}, which the audit ${placed === undefined ? 'cannot resolve' : 'does not follow'}; variables it sets were not read`, true);
      continue;
    }
    for (const f of await matches(placed)) await hyprFile(sink, f, vars, depth + 1);
  }
}

/**
 * tmux's configuration: `set-environment [-Fhgru] [-t target] NAME VALUE` (alias `setenv`) and a
 * `NAME=VALUE` line set variables of the global or a session's environment, which every process
 * tmux starts inherits (`-u`/`-r` unset, `-h` hides a variable from new processes, `-F` expands a
 * format); `source-file [-Fnqv] PATH…` reads more files (glob patterns allowed); `run-shell` runs
 * a command, which may set more through `tmux set-environment`. Files: /etc/tmux.conf, then
 * ~/.tmux.conf, $XDG_CONFIG_HOME/tmux/tmux.conf, ~/.config/tmux/tmux.conf (tmux(1) DESCRIPTION
 * "-f file", COMMANDS "source-file", ENVIRONMENT "set-environment", PARSING SYNTAX: `~`, `$NAME`
 * and quoting as in the shell; https://man.openbsd.org/tmux.1).
 */
export async function readTmux(sink: SessionSink): Promise<void> {
  const etc = sink.place('/etc/tmux.conf');
  const files = [...(etc !== undefined ? [etc] : []), path.join(sink.home, '.tmux.conf'), path.join(configHome(sink), 'tmux', 'tmux.conf'), path.join(sink.home, '.config', 'tmux', 'tmux.conf')];
  for (const f of [...new Set(files)]) await tmuxFile(sink, f, 0);
}

const TMUX_WORD = /(?:"(?:[^"\\]|\\.)*"|'[^']*'|[^\s"';]|\\;)+|;/g;

async function tmuxFile(sink: SessionSink, file: string, depth: number): Promise<void> {
  if (!sink.first(file)) return;
  const text = await readText(sink, file, 'tmux and the programs it starts');
  if (text === undefined) return;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const at = i + 1;
    const code = (lines[i] ?? '').replace(/^\s*#.*$/, '').replace(/\s+#.*$/, '');
    const words = code.match(TMUX_WORD) ?? [];
    // Commands on one line are separated by a `;` word.
    const cmds: string[][] = [[]];
    for (const w of words) if (w === ';') cmds.push([]); else cmds[cmds.length - 1]?.push(w.replace(/\\;$/, ''));
    for (const cmd of cmds) await tmuxCommand(sink, file, at, cmd, depth);
  }
}

async function tmuxCommand(sink: SessionSink, file: string, at: number, cmd: readonly string[], depth: number): Promise<void> {
  const [name, ...args] = cmd;
  if (name === undefined) return;
  const assign = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(name);
  if (assign !== null && args.length === 0) { sink.assign(assign[1] ?? '', file, at, sink.shellWord(assign[2] ?? ''), true); return; }
  const flags: string[] = [];
  const rest: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k] ?? '';
    if (rest.length === 0 && /^-[A-Za-z]+$/.test(a)) { flags.push(a.slice(1)); if (/t$/.test(a)) k++; } else rest.push(a);
  }
  const f = flags.join('');
  if (name === 'set-environment' || name === 'setenv') {
    const [variable, value] = rest;
    if (variable === undefined || value === undefined || /[urh]/.test(f)) return;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) {
      sink.cause(file, at, `${file}:${at} sets an environment variable whose name the audit cannot read (${variable})`, true);
      return;
    }
    sink.assign(variable, file, at, f.includes('F') && value.includes('#') ? { unreadable: 'a tmux format the audit does not expand' } : sink.shellWord(value), true);
    return;
  }
  if (name === 'run-shell' || name === 'run') {
    sink.cause(file, at, `${file}:${at} runs a shell command from tmux (${name}), which may set tmux's environment; variables it sets were not read`, true);
    return;
  }
  if (name !== 'source-file' && name !== 'source') return;
  for (const w of rest) {
    const t = f.includes('F') && w.includes('#') ? { unreadable: 'a tmux format the audit does not expand' } : sink.shellWord(w);
    const placed = t.value !== undefined ? sink.place(t.value) : undefined;
    if (placed === undefined || depth + 1 > MAX_DEPTH || /[*?[]/.test(path.dirname(placed))) {
      sink.cause(file, at, `${file}:${at} sources ${w}, which the audit ${placed === undefined ? `cannot resolve (${t.unreadable ?? 'cannot be placed in the audited tree'})` : 'does not follow'}; variables it sets were not read`, true);
      continue;
    }
    for (const g of await matches(placed)) await tmuxFile(sink, g, depth + 1);
  }
}

/** The `terminal.integrated.env.*` key of each platform (microsoft/vscode src/vs/platform/terminal/common/terminalPlatformConfiguration.ts TerminalSettingId.EnvLinux, EnvMacOs, EnvWindows). */
const TERMINAL_ENV: Readonly<Record<Platform, string>> = { linux: 'terminal.integrated.env.linux', darwin: 'terminal.integrated.env.osx', win32: 'terminal.integrated.env.windows' };

/**
 * The user settings of the VS Code family (each product's `User/settings.json` and its profiles'
 * `User/profiles/<id>/settings.json`, in the user-data root: ~/.config or $XDG_CONFIG_HOME on
 * Linux, ~/Library/Application Support on macOS, %APPDATA% on Windows, microsoft/vscode@05528c78
 * src/vs/platform/environment/node/userDataPath.ts; each Flathub sandbox's config folder; the
 * remote server's ~/.vscode-server/data/{Machine,User}, src/vs/server/node/server.main.ts):
 * `terminal.integrated.env.<os>` adds its variables to every integrated terminal, where CLI hosts
 * are started (https://code.visualstudio.com/docs/terminal/profiles: "terminal.integrated.env.<platform>";
 * values may use `${env:NAME}` and `${userHome}`, https://code.visualstudio.com/docs/reference/variables-reference).
 */
export async function readTerminalEnv(sink: SessionSink, platform: Platform): Promise<void> {
  const root = platform === 'linux' ? configHome(sink) : platform === 'darwin' ? path.join(sink.home, 'Library', 'Application Support') : path.join(sink.home, 'AppData', 'Roaming');
  const products = VSCODE_FAMILY_GLOB.slice(1, -1).split(',');
  const bases = products.map((p) => path.join(root, p));
  if (platform === 'linux') {
    for (const f of VSCODE_FAMILY_FLATPAKS) bases.push(path.join(sink.home, '.var', 'app', f.appId, 'config', f.folder));
    for (const server of ['.vscode-server', '.vscode-server-insiders']) bases.push(path.join(sink.home, server, 'data'));
  }
  const key = TERMINAL_ENV[platform];
  for (const base of bases) {
    const files = [...await globFiles({ base, pattern: '{User,Machine}/settings.json', display: base }), ...await globFiles({ base, pattern: 'User/profiles/*/settings.json', display: base })];
    for (const file of files) {
      if (!sink.first(file)) continue;
      const text = await readText(sink, file, 'the editor\'s integrated terminals');
      if (text === undefined || !text.includes('terminal.integrated.env')) continue;
      const doc = parseJsonc(text, { strict: false });
      if (!doc.ok) {
        sink.cause(file, 1, `${file} names terminal.integrated.env but cannot be parsed; the variables it sets for the editor's terminals were not read`, true);
        continue;
      }
      const value: unknown = doc.value.value;
      const env: unknown = typeof value === 'object' && value !== null ? new Map<string, unknown>(Object.entries(value)).get(key) : undefined;
      if (env === undefined) continue;
      if (typeof env !== 'object' || env === null || Array.isArray(env)) {
        sink.cause(file, doc.value.locate([key]).line, `${file} sets ${key} to a value the audit does not read`, true);
        continue;
      }
      for (const [name, v] of Object.entries(env)) {
        if (typeof v !== 'string') continue;
        sink.assign(name, file, doc.value.locate([key, name]).line, terminalValue(sink, v), false);
      }
    }
  }
}

function terminalValue(sink: SessionSink, v: string): { value?: string; unreadable?: string } {
  let unknown: string | undefined;
  const w = v.replace(/\$\{(?:env:([A-Za-z_][A-Za-z0-9_]*)|(userHome))\}/g, (_t, n?: string, home?: string) => {
    const got = home !== undefined || n === 'HOME' || n === 'USERPROFILE' ? sink.home : sink.known(n ?? '');
    if (got === undefined) unknown ??= n;
    return got ?? '';
  });
  if (unknown !== undefined) return { unreadable: `uses \${env:${unknown}}, whose value the editor's session holds` };
  if (w.includes('${')) return { unreadable: 'uses a variable the audit does not resolve' };
  const slashed = w.replace(/\\/g, '/');
  return path.isAbsolute(slashed) || /^[A-Za-z]:\//.test(slashed) ? { value: /^[A-Za-z]:\//.test(slashed) ? slashed : path.normalize(slashed) } : { unreadable: 'not an absolute path' };
}
