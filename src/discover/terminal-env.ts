import path from 'node:path';
import { parseToml } from '../parse/toml.js';
import { parseYaml } from '../parse/yaml.js';
import type { ParsedDocument } from '../parse/document.js';
import type { Platform } from '../shared/env.js';
import { globFiles } from './glob.js';
import type { SessionSink } from './launch-files.js';
import { readConfigFile } from './read-file.js';

/**
 * Terminal emulators and screen managers whose config sets variables in the environment of every
 * shell they start, and so of a CLI host run from one (read for session-env.ts beside tmux in
 * app-env.ts): kitty, Alacritty, WezTerm and GNU screen. A literal value is applied; one that
 * cannot be read (an unknown variable, a Lua expression) is recorded without a value, and a line
 * that may set variables the audit cannot read (a generated include) is a floor cause.
 */

const MAX_DEPTH = 4;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

type Value = { value?: string; unreadable?: string };

async function readText(sink: SessionSink, file: string, what: string): Promise<string | undefined> {
  if (!sink.first(file)) return undefined;
  const read = await readConfigFile(file, 1024 * 1024);
  if (read.kind === 'text') return read.text;
  if (read.kind === 'problem') sink.cause(file, 1, `${file} cannot be read (${read.detail}); the variables it sets for ${what} were not read`, true);
  return undefined;
}

const configHome = (sink: SessionSink): string => {
  const x = sink.known('XDG_CONFIG_HOME');
  return x !== undefined ? sink.place(x) ?? x : path.join(sink.home, '.config');
};

const absolute = (v: string): Value => (path.isAbsolute(v) && !v.includes('\\') ? { value: path.normalize(v) } : { unreadable: 'not an absolute path' });

export async function readTerminalEmulators(sink: SessionSink, platform: Platform): Promise<void> {
  await readKitty(sink, platform);
  await readAlacritty(sink, platform);
  await readWezterm(sink, platform);
  if (platform !== 'win32') await readScreen(sink);
}

/**
 * kitty.conf: `env NAME=VALUE` sets NAME "in all child processes", `${NAME}` in VALUE expanded
 * (recursively, from kitty's environment and earlier `env` lines); `env NAME` removes it;
 * `include FILE` and `globinclude PATTERN` read more files (relative to the config folder);
 * `geninclude PROGRAM` reads what a program prints (https://sw.kovidgoyal.net/kitty/conf/#opt-kitty.env,
 * https://sw.kovidgoyal.net/kitty/conf/ "include", "globinclude", "geninclude"). The file is
 * $KITTY_CONFIG_DIRECTORY/kitty.conf, else $XDG_CONFIG_HOME/kitty/kitty.conf, ~/.config/kitty/kitty.conf
 * (and ~/Library/Preferences/kitty/kitty.conf on macOS).
 */
async function readKitty(sink: SessionSink, platform: Platform): Promise<void> {
  const own = sink.known('KITTY_CONFIG_DIRECTORY');
  const dirs = [
    ...(own !== undefined ? [sink.place(own) ?? own] : []), path.join(configHome(sink), 'kitty'), path.join(sink.home, '.config', 'kitty'),
    ...(platform === 'darwin' ? [path.join(sink.home, 'Library', 'Preferences', 'kitty')] : []),
  ];
  const vars = new Map<string, string>();
  for (const dir of [...new Set(dirs)]) await kittyFile(sink, path.join(dir, 'kitty.conf'), dir, vars, 0);
}

async function kittyFile(sink: SessionSink, file: string, dir: string, vars: Map<string, string>, depth: number): Promise<void> {
  const text = await readText(sink, file, 'kitty and the shells it starts');
  if (text === undefined) return;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const at = i + 1;
    const line = (lines[i] ?? '').trim();
    if (line.startsWith('#')) continue;
    const m = /^(\S+)\s*(.*)$/.exec(line);
    const key = m?.[1] ?? '';
    const rest = (m?.[2] ?? '').trim();
    let unknown: string | undefined;
    const expand = (v: string): string => v.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_t, n: string) => {
      const got = n === 'HOME' ? sink.home : vars.get(n) ?? sink.known(n);
      if (got === undefined) unknown ??= n;
      return got ?? '';
    });
    if (key === 'env') {
      const eq = rest.indexOf('=');
      if (eq < 0) continue;
      const name = rest.slice(0, eq).trim();
      if (!NAME.test(name)) { sink.cause(file, at, `${file}:${at} sets an environment variable whose name the audit cannot read (${name})`, true); continue; }
      const value = expand(rest.slice(eq + 1));
      if (unknown === undefined) vars.set(name, value); else vars.delete(name);
      sink.assign(name, file, at, unknown !== undefined ? { unreadable: `uses \${${unknown}}, a variable of kitty's environment the audit does not know` } : absolute(value), false);
      continue;
    }
    if (key === 'geninclude') { sink.cause(file, at, `${file}:${at} includes the output of a program (geninclude), which the audit does not run; variables it sets for kitty's shells were not read`, true); continue; }
    if (key !== 'include' && key !== 'globinclude') continue;
    const target = expand(rest).replace(/^~(?=\/|$)/, sink.home);
    const full = path.isAbsolute(target) ? sink.place(target) : path.join(dir, target);
    if (unknown !== undefined || full === undefined || depth + 1 > MAX_DEPTH || /[*?[]/.test(path.dirname(full))) {
      sink.cause(file, at, `${file}:${at} includes ${rest}, which the audit ${full === undefined || unknown !== undefined ? 'cannot resolve' : 'does not follow'}; variables it sets for kitty's shells were not read`, true);
      continue;
    }
    const base = path.basename(full);
    const files = /[*?[]/.test(base) ? await globFiles({ base: path.dirname(full), pattern: base, display: full }) : [full];
    for (const f of files) await kittyFile(sink, f, dir, vars, depth + 1);
  }
}

/**
 * Alacritty: "All key-value pairs in the [env] section will be added as environment variables for
 * any process spawned by Alacritty" (https://alacritty.org/config-alacritty.html "env"); `import`
 * (top level, or `[general] import` since 0.14) reads more files, `~` expanded. Files:
 * $XDG_CONFIG_HOME/alacritty/alacritty.toml, $XDG_CONFIG_HOME/alacritty.toml,
 * ~/.config/alacritty/alacritty.toml, ~/.alacritty.toml (%APPDATA%\alacritty\alacritty.toml on
 * Windows), and the same names in .yml, the format before 0.13
 * (https://github.com/alacritty/alacritty/blob/v0.12.3/alacritty.yml "env:").
 */
async function readAlacritty(sink: SessionSink, platform: Platform): Promise<void> {
  const bases = platform === 'win32' ? [path.join(sink.home, 'AppData', 'Roaming', 'alacritty', 'alacritty')]
    : [path.join(configHome(sink), 'alacritty', 'alacritty'), path.join(configHome(sink), 'alacritty'), path.join(sink.home, '.config', 'alacritty', 'alacritty'), path.join(sink.home, '.alacritty')];
  for (const b of [...new Set(bases)]) {
    await alacrittyFile(sink, `${b}.toml`, 0);
    await alacrittyFile(sink, `${b}.yml`, 0);
  }
}

const entries = (v: unknown): [string, unknown][] => (typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.entries(v) : []);
const member = (v: unknown, key: string): unknown => new Map(entries(v)).get(key);

async function alacrittyFile(sink: SessionSink, file: string, depth: number): Promise<void> {
  const text = await readText(sink, file, 'Alacritty and the shells it starts');
  if (text === undefined) return;
  const parsed = file.endsWith('.yml') ? parseYaml(text) : parseToml(text);
  if (!parsed.ok) {
    if (/\benv\b|\bimport\b/.test(text)) sink.cause(file, 1, `${file} cannot be parsed; the variables it sets for Alacritty's shells were not read`, true);
    return;
  }
  const doc: ParsedDocument = parsed.value;
  const imports = member(doc.value, 'import') ?? member(member(doc.value, 'general'), 'import');
  for (const imp of Array.isArray(imports) ? imports : []) {
    const target = typeof imp === 'string' ? imp.replace(/^~(?=\/|$)/, sink.home) : '';
    const placed = path.isAbsolute(target) ? sink.place(target) : undefined;
    if (placed === undefined || depth + 1 > MAX_DEPTH) {
      sink.cause(file, doc.locate(['import']).line, `${file} imports ${typeof imp === 'string' ? imp : 'a value'} that the audit ${placed === undefined ? 'cannot resolve' : 'does not follow'}; variables it sets for Alacritty's shells were not read`, true);
      continue;
    }
    await alacrittyFile(sink, placed, depth + 1);
  }
  for (const [name, v] of entries(member(doc.value, 'env'))) {
    const at = doc.locate(['env', name]).line;
    if (!NAME.test(name)) { sink.cause(file, at, `${file}:${at} sets an environment variable whose name the audit cannot read (${name})`, true); continue; }
    sink.assign(name, file, at, typeof v === 'string' ? absolute(v) : { unreadable: 'not a string' }, false);
  }
}

/**
 * WezTerm: `set_environment_variables = { NAME = VALUE, … }` in the config table sets them for
 * the programs it spawns (https://wezterm.org/config/lua/config/set_environment_variables.html).
 * The config is Lua ($WEZTERM_CONFIG_FILE, ~/.wezterm.lua, $XDG_CONFIG_HOME/wezterm/wezterm.lua and
 * the modules beside it, https://wezterm.org/config/files.html), which the audit does not evaluate:
 * a `NAME = "literal"` (or `wezterm.home_dir .. "…"`) entry is read as its value, any other entry,
 * and a table it does not read, is a value the audit cannot read, so the count is a floor.
 */
async function readWezterm(sink: SessionSink, platform: Platform): Promise<void> {
  const own = sink.known('WEZTERM_CONFIG_FILE');
  const dir = platform === 'win32' ? path.join(sink.home, '.config', 'wezterm') : path.join(configHome(sink), 'wezterm');
  const files = [
    ...(own !== undefined && sink.place(own) !== undefined ? [sink.place(own) ?? own] : []), path.join(sink.home, '.wezterm.lua'),
    ...await globFiles({ base: dir, pattern: '**/*.lua', display: path.join(dir, '**/*.lua') }),
  ];
  for (const f of [...new Set(files)]) await weztermFile(sink, f);
}

const LUA_STRING = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')$/;

function luaValue(sink: SessionSink, expr: string): Value {
  const lit = LUA_STRING.exec(expr);
  if (lit !== null) return absolute(lit[1] ?? lit[2] ?? '');
  const home = /^(?:wezterm\.home_dir|os\.getenv\(\s*["']HOME["']\s*\))\s*\.\.\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')$/.exec(expr);
  const tail = home !== null ? LUA_STRING.exec(home[1] ?? '') : null;
  return tail !== null ? absolute(sink.home + (tail[1] ?? tail[2] ?? '')) : { unreadable: 'a Lua expression the audit does not evaluate' };
}

async function weztermFile(sink: SessionSink, file: string): Promise<void> {
  const text = await readText(sink, file, 'WezTerm and the shells it starts');
  if (text === undefined || !text.includes('set_environment_variables')) return;
  const lines = text.split(/\r?\n/).map((l) => l.replace(/--.*$/, ''));
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    const at = i + 1;
    let line = lines[i] ?? '';
    if (depth === 0) {
      const open = /\bset_environment_variables\s*(?:\.\s*([A-Za-z_][A-Za-z0-9_]*)|\[\s*["']([A-Za-z_][A-Za-z0-9_]*)["']\s*\])?\s*=\s*(.*)$/.exec(line);
      if (open === null) continue;
      const one = open[1] ?? open[2];
      const rhs = (open[3] ?? '').trim().replace(/[,;]\s*$/, '');
      if (one !== undefined) { sink.assign(one, file, at, luaValue(sink, rhs), false); continue; }
      if (!rhs.startsWith('{')) { sink.cause(file, at, `${file}:${at} sets WezTerm's set_environment_variables to a Lua expression the audit does not evaluate; variables it sets for WezTerm's shells were not read`, true); continue; }
      line = rhs.slice(1);
      depth = 1;
    }
    // Inside the table: `NAME = VALUE,` or `["NAME"] = VALUE,` entries, one or more to a line.
    for (const part of line.split(/,(?=(?:[^"']|"[^"]*"|'[^']*')*$)/)) {
      let p = part.trim();
      if (p.includes('}')) { depth = 0; p = p.slice(0, p.indexOf('}')).trim(); }
      if (p === '') { if (depth === 0) break; continue; }
      const e = /^(?:([A-Za-z_][A-Za-z0-9_]*)|\[\s*["']([^"']*)["']\s*\])\s*=\s*(.+)$/.exec(p);
      if (e === null) sink.cause(file, at, `${file}:${at} is in WezTerm's set_environment_variables in a form the audit does not read; the variables it sets were not read`, true);
      else sink.assign(e[1] ?? e[2] ?? '', file, at, luaValue(sink, (e[3] ?? '').trim()), false);
      if (depth === 0) break;
    }
  }
}

/**
 * GNU screen: `setenv VAR STRING` sets VAR in the environment of the windows screen starts
 * afterwards, `source FILE` reads another file, and `$VAR`/`${VAR}` and quotes are expanded as in
 * the shell (screen(1) "setenv", "source", "CUSTOMIZATION": the files are /etc/screenrc, then
 * $SCREENRC or ~/.screenrc; https://www.gnu.org/software/screen/manual/screen.html#Setenv).
 */
async function readScreen(sink: SessionSink): Promise<void> {
  const etc = sink.place('/etc/screenrc');
  const own = sink.known('SCREENRC');
  const user = own !== undefined ? sink.place(own) : path.join(sink.home, '.screenrc');
  for (const f of [...(etc !== undefined ? [etc] : []), ...(user !== undefined ? [user] : [])]) await screenFile(sink, f, 0);
}

async function screenFile(sink: SessionSink, file: string, depth: number): Promise<void> {
  const text = await readText(sink, file, 'screen and the shells it starts');
  if (text === undefined) return;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const at = i + 1;
    const words = (lines[i] ?? '').replace(/^\s*#.*$/, '').match(/(?:"(?:[^"\\]|\\.)*"|'[^']*'|[^\s"'])+/g) ?? [];
    const [cmd, first, second] = words;
    if (cmd === 'setenv' && first !== undefined && second !== undefined) {
      const name = first.replace(/^["']|["']$/g, '');
      if (!NAME.test(name)) { sink.cause(file, at, `${file}:${at} sets an environment variable whose name the audit cannot read (${first})`, true); continue; }
      sink.assign(name, file, at, sink.shellWord(words.slice(2).join(' ')), false);
      continue;
    }
    if (cmd !== 'source' || first === undefined) continue;
    const t = sink.shellWord(first);
    const placed = t.value !== undefined ? sink.place(t.value) : undefined;
    if (placed === undefined || depth + 1 > MAX_DEPTH) {
      sink.cause(file, at, `${file}:${at} sources ${first}, which the audit ${placed === undefined ? 'cannot resolve' : 'does not follow'}; variables it sets for screen's windows were not read`, true);
      continue;
    }
    await screenFile(sink, placed, depth + 1);
  }
}
