/**
 * The vocabulary of input inventories: everything one component of a launch (host, launcher,
 * runner, interpreter, proxy) reads, each input with its effect and where that was read. A leaf
 * (types only): hosts/, launch/ and proxies/ all describe their components with it, and grade/
 * judges a launch against it. What is not in an inventory is read by none of its components.
 */
import type { Platform } from './env.js';

/** Where a fact was read: `owner/repo@commit:path`, a docs URL, or a spec section. */
export type Source = string;

/**
 * What an input does to the launch when set. Only `benign` proves nothing moved; every other
 * effect leaves a claim open or refutes it.
 */
export type InputEffect =
  | 'benign'
  | 'runs-code'          // loads or runs other code in the process (NODE_OPTIONS, PYTHONPATH, node-options=)
  | 'moves-store'        // relocates the pin store or the state that tells a deleted baseline from a first run
  | 'moves-home'         // moves the home directory every default location is derived from (HOME, XDG_*)
  | 'changes-source'     // changes where the package comes from (registry, index, cache)
  | 'changes-release'    // changes which release runs (exclude-newer, before, offline)
  | 'changes-mode'       // changes whether drift blocks
  | 'changes-cwd'        // changes the working directory or project
  | 'changes-lookup'     // changes where a program is looked up (PATH, env -P)
  | 'changes-identity'   // changes the key pins are stored under
  | 'unknown';           // read, but its effect is not modelled: never benign

/**
 * A value for which an input with a non-benign effect changes nothing, as the component reads it:
 * `blank` (empty or only whitespace), `empty`, `trusted-home` (exactly the audited home),
 * `home-relative` (exactly `<home>/<relative>`), `zero`/`false` (a switch turned off).
 */
export type BenignValue =
  | { readonly kind: 'blank' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'trusted-home' }
  | { readonly kind: 'home-relative'; readonly relative: string }
  | { readonly kind: 'one-of'; readonly values: readonly string[] };

/**
 * When an input is read at all: `program-by-name` (the component looks its program up by name:
 * PATH matters only then), `without-option` (the component's own line has none of `options`:
 * Hangar reads MCP_CONFIG only without --config).
 */
export type ReadCondition =
  | { readonly kind: 'program-by-name' }
  | { readonly kind: 'without-option'; readonly options: readonly string[] };

/** One input a component reads, from its own source. */
export interface InventoryItem {
  /**
   * `env`: one variable; `env-family`: every variable with this prefix; `option`: a command-line
   * option; `config-key`: a key of a config file the component reads (dotted for a section:
   * `install.registry`, `global.index-url`).
   */
  readonly kind: 'env' | 'env-family' | 'option' | 'config-key';
  readonly name: string;
  readonly effect: InputEffect;
  readonly note: string;
  readonly source: Source;
  /** Values for which the effect does not happen (an empty MCPINDEX_STATE_DIR is ignored). */
  readonly benignWhen?: BenignValue;
  /** Read only under this condition; otherwise the component ignores it. */
  readonly when?: ReadCondition;
  /**
   * For an `env-family`: each member names one of this inventory's config keys (npm: the name after
   * `npm_config_`, `PIP_`, lower-cased, `_` → `-`), which decides its effect; a member naming no listed key
   * has the family's effect.
   */
  readonly configKeys?: 'dashed';
}

/** How a config file is parsed: as the tool parses it (grade/config-files.ts). */
export type ConfigFileFormat =
  | 'npmrc'    // npm's ini dialect: the `ini` package, `${VAR}` expansion, `key[]` arrays
  | 'ini'      // Python configparser files (pip.conf)
  | 'toml'     // uv.toml, bunfig.toml; `section` picks a table (pyproject.toml [tool.uv])
  | 'dotenv'   // KEY=value files a host loads into its own environment (the `dotenv` package's grammar)
  | 'json-env' // a JSON settings file whose `env` object the host loads into its own environment (Claude Code settings)
  | 'yaml'
  | 'json'
  | 'script'   // a shell or PowerShell start-up file: any content runs as code
  | 'python-version'; // uv's .python-version(s): one interpreter request per line (`version-request`, `interpreter-request`)

/** A config file a component reads, in its search order. */
export interface ConfigFileSpec {
  /**
   * `~/…` under the trusted home; `<cwd>/…` in the component's working directory (walked up to the
   * file-system root when `walk`); `<project>/…` in the directory a `--directory`/`--project`
   * option names; `%APPDATA%/…`, `%PROGRAMDATA%/…` on Windows; or absolute (system).
   */
  readonly path: string;
  readonly format: ConfigFileFormat;
  readonly scope: 'project' | 'user' | 'system' | 'builtin';
  /** `up-to-root`: the file in the directory and in every parent; `npm-prefix`: npm's local prefix (the nearest folder with package.json or node_modules, and each folder above with a package.json, a possible workspace root), else the directory itself. */
  readonly walk?: 'up-to-root' | 'npm-prefix';
  /** The TOML table (or INI sections) the component reads; absent: the whole file. */
  readonly section?: readonly string[];
  /** Only on these platforms. */
  readonly os?: readonly Platform[];
  /** Files of one group are alternatives: the first one found is the only one read. */
  readonly group?: string;
  /** Options on the component's own line that make it skip this file (`--no-config`, `-NoProfile`). */
  readonly skippedBy?: readonly string[];
  /** Read only with one of these options (`bash -l` reads the login files). */
  readonly onlyWith?: readonly string[];
  /** Read only by frames of these launch kinds (uv reads project files for `uv run`, not for `uvx`). */
  readonly onlyIn?: readonly string[];
  readonly source: Source;
}

/**
 * Everything one component (host, launcher, runner, interpreter, proxy) reads: every environment
 * variable and family, option and config file, each with its effect. What is not in it is not
 * read by it; a member of a listed family that is not itself listed has the family's effect.
 */
export interface Inventory {
  readonly component: string;
  readonly source: Source;
  readonly items: readonly InventoryItem[];
  readonly configFiles: readonly ConfigFileSpec[];
  /** What its file search takes for granted because it cannot be read (which installation runs): stated as assumptions. */
  readonly assumes?: readonly string[];
}
