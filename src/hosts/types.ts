import type { Platform } from '../shared/env.js';

export type Scope = 'user' | 'project' | 'managed' | 'plugin' | 'profile';
export type ConfigFormat = 'json' | 'jsonc' | 'toml' | 'yaml';
export type Transport = 'stdio' | 'http' | 'sse' | 'unknown';

/**
 * A host definition is data (STYLE §3): where a host keeps MCP server entries on each OS, in
 * which format, under which key, and how one entry maps onto `ServerEntry`. Behaviour that needs
 * code (globs, project roots, ~/.claude.json projects) is a typed field here, implemented once in
 * src/discover/ (the engine) and src/parse/normalize.ts.
 *
 * Path templates use '/' separators and these tokens, expanded by `src/discover/paths.ts`:
 * - `~`               the trusted home (`%USERPROFILE%` on Windows)
 * - `<UD>`            the VS Code-family user-data root: macOS `~/Library/Application Support`,
 *                     Linux `~/.config`, Windows `%APPDATA%` (append `/<App name>`)
 * - `%APPDATA%`, `%LOCALAPPDATA%`, `%USERPROFILE%`  Windows folders below the home
 * - `%PROGRAMDATA%`, `%PROGRAMFILES%`, `/etc/…`, `/Library/…`  system (managed) folders
 * - `<project>`       a project root (only in `scope: 'project'` locations)
 * - `$NAME`           a relocator variable (hosts.md §7), only when auditing one's own home; the
 *                     location is skipped when the variable is unset
 * A location with `glob: true` is a fast-glob pattern from the first segment holding `* ? { [`.
 */
export interface HostLocation {
  readonly scope: Scope;
  /** OSes the path applies to; omitted = all three. */
  readonly os?: Platform | readonly Platform[];
  readonly path: string;
  readonly glob?: true;
  /** Overrides the host's format for this file. */
  readonly format?: ConfigFormat;
  /** Overrides the host's containers for this file. */
  readonly containers?: readonly Container[];
  /**
   * Presence gate: the file is parsed only if its text contains one of these strings. A file that
   * fails the gate (e.g. a VS Code settings.json without MCP content) is "found, no servers".
   */
  readonly gate?: readonly string[];
  /**
   * The file lists project roots: the keys of the object at this key path (`projects` in
   * ~/.claude.json and Codex config.toml). Discovery adds them to the project roots it scans.
   */
  readonly listsProjects?: readonly string[];
  /**
   * Other hosts that read this same file and ignore this host's name switches (`.mcp.json`: Cursor,
   * VS Code, Windsurf). A switch then disables nothing: the entry is kept enabled and the switch
   * is recorded in `disabledOnlyFor`, since the entry is reported once, under this host.
   */
  readonly sharedWith?: readonly string[];
  /**
   * The host loads this project file only for project roots its own user config lists (a location
   * with `listsProjects`, e.g. Codex `[projects."<root>"]`). Entries of an unlisted root are marked
   * disabled. When that user config cannot be read, nothing is marked (the audit errs towards live).
   */
  readonly onlyListedProjects?: true;
  /**
   * With `listsProjects`: a listed root counts as trusted only when its table has this key set to
   * this value (Codex `[projects."<root>"] trust_level = "trusted"`).
   */
  readonly trustKey?: { readonly key: string; readonly value: string };
  /**
   * Entries here are never launched as they stand (a plugin folder in a marketplace clone is a
   * copy to install from, not an installed plugin): each gets `state` with this reason.
   */
  readonly inert?: { readonly state: 'disabled' | 'internal'; readonly reason: string };
  /** No host source or host documentation confirms this location (hosts.md "(unverified)"). */
  readonly unverified?: true;
  readonly note?: string;
  /**
   * Where the host reads this file: its source (repo, commit or version, path) or documentation
   * page. A location taken only from other tools' readers cites them and is `unverified`.
   */
  readonly source: string;
}

/**
 * Where the entries sit inside a parsed file. `path` is a list of single keys: a key containing a
 * dot (`"mcp.servers"`, `"amp.mcpServers"`) is one segment. `'*'` matches every key of an object
 * (`projects.*.mcpServers`); the matched key is recorded as the entry's `project`.
 */
export interface Container {
  readonly path: readonly string[];
  /**
   * `map`: name → entry. `array`: a list of entries named by `nameField` (or `#index`).
   * `map-or-flat`: the map at `path` when present, else the document root itself is the map
   * (plugin `.mcp.json` files). `single`: the object at `path` is one entry named by `nameField`
   * or the file's base name. `file-entry`: the document root is one entry named after the file,
   * when it looks like one (has `command`, `url` …) — a block file holding a single server.
   */
  readonly shape: 'map' | 'array' | 'map-or-flat' | 'single' | 'file-entry';
  readonly nameField?: string;
  /** Scope of entries found here, when it differs from the location's (e.g. Claude Code local). */
  readonly scope?: Scope;
}

/** Field names of one entry. Every list is tried in order; the first present key wins. */
export interface EntryShape {
  /** Program: a string, or an array whose first element is the program and the rest args. */
  readonly command: readonly string[];
  readonly args: readonly string[];
  readonly env: readonly string[];
  readonly cwd: readonly string[];
  /** URL fields, each with the transport it implies when no type is given (undefined = `urlDefault`). */
  readonly url: readonly { readonly key: string; readonly transport?: Transport }[];
  readonly type: readonly string[];
  readonly headers: readonly string[];
  /** `true` here disables the entry. */
  readonly disabled: readonly string[];
  /** `false` here disables the entry. */
  readonly enabled: readonly string[];
  /** Transport of a URL entry without a type (Cline and Gemini `url`: SSE). */
  readonly urlDefault: Transport;
  /** The host ignores remote (URL) entries in this file (Claude Desktop): they are marked disabled. */
  readonly remoteIgnored?: true;
  /** Fields live in a nested object under this key (legacy Continue `transport: {…}`). */
  readonly inner?: string;
  /**
   * The host picks the transport from the URL fields before `command`: an entry holding both is
   * connected to its URL and its command never runs (Gemini CLI: `httpUrl`, then `url`, then `command`).
   */
  readonly urlBeforeCommand?: true;
  /**
   * `type` values naming extensions that run inside the host, not as a server process (Goose
   * `builtin`, `platform`): such entries get state 'internal'.
   */
  readonly internalTypes?: readonly string[];
  /**
   * Validity rules: an entry (of `type`, when given) lacking one of `fields` is skipped by the host
   * (Goose: `enabled`, and `cmd` + `args` for stdio). Not applied to an entry that a same-named
   * entry of another file is merged with (the merge may supply the field).
   */
  readonly required?: readonly { readonly type?: string; readonly fields: readonly string[] }[];
  /** `type` values the host still parses but no longer starts (Goose `sse`), with the reason. */
  readonly unstartedTypes?: readonly { readonly type: string; readonly reason: string }[];
}

/**
 * Variables the host expands inside entry fields before it starts a server. Expanded once, by
 * src/discover/expand.ts. A value the audit cannot know (the host process's environment, a prompt)
 * is never guessed: the entry keeps the literal text and gets a launch doubt.
 * - `vscode`: `${userHome}`, `${workspaceFolder}`, `${workspaceFolderBasename}`, `${pathSeparator}`,
 *   `${/}`, `${env:NAME}`, `${input:id}` (and any other `${…}`, unknown to the audit).
 * - `shell`: `${NAME}` and `${NAME:-default}` from the host's environment.
 * - `dollar`: `$NAME`, `${NAME}`, `${NAME:-default}` from the host's environment, and `$(command)`.
 * - `opencode`: `{env:NAME}` and `{file:path}` (opencode, whole file text).
 * - `continue`: `${{ secrets.NAME }}` / `${{ inputs.NAME }}` (Continue YAML).
 * `known` names variables the host sets itself in plugin/extension files: Claude Code
 * `CLAUDE_PLUGIN_ROOT` and Gemini `extensionPath` (the plugin folder), Gemini `/` and `pathSeparator`.
 */
export interface VariableSyntax {
  readonly form: 'vscode' | 'shell' | 'dollar' | 'opencode' | 'continue';
  readonly fields: readonly ('command' | 'args' | 'env' | 'url' | 'headers' | 'cwd')[];
  readonly known?: readonly ('CLAUDE_PLUGIN_ROOT' | 'extensionPath' | '/' | 'pathSeparator')[];
  /** Expanded only in files of these scopes (Claude Code: `.mcp.json` and plugin files). Omitted = all. */
  readonly scopes?: readonly Scope[];
  readonly source: string;
}

/**
 * Which entry runs when two define one name: tiers from highest to lowest precedence. An entry is
 * shadowed by a same-named entry of a higher tier that applies wherever it does (a user or system
 * entry, or a project entry of the same project). A project entry never shadows a user entry:
 * the user entry still runs in every other folder.
 */
export interface Precedence {
  readonly tiers: readonly { readonly location: string; readonly scope?: Scope }[];
  /**
   * `whole`: the higher entry replaces the lower one. `fields`: same-named entries are merged field
   * by field (Codex layers): both get a launch doubt, since the entry that runs is their merge.
   */
  readonly merge: 'whole' | 'fields';
  readonly source: string;
}

/**
 * Administrator policy outside the entries. An entry it stops gets state 'blocked-by-policy' with
 * the policy's file and key.
 * - `exclusive`: when one of these locations' files exists, the host loads only its entries; every
 *   other entry of the host is blocked (Claude Code managed-mcp.json). When it exists but cannot be
 *   read, every other entry gets a launch doubt.
 * - `lists`: allow/deny lists of matchers `{ serverName }`, `{ serverCommand: [...] }`,
 *   `{ serverUrl: "https://*" }`; a deny match blocks; when an allow list exists, an entry matching
 *   none of its items is blocked.
 */
export interface HostPolicy {
  readonly exclusive?: readonly string[];
  readonly lists?: readonly {
    readonly file: string;
    readonly allow?: readonly string[];
    readonly deny?: readonly string[];
  }[];
  readonly source: string;
}

/** Where the host starts a stdio server that names no `cwd` of its own. */
export interface LaunchDirectory {
  /** `project`: the project root for project entries (user entries: unknown, the host runs anywhere). `home`: the home. */
  readonly kind: 'project' | 'home';
  readonly source: string;
}

/**
 * A list of server names that turns entries of one location off (`deny`) or leaves only the
 * listed ones on (`allow`): Claude Code `disabledMcpjsonServers`, Gemini `mcp.excluded` /
 * `mcp.allowed`. A list that is absent or unreadable changes nothing (entries stay enabled: the
 * audit errs towards reporting an entry as live).
 */
export interface NameSwitch {
  /** The path template of the location whose entries it governs; `*` = every location of the host. */
  readonly governs: string;
  /** `self` = the entry's own file; else a path template (`<project>` = the entry's project). */
  readonly file: string;
  /** Key path to the array of names; `<project-key>` = the entry's project as that file records it. */
  readonly key: readonly string[];
  /**
   * `deny` / `allow`: `key` holds an array of names. `off-map`: `key` holds a map of name →
   * object, and an entry is off when that object's `field` is `false` (Gemini
   * mcp-server-enablement.json `{ "<name>": { "enabled": false } }`).
   */
  readonly kind: 'deny' | 'allow' | 'off-map';
  readonly field?: string;
  /** Names are compared lower-cased (the host stores them so). */
  readonly lowercase?: true;
  /** Where the host reads this list (source or documentation). */
  readonly source: string;
}

/**
 * Files in which a host records the project folders it opened (hosts.md §8), e.g. VS Code
 * `workspaceStorage/<id>/workspace.json` `{"folder": "file:///home/u/app"}`. With project scanning
 * on, each folder becomes a project root. `path` may use globs and brace groups.
 */
export interface ProjectIndex {
  readonly path: string;
  /** Key path to a `file://` URI (or an absolute path) naming the folder. */
  readonly key: readonly string[];
}

/**
 * Extensions installed by link: an install record in each extension folder that, when its
 * `typeKey` equals `typeValue`, points (`sourceKey`, an absolute path) at the directory holding
 * the real manifest. The manifest there is read as the `location` (a path template of this host).
 */
export interface LinkedInstalls {
  readonly records: string;
  readonly typeKey: readonly string[];
  readonly typeValue: string;
  readonly sourceKey: readonly string[];
  readonly manifest: string;
  readonly location: string;
  readonly source: string;
}

/**
 * Plugins are loaded only when enabled: the plugin's id (`<plugin>@<marketplace>`, from the
 * path segments below the location's glob base) must be `true` in the map at `key` of one of
 * `files`. When none of the files can be read, nothing is decided (the entry stays launched).
 */
export interface PluginEnablement {
  /** The plugin location templates it governs. */
  readonly governs: readonly string[];
  readonly files: readonly string[];
  readonly key: readonly string[];
  /** Index of the marketplace and the plugin name among the path segments below the glob base. */
  readonly marketplaceSegment: number;
  readonly pluginSegment: number;
  /** `bool`: the map holds `id: true`. `table`: it holds `id: { enabled: bool }`. */
  readonly shape: 'bool' | 'table';
  /** A plugin the readable records do not name: enabled, disabled, or unknown (a launch doubt). */
  readonly whenAbsent: 'enabled' | 'disabled' | 'doubt';
  readonly source: string;
}

/**
 * Project trust: project files of `governs` are loaded only for trusted folders. `file` maps
 * folder paths to a rule (`trust`: the folder and below; `parent`: the rule's parent folder and
 * below; `deny`); the longest matching path wins; no match = untrusted. Trust checking itself may
 * be off: `enabled` names the setting (and its default) in the given files, last one read wins.
 */
export interface TrustedFolders {
  readonly governs: readonly string[];
  readonly file: string;
  readonly trust: string;
  readonly parent: string;
  readonly deny: string;
  readonly enabled: { readonly files: readonly string[]; readonly key: readonly string[]; readonly default: boolean };
  readonly source: string;
}

/** A setting that turns every MCP server of the host off (Zed `disable_ai: true`). */
export interface HostSwitch {
  readonly file: string;
  readonly key: readonly string[];
  readonly value: unknown;
  readonly source: string;
}

/**
 * Project files the host loads only for folders trusted in a store the audit cannot read (Zed's
 * database): their entries get a launch doubt, unless `unless` (a setting in a file) trusts all.
 */
export interface OpaqueTrust {
  readonly governs: readonly string[];
  readonly where: string;
  readonly unless?: { readonly file: string; readonly key: readonly string[]; readonly value: unknown };
  readonly source: string;
}

export interface HostDefinition {
  /** kebab-case, equals the file name. */
  readonly id: string;
  readonly name: string;
  readonly format: ConfigFormat;
  readonly containers: readonly Container[];
  readonly entry: EntryShape;
  readonly locations: readonly HostLocation[];
  /** Where the host records its project folders (hosts.md §8). */
  readonly projectIndexes?: readonly ProjectIndex[];
  /** Name lists that disable entries (hosts.md §5). */
  readonly switches?: readonly NameSwitch[];
  /** Which entry runs when two scopes define one name. */
  readonly precedence?: Precedence;
  /** Variables expanded inside entries. */
  readonly variables?: VariableSyntax;
  /** Administrator policy (managed files, allow/deny lists). */
  readonly policy?: HostPolicy;
  /** Extensions installed by link to a source folder. */
  readonly linkedInstalls?: LinkedInstalls;
  /** Plugin enablement records. */
  readonly pluginEnablement?: PluginEnablement;
  /** Folder trust for project files. */
  readonly trustedFolders?: TrustedFolders;
  /** Folder trust kept where the audit cannot read it. */
  readonly opaqueTrust?: OpaqueTrust;
  /** Settings that turn all of the host's servers off. */
  readonly hostSwitches?: readonly HostSwitch[];
  /** Where a stdio server starts when its entry names no cwd (absent: unknown). */
  readonly launchDir?: LaunchDirectory;
  /** Facts about this host's switches that a file-based audit should know (hosts.md §5). */
  readonly notes?: readonly string[];
  /** Where the container key and entry fields come from (source or documentation). */
  readonly source: string;
}

/** The common shape: `command`, `args`, `env`, `url`, `type`, `headers`, `disabled`. */
export const STANDARD_ENTRY = {
  command: ['command'],
  args: ['args'],
  env: ['env'],
  cwd: ['cwd'],
  url: [{ key: 'url' }],
  type: ['type'],
  headers: ['headers'],
  disabled: ['disabled'],
  enabled: [],
  urlDefault: 'http',
} as const satisfies EntryShape;

export const MCP_SERVERS_MAP = [{ path: ['mcpServers'], shape: 'map' }] as const satisfies readonly Container[];

/** VS Code-family settings.json: nested `mcp.servers` and the dotted `"mcp.servers"` key. */
export const VSCODE_SETTINGS_SERVERS = [
  { path: ['mcp', 'servers'], shape: 'map' },
  { path: ['mcp.servers'], shape: 'map' },
] as const satisfies readonly Container[];

/** VS Code-family applications whose user-data folders hold extension storage (Cline, Roo). */
export const VSCODE_FAMILY_GLOB = '{Code,Code - Insiders,VSCodium,Cursor,Windsurf,Trae,Kiro,Antigravity,Void,Positron}';
