/**
 * The one entry model every host's config is parsed into, with provenance.
 * Values of `env` and `headers` are kept for analysis but must never reach any output: reporters
 * get keys only.
 */
import type { ConfigFormat, Scope, Transport } from '../hosts/types.js';
import type { ConfigFileSpec } from '../shared/inventory.js';

// The vocabulary of a host definition (hosts/ is the data leaf parse/ reads): re-exported here for the stages after parse.
export type { ConfigFormat, Scope, Transport };

/** Where a value came from in a config file: file, JSON pointer and 1-based line:column. */
export interface Origin {
  readonly file: string;
  readonly pointer: string;
  readonly line: number;
  readonly column: number;
}

/** How a field's value was obtained. */
export type Provenance = 'explicit' | 'defaulted' | 'unresolvable';

/**
 * How the host treats an entry, as discovery decides it from the host's own semantics: only
 * 'launched' entries are graded and counted; the others are listed with the reason (`stateBy`).
 * Every state but 'launched' also sets `disabled: true`.
 */
export type LaunchState = 'launched' | 'disabled' | 'blocked-by-policy' | 'shadowed' | 'internal';

/**
 * Something discovery could not establish about how the host launches an entry (a variable it
 * cannot expand, a switch file it could not read, a precedence it does not model). Each one leaves
 * the grader's 'launched' claim unproven: the entry is graded, but cannot be enforcing.
 */
export interface LaunchDoubt {
  readonly reason: string;
  readonly origin?: Origin;
}

/** The working directory the host starts a stdio server in (decides what `python -m`, `npx` … resolve against). */
export type LaunchCwd =
  | { readonly kind: 'explicit'; readonly path: string }
  | { readonly kind: 'home' }
  | { readonly kind: 'project'; readonly path: string }
  | { readonly kind: 'unknown'; readonly why: string };

/** A launch field of an entry that is not the type the host expects. */
export interface EntryShapeProblem {
  readonly pointer: string;
  readonly expected: string;
  readonly actual: string;
  readonly origin: Origin;
}

export interface ServerEntry {
  /** Host id from the registry, e.g. 'claude-desktop'. */
  readonly host: string;
  readonly scope: Scope;
  /** Absolute path of the config file the entry lives in (as found, before symlink resolution). */
  readonly configPath: string;
  /** The server name / key as the host shows it. */
  readonly name: string;
  /** Position of the entry object itself. */
  readonly origin: Origin;
  readonly transport: Transport;
  /** stdio: the program, exactly as written (string or first element of an array command). */
  readonly command?: string;
  readonly args: readonly string[];
  /**
   * The entry's environment (`env`, `envs`, `environment`). A `null` value means the entry removes
   * the variable. NEVER print values.
   */
  readonly env: Readonly<Record<string, string | null>>;
  /** Origins of each env key, for findings located on the key. */
  readonly envOrigins: Readonly<Record<string, Origin>>;
  readonly cwd?: string;
  /** Remote entries: `url` / `serverUrl` / `httpUrl` / `uri`. */
  readonly url?: string;
  /** Header names only are ever shown; values kept for probing. NEVER print values. */
  readonly headers: Readonly<Record<string, string>>;
  /** True when the host would not launch it (`disabled: true`, `enabled: false`, …). */
  readonly disabled: boolean;
  /** Origins of individual args (index → origin), when known. */
  readonly argOrigins?: readonly Origin[];
  /** The raw entry object as parsed (for proxy markers such as `_mcpindexWired`). */
  readonly raw: unknown;
  /** Project root the entry belongs to (project scope, and ~/.claude.json `projects.<path>`). */
  readonly project?: string;
  /**
   * The project folder this entry is kept under in a file that holds one server map per project
   * (~/.claude.json `projects.<key>.mcpServers`): the key as written, mapped by discovery as every
   * recorded path is (under --root, into the root). Absent for an entry of a project's own file
   * (.mcp.json), whose file already tells it apart.
   */
  readonly projectKey?: string;
  /**
   * The plugin this entry belongs to, in a file that lists several plugins (a Claude Code
   * marketplace.json `plugins[].name`): decides its enablement (`PluginEnablement.inline`).
   */
  readonly plugin?: string;
  /** Format the file was parsed as. */
  readonly format?: ConfigFormat;
  /** Why `disabled` is true: the switch (`disabled`, `enabled`) or the host rule that applies. */
  readonly disabledBy?: string;
  /**
   * Switches that turn the entry off for one host only, while other hosts reading the same file
   * still launch it (Claude Code `disabledMcpjsonServers` naming a server of a shared `.mcp.json`
   * that Cursor, VS Code and Windsurf also read). The entry stays `disabled: false`.
   */
  readonly disabledOnlyFor?: readonly { readonly host: string; readonly by: string }[];
  /** Whether `transport` was written (`type`/`transport`), inferred from fields, or unknown. */
  readonly transportSource?: Provenance;
  /** The file actually read when `configPath` is a symbolic link. */
  readonly realPath?: string;
  /** How the host treats the entry (absent = 'launched' unless `disabled`). */
  readonly state?: LaunchState;
  /** What decided a state other than 'launched': the switch or policy, its file and key. */
  readonly stateBy?: { readonly reason: string; readonly file?: string; readonly key?: string };
  /** What discovery could not prove about the launch (see LaunchDoubt). */
  readonly launchDoubts?: readonly LaunchDoubt[];
  /**
   * Launch fields of the wrong type (`"args": "--pin-store /tmp/x"` as one string, `env` as an
   * array …): what the host does with them is not known, so the entry cannot be enforcing.
   */
  readonly shapeProblems?: readonly EntryShapeProblem[];
  /** Where the host starts the server (absent = not modelled, i.e. unknown). */
  readonly launchCwd?: LaunchCwd;
  /**
   * The env files the host loads into its own environment before it starts a stdio server (its
   * `envFiles`, hosts/types.ts), set by discovery; absent when no discovery established it.
   */
  readonly hostEnvFiles?: { readonly files: readonly ConfigFileSpec[]; readonly source: string };
  /** Variables the host copies from its own environment into the server's (Codex `env_vars`): names only, their values are the host's. */
  readonly forwardedEnv?: readonly string[];
  /** Variables the host expands that discovery expanded, and where each value came from. */
  readonly expanded?: readonly Expansion[];
}

/** One variable expanded as the host would: `${userHome}` from the home, `${workspaceFolder}` from the project … */
export interface Expansion {
  readonly field: string;
  readonly variable: string;
  readonly from: 'home' | 'project' | 'plugin-root' | 'path-separator';
}
