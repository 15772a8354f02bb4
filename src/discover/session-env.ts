import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Platform } from '../shared/env.js';
import { append } from '../shared/lists.js';
import { readHyprland, readTerminalEnv, readTmux } from './app-env.js';
import type { CaseFolder } from './fold-case.js';
import { globFiles, type GlobOptions } from './glob.js';
import { readTerminalEmulators } from './terminal-env.js';
import { win32Shortcuts } from './win-shortcuts.js';
import { readDesktopEntries, readUserUnits, type SessionSink } from './launch-files.js';
import { SYSTEM_SESSION_FILES } from './system-session.js';
import { readConfigFile, type ReadOutcome } from './read-file.js';
import { hiveValues, keyValues, REG_EXPAND_SZ, type HiveValue } from './registry-hive.js';
import { HOST_PROGRAMS, launchOptionNames, optionValues, tokenize, unquote, recorded, unfollowedOption, wrapperLine, wrapperScript, pathScript, WRAPPER_GATE, type WrapperContext, type WrapperOptionValue } from './shell-wrappers.js';

/**
 * What the audited home's own dotfiles and session files say about the hosts' directory
 * variables (host-lookup.ts `DirVariable`). The host's process environment cannot be read, and
 * this process's environment is not the host's: what a login shell, a desktop session or launchd
 * sets is read statically from the files that set it. A value is known only when it is a literal
 * (`~`, `$HOME` and variables those same files set literally are expanded); anything else (`$(…)`,
 * an unset variable, a relative path) is recorded without a value. Either way the variable's
 * presence makes the entry count a floor: which of these files the host's session really read,
 * and in which order, is not known.
 *
 * Files that the shells read at startup source further files (`. ~/.bash_aliases`): a literal
 * path is followed (depth-limited, each file once). Output of programs a dotfile runs
 * (`eval "$(tool init)"`) is not examined: in the session's own files such a line, and one that
 * sets a variable whose name is computed (`export "CODEX_"HOME=…`, `export ${P}_HOME=…`,
 * `printf -v "$n"`), is a floor cause, since what it sets cannot be read.
 *
 * Folders the files put on PATH (`export PATH=~/mybin:$PATH`, zsh `path=(…)`, csh `set path`,
 * fish `fish_add_path`, `set -gx PATH`, `fish_user_paths`) are read for host wrappers as the
 * stock ones are (readWrapperScripts); a folder that cannot be resolved is a floor cause.
 */
export interface SessionVariable {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  /** The literal value, when it can be read (an absolute path). */
  readonly value?: string;
  /** Why the value cannot be read. */
  readonly unreadable?: string;
  /**
   * The value as literal text, when the word holds no expansion (a whole config document in a
   * host's content variable, `ContentVariable`): POSIX-shell assignments only.
   */
  readonly text?: string;
}

/** A line the audit does not follow: a source it cannot resolve, a host wrapper alias or function. */
export interface SessionNotFollowed {
  readonly file: string;
  readonly line: number;
  readonly detail: string;
  /** The line may set variables of the session that were not read (a source not followed, eval, a computed name, a PATH folder not resolved). */
  readonly setsUnknown?: true;
}

/** Every variable name: readSessionEnv records each assignment (the grader's view of the session a launch inherits). */
export const ALL_NAMES: ReadonlySet<string> = new (class extends Set<string> {
  override has(): boolean { return true; }
})();

/**
 * A host program's option that names a config file (Claude Code `--mcp-config FILE…`), given by an
 * alias or function of a session file: where it was given, and each value (a path mapped onto the
 * audited tree, or why it cannot be read).
 */
export type LaunchOptionValue = WrapperOptionValue;

/** How the session files of one home are read (relocation.ts passes it). */
export interface SessionReadOptions {
  /**
   * Places an absolute path a session file names (a system startup file, a sourced script, an
   * option's file) in the audited tree: as written for one's own machine, below `--root` otherwise
   * (paths.ts `mapRecordedPath`). Without it no system startup file is read (a bare home in a test).
   */
  readonly place?: (p: string) => string | undefined;
  /** Programs and the options of theirs whose file values are read (`HostDefinition.launchOptions`). */
  readonly options?: ReadonlyMap<string, readonly string[]>;
  /** Receives the values of those options. */
  readonly launchOptions?: LaunchOptionValue[];
  /** Receives the folders the files put on PATH (resolved, placed in the audited tree). */
  readonly pathDirs?: string[];
  /**
   * How each file is read (default readConfigFile): the grader passes its case-folded reader for a
   * macOS or Windows home read from a case-sensitive copy, so `~/.ZSHENV` is the `~/.zshenv` zsh
   * opens there (grade/stores/case-fold.ts).
   */
  readonly read?: (file: string, maxBytes?: number) => Promise<ReadOutcome>;
  /**
   * How the globbed files (`.config/fish/conf.d/*.fish`, `/etc/profile.d/*.sh`) are found: with a
   * folder, the folder a macOS or Windows volume opens for the spelled one (`.config/Fish/conf.d`).
   * The pattern itself stays case-sensitive, as the shells' own globbing is (bash without nocaseglob, fish).
   */
  readonly glob?: GlobOptions;
}

/** Startup files of POSIX shells, relative to the home (bash, zsh, sh, ksh, mksh, csh/tcsh, fish, X sessions). */
const POSIX_FILES = [
  '.profile', '.bash_profile', '.bash_login', '.bashrc', '.bash_env',
  '.zshenv', '.zprofile', '.zshrc', '.zlogin',
  // An interactive ksh reads $ENV, ~/.kshrc when ENV is unset (ksh93 sh(1) "Invocation"); mksh
  // $ENV, else ~/.mkshrc (mksh(1) "Startup files", http://www.mirbsd.org/htman/i386/man1/mksh.htm).
  '.kshrc', '.mkshrc',
  '.cshrc', '.tcshrc', '.login',
  '.config/fish/config.fish', '.config/fish/conf.d/*.fish',
  // fish autoloads `functions/NAME.fish` when NAME is first run, from $fish_function_path, whose
  // user entry is ~/.config/fish/functions (https://fishshell.com/docs/current/language.html#autoloading-functions).
  '.config/fish/functions/*.fish',
  // fish universal variables (`set -Ux`), stored as `SETUVAR --export NAME:value`.
  '.config/fish/fish_variables',
];
/**
 * Start-up files of shells whose syntax is not parsed here (nushell, elvish, xonsh): a line naming
 * a host variable is recorded without a value, and a line that sets an environment variable in
 * their own form (`$env.X = …`, `load-env`, elvish `set E:X`/`set-env`, xonsh `$X = …`) is a cause
 * when every assignment is wanted (`ALL_NAMES`).
 * https://www.nushell.sh/book/configuration.html, https://elv.sh/ref/command.html#rc-file,
 * https://xon.sh/xonshrc.html
 */
const OTHER_SHELL_FILES = [
  '.config/nushell/env.nu', '.config/nushell/config.nu', '.config/nushell/autoload/*.nu', '.local/share/nushell/vendor/autoload/*.nu',
  '.config/elvish/rc.elv', '.elvish/rc.elv',
  '.xonshrc', '.config/xonsh/rc.xsh', '.config/xonsh/rc.d/*.xsh',
];
const OTHER_SHELL_SETS = /\$env\.|\bload-env\b|\bset-env\b|\bset\s+E:|^\s*\$[A-Za-z_][A-Za-z0-9_]*\s*=|\$\{[^}]*\}\s*=/;
/** PowerShell profiles on Linux and macOS (about_Profiles: $HOME/.config/powershell). */
const UNIX_PS_FILES = ['.config/powershell/*profile.ps1'];
/** Linux session environment: systemd user environment.d (desktop sessions), PAM, X and KDE session scripts. */
const LINUX_FILES = [
  '.config/environment.d/*.conf', '.pam_environment', '.xprofile', '.xsessionrc', '.xsession', '.xinitrc',
  '.config/plasma-workspace/env/*.sh',
  '.config/systemd/user.conf', '.config/systemd/user.conf.d/*.conf',
  // uwsm, which starts Hyprland and other compositors as systemd units, sources these as shell
  // (`export KEY=VAL`: https://wiki.hypr.land/Configuring/Advanced-and-Cool/Environment-variables/
  // names ~/.config/uwsm/env and ~/.config/uwsm/env-hyprland).
  '.config/uwsm/env', '.config/uwsm/env-*',
];
/**
 * Windows: PowerShell profiles (`$env:NAME = …`) for PowerShell 7 and Windows PowerShell, all hosts
 * and the console host, in Documents and OneDrive-redirected Documents
 * (https://learn.microsoft.com/powershell/module/microsoft.powershell.core/about/about_profiles).
 */
const WIN32_FILES = [
  'Documents/PowerShell/*profile.ps1', 'Documents/WindowsPowerShell/*profile.ps1',
  'OneDrive/Documents/PowerShell/*profile.ps1', 'OneDrive/Documents/WindowsPowerShell/*profile.ps1',
];
/**
 * PowerShell forms that set a variable whose name or value is computed: Invoke-Expression (`iex`),
 * [Environment]::SetEnvironmentVariable, and the env: drive's item cmdlets
 * (https://learn.microsoft.com/powershell/module/microsoft.powershell.core/about/about_environment_variables).
 */
const PS_COMPUTED = /\b(?:Invoke-Expression|iex)\b|SetEnvironmentVariable|\b(?:Set-Item|New-Item|Set-Content|Add-Content|si|ni|sc|ac)\b[^\n]*\benv:|\$\{env:[^}]*\$/i;
const SETUVAR = /^\s*SETUVAR\s+--export\s+([A-Za-z_][A-Za-z0-9_]*):(.*)$/;
const PS_ENV = /^\s*\$env:([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/i;
/**
 * An assignment to an environment variable anywhere on a PowerShell line: `$env:NAME` or
 * `${env:NAME}`, alone or first of several targets (`$env:A, $env:B = …`), then `=` or a compound
 * assignment operator (about_Assignment_Operators; `=` never compares in PowerShell, `-eq` does).
 */
const PS_ENV_SET = /\$(?:env:([A-Za-z_][A-Za-z0-9_]*)|\{env:([^}]*)\})(?:\s*,\s*\$[\w:{}]+)*\s*[-+*/%]?\?{0,2}=(?!=)/gi;
/** macOS: launchd agents (`launchctl setenv`), the legacy per-user environment.plist. */
const DARWIN_FILES = ['Library/LaunchAgents/*.plist', '.MacOSX/environment.plist'];
const MAX_DEPTH = 4;
/** The Windows user environment lives in the registry hive NTUSER.DAT, read only as bytes. */
const MAX_HIVE_BYTES = 256 * 1024 * 1024;

const ASSIGN = /^\s*(?:export\s+|declare\s+-[a-zA-Z]*x[a-zA-Z]*\s+|typeset\s+-[a-zA-Z]*x[a-zA-Z]*\s+|readonly\s+|local\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;
const FISH = /^\s*set\s+(?:-[a-zA-Z]+\s+|--[a-z]+\s+)*([A-Za-z_][A-Za-z0-9_]*)\s+(.*)$/;
const CSH = /^\s*setenv\s+([A-Za-z_][A-Za-z0-9_]*)\s+(.*)$/;
const PAM = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s+(?:DEFAULT|OVERRIDE)=(.*)$/;
const LAUNCHCTL = /launchctl\s+setenv\s+([A-Za-z_][A-Za-z0-9_]*)\s+(\S+)/;
/**
 * A `.`/`source` command, or nvm's `\.` (a backslash keeps an alias named `.` from applying;
 * nvm-sh/nvm@0034bfda628e7ede1e6a5c42e9a4e744f8036f6b:install.sh `nvm_do_install` appends
 * `export NVM_DIR="$HOME/.nvm"` and `[ ! -s "$NVM_DIR/nvm.sh" ] || \. "$NVM_DIR/nvm.sh"`): at the start of the line, after `;`, `&&`,
 * `||`, `{`, `(`, `then`, `do` or `else`. Its word, quoted or not, is followed when it resolves
 * statically (`. ~/x`, `[ -f ~/x ] && . ~/x`, `if [ -f ~/x ]; then . ~/x; fi`, a variable set
 * literally, a loop over literal patterns); any other (`$VAR/x` with VAR unknown, a loop over
 * `$(ls …)`) makes the count a floor.
 */
const SOURCE_CMD = /(?:^|[;&|{(]|\b(?:then|do|else)\b)\s*(?:\\?\.|source)\s+((?:"[^"]*"|'[^']*'|[^\s;&|)"'])+)/g;

interface Walk {
  readonly home: string;
  readonly names: ReadonlySet<string>;
  /** Literal values seen so far (HOME, and what the files set literally). */
  readonly known: Map<string, string>;
  readonly seen: Set<string>;
  readonly out: SessionVariable[];
  readonly notFollowed: SessionNotFollowed[];
  /** `for NAME in WORDS` loops seen: NAME → the words, so `. "$NAME"` reads each file they match. */
  readonly loops: Map<string, readonly string[]>;
  /** Folders whose files are the session's own (the home, the system's /etc): their unfollowed lines are floor causes. */
  readonly ownDirs: readonly string[];
  /** Folders inside those whose scripts are sourced by another with its own variables (/etc/X11). */
  readonly notOwnDirs: readonly string[];
  readonly opts: SessionReadOptions;
  /** Aliases, functions and wrapper scripts that start a host's program (shell-wrappers.ts). */
  readonly wrap: WrapperContext;
  /** Folders the files put on PATH, resolved and placed in the audited tree, in first-seen order. */
  readonly pathDirs: string[];
  /** Every assignment is recorded (`ALL_NAMES`). */
  readonly all: boolean;
  /** `file:line:NAME` of the assignments a host command of an alias or function is prefixed with, recorded by the wrapper reader. */
  readonly prefixed: Set<string>;
  /**
   * The wanted name (as `names` spells it) a name assigned in a file sets, or undefined. Windows
   * environment names are case-insensitive ("On Windows, environment variable names are
   * case-insensitive": https://learn.microsoft.com/powershell/module/microsoft.powershell.core/about/about_environment_variables),
   * so for a win32 home `$env:codex_home` sets CODEX_HOME; elsewhere names match as written.
   */
  readonly wanted: (name: string) => string | undefined;
}

/** How a home of `platform` matches an assigned name against the wanted `names` (`Walk.wanted`). */
function wantedNames(names: ReadonlySet<string>, platform: Platform): (name: string) => string | undefined {
  if (names === ALL_NAMES) return (n) => n;
  if (platform !== 'win32') return (n) => (names.has(n) ? n : undefined);
  const upper = new Map([...names].map((n) => [n.toUpperCase(), n]));
  return (n) => (names.has(n) ? n : upper.get(n.toUpperCase()));
}

/**
 * Reads every session file of `platform` below `home` for assignments to `names`; lines it cannot
 * follow (sources, host wrappers) are added to `notFollowed` when given.
 */
export async function readSessionEnv(
  home: string, platform: Platform, names: ReadonlySet<string>, notFollowed: SessionNotFollowed[] = [], opts: SessionReadOptions = {},
): Promise<SessionVariable[]> {
  const all = names === ALL_NAMES;
  if (!all && names.size === 0 && (opts.options?.size ?? 0) === 0) return [];
  const place = opts.place;
  const etc = place?.('/etc');
  const ownDirs = [home, ...(etc !== undefined ? [etc] : [])];
  // Debian's /etc/X11/Xsession.d scripts are sourced by /etc/X11/Xsession with variables it sets
  // (`. "$USERXSESSIONRC"` is ~/.xsessionrc, read here as the home's own file): what they source
  // is no floor cause of theirs.
  const x11 = place?.('/etc/X11');
  const walk: Walk = {
    home, names, known: new Map([['HOME', home]]), seen: new Set(), out: [], notFollowed, loops: new Map(), ownDirs,
    notOwnDirs: x11 !== undefined ? [x11] : [], opts,
    wrap: {
      options: opts.options ?? new Map(), place, values: opts.launchOptions, notFollowed, fn: undefined,
      // `alias cx='env CODEX_HOME=~/x codex'`: the host that alias starts gets CODEX_HOME.
      assigned: (set, word, file, line) => {
        const name = walk.wanted(set);
        if (name === undefined) return;
        walk.prefixed.add(`${file}:${line}:${name}`);
        record(walk, name, file, line, literal(word, walk));
      },
    },
    pathDirs: [], all, prefixed: new Set(), wanted: wantedNames(names, platform),
  };
  // System startup files first: a login shell reads /etc/profile before ~/.profile, zsh /etc/zshenv
  // before ~/.zshenv, so what they set literally is known to the user's files.
  const system = place === undefined ? [] : SYSTEM_SESSION_FILES[platform].flatMap((t) => {
    const at = place(t);
    return at === undefined ? [] : [at];
  });
  if (platform === 'win32') {
    for (const file of system) for (const f of await expandAbs(file, opts.glob)) await readPowerShell(walk, f);
    for (const rel of WIN32_FILES) {
      for (const file of await expand(home, rel, opts.glob)) await readPowerShell(walk, file);
    }
    await readTerminalEnv(sinkOf(walk), platform);
    await readTerminalEmulators(sinkOf(walk), platform);
    await readWin32Wrappers(walk);
    for (const s of await win32Shortcuts(home, opts.glob ?? {})) walk.wrap.notFollowed.push({ file: s.file, line: 1, detail: s.detail });
    if (opts.pathDirs !== undefined) append(opts.pathDirs, walk.pathDirs);
    return [...walk.out, ...hiveMentions(home, names, notFollowed)];
  }
  for (const file of system) for (const f of await expandAbs(file, opts.glob)) await readFile(walk, f, 0);
  const files = [...POSIX_FILES, ...(platform === 'linux' ? LINUX_FILES : DARWIN_FILES)];
  for (const rel of files) {
    for (const file of await expand(home, rel, opts.glob)) await readFile(walk, file, 0);
  }
  for (const rel of OTHER_SHELL_FILES) {
    for (const file of await expand(home, rel, opts.glob)) await readOtherShell(walk, file);
  }
  for (const rel of UNIX_PS_FILES) {
    for (const file of await expand(home, rel, opts.glob)) await readPowerShell(walk, file);
  }
  // zsh reads its startup files from $ZDOTDIR when .zshenv sets it.
  const zdot = walk.known.get('ZDOTDIR');
  if (zdot !== undefined && zdot !== home) {
    for (const f of ['.zshenv', '.zprofile', '.zshrc', '.zlogin']) await readFile(walk, path.join(zdot, f), 0);
  }
  // An interactive sh, ksh or mksh reads the file $ENV names (POSIX.1-2017 XCU sh "ENV"), when set literally.
  const envFile = walk.known.get('ENV');
  if (envFile !== undefined) {
    const placed = place !== undefined ? place(envFile) : envFile;
    if (placed !== undefined) await readFile(walk, placed, 0);
  }
  // Programs that set the environment of what they start: the compositor, tmux, an editor's
  // terminals (app-env.ts), terminal emulators and screen (terminal-env.ts); then the desktop entries and user services that launch programs with
  // their own (launch-files.ts), after the session files that may move XDG_DATA_HOME.
  const sink = sinkOf(walk);
  if (platform === 'linux') await readHyprland(sink);
  await readTmux(sink);
  await readTerminalEmulators(sink, platform);
  await readTerminalEnv(sink, platform);
  if (platform === 'linux') {
    await readDesktopEntries(sink);
    await readUserUnits(sink);
  }
  // After every file: the PATH folders they add are known.
  await readWrapperScripts(walk);
  if (opts.pathDirs !== undefined) append(opts.pathDirs, walk.pathDirs);
  return walk.out;
}

/** The walk as the readers of app-env.ts and launch-files.ts see it. */
function sinkOf(walk: Walk): SessionSink {
  return {
    home: walk.home, wrap: walk.wrap, all: walk.all,
    known: (n) => walk.known.get(n),
    assign: (name, file, line, v, session) => {
      if (session) {
        if (v.value !== undefined) walk.known.set(name, v.value);
        else walk.known.delete(name);
      }
      const wanted = walk.wanted(name);
      if (wanted !== undefined) record(walk, wanted, file, line, v);
    },
    cause: (file, line, detail, setsUnknown) => { walk.notFollowed.push({ file, line, detail, ...(setsUnknown ? { setsUnknown: true as const } : {}) }); },
    place: (p) => (walk.opts.place !== undefined ? walk.opts.place(p) : inside(p, walk.home) ? p : undefined),
    shellWord: (w) => literal(w, walk),
    first: (file) => {
      if (walk.seen.has(file)) return false;
      walk.seen.add(file);
      return true;
    },
  };
}

/**
 * Folders of the home that the stock profiles put on PATH when they exist (Debian's and Ubuntu's
 * /etc/skel/.profile: `$HOME/bin`, `$HOME/.local/bin`), where installers put host programs
 * (Claude Code's native installer: ~/.local/bin/claude, https://code.claude.com/docs/en/setup).
 */
export const PATH_DIRS = ['.local/bin', 'bin'];
/**
 * Interpreters whose scripts are read as wrappers: the POSIX shells, fish and csh/tcsh (their
 * commands are read as an alias's body; fish `$argv` is the caller's arguments). A text file
 * with no `#!` line runs as a shell script too (execvp's ENOEXEC fallback,
 * https://pubs.opengroup.org/onlinepubs/9799919799/functions/exec.html).
 */
const SHELL_SHEBANG = /^#!\s*(?:\S*\/)?(?:env\s+(?:-\S+\s+)*)?(?:sh|bash|dash|zsh|ksh|mksh|fish|csh|tcsh)\b/;

/**
 * A console-script launcher as pip (pypa/distlib distlib/scripts.py SCRIPT_TEMPLATE) and uv
 * (astral-sh/uv crates/uv-install-wheel/src/wheel.rs) write one for an entry point
 * (https://packaging.python.org/en/latest/specifications/entry-points/): after the `#!` line (or
 * distlib's `#!/bin/sh` prologue that execs a long interpreter path), only these lines. Such a
 * file imports the installed package and calls it with the caller's argv.
 */
const CONSOLE_SCRIPT_LINES = [
  /^# -\*- coding: utf-8 -\*-$/,
  /^import (?:re|sys)$/,
  /^from [A-Za-z_][\w.]* import [A-Za-z_]\w*$/,
  /^if __name__ == (['"])__main__\1:$/,
  /^ {4}sys\.argv\[0\] = re\.sub\(r'\(-script\\\.pyw\|\\\.exe\)\?\$', '', sys\.argv\[0\]\)$/,
  /^ {4}if sys\.argv\[0\]\.endswith\((['"])-script\.pyw\1\):$/,
  /^ {8}sys\.argv\[0\] = sys\.argv\[0\]\[:-11\]$/,
  /^ {4}elif sys\.argv\[0\]\.endswith\((['"])\.exe\1\):$/,
  /^ {8}sys\.argv\[0\] = sys\.argv\[0\]\[:-4\]$/,
  /^ {4}sys\.exit\([A-Za-z_][\w.]*\(\)\)$/,
];

function consoleScript(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  let body = lines.slice(1);
  if (/^#!\s*\/bin\/sh\s*$/.test(lines[0] ?? '')) {
    // distlib: `'''exec' "/long/path/python" "$0" "$@"` then `' '''`.
    if (!/^'''exec' ("[^"]+"|\S+) "\$0" "\$@"$/.test(lines[1] ?? '') || lines[2] !== "' '''") return false;
    body = lines.slice(3);
  } else if (!/^#!\s*(?:\S*\/)?(?:env\s+)?python[\d.]*\s*$/.test(lines[0] ?? '')) {
    return false;
  }
  return body.some((l) => l.startsWith('from ')) && body.some((l) => l.startsWith('    sys.exit(')) && body.every((l) => CONSOLE_SCRIPT_LINES.some((r) => r.test(l)));
}

/**
 * A file named like a host program that is an installed program, not a user's wrapper: a symbolic
 * link into an installed npm package (npm's global bin links `{prefix}/bin/NAME` →
 * `{prefix}/lib/node_modules/PKG/…`, https://docs.npmjs.com/cli/v10/configuring-npm/folders#executables),
 * into a uv tool's or pipx's venv (https://docs.astral.sh/uv/concepts/tools/#tool-executables,
 * https://pipx.pypa.io/stable/how-pipx-works/), or a console-script launcher.
 */
function installedProgram(file: string, realPath: string | undefined, text: string): boolean {
  if (realPath !== undefined && realPath !== file) {
    const parts = realPath.split(/[\\/]/);
    const nm = parts.lastIndexOf('node_modules');
    const pkg = (parts[nm + 1] ?? '').startsWith('@') ? 2 : 1;
    if (nm >= 0 && (parts[nm + 1] ?? '') !== '' && parts.length > nm + pkg + 1) return true;
    if (/[\\/](?:uv[\\/]tools|pipx[\\/]venvs)[\\/][^\\/]+[\\/](?:bin|Scripts)[\\/][^\\/]+$/.test(realPath)) return true;
  }
  return consoleScript(text);
}

/** Files of a PATH folder that are read for a host's config-file option; past this, the folder is a floor cause. */
const MAX_PATH_FILES = 2000;

/**
 * In each folder of the PATH the session files give (the stock ones of the home, and those the
 * files add): a shell script named like a host program (shell-wrappers.ts `wrapperScript`). In a
 * folder inside the home, a script of another interpreter named like a host program (Python,
 * Perl, Node …) is code the audit does not evaluate, a floor cause, unless it is an installed
 * program (`installedProgram`). In folders inside the home, a shell script of any other name is
 * read for the host commands it runs (shell-wrappers.ts `pathScript`); failing closed, any other file that
 * names a host's config-file option (`ai` running `claude --mcp-config …`) too: what it passes is
 * not followed, a floor cause. Folders outside the home (the system's, which only their owner
 * writes) are read for the host-named shell scripts alone.
 */
async function readWrapperScripts(walk: Walk): Promise<void> {
  if (walk.wrap.options.size === 0) return;
  const options = launchOptionNames(walk.wrap);
  const folders = [...new Set([...PATH_DIRS.map((d) => path.join(walk.home, d)), ...walk.pathDirs])];
  for (const folder of folders) {
    const own = inside(folder, walk.home);
    for (const program of HOST_PROGRAMS) {
      const file = path.join(folder, program);
      const read = await readVia(walk, file, 1024 * 1024);
      if (read.kind !== 'text') continue;
      if (SHELL_SHEBANG.test(read.text) || !read.text.startsWith('#!')) {
        if (!consoleScript(read.text)) wrapperScript(walk.wrap, file, program, read.text, (w) => literal(w, walk));
        continue;
      }
      if (!own || installedProgram(file, read.realPath, read.text)) continue;
      const interpreter = /^#!\s*(?:\S*\/)?(?:env\s+(?:-\S+\s+)*)?(\S+)/.exec(read.text)?.[1] ?? 'another interpreter';
      walk.wrap.notFollowed.push({ file, line: 1, detail: `${file} is a ${interpreter} script named like the host program \`${program}\` in a folder of the PATH: what it runs, and the options it passes, are code the audit does not evaluate` });
    }
    if (!own) continue;
    let names: string[];
    try { names = (await readdir(folder)).sort(); } catch { continue; }
    if (names.length > MAX_PATH_FILES) {
      walk.wrap.notFollowed.push({ file: folder, line: 1, detail: `${folder} holds ${names.length} files, more than the ${MAX_PATH_FILES} read for a host's config-file option: a wrapper among the rest is not followed` });
      continue;
    }
    for (const name of names) {
      if (HOST_PROGRAMS.includes(name)) continue;
      const file = path.join(folder, name);
      const read = await readVia(walk, file, 1024 * 1024);
      const text = read.kind === 'text' ? read.text : read.kind === 'problem' ? read.lossyText : undefined;
      // A shell script of any name (`~/.local/bin/cx` running `codex -c …`): its host commands are read.
      const before = recorded(walk.wrap);
      if (read.kind === 'text' && (SHELL_SHEBANG.test(read.text) || !read.text.startsWith('#!')) && !consoleScript(read.text)) {
        pathScript(walk.wrap, file, read.text, (w) => literal(w, walk));
      }
      if (recorded(walk.wrap) !== before) continue;
      const named = text === undefined ? undefined : options.find((o) => text.includes(o));
      if (named === undefined) continue;
      walk.wrap.notFollowed.push({ file, line: 1, detail: `${file}, a file in a folder of the PATH, names ${named}: the config file it may pass to a host was not followed` });
    }
  }
}

/**
 * Windows: npm's shims in its global prefix, `%APPDATA%\npm\<program>.cmd` and `.ps1`
 * (https://docs.npmjs.com/cli/v10/configuring-npm/folders#executables), and `<program>.cmd`,
 * `.bat`, `.ps1` files in the PATH folders the session files give. A `.cmd`/`.bat` file is read
 * line by line: the lines of npm's shim template (npm/cmd-shim@087f3770 lib/index.js
 * writeShim_) set only its own variables; the line that runs a program is read as an alias's body
 * (its options the audit does not follow are a floor cause); any other line is a floor cause. A
 * `.ps1` file's `& PROGRAM args` lines are read the same way; a line naming a config-file option
 * in another form is a floor cause.
 */
const WIN32_PATH_DIRS = ['AppData/Roaming/npm', '.local/bin'];
const CMD_SHIM_LINES = /^(?:@ECHO off|GOTO start|:find_dp0|SET dp0=%~dp0|EXIT \/b|:start|SETLOCAL|CALL :find_dp0|IF EXIST "%dp0%\\[^"]*" \(|\) ELSE \(|\)|SET "_prog=[^"]*"|SET PATHEXT=%PATHEXT:;\.JS;=;%|)$/i;
const CMD_SHIM_PREFIX = /^endLocal & goto #_undefined_# 2>NUL \|\| title %COMSPEC% & /i;

function cmdLiteral(word: string, home: string, folder: string): { value?: string; unreadable?: string } {
  let w = unquote(word);
  w = w.replace(/%(?:~dp0|dp0)%?\\?/gi, `${folder}/`).replace(/%USERPROFILE%|%HOMEDRIVE%%HOMEPATH%/gi, home)
    .replace(/%APPDATA%/gi, path.join(home, 'AppData', 'Roaming')).replace(/%LOCALAPPDATA%/gi, path.join(home, 'AppData', 'Local'));
  if (w.includes('%') || w.includes('!')) return { unreadable: 'uses a variable the audit does not evaluate' };
  const slashed = path.normalize(w.replace(/\\/g, '/'));
  return path.isAbsolute(slashed) ? { value: slashed } : { unreadable: 'not an absolute path' };
}

async function readWin32Wrappers(walk: Walk): Promise<void> {
  if (walk.wrap.options.size === 0) return;
  const folders = [...new Set([...WIN32_PATH_DIRS.map((d) => path.join(walk.home, d)), ...walk.pathDirs])];
  for (const folder of folders) {
    for (const program of HOST_PROGRAMS) {
      for (const ext of ['.cmd', '.bat', '.ps1']) {
        const file = path.join(folder, program + ext);
        const read = await readVia(walk, file, 1024 * 1024);
        if (read.kind === 'absent') continue;
        if (read.kind !== 'text') {
          walk.wrap.notFollowed.push({ file, line: 1, detail: `${file}, a wrapper of the host program \`${program}\` in a folder of the PATH, could not be read (${read.detail}): the options it passes are not followed` });
          continue;
        }
        if (ext === '.ps1') { ps1Wrapper(walk, file, program, read.text); continue; }
        read.text.split(/\r?\n/).forEach((raw, i) => {
          const text = raw.trim();
          if (CMD_SHIM_LINES.test(text) || /^(?:@?rem\b|::)/i.test(text)) return;
          const words = tokenize(text.replace(CMD_SHIM_PREFIX, '').replace(/^@/, '')).flatMap((t) => ('word' in t ? [t.word] : []));
          // `"%_prog%" "%dp0%\…\cli.js" %*` runs node on the package's script; otherwise the first word is the program.
          const first = unquote(words[0] ?? '').toLowerCase();
          const args = words.slice(first === '%_prog%' || /(?:^|[\\/])node(?:\.exe)?$/.test(first) ? 2 : 1).filter((w) => !/^\d?>/.test(w));
          if (words.length === 0 || /^(?:set|if|goto|call|exit|echo|setlocal|endlocal|title|cd|pushd|popd)\b/i.test(first)) {
            walk.wrap.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1} is a line of a wrapper of the host program \`${program}\` that the audit does not follow` });
            return;
          }
          const rest = optionValues(walk.wrap, program, file, i + 1, args, (w) => cmdLiteral(w, walk.home, folder));
          if (rest.length > 0) walk.wrap.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1} starts the host program \`${program}\` with options the audit does not follow (${rest.join(', ')})` });
        });
      }
    }
  }
}

function ps1Wrapper(walk: Walk, file: string, program: string, text: string): void {
  text.split(/\r?\n/).forEach((raw, i) => {
    const before = recorded(walk.wrap);
    const words = tokenize(raw, true).flatMap((t) => ('word' in t ? [t.word] : []));
    const call = words.indexOf('&');
    if (call >= 0) {
      // npm's shim: `& "$PROGRAM_EXE" "$PROGRAM_FILE" $args` or `& "$basedir/node$exe" "$basedir/…/cli.js" $args`.
      const exe = unquote(words[call + 1] ?? '');
      const args = words.slice(call + (/^\$PROGRAM_EXE$|node\$exe$/i.test(exe) ? 3 : 2));
      const rest = optionValues(walk.wrap, program, file, i + 1, args, (w) => psLiteral(w, walk.home));
      if (rest.length > 0) walk.wrap.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1} starts the host program \`${program}\` with options the audit does not follow (${rest.join(', ')})` });
    }
    unfollowedOption(walk.wrap, file, i + 1, raw, before);
  });
}

/** sh, bash, ksh, zsh: `PATH=…`, `PATH+=…`, with `export`/`declare -x`/`typeset -x` before it. */
const SH_PATH = /^\s*(?:export\s+|(?:declare|typeset)\s+-[a-zA-Z]+\s+)?PATH\+?=(.*)$/;
/** zsh's array tied to PATH (zshparam(1) `path`): `path=(…)`, `path+=(…)`; csh/tcsh's `set path = (…)`. */
const LIST_PATH = /^\s*(?:(?:typeset|declare)\s+-[a-zA-Z]+\s+)?(?:set\s+)?path\s*\+?=\s*\((.*)\)\s*$/;
/** pam_env's `PATH DEFAULT=…` / `PATH OVERRIDE=…` (pam_env.conf(5); ~/.pam_environment). */
const PAM_PATH = /^\s*PATH\s+(?:DEFAULT|OVERRIDE)=(.*)$/;
/** csh/tcsh `setenv PATH …`. */
const CSH_PATH = /^\s*setenv\s+PATH\s+(.*)$/;
/**
 * fish: `set [flags] PATH …`, `set [flags] fish_user_paths …` and `fish_add_path [flags] …`
 * (https://fishshell.com/docs/current/cmds/fish_add_path.html: it adds to fish_user_paths, which
 * fish prepends to PATH).
 */
const FISH_PATH = /^\s*(?:set\s+(?:-[a-zA-Z]+\s+|--[a-z-]+\s+)*(?:PATH|fish_user_paths)\s+(.*)|fish_add_path\s+(.*))$/;
/** A PATH piece that stands for the PATH before it. */
const OLD_PATH = /^\$(?:\{?(?:PATH|path|fish_user_paths)\}?|\{?path\[@\]\}?)$/;

/**
 * The folders a line puts on PATH: each is placed in the audited tree and read for host wrappers
 * (readWrapperScripts); one that cannot be resolved or placed is a floor cause in the session's own files.
 */
function pathLine(walk: Walk, file: string, line: number, text: string): void {
  const code = text.replace(/\s+#.*$/, '').replace(/;\s*$/, '');
  let pieces: string[];
  const uvar = /^\s*SETUVAR\s+(?:--export\s+)?(?:fish_user_paths|PATH):(.*)$/.exec(code);
  if (uvar !== null) {
    // fish_variables escapes bytes as `\xHH`; a list's items are joined by \x1e.
    const decoded = (uvar[1] ?? '').replace(/\\x([0-9a-fA-F]{2})/g, (_t, h: string) => String.fromCharCode(parseInt(h, 16)));
    placePieces(walk, file, line, decoded.split('\x1e').map((p) => `'${p.replace(/'/g, '')}'`));
    return;
  }
  const sh = SH_PATH.exec(code) ?? PAM_PATH.exec(code);
  const csh = sh === null ? CSH_PATH.exec(code) : null;
  if (sh !== null || csh !== null) {
    let word = ((sh ?? csh)?.[1] ?? '').trim().replace(/\s*(?:&&|\|\|).*$/, '');
    if (/^"[^"]*"$/.test(word) || /^'[^']*'$/.test(word)) word = word.slice(1, -1);
    // A zero-length prefix is the current working directory (POSIX XBD 8.3 PATH: "a zero-length
    // prefix is a legacy feature that indicates the current working directory"): read as `.`.
    pieces = word.split(':').map((p) => (/^"[^"]*"$/.test(p) ? p : p.replace(/^"|"$/g, ''))).map((p) => (p === '' || p === '""' ? '.' : p));
  } else {
    const list = LIST_PATH.exec(code);
    const fish = list === null ? FISH_PATH.exec(code) : null;
    if (list === null && fish === null) return;
    pieces = ((list?.[1] ?? fish?.[1] ?? fish?.[2]) ?? '').match(WORD_G) ?? [];
    pieces = pieces.filter((p) => !/^-/.test(p));
  }
  placePieces(walk, file, line, pieces);
}

function placePieces(walk: Walk, file: string, line: number, pieces: readonly string[]): void {
  const own = isOwn(walk, file);
  for (const piece of pieces) {
    if (piece === '' || OLD_PATH.test(piece.replace(/^"|"$/g, ''))) continue;
    const t = literal(piece, walk);
    const placed = t.value === undefined ? undefined : walk.opts.place !== undefined ? walk.opts.place(t.value) : inside(t.value, walk.home) ? t.value : undefined;
    if (placed !== undefined) {
      if (!walk.pathDirs.includes(placed)) walk.pathDirs.push(placed);
      continue;
    }
    if (own) {
      walk.notFollowed.push({
        file, line,
        detail: `${file}:${line} puts ${piece} on PATH, which the audit cannot ${t.value === undefined ? `resolve (${t.unreadable ?? 'not a literal path'})` : 'place in the audited tree'}: a host program's wrapper there was not read`,
        setsUnknown: true,
      });
    }
  }
}

/** `eval "$(PROGRAM ARGS)"` (quotes optional, `NAME=value` prefixes allowed): the program's word and its arguments. */
const EVAL_OUTPUT = /\beval\s+("?)\$\(\s*(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*((?:"[^"]*"|'[^']*'|[^\s)"'])+)([^)]*)\)\1/g;
/**
 * Programs whose output, evaluated, sets only variables of their own, whatever their input:
 * GNU coreutils `dircolors` prints an assignment of LS_COLORS
 * (https://www.gnu.org/software/coreutils/manual/html_node/dircolors-invocation.html), Debian's
 * `lesspipe` those of LESSOPEN and LESSCLOSE (https://manpages.debian.org/bookworm/less/lesspipe.1.en.html);
 * both are in Debian's /etc/skel/.bashrc. Named bare, the program is the system's only when no
 * folder of the home on the PATH holds one of that name.
 */
const OWN_VARIABLES_ONLY = new Set(['dircolors', 'lesspipe']);

/**
 * How many of the line's `eval`s evaluate output whose effect is known: a program of
 * OWN_VARIABLES_ONLY, or Homebrew's `PREFIX/bin/brew shellenv` named by a literal path, which
 * sets HOMEBREW_PREFIX, HOMEBREW_CELLAR, HOMEBREW_REPOSITORY, MANPATH, INFOPATH, XDG_DATA_DIRS
 * and puts PREFIX/bin and PREFIX/sbin on PATH, or on macOS 14 and later the folders listed in
 * PREFIX/etc/paths through path_helper (Homebrew/brew@2efbfe508be7c75e0d3b55853015d0a38a715979:Library/Homebrew/cmd/shellenv.sh):
 * those folders join the PATH read for host wrappers.
 */
async function knownEvals(walk: Walk, code: string): Promise<number> {
  let known = 0;
  for (const m of code.matchAll(EVAL_OUTPUT)) {
    const word = m[2] ?? '';
    const args = (m[3] ?? '').trim();
    const bare = /^[a-z]+$/.test(word) ? word : undefined;
    if (bare !== undefined || /^\/(?:usr\/)?bin\/[a-z]+$/.test(word)) {
      const name = bare ?? path.basename(word);
      if (!OWN_VARIABLES_ONLY.has(name)) continue;
      if (bare !== undefined && homePathFolders(walk).some((d) => existsSync(path.join(d, name)))) continue;
      known++;
      continue;
    }
    const brew = literal(word, walk).value;
    if (brew === undefined || path.basename(brew) !== 'brew' || path.basename(path.dirname(brew)) !== 'bin' || !/^shellenv(?:\s+[a-z-]+)?$/.test(args)) continue;
    const prefix = path.dirname(path.dirname(brew));
    const place = (p: string): string | undefined => (walk.opts.place !== undefined ? walk.opts.place(p) : inside(p, walk.home) ? p : undefined);
    const listed = [path.join(prefix, 'bin'), path.join(prefix, 'sbin')];
    const paths = place(path.join(prefix, 'etc', 'paths'));
    const read = paths === undefined ? undefined : await readVia(walk, paths, 64 * 1024);
    // A paths file that exists but cannot be read adds folders that are not known: not a known eval.
    if (read?.kind === 'problem') continue;
    if (read?.kind === 'text') for (const l of read.text.split(/\r?\n/)) if (path.isAbsolute(l.trim())) listed.push(path.normalize(l.trim()));
    for (const d of listed) {
      const placed = place(d);
      if (placed !== undefined && !walk.pathDirs.includes(placed)) walk.pathDirs.push(placed);
    }
    known++;
  }
  return known;
}

/** The home's folders on the PATH so far: the stock ones and those the files added. */
function homePathFolders(walk: Walk): readonly string[] {
  return [...PATH_DIRS.map((d) => path.join(walk.home, d)), ...walk.pathDirs.filter((d) => inside(d, walk.home))];
}

/**
 * A line that sets what the audit cannot read: `eval` (its text is built at run time), a variable
 * whose name is computed or quoted in pieces (`export "CODEX_"HOME=…`, `export ${P}_HOME=…`,
 * `declare -x "$n=…"`, `export $(cat .env)`), `printf -v NAME`, a nameref (`declare -n`), fish's
 * `set` of a computed name. The reason, or undefined.
 */
async function computedLine(walk: Walk, text: string, dialect: 'fish' | 'sh'): Promise<string | undefined> {
  const code = text.replace(/\s+#.*$/, '');
  const evals = [...code.matchAll(/(?:^|[;&|{(!]|\b(?:then|do|else|builtin|command)\b)\s*eval\b/g)].length;
  if (evals > 0 && await knownEvals(walk, code) < evals) return 'evaluates text built at run time (eval)';
  // fish `CMD | source` (and `source (CMD | psub)`), bash `CMD | source /dev/stdin`: a command's
  // output run as code (https://fishshell.com/docs/current/cmds/source.html: "If no file is
  // specified and stdin is not the terminal, or if the file name - is used, stdin will be read").
  if (/\|\s*(?:source|\.)(?:\s+(?:-|\/dev\/stdin))?\s*(?:$|[;&|)])/.test(code) || /\bsource\s+\(/.test(code)) return 'evaluates a command\'s output (| source)';
  if (/(?:^|[;&|{(]|\b(?:then|do|else)\b)\s*printf\s+-v\b/.test(code)) return 'sets a variable through printf -v';
  if (/\b(?:declare|typeset|local)\s+-[a-zA-Z]*n/.test(code)) return 'declares a name reference';
  const m = /(?:^|[;&|{(]|\b(?:then|do|else|builtin|command)\b)\s*(export|declare|typeset|readonly|local|setenv|set)((?:\s+-[-a-zA-Z]*)*)\s+(.+)$/.exec(code);
  if (m === null) return undefined;
  // POSIX `set` sets options and positional parameters; fish's `set` and csh's `setenv` name one variable, first.
  if (m[1] === 'set' && dialect !== 'fish') return undefined;
  const words = (m[3] ?? '').match(WORD_G) ?? [];
  for (const word of m[1] === 'set' || m[1] === 'setenv' ? words.slice(0, 1) : words) {
    const name = word.includes('=') ? word.slice(0, word.indexOf('=')) : word;
    if (/[$`"'\\(]/.test(name)) return `sets a variable whose name is computed or quoted in pieces (${name})`;
  }
  return undefined;
}

/** An absolute path whose last segment may hold `*` (`/etc/profile.d/*.sh`): the files it names. */
async function expandAbs(file: string, glob: GlobOptions | undefined): Promise<readonly string[]> {
  const base = path.basename(file);
  if (!/[*?[]/.test(base)) return [file];
  return globFiles({ base: path.dirname(file), pattern: base, display: file }, glob);
}

async function expand(home: string, rel: string, glob: GlobOptions | undefined): Promise<readonly string[]> {
  if (!rel.includes('*')) return [path.join(home, rel)];
  const dir = path.dirname(rel);
  return globFiles({ base: path.join(home, dir), pattern: path.basename(rel), display: path.join(home, rel) }, glob);
}

/**
 * The read options for discovery's own session reads of a home whose layout folds case
 * (PathContext.folder, fold-case.ts): each file and each globbed folder resolved through the
 * folder, the exact spelling first. Empty for a byte-exact layout.
 */
export function foldedSessionReads(folder: Pick<CaseFolder, 'resolve'> | undefined): Pick<SessionReadOptions, 'read' | 'glob'> {
  if (folder === undefined) return {};
  return { read: (file, maxBytes) => readConfigFile(folder.resolve(file) ?? file, maxBytes), glob: { folder } };
}

/** Reads one file of the session with the reader the caller gave, else readConfigFile. */
const readVia = (walk: Walk, file: string, maxBytes?: number): Promise<ReadOutcome> => (walk.opts.read ?? readConfigFile)(file, maxBytes);

/** A session file that exists but cannot be read (a FIFO, unreadable, too large): what it sets is not known. */
function unreadable(walk: Walk, file: string, read: Awaited<ReturnType<typeof readConfigFile>>): void {
  if (read.kind === 'problem' && isOwn(walk, file)) walk.notFollowed.push({ file, line: 1, detail: `${file} cannot be read (${read.detail}); variables it sets were not read`, setsUnknown: true });
}

async function readFile(walk: Walk, file: string, depth: number): Promise<void> {
  if (walk.seen.has(file) || depth > MAX_DEPTH) return;
  walk.seen.add(file);
  const read = await readVia(walk, file);
  const text = read.kind === 'text' ? read.text : read.kind === 'problem' ? read.lossyText : undefined;
  if (text === undefined) { unreadable(walk, file, read); return; }
  if (SYSTEMD_MANAGER.test(file)) { systemdManager(walk, file, text); return; }
  // launchd loads binary property lists as well as XML ones (launchd.plist(5); plutil -convert
  // binary1): what a binary one sets (`launchctl setenv` in its ProgramArguments) is not read here.
  if (file.endsWith('.plist') && text.startsWith('bplist')) {
    if (isOwn(walk, file)) walk.notFollowed.push({ file, line: 1, detail: `${file} is a binary property list, which the audit does not decode; variables it sets were not read`, setsUnknown: true });
    return;
  }
  // A quick reject: most dotfiles mention none of the variables and source nothing worth following.
  const mentions = [...walk.names].some((n) => text.includes(n));
  const sources = /(?:^|[;&|]\s*|\s)\\?(?:\.|source)\s/m.test(text);
  const wrappers = WRAPPER_GATE.test(text);
  // A file that only assigns other variables still matters: a later file may build a host
  // variable from them (`export BASE=/opt/x` in one profile.d script, `CODEX_HOME=$BASE/cx` in the next).
  const assigns = /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_]*=/m.test(text);
  const options = launchOptionNames(walk.wrap).some((o) => text.includes(o));
  // PATH in any shell's form (fish's `set -gx PATH`, `fish_add_path`), and lines that set what cannot be read.
  const paths = /\bPATH\b|\bpath\b|fish_add_path|fish_user_paths/.test(text);
  const computes = /\beval\b|\|\s*(?:source|\.)(?:\s|$)|\bsource\s+\(|\bprintf\s+-v\b|\b(?:declare|typeset|local)\s+-[a-zA-Z]*n|\b(?:export|declare|typeset|readonly|local|setenv|set)\s[^\n]*[$`"'\\(][^\n]*/.test(text);
  if (!walk.all && !mentions && !sources && !wrappers && !assigns && !options && !paths && !computes) return;
  const plist = file.endsWith('.plist');
  const lines = text.split(/\r?\n/);
  walk.wrap.fn = undefined;
  const dialect = file.endsWith('.fish') ? 'fish' : 'sh';
  // systemd reads environment.d files as env files: whitespace around `=` is dropped, so
  // `NAME = value` sets NAME (systemd/systemd src/basic/env-file.c parse_env_file_internal:
  // the key ends at its last non-blank character, blanks before the value are skipped).
  const envFile = /[\\/]environment\.d[\\/][^\\/]+\.conf$/.test(file);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const uncommented = raw.replace(/^\s*#.*$/, '');
    const line = envFile ? uncommented.replace(/^(\s*[A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*/, '$1=') : uncommented;
    if (plist) { plistLine(walk, file, i + 1, raw, lines.slice(i + 1, i + 3)); continue; }
    loopLine(walk, line);
    const before = recorded(walk.wrap);
    wrapperLine(walk.wrap, file, i + 1, line, (w) => literal(w, walk), dialect);
    if (!plist) unfollowedOption(walk.wrap, file, i + 1, line, before);
    await sourceLine(walk, file, i + 1, line, depth);
    pathLine(walk, file, i + 1, line);
    const computed = isOwn(walk, file) ? await computedLine(walk, line, dialect) : undefined;
    if (computed !== undefined) walk.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1} ${computed}; variables it sets were not read`, setsUnknown: true });
    const uvar = SETUVAR.exec(line);
    if (uvar?.[1] !== undefined) {
      // fish escapes bytes as `\xHH` (a list's items are joined by \x1e); a value is one path.
      const decoded = (uvar[2] ?? '').replace(/\\x([0-9a-fA-F]{2})/g, (_t, h: string) => String.fromCharCode(parseInt(h, 16)));
      const value = decoded.includes('\x1e') ? { unreadable: 'a list, not one path' } : literal(`'${decoded.replace(/'/g, '')}'`, walk);
      if (walk.names.has(uvar[1])) record(walk, uvar[1], file, i + 1, value);
      continue;
    }
    const pam = PAM.exec(line);
    const m = ASSIGN.exec(line) ?? FISH.exec(line) ?? CSH.exec(line) ?? pam ?? LAUNCHCTL.exec(line);
    if (walk.all && m?.[1] !== undefined && dialect === 'sh' && m !== pam && isOwn(walk, file)) {
      const hidden = hiddenAssignment(line, dialect);
      if (hidden !== undefined) walk.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1} ${hidden}; variables it sets were not read`, setsUnknown: true });
    }
    if (m?.[1] !== undefined) {
      const name = m[1];
      // pam_env spells the home `@{HOME}` (pam_env.conf(5)).
      const word = m === pam ? (m[2] ?? '').replace(/@\{HOME\}/g, '${HOME}') : m[2] ?? '';
      const value = literal(word, walk);
      if (value.value !== undefined) walk.known.set(name, value.value);
      else walk.known.delete(name);
      const text = m === pam ? undefined : literalText(word);
      if (walk.names.has(name) && !walk.prefixed.has(`${file}:${i + 1}:${name}`)) record(walk, name, file, i + 1, text === undefined ? value : { ...value, text });
      continue;
    }
    if (walk.all) {
      // Every assignment is wanted: one in a form not read above may set anything (fail closed).
      // A line ending in a backslash runs on into the next: a name split across the two
      // (`UV_INDEX_\` then `URL=…`) is one assignment (bash(1) QUOTING; systemd env files alike).
      const joined = /\\$/.test(line) ? `${line.slice(0, -1)}${lines[i + 1] ?? ''}` : undefined;
      const split = joined !== undefined && (ASSIGN.test(joined) || FISH.test(joined) || CSH.test(joined)) ? 'continues an assignment on the next line (a backslash at its end)' : undefined;
      const hidden = isOwn(walk, file) ? split ?? hiddenAssignment(line, dialect) : undefined;
      if (hidden !== undefined) walk.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1} ${hidden}; variables it sets were not read`, setsUnknown: true });
      continue;
    }
    if (new RegExp(SOURCE_CMD.source).test(line)) continue;
    // A line naming a variable in a form not read above (`export A B`, `eval …CODEX_HOME…`). Only
    // reading it (`$NAME`, `${NAME:-…}`; not `${NAME:=…}`, which assigns) sets nothing.
    for (const name of walk.names) {
      if (walk.prefixed.has(`${file}:${i + 1}:${name}`)) continue;
      const rest = line.replace(new RegExp(`\\$(?:${name}(?![A-Za-z0-9_])|\\{${name}(?![A-Za-z0-9_]|:?=))`, 'g'), '');
      if (new RegExp(`(?:^|[^A-Za-z0-9_])${name}(?:[^A-Za-z0-9_]|$)`).test(rest)) {
        record(walk, name, file, i + 1, { unreadable: 'set in a form the audit does not read' });
      }
    }
  }
}

/**
 * A POSIX-shell line that may set an environment variable in a form the line reader above does not
 * take: an exported or upper-case assignment after a command separator or a reserved word
 * (`[ -d x ] && PATH=…`, `cmd; export X=…`, `then export X=…`, `{ export X=…; }`), more names in
 * one `export`/`declare`, `export --`, `+=`, `read`/`mapfile`/`readarray`/`printf -v` into an
 * upper-case name, `set -a` (every later assignment exported), and a continued line that assigns
 * (bash(1) QUOTING, SHELL BUILTIN COMMANDS). Lower-case names set without `export` stay the shell's
 * own (Debian's `color_prompt=yes` in a `case` arm): every variable the inventories list is upper
 * case. Undefined when none.
 */
// The separator is not a command substitution's `$(`; an assignment followed by a command word is
// that command's own environment (`SHELL=/bin/sh lesspipe`), not the session's.
const SEPARATED_ASSIGN = /(?:;|&&|\|\||[{})]|(?<!\$)\(|\b(?:then|do|else|elif)\b)\s*(export\s+(?:--\s+)?|declare\s+-[a-zA-Z]+\s+|typeset\s+-[a-zA-Z]+\s+|readonly\s+)?([A-Za-z_][A-Za-z0-9_]*)\+?=(?:"[^"]*"|[^\s;&|)}]*)(?=\s*(?:$|[;&|)}]|\b(?:fi|done|esac)\b))/g;
const UPPER = /^[A-Z_][A-Z0-9_]*$/;
function hiddenAssignment(line: string, dialect: 'sh' | 'fish'): string | undefined {
  const code = line.replace(/'[^']*'/g, "''");
  // fish: a `set` after `;`, `and`, `or` or inside a one-line `if`/`begin` (fish docs, "set").
  if (dialect === 'fish') return /(?:;|\b(?:and|or|begin|else)\b)\s*set\s/.test(code) ? 'sets a variable after a command separator or a keyword' : undefined;
  // zsh: `path`, tied to PATH (zshparam(1)), and its subscripted assignments (`path[1,0]=…`).
  if (/(?:^|[\s;&|{(])path\[[^\]]*\]=/.test(code)) return 'assigns an element of zsh\'s path array';
  if (/\\$/.test(line) && code.includes('=')) return 'continues on the next line (a backslash at its end)';
  for (const m of code.matchAll(SEPARATED_ASSIGN)) {
    if (m[1] !== undefined || UPPER.test(m[2] ?? '') || m[2] === 'path') return 'assigns a variable after a command separator or a reserved word';
  }
  if (/(?:;|&&|\|\||[{}]|\b(?:then|do|else|elif)\b)\s*path\+?=\(/.test(code)) return 'assigns zsh\'s path array after a command separator or a reserved word';
  // csh/tcsh: a one-line `if (…) setenv …`, and `setenv` or `set path` after a separator or keyword (tcsh(1) "if (expr) command").
  if (/(?:;|&&|\|\||\)|\b(?:then|else)\b)\s*(?:setenv\s|set\s+path\b)/.test(code)) return 'sets a variable after a command separator, a condition or a keyword (csh)';
  if (/(?:^|[\s;&|{(])(?:export|declare|typeset|readonly|local)\s+--(?:\s|$)/.test(code)) return 'assigns through `export --`';
  const append = /^\s*(?:(export\s+)|declare\s+-[a-zA-Z]+\s+|typeset\s+-[a-zA-Z]+\s+)?([A-Za-z_][A-Za-z0-9_]*)\+=/.exec(code);
  if (append !== null && append[2] !== 'PATH' && (append[1] !== undefined || UPPER.test(append[2] ?? ''))) return 'appends to a variable (+=)';
  const many = /^\s*(?:export|declare|typeset|readonly)\s+(?:-[a-zA-Z]+\s+)?[A-Za-z_][A-Za-z0-9_]*=(?:"[^"]*"|[^\s"]*)((?:\s+[A-Za-z_][A-Za-z0-9_]*(?:=(?:"[^"]*"|[^\s"]*))?)+)\s*$/.exec(code);
  if (many !== null) return 'names several variables in one declaration';
  const into = /(?:^|[\s;&|{(])(?:read|mapfile|readarray)\s+([^;&|<>]*)/.exec(code);
  if (into !== null && (into[1] ?? '').split(/\s+/).some((w) => UPPER.test(w))) return 'reads a value into a variable (read, mapfile)';
  if (/(?:^|[\s;&|{(])set\s+(?:-[a-zA-Z]*a[a-zA-Z]*|-o\s+allexport)\b/.test(code)) return 'exports every later assignment (set -a)';
  return undefined;
}

/**
 * systemd's manager configuration: `DefaultEnvironment=` in the [Manager] section of user.conf,
 * system.conf and their .conf.d drop-ins is passed to every process the manager starts, the user
 * manager's graphical session (and the host it starts) among them; `ManagerEnvironment=` sets the
 * manager's own (https://www.freedesktop.org/software/systemd/man/latest/systemd-system.conf.html
 * "DefaultEnvironment=", "ManagerEnvironment="; user.conf and user.conf.d in the same page's synopsis).
 * The value is a space-separated list of `NAME=value` words, each optionally quoted.
 */
const SYSTEMD_MANAGER = /[\\/]systemd[\\/](?:(?:user|system)\.conf|(?:user|system)\.conf\.d[\\/][^\\/]+\.conf)$/;
const SYSTEMD_ENV = /^\s*(DefaultEnvironment|ManagerEnvironment)\s*=\s*(.*)$/;

function systemdManager(walk: Walk, file: string, text: string): void {
  let section = '';
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    if (/^\s*[#;]/.test(raw)) continue;
    const head = /^\s*\[([^\]]*)\]\s*$/.exec(raw);
    if (head !== null) { section = head[1] ?? ''; continue; }
    const m = SYSTEMD_ENV.exec(raw);
    if (section !== 'Manager' || m === null) continue;
    const words = (m[2] ?? '').match(/(?:"(?:[^"\\]|\\.)*"|'[^']*'|[^\s"']+)+/g) ?? [];
    for (const w of words) {
      const word = w.replace(/"((?:[^"\\]|\\.)*)"/g, (_t, inner: string) => inner.replace(/\\(.)/g, '$1')).replace(/'([^']*)'/g, '$1');
      const eq = word.indexOf('=');
      if (eq <= 0) continue;
      const name = word.slice(0, eq);
      const value = word.slice(eq + 1);
      // The words are literal (no $ expansion): read as a single-quoted shell assignment would be.
      const line = `${name}='${value.replace(/'/g, `'\\''`)}'`;
      pathLine(walk, file, i + 1, line);
      if (/%/.test(value)) { if (walk.names.has(name)) record(walk, name, file, i + 1, { unreadable: 'holds a systemd specifier' }); continue; }
      walk.known.set(name, value);
      if (walk.names.has(name)) record(walk, name, file, i + 1, { value });
    }
  }
}

/** `for NAME in WORDS` (sh, bash, zsh `; do`, fish): the words a later `. "$NAME"` stands for. */
const FOR_LOOP = /(?:^|[;&|{(]|\b(?:then|do|else)\b)\s*for\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+([^;]*?)\s*(?:;|$)/;

function loopLine(walk: Walk, line: string): void {
  const m = FOR_LOOP.exec(line.replace(/\s+#.*$/, ''));
  if (m?.[1] === undefined) return;
  walk.loops.set(m[1], (m[2] ?? '').match(WORD_G) ?? []);
}

/** One shell word: quoted and bare parts run together (`"$NVM_DIR"/nvm.sh`). */
const WORD = `(?:"[^"]*"|'[^']*'|[^\\s;&|)"'])+`;
const WORD_G = new RegExp(WORD, 'g');

const inside = (file: string, d: string): boolean => file === d || file.startsWith(d + path.sep);
const isOwn = (walk: Walk, file: string): boolean => walk.ownDirs.some((d) => inside(file, d)) && !walk.notOwnDirs.some((d) => inside(file, d));

/**
 * Follows each `.`/`source`/`\.` on the line whose file is known statically: a literal path, a
 * variable these files set literally, or a loop variable over literal words and `*` patterns
 * (`for f in /etc/profile.d/*.sh; do . "$f"; done`). The rest, and sources past MAX_DEPTH, are
 * recorded when the file is the session's own.
 */
async function sourceLine(walk: Walk, file: string, line: number, text: string, depth: number): Promise<void> {
  const code = text.replace(/\s+#.*$/, '');
  // A package's script a startup file sources (/usr/share/bash-completion/bash_completion) is read
  // for assignments, but its own loader loops are no floor: they load completions, not the
  // session's settings. The home's and the system's /etc files are the session's own.
  const own = isOwn(walk, file);
  const skip = (detail: string): void => { if (own) walk.notFollowed.push({ file, line, detail: `${file}:${line} ${detail}; variables it sets were not read`, setsUnknown: true }); };
  for (const m of code.matchAll(SOURCE_CMD)) {
    const word = m[1] ?? '';
    const loopVar = /^"?\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})"?$/.exec(word);
    const loop = walk.loops.get(loopVar?.[1] ?? loopVar?.[2] ?? '');
    const targets: string[] = [];
    for (const w of loop ?? [word]) {
      const t = literal(w, walk);
      if (t.value === undefined) { skip(`sources ${loop !== undefined ? `${word} over ${w}` : word}, which the audit cannot resolve (${t.unreadable ?? 'not a literal path'})`); continue; }
      const placed = walk.opts.place !== undefined ? walk.opts.place(t.value) : t.value;
      if (placed === undefined) { skip(`sources ${t.value}, which cannot be placed in the audited tree`); continue; }
      if (/[*?[]/.test(path.dirname(placed))) { skip(`sources ${w}, a pattern over folders the audit does not expand`); continue; }
      append(targets, loop !== undefined ? await expandAbs(placed, walk.opts.glob) : [placed]);
    }
    for (const target of targets) {
      if (depth + 1 > MAX_DEPTH) skip(`sources ${target}, past the ${MAX_DEPTH} levels of sourcing the audit follows`);
      else await readFile(walk, target, depth + 1);
    }
  }
}

/** A nushell, elvish or xonsh start-up file (OTHER_SHELL_FILES). */
async function readOtherShell(walk: Walk, file: string): Promise<void> {
  if (walk.seen.has(file)) return;
  walk.seen.add(file);
  const read = await readVia(walk, file);
  const text = read.kind === 'text' ? read.text : read.kind === 'problem' ? read.lossyText : undefined;
  if (text === undefined) { unreadable(walk, file, read); return; }
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/^\s*#.*$/, '');
    if (walk.all) {
      if (OTHER_SHELL_SETS.test(line)) walk.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1} sets an environment variable in a shell syntax the audit does not read`, setsUnknown: true });
      return;
    }
    for (const name of walk.names) {
      if (new RegExp(`(?:^|[^A-Za-z0-9_])${name}(?:[^A-Za-z0-9_]|$)`).test(line)) record(walk, name, file, i + 1, { unreadable: 'set in a shell syntax the audit does not read' });
    }
  });
}

/** A PowerShell profile: `$env:NAME = 'value'`; dot-sourced scripts are not followed. */
async function readPowerShell(walk: Walk, file: string): Promise<void> {
  const read = await readVia(walk, file);
  const text = read.kind === 'text' ? read.text : read.kind === 'problem' ? read.lossyText : undefined;
  if (text === undefined) { unreadable(walk, file, read); return; }
  walk.wrap.fn = undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').replace(/^\s*#.*$/, '');
    const before = recorded(walk.wrap);
    wrapperLine(walk.wrap, file, i + 1, line, (w) => psLiteral(w, walk.home), 'ps');
    unfollowedOption(walk.wrap, file, i + 1, line, before);
    if (/^\s*\.\s+\S/.test(line)) {
      walk.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1} dot-sources a script the audit does not follow; variables it sets were not read`, setsUnknown: true });
      continue;
    }
    // Every assignment to an environment variable on the line: one that is not the whole line's
    // single leading `$env:NAME = …` (inside a block or after `;`, braced, several names at once)
    // is in a form this reader does not take.
    const sets = [...line.replace(/'[^']*'/g, "''").matchAll(PS_ENV_SET)];
    const lead = line.search(/\S/);
    if (sets.length > 1 || (sets.length === 1 && (sets[0]?.index !== lead || !PS_ENV.test(line)))) {
      if (walk.all) {
        walk.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1} sets an environment variable in a form the audit does not read (inside a block, after a separator, braced or with others); variables it sets were not read`, setsUnknown: true });
      } else {
        for (const set of sets) {
          const name = set[1] ?? set[2] ?? '';
          const wanted = walk.wanted(name);
          if (wanted !== undefined) record(walk, wanted, file, i + 1, { unreadable: 'set in a form the audit does not read' });
        }
      }
      continue;
    }
    const m = PS_ENV.exec(line);
    if (m?.[1] !== undefined) {
      const wanted = walk.wanted(m[1]);
      if (wanted !== undefined) record(walk, wanted, file, i + 1, psLiteral(m[2] ?? '', walk.home));
      continue;
    }
    const computed = PS_COMPUTED.exec(line);
    if (computed !== null) {
      walk.notFollowed.push({ file, line: i + 1, detail: `${file}:${i + 1} sets what the audit cannot read (${computed[0].trim()}); variables it sets were not read`, setsUnknown: true });
    }
    if (walk.all) continue;
    for (const name of walk.names) {
      if (new RegExp(`(?:^|[^A-Za-z0-9_])${name}(?:[^A-Za-z0-9_]|$)`, walk.wanted(name.toLowerCase()) === name ? 'i' : '').test(line)) {
        record(walk, name, file, i + 1, { unreadable: 'set in a form the audit does not read' });
      }
    }
  }
}

/** A PowerShell value as a path: quotes removed, `$env:USERPROFILE`, `$HOME`, `~` expanded; a drive path kept for mapping. */
function psLiteral(word: string, home: string): { value?: string; unreadable?: string } {
  let w = word.trim().replace(/\s+#.*$/, '').replace(/;\s*$/, '');
  if (/^'[^']*'$/.test(w) || /^"[^"]*"$/.test(w)) w = w.slice(1, -1);
  else if (/\s/.test(w)) return { unreadable: 'not a single word' };
  w = w.replace(/^(?:\$env:USERPROFILE|\$\{env:USERPROFILE\}|\$HOME|~)(?=[\\/]|$)/i, home);
  if (w.includes('$') || /[()`]/.test(w)) return { unreadable: 'uses an expression the audit does not evaluate' };
  const slashed = w.replace(/\\/g, '/');
  if (path.isAbsolute(slashed)) return { value: path.normalize(slashed) };
  if (/^[A-Za-z]:\//.test(slashed)) return { value: slashed };
  return { unreadable: 'not an absolute path' };
}

/** launchd plists: `<string>setenv</string><string>NAME</string><string>VALUE</string>` or `launchctl setenv` in a script string. */
function plistLine(walk: Walk, file: string, line: number, raw: string, next: readonly string[]): void {
  if (walk.all) {
    const inline = LAUNCHCTL.exec(raw);
    if (inline?.[1] !== undefined) { record(walk, inline[1], file, line, literal(inline[2] ?? '', walk)); return; }
    if (!raw.includes('<string>setenv</string>')) return;
    const name = /<string>([A-Za-z_][A-Za-z0-9_]*)<\/string>/.exec(next[0] ?? '')?.[1];
    const value = /<string>([^<]*)<\/string>/.exec(next[1] ?? '')?.[1];
    if (name !== undefined) record(walk, name, file, line + 1, value !== undefined ? literal(value, walk) : { unreadable: 'named in a launchd property list the audit does not evaluate' });
    else walk.notFollowed.push({ file, line, detail: `${file}:${line} runs launchctl setenv with a name the audit cannot read`, setsUnknown: true });
    return;
  }
  for (const name of walk.names) {
    if (!raw.includes(`>${name}<`) && !raw.includes(` ${name} `)) continue;
    const inline = LAUNCHCTL.exec(raw);
    if (inline?.[1] === name) { record(walk, name, file, line, literal(inline[2] ?? '', walk)); continue; }
    const prev = raw.includes(`<string>${name}</string>`) ? /<string>([^<]*)<\/string>/.exec(next[0] ?? '')?.[1] : undefined;
    if (prev !== undefined) record(walk, name, file, line, literal(prev, walk));
    else record(walk, name, file, line, { unreadable: 'named in a launchd property list the audit does not evaluate' });
  }
}

function record(walk: Walk, name: string, file: string, line: number, v: { value?: string; unreadable?: string; text?: string }): void {
  walk.out.push({
    name, file, line, ...(v.value !== undefined ? { value: v.value } : { unreadable: v.unreadable ?? 'not a literal path' }),
    ...(v.text !== undefined ? { text: v.text } : {}),
  });
}

/**
 * A POSIX shell word as the literal text it assigns, when it is one that needs no evaluation:
 * wholly single-quoted (no escapes: `'{"mcp": {}}'`), wholly double-quoted with no `$` or backquote
 * (`\"`, `\\`, `\$` and `` \` `` unescaped, as the shell does: POSIX.1-2017 XCU 2.2.3), or a bare
 * word of characters no shell treats specially (no quoting, expansion, globbing or braces). A trailing `;` or comment after it is dropped. Any
 * other form (an expansion, a value continued on the next line, words run together) is undefined.
 */
export function literalText(word: string): string | undefined {
  const w = word.trim();
  const single = /^'([^']*)'\s*;?\s*(?:#.*)?$/s.exec(w);
  if (single !== null) return single[1];
  const double = /^"((?:[^"\\$`]|\\.)*)"\s*;?\s*(?:#.*)?$/s.exec(w);
  if (double !== null) return (double[1] ?? '').replace(/\\([\\"$`])/g, '$1');
  const bare = /^([^\s'"\\$`;&|<>()#{}*?[\]~]+)\s*;?\s*(?:#.*)?$/.exec(w);
  return bare?.[1];
}

/**
 * A shell word as a literal path: quotes removed, `~`, `$HOME`, `${HOME}` and variables set
 * literally before it expanded. Anything else cannot be known statically.
 */
export function literal(word: string, walk: Pick<Walk, 'known' | 'home'>): { value?: string; unreadable?: string } {
  let w = word.trim().replace(/\s+#.*$/, '').replace(/;\s*$/, '').replace(/\s*(?:&&|\|\|).*$/, '');
  if (/\$\(|`/.test(w)) return { unreadable: 'set from a command\'s output' };
  if (/^'[^']*'$/.test(w)) w = w.slice(1, -1);
  else if (/^"[^"]*"$/.test(w)) w = w.slice(1, -1);
  // Quoted and bare parts run together (`"$NVM_DIR"/nvm.sh`, `~/"My Files"/x.sh`): one word.
  else if (/^(?:"[^"$`]*(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?[^"$`]*)*"|'[^']*'|[^\s"'])+$/.test(w) && /["']/.test(w)) w = w.replace(/"([^"]*)"|'([^']*)'/g, (_t, d?: string, q?: string) => d ?? (q ?? '').replace(/\$/g, '\0'));
  else if (/\s/.test(w)) return { unreadable: 'not a single word' };
  if (w.startsWith('~/') || w === '~') w = walk.home + w.slice(1);
  let unknown: string | undefined;
  // `${NAME:-default}` with NAME not set by these files: the default, the value a session without
  // NAME gets (the floor cause says the session may hold another).
  w = w.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*):-([^}$]*(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?[^}$]*)*)\}/g, (_t, name: string, dflt: string) => walk.known.get(name) ?? dflt);
  w = w.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_t, a: string | undefined, b: string | undefined) => {
    const name = a ?? b ?? '';
    const v = walk.known.get(name);
    if (v === undefined) unknown ??= name;
    return v ?? '';
  });
  if (unknown !== undefined) return { unreadable: `uses $${unknown}, whose value the host's session holds` };
  if (w.includes('$')) return { unreadable: 'uses an expansion the audit does not evaluate' };
  // A `$` single-quoted in a mixed word is a literal dollar sign.
  w = w.replace(/\0/g, '$');
  if (!path.isAbsolute(w)) return { unreadable: 'not an absolute path' };
  return { value: path.normalize(w) };
}

/**
 * Windows keeps the user environment in the registry hive NTUSER.DAT (HKCU\Environment). A
 * variable that is a value of that key (registry-hive.ts; names in either encoding, matched
 * ignoring case as Windows matches environment and value names) is recorded with its value when it
 * is a path (`registryPath`); one named anywhere else in the hive, as a value or as UTF-16LE text,
 * is recorded without a value.
 */
function hiveMentions(home: string, names: ReadonlySet<string>, notFollowed: SessionNotFollowed[]): SessionVariable[] {
  const file = path.join(home, 'NTUSER.DAT');
  let bytes: Buffer;
  try {
    const fd = openSync(file, 'r');
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) return [];
      const size = Math.min(st.size, MAX_HIVE_BYTES);
      bytes = Buffer.alloc(size);
      let at = 0;
      while (at < size) {
        const n = readSync(fd, bytes, at, size - at, at);
        if (n === 0) break;
        at += n;
      }
    } finally {
      closeSync(fd);
    }
  } catch {
    return [];
  }
  const out: SessionVariable[] = [];
  if (names === ALL_NAMES) {
    notFollowed.push({ file, line: 1, detail: `${file}, the registry hive holding the user environment, is not parsed`, setsUnknown: true });
  }
  const values = hiveValues(bytes);
  const valueNames = new Set(values.map((v) => v.name.toUpperCase()));
  const environment = new Map((keyValues(bytes, ['Environment']) ?? []).map((v) => [v.name.toUpperCase(), v]));
  for (const name of names === ALL_NAMES ? [] : names) {
    const set = environment.get(name.toUpperCase());
    if (set !== undefined) out.push({ name, file, line: 1, ...registryPath(set, home) });
    else if (valueNames.has(name.toUpperCase()) || bytes.indexOf(Buffer.from(name, 'utf16le')) >= 0) {
      out.push({ name, file, line: 1, unreadable: 'named in the registry hive outside HKCU\\Environment, or in a form the audit does not read' });
    }
  }
  const redirected = redirectedAppData(bytes, values);
  if (redirected !== undefined) {
    notFollowed.push({
      file, line: 1,
      detail: `${file} names an AppData folder outside the user profile, ${redirected} (folder redirection or User Shell Folders): %APPDATA% and %LOCALAPPDATA% may point there, and the hosts' files in it were not read`,
    });
  }
  return out;
}

/**
 * A value of HKCU\\Environment as a path: REG_EXPAND_SZ expands `%USERPROFILE%` (the home; any other
 * `%NAME%` is the session's), REG_SZ is taken as written; a drive path is kept for mapping.
 * https://learn.microsoft.com/windows/win32/sysinfo/registry-value-types
 */
function registryPath(v: HiveValue, home: string): { value: string } | { unreadable: string } {
  if (v.text === undefined) return { unreadable: 'a value of HKCU\\Environment that is no string the audit reads' };
  let w = v.text.trim();
  if (v.type === REG_EXPAND_SZ) {
    w = w.replace(/^%USERPROFILE%(?=\\|$)/i, home);
    if (/%[^%]+%/.test(w)) return { unreadable: 'expands a variable whose value the host\'s session holds' };
  }
  const slashed = w.replace(/\\/g, '/');
  if (path.isAbsolute(slashed)) return { value: path.normalize(slashed) };
  if (/^[A-Za-z]:\//.test(slashed)) return { value: slashed };
  return { unreadable: 'not an absolute path' };
}

/**
 * Folder Redirection and `HKCU\Software\Microsoft\Windows\CurrentVersion\Explorer\User Shell Folders`
 * (`AppData`, `Local AppData`) move the folders Windows gives programs as %APPDATA% and
 * %LOCALAPPDATA% (https://learn.microsoft.com/windows-server/storage/folder-redirection/folder-redirection-rup-overview),
 * which the hosts read (microsoft/vscode@05528c78 src/vs/platform/environment/node/userDataPath.ts:
 * process.env.APPDATA). The evidence: a value named `AppData` or `Local AppData` (of any key, the
 * tree is not walked) whose string is not the default below the profile (`%USERPROFILE%\AppData\…`,
 * `X:\Users\<name>\AppData\…`); or a UTF-16LE absolute path in the hive (a drive or a UNC share)
 * holding an `AppData` segment that is not below a `X:\Users\<name>` profile. Only the first is returned.
 */
function redirectedAppData(bytes: Buffer, values: readonly HiveValue[]): string | undefined {
  for (const v of values) {
    if (!/^(?:Local )?AppData$/i.test(v.name) || v.text === undefined || v.text.trim() === '') continue;
    const p = v.text.trim();
    if (/^(?:%USERPROFILE%|[A-Za-z]:\\(?:Users|Documents and Settings)\\[^\\]+)\\AppData(?:\\|$)/i.test(p)) continue;
    return p;
  }
  const needle = Buffer.from('AppData', 'utf16le');
  if (bytes.indexOf(needle) < 0) return undefined;
  const text = bytes.toString('utf16le', 0, bytes.length - (bytes.length % 2));
  for (const m of text.matchAll(/(?:[A-Za-z]:\\|\\\\)[^\u0000-\u001f"<>|]{0,256}/g)) {
    const p = m[0];
    if (!/(?:^|\\)AppData(?:\\|$)/i.test(p)) continue;
    if (/^[A-Za-z]:\\(?:Users|Documents and Settings)\\[^\\]+\\AppData(?:\\|$)/i.test(p)) continue;
    return p;
  }
  return undefined;
}
