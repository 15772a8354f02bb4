import type { Platform } from '../shared/env.js';
import type { ConfigFileSpec } from '../shared/inventory.js';
import type { VariableSyntax, VscodeVariable, Precedence, HostPolicy, LaunchDirectory, LinkedInstalls, PluginEnablement, TrustedFolders, HostSwitch, OpaqueTrust, RefusesDuplicateKeys } from './host-rules.js';

export type { VariableSyntax, VscodeVariable, Precedence, HostPolicy, LaunchDirectory, LinkedInstalls, PluginEnablement, TrustedFolders, HostSwitch, OpaqueTrust, RefusesDuplicateKeys };

import type { ConfigFormat, Scope, Transport } from './vocabulary.js';
import type { AncestorFiles, BackupFallback, CodeKey, CodeProviders, ContentVariable, DirVariable, FlatpakApp, LoaderRejects, PathRuleEnablement, ProjectWalk, RelocatingSetting, RemoteConfigs, StartupEnvFile, WorkspaceSettings } from './host-lookup.js';

export type { AncestorFiles, BackupFallback, CodeKey, CodeProviders, ContentVariable, DirVariable, FlatpakApp, LoaderRejects, PathRuleEnablement, ProjectWalk, RelocatingSetting, RemoteConfigs, StartupEnvFile, WorkspaceSettings };

export type { ConfigFormat, Scope, Transport };

/**
 * A host definition is data (STYLE §3): where a host keeps MCP server entries on each OS, in
 * which format, under which key, and how one entry maps onto `ServerEntry`. Behaviour that needs
 * code (globs, project roots, ~/.claude.json projects) is a typed field here, implemented once in
 * src/discover/ (the engine) and src/parse/normalize.ts.
 *
 * Path templates use '/' separators and these tokens, expanded by `src/discover/paths.ts`:
 * - `~`               the trusted home (`%USERPROFILE%` on Windows)
 * - `<UD>`            the VS Code-family user-data root: macOS `~/Library/Application Support`,
 *                     Linux `~/.config`, Windows `%APPDATA%` (append `/<App name>`); on Linux
 *                     `<UD>/<App name>` is also read in the Flathub sandbox of that product
 *                     (`VSCODE_FAMILY_FLATPAKS`), for every location, record and setting file
 * - `%APPDATA%`, `%LOCALAPPDATA%`, `%USERPROFILE%`  Windows folders below the home
 * - `%PROGRAMDATA%`, `%PROGRAMFILES%`, `/etc/…`, `/Library/…`  system (managed) folders
 * - `<project>`       a project root (only in `scope: 'project'` locations)
 * - `$NAME`           a relocator variable (one that moves the host's files), only when auditing
 *                     one's own home; the location is skipped when the variable is unset
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
   * With `onlyListedProjects`: a root its user config does not list takes the decision recorded
   * for its project root, the nearest ancestor holding one of these markers (Codex: `.git`, the
   * default `project_root_markers`). The root's own listing, trusted or not, is looked up first.
   */
  readonly trustFromProjectRoot?: {
    readonly markers: readonly string[];
    /** Then the main repository's root: a linked worktree's `.git` file names it (`gitdir: <main>/.git/worktrees/<name>`). */
    readonly repositoryRoot?: { readonly source: string };
    readonly source: string;
  };
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
  /**
   * The host reads this file only while a setting turns it on (VS Code's discovery of other apps'
   * configs, `chat.mcp.discovery.enabled`): the setting at `key` of any of `files` is `true`, or an
   * object whose `name` member is `true`. Otherwise the file's entries are not the host's.
   */
  readonly enabledBy?: { readonly files: readonly string[]; readonly key: readonly string[]; readonly name: string; readonly source: string };
  /**
   * Overrides the host's entry fields for this file: an adapter that reads another app's file its
   * own way (VS Code's discovery), or an imported file read by the importer's own rules (mcporter).
   */
  readonly entry?: EntryShape;
  /**
   * The host runs this file to produce its configuration (Crush `crushrc`, Continue `config.ts`):
   * the audit never runs it, so when it exists the count is a floor.
   */
  readonly script?: { readonly reason: string };
  /**
   * A layer the host reads above its other files that the audit does not decode (Codex's managed
   * preferences `config_toml_base64`): when it exists the count is a floor, and every entry of the
   * host may be redefined by it, so none is proven launched as written.
   */
  readonly unreadLayer?: { readonly reason: string };
  /** The host falls back to a backup of this file when it is absent or does not parse. */
  readonly fallbacks?: BackupFallback;
  /** Manifests here that the host's loader refuses: their entries are disabled. */
  readonly rejects?: LoaderRejects;
  /**
   * The host reads this file, another host's, as one of its imports of this kind (mcporter
   * `"imports": ["cursor", …]`): read only when the host is present and its own config files do
   * not turn the kind off (`HostDefinition.imports`, applied by src/discover/imports.ts).
   */
  readonly importKind?: string;
  /** No host source or host documentation confirms this location; at most other tools read it. */
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
   * `map-or-items`: a map as `map`, or a list whose object items are such maps and whose string
   * items name servers configured elsewhere (not entries here): Claude Code agent `mcpServers`.
   * `flat-if-none`: when no container listed before it in the same list is present, the document
   * root is the map (its members that look like an entry); otherwise nothing (`path` unused):
   * mcporter's root fallback after `mcpServers`, `servers` and `mcp`.
   */
  readonly shape: 'map' | 'array' | 'map-or-flat' | 'single' | 'file-entry' | 'command-line' | 'map-or-items' | 'flat-if-none';
  readonly nameField?: string;
  /**
   * Entries here replace the same-named entries of the containers listed before it in the same
   * file (VS Code migrates `mcpServers` over `servers`: `{ ...servers, ...mcpServers }`).
   */
  readonly overrides?: true;
  /**
   * `command-line`: the string at `path` is one stdio server named `name`, whose program and
   * arguments the host splits like a shell (Gemini `mcp.serverCommand`). Split at spaces only
   * when the line holds no quoting, escape or expansion; otherwise kept whole as the program.
   */
  readonly name?: string;
  /** Scope of entries found here, when it differs from the location's (e.g. Claude Code local). */
  readonly scope?: Scope;
  /** `single`: the entry is named by this key of the document root (an extension manifest's `name`). */
  readonly rootNameField?: string;
  /** The value may instead name other files holding the entries (a path, or a list of paths). */
  readonly references?: FileReferences;
  /**
   * What a `'*'` segment of `path` matches, when not a project (the default, recorded as the
   * entry's `project`): `block`, each key of an object naming a block the host applies as part of
   * this same scope (a Zed settings profile), not recorded; `plugin`, each item of an array, the
   * item's `field` recorded as the entry's `plugin` (a Claude Code marketplace.json plugin entry).
   */
  readonly wildcard?: { readonly names: 'block' } | { readonly names: 'plugin'; readonly field: string };
  /** Items of an `array` container that pull their entry from another file (Continue `uses:`). */
  readonly uses?: UsesBlocks;
  /** Keys of a `map` container that name no server (OpenClaw's `$include` directive). */
  readonly skipKeys?: readonly string[];
}

/**
 * A key that, at any object level of a config file, names files the host reads and deep-merges at
 * that level (OpenClaw `$include`: a path or a list of paths, relative to the including file).
 * Each named file is read with the host's containers re-rooted at that level; its own includes
 * are followed up to `maxDepth`, and a file already on the chain is not read again (the host
 * refuses a cycle). `withinRoot`: the host refuses a path outside the top config file's folder.
 */
export interface PluginFolderSetting {
  /** Path template of the settings file. */
  readonly file: string;
  /** Key of the map of folder → boolean (one segment: a dotted VS Code setting name). */
  readonly key: string;
  /** Files read in each enabled folder, relative to it, each with its own containers. */
  readonly files: readonly { readonly path: string; readonly containers: readonly Container[] }[];
  readonly source: string;
}

export interface ConfigIncludes {
  readonly key: string;
  readonly maxDepth: number;
  readonly withinRoot: true;
  readonly source: string;
}

/**
 * An item of an array container holding `field` (Continue `uses: ./block.yaml`) instead of an
 * entry: the host reads the file it names (a literal path, `file://`, or `~/`, relative ones
 * against the folder of the file holding the item), takes the first entry of `containers` there,
 * and lays the item's `override` keys over it. Any other value (a hub slug) cannot be followed:
 * the count is a floor. The named file's own such items are not followed (the host does not).
 */
export interface UsesBlocks {
  readonly field: string;
  readonly override: string;
  readonly format: ConfigFormat;
  readonly containers: readonly Container[];
  /** Why a value that is no file path is not followed. */
  readonly slug: string;
  readonly source: string;
}

/**
 * A container whose value may instead name files (Claude Code plugin.json `mcpServers`: a path or
 * a list of paths, relative to the plugin root): each named file is read with `containers`.
 */
export interface FileReferences {
  /**
   * What relative paths are read against: `plugin-root`, the plugin's folder; `file-dir`, the
   * folder of the file naming them (Codex `[agents.<role>] config_file`).
   */
  readonly base: 'plugin-root' | 'file-dir';
  /** `plugin-root`: the folder below the plugin root that holds the manifest (`.claude-plugin`, `.codex-plugin`). */
  readonly manifestDir?: string;
  /** The scope of the named files' entries, when not the naming file's (a role layer applied when selected). */
  readonly scope?: Scope;
  /**
   * `any`: a path or a list of paths, relative ones against the plugin root, absolute ones as
   * recorded. `dot-relative`: one path that starts with `./` and stays inside the plugin root (no
   * `..`); the host ignores any other value, so the audit does not follow it either.
   */
  readonly paths: 'any' | 'dot-relative';
  readonly format: ConfigFormat;
  readonly containers: readonly Container[];
  readonly source: string;
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
   * The host documents that `command` wins over the URL fields for an entry holding both with no
   * `type` (Cline: the stdio member of its schema union comes first). Without this or
   * `urlBeforeCommand`, such an entry gets a launch doubt: which of the two runs is not known.
   */
  readonly commandBeforeUrl?: true;
  /**
   * The host's source shows that `type` decides between the command and the URL of an entry
   * holding both. Without it such an entry gets a launch doubt even with a type: VS Code, for one,
   * connects to `url` whenever it is present, whatever `type` says
   * (microsoft/vscode@9eab112e src/vs/workbench/contrib/mcp/common/discovery/configMcpDiscovery.ts:
   * `'url' in value ? HTTP : Stdio`), where earlier releases went by `type === 'sse'`.
   */
  readonly typeDecides?: true;
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
  /**
   * Members that choose the machine the host starts the server on (Codex `experimental_environment`):
   * an entry holding one with any value but those in `local` is started elsewhere, so what runs,
   * its environment and its pin store are not this machine's (a launch doubt).
   */
  readonly placement?: readonly { readonly key: string; readonly local: readonly string[]; readonly source: string }[];
  /**
   * Members listing variables the host copies from its own environment into the server's (Codex
   * `env_vars`: names, or `{ name, source }` tables): each reaches the launch with a value the
   * audit cannot read.
   */
  readonly forwardsEnv?: readonly { readonly key: string; readonly source: string }[];
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
 * Files in which a host records the project folders it opened, e.g. VS Code
 * `workspaceStorage/<id>/workspace.json` `{"folder": "file:///home/u/app"}`. With project scanning
 * on, each folder becomes a project root. `path` may use globs and brace groups.
 */
export interface ProjectIndex {
  readonly path: string;
  /** Key path to a `file://` URI (or an absolute path) naming the folder. */
  readonly key: readonly string[];
  /**
   * `value` (default): the value at `key` names the folder. `keys`: the object at `key` maps
   * folders to anything (Gemini trustedFolders.json). `workspace-file`: the value names a VS Code
   * `.code-workspace` file: its own folder and each of its `folders[].path` (relative to it) are folders.
   * `session-log`: each file is a JSON Lines session log whose first line names the folder the
   * session ran in at `key` (Codex rollouts); only that line is read, from the newest files first,
   * within caps (project-index.ts), past which the count is a floor.
   * `list`: the value at `key` is an array of folder paths (Mistral Vibe trusted_folders.toml `trusted`).
   */
  readonly kind?: 'value' | 'keys' | 'workspace-file' | 'session-log' | 'list';
  /**
   * For `session-log`: which line names the folder. `first` (default): the first line only (a
   * Codex rollout opens with its session_meta). `first-naming`: the first line that holds a string
   * at `key`, within the same byte cap (Claude Code transcripts may open with summary or snapshot
   * lines; each message line carries `cwd`).
   */
  readonly line?: 'first' | 'first-naming';
  /**
   * For `list`: the key path, inside each item of the array, of the folder (Crush projects.json
   * `{"projects": [{"path": "/home/u/app", …}]}`: key `projects`, item `path`). Absent: each item is the folder.
   */
  readonly item?: readonly string[];
  /**
   * The index file's format: JSONC (default), TOML, `text`: the file's whole text, trimmed, is the
   * value (key `[]`; Gemini's `.project_root` ownership markers hold one absolute path), or `sqlite`:
   * a SQLite database (Zed's workspace database), which the audit has no reader for: each such file
   * found makes the count a floor, naming it (the projects it records are not read); `key` is then unused.
   */
  readonly format?: 'jsonc' | 'toml' | 'text' | 'sqlite';
  /** Where the host writes this record (source or documentation). */
  readonly source?: string;
}

export interface HostDefinition {
  /** kebab-case, equals the file name. */
  readonly id: string;
  /**
   * Files the host loads into its own environment before it starts stdio servers, which inherit
   * them (Gemini CLI's `.env`), in its search order: files of one `group` are alternatives, the first
   * found is the only one loaded. `NO_ENV_FILES` for a host whose launch code (its `source`) loads none.
   */
  readonly envFiles: HostEnvFiles;
  readonly name: string;
  readonly format: ConfigFormat;
  readonly containers: readonly Container[];
  readonly entry: EntryShape;
  readonly locations: readonly HostLocation[];
  /** Where the host records its project folders. */
  readonly projectIndexes?: readonly ProjectIndex[];
  /** Name lists that disable entries. */
  readonly switches?: readonly NameSwitch[];
  /** Which entry runs when two scopes define one name. */
  readonly precedence?: Precedence;
  /** Variables expanded inside entries. */
  readonly variables?: VariableSyntax;
  /**
   * The host pastes values into the file's text before it parses it, without escaping them
   * (Warp's `${NAME}` over the whole file and its `{{name}}` templates; opencode's `{env:NAME}`):
   * a value holding a quote can add or change any member of any entry. A file holding one of the
   * markers anywhere gives every entry in it a launch doubt: what the host parses is not the text read.
   */
  readonly rawTextSubstitution?: {
    readonly markers: readonly string[];
    /**
     * The host also turns each env value into a template placeholder and pastes the value back into
     * the server's JSON text unescaped (Warp): an env value holding a quote, a backslash or a control
     * character rewrites the entry, which is then a launch doubt.
     */
    readonly envValuesPasted?: true;
    /** Other hosts' files this host also starts servers from (their locations' `path`), rendered the same way. */
    readonly alsoStarts?: readonly string[];
    /**
     * A top-level key of the file whose array names variables the host replaces, wherever the name
     * occurs in the text, by their values before parsing (Continue config.json `env`): a non-empty
     * list puts every entry of the file in doubt.
     */
    readonly namesListedAt?: string;
    readonly source: string;
  };
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
  /** The host skips a file holding a duplicate key (its strict loader refuses it). */
  readonly refusesDuplicateKeys?: RefusesDuplicateKeys;
  /** Variables of the host's environment that move where it reads files. */
  readonly dirVariables?: readonly DirVariable[];
  /** Variables of the host's environment that hold a whole config document. */
  readonly contentVariables?: readonly ContentVariable[];
  /** Dotenv files the host loads into its own environment before it reads its config. */
  readonly startupEnvFiles?: readonly StartupEnvFile[];
  /** The host walks from its working directory up to the project root. */
  readonly projectWalk?: ProjectWalk;
  /** Host settings that move a location's folder. */
  readonly relocatingSettings?: readonly RelocatingSetting[];
  /** Settings in a project's own settings file that move or add server files, not followed per project. */
  readonly workspaceSettings?: readonly WorkspaceSettings[];
  /** Files the host may read above a project root, not modelled. */
  readonly ancestorFiles?: AncestorFiles;
  /** Installed extensions whose code provides servers at run time. */
  readonly codeProviders?: CodeProviders;
  /** Config keys naming code the host loads, which may add servers at run time. */
  readonly codeKeys?: readonly CodeKey[];
  /** Files naming remote configs the host fetches and merges. */
  readonly remoteConfigs?: readonly RemoteConfigs[];
  /** Settings mapping plugin folders to `true`, whose MCP files the host loads. */
  readonly pluginFolderSettings?: readonly PluginFolderSetting[];
  /** A key naming files merged into the config where it appears. */
  readonly includes?: ConfigIncludes;
  /** Other hosts' files the host also starts servers from, by kinds its own config may list (mcporter `imports`). */
  readonly imports?: HostImports;
  /** Options of the host's program that add a config file, when a session file's wrapper gives them. */
  readonly launchOptions?: readonly LaunchOption[];
  /** Installs that keep their user data beside the program (VS Code's portable mode). */
  readonly portableInstalls?: PortableInstalls;
  /**
   * The programs that start the host. Required: a wrapper (alias, shell definition, script, `flatpak run`,
   * `open -a`) of a program missing here is one the audit does not read.
   */
  readonly programs: HostPrograms;
  /** Per-folder enablement rules for extensions. */
  readonly pathRuleEnablement?: PathRuleEnablement;
  /** Where a stdio server starts when its entry names no cwd (absent: unknown). */
  readonly launchDir?: LaunchDirectory;
  /** Facts about this host's switches that a file-based audit should know. */
  readonly notes?: readonly string[];
  /** Where the container key and entry fields come from (source or documentation). */
  readonly source: string;
}

/**
 * Other hosts' config files a host starts servers from (mcporter's imports of Cursor, Claude Code,
 * Codex … files): each is one of the host's locations with an `importKind`, read by the host's own
 * entry rules. A list at `key` in the host's own config files (its locations without `importKind`)
 * chooses the kinds:
 * - absent (or no own config file found): every kind;
 * - `[]`: none;
 * - non-empty, `listed-then-rest`: every kind still, the listed ones first (mcporter appends the
 *   defaults it does not name), so only `[]` turns a kind off.
 * With several own files, a kind is off only when every file that was read turns it off (which of
 * them the host reads is not known: the audit errs towards launched). A listed name that is not in
 * `kinds` makes the count a floor. The imports apply only where the host is present: one of its
 * own config files, or a folder of `presence`, exists; elsewhere nothing starts them.
 */
export interface HostImports {
  readonly key: readonly string[];
  readonly kinds: readonly string[];
  readonly list: 'listed-then-rest';
  /**
   * Paths whose existence shows the host is on the machine: folders it creates when it runs, or
   * its package's package.json where npm, npx and the other installers put it (globs allowed).
   */
  readonly presence: readonly string[];
  readonly source: string;
}

/** The env files a host loads, with where that was read. */
export interface HostEnvFiles {
  readonly files: readonly ConfigFileSpec[];
  readonly source: string;
}

/**
 * A host whose launch code starts a stdio server with the host's own process environment plus the
 * entry's `env` and loads no env file of its own (the spawn code cited in the host's `source`).
 */
export const NO_ENV_FILES: HostEnvFiles = { files: [], source: "the host's server launch code, cited in its source: its own environment plus the entry's env" };

/**
 * The common shape: `command`, `args`, `env`, `url`, `type`, `headers`, `disabled`. No `cwd`: a
 * host honours an entry's working directory only where its source or documentation says so
 * (Cline, Roo Code, Gemini CLI, Codex), and a `cwd` field elsewhere is not where the
 * server starts; each such host adds `cwd: ['cwd']` with its source.
 */
export const STANDARD_ENTRY = {
  command: ['command'],
  args: ['args'],
  env: ['env'],
  cwd: [],
  url: [{ key: 'url' }],
  type: ['type'],
  headers: ['headers'],
  disabled: ['disabled'],
  enabled: [],
  urlDefault: 'http',
} as const satisfies EntryShape;

export const MCP_SERVERS_MAP = [{ path: ['mcpServers'], shape: 'map' }] as const satisfies readonly Container[];

/**
 * The predefined variables VS Code resolves in mcp.json that the audit can evaluate
 * (https://code.visualstudio.com/docs/reference/variables-reference; the MCP configuration
 * reference says mcp.json takes them). Any other (`${config:…}`, `${command:…}`, `${file}`) is a doubt.
 */
export const VSCODE_VARIABLES: readonly VscodeVariable[] = ['userHome', 'workspaceFolder', 'workspaceFolderBasename', 'pathSeparator', '/', 'env', 'input'];

/** VS Code-family settings.json: nested `mcp.servers` and the dotted `"mcp.servers"` key. */
/**
 * A VS Code mcp.json: `servers`, and `mcpServers`, which VS Code migrates over it when it reads the
 * file (`{ ...value.servers, ...value.mcpServers }`: a same-named `mcpServers` entry is the one
 * started; microsoft/vscode@9eab112e src/vs/workbench/contrib/mcp/common/discovery/configMcpDiscovery.ts sync).
 */
export const VSCODE_MCP_SERVERS = [
  { path: ['servers'], shape: 'map' },
  { path: ['mcpServers'], shape: 'map', overrides: true },
] as const satisfies readonly Container[];

/** The `mcp` section of a settings file, nested or dotted, with the same migration as VSCODE_MCP_SERVERS. */
export const VSCODE_SETTINGS_SERVERS = [
  { path: ['mcp', 'servers'], shape: 'map' },
  { path: ['mcp.servers'], shape: 'map' },
  { path: ['mcp', 'mcpServers'], shape: 'map', overrides: true },
  { path: ['mcp.mcpServers'], shape: 'map', overrides: true },
] as const satisfies readonly Container[];

/**
 * Where every VS Code-family application (VS Code, its forks, extensions in them) keeps its
 * user-data folder `<UD>/<App>`: VSCODE_APPDATA replaces `<UD>` on every OS, and on Linux
 * XDG_CONFIG_HOME does (microsoft/vscode@05528c78 src/vs/platform/environment/node/userDataPath.ts
 * `doGetUserDataPath`; forks ship the same file).
 */
export const VSCODE_FAMILY_DIRS = [
  { name: 'VSCODE_APPDATA', replaces: [{ prefix: '<UD>' }], source: 'microsoft/vscode@05528c78 src/vs/platform/environment/node/userDataPath.ts (2. VSCODE_APPDATA)' },
  { name: 'XDG_CONFIG_HOME', os: 'linux', replaces: [{ prefix: '<UD>' }], source: 'microsoft/vscode@05528c78 src/vs/platform/environment/node/userDataPath.ts (linux: XDG_CONFIG_HOME || ~/.config)' },
] as const satisfies readonly DirVariable[];

/**
 * VS Code-family applications whose user-data folders hold extension storage (Cline, Roo) and
 * window records (`VSCODE_FAMILY_WORKSPACES`): one for each editor of `EDITOR_PROGRAMS`'
 * `vscode-family`. The folder is the product's `nameShort` (microsoft/vscode@f9aabd98 src/main.ts:
 * getUserDataPath(args, product.nameShort)): `Code - OSS` for a build of microsoft/vscode's own sources
 * (microsoft/vscode@01b879a0 product.json nameShort), `VSCodium - Insiders` for VSCodium's insider
 * builds (VSCodium/vscodium@a6a4322e prepare_vscode.sh: insider nameShort), `Trae CN` for TRAE CN
 * (trae.ts), `Qoder` for Qoder (ragaeeb/spiracha@94bdf56c README.md: Qoder/User/globalStorage and
 * Qoder/User/workspaceStorage under Application Support).
 */
export const VSCODE_FAMILY_GLOB = '{Code,Code - Insiders,Code - OSS,VSCodium,VSCodium - Insiders,Cursor,Windsurf,Trae,Trae CN,Kiro,Antigravity,Void,Positron,Qoder}';

/**
 * The folders every VS Code-family window opened, in each product of `VSCODE_FAMILY_GLOB`: a
 * window records its folder in `<UD>/<product>/User/workspaceStorage/<id>/workspace.json`
 * (`{"folder": <URI>}`, or `{"workspace": <.code-workspace URI>}` for a multi-root window;
 * microsoft/vscode src/vs/workbench/services/workspaces), and Code OSS forks keep the same file
 * under their own user-data folder. The project index of VS Code and of every extension host that
 * runs in these products (Roo Code, Cline, Kilo Code, Continue …): an extension loads its project
 * files from the folders of the window it runs in, whichever product that is.
 */
export const VSCODE_FAMILY_WORKSPACES = [
  {
    path: `<UD>/${VSCODE_FAMILY_GLOB}/User/workspaceStorage/*/workspace.json`, key: ['folder'],
    source: 'microsoft/vscode src/vs/workbench/services/workspaces (workspace.json {"folder": <URI>}), kept by Code OSS forks under their own user-data folder',
  },
  {
    path: `<UD>/${VSCODE_FAMILY_GLOB}/User/workspaceStorage/*/workspace.json`, key: ['workspace'], kind: 'workspace-file',
    source: 'microsoft/vscode src/vs/workbench/services/workspaces (workspace.json {"workspace": <.code-workspace URI>} for a multi-root window); VS Code docs https://code.visualstudio.com/docs/editing/workspaces/multi-root-workspaces',
  },
] as const satisfies readonly ProjectIndex[];

/**
 * VS Code-family products packaged on Flathub. Flatpak sets XDG_CONFIG_HOME inside the sandbox to
 * ~/.var/app/<app id>/config (https://docs.flatpak.org/en/latest/conventions.html#xdg-base-directories),
 * which VS Code's user-data root follows on Linux (microsoft/vscode@05528c78
 * src/vs/platform/environment/node/userDataPath.ts), so such an install keeps `<UD>/<folder>` at
 * ~/.var/app/<app id>/config/<folder>: user settings, mcp.json, profiles, extension globalStorage.
 * HOME is not moved (each manifest grants --filesystem=host), so files named from `~` are shared.
 */
export const VSCODE_FAMILY_FLATPAKS = [
  {
    appId: 'com.visualstudio.code', folder: 'Code',
    source: 'flathub/com.visualstudio.code@c86eb750 com.visualstudio.code.yaml (app-id, --filesystem=host); https://flathub.org/apps/com.visualstudio.code',
  },
  {
    appId: 'com.vscodium.codium', folder: 'VSCodium',
    source: 'flathub/com.vscodium.codium@92763b67 com.vscodium.codium.yaml (id, --filesystem=host; the VSCodium .deb); https://flathub.org/apps/com.vscodium.codium',
  },
  {
    appId: 'com.vscodium.codium-insiders', folder: 'VSCodium - Insiders',
    source: 'flathub/com.vscodium.codium-insiders@8178be06 com.vscodium.codium-insiders.yaml (id, --filesystem=host; the VSCodium insider .deb); https://flathub.org/apps/com.vscodium.codium-insiders',
  },
] as const satisfies readonly FlatpakApp[];

/**
 * An option of the host's program that adds a config file to what it loads (Claude Code
 * `--mcp-config FILE…`, `--mcp-config=FILE`). Given by a shell alias or wrapper in a session file
 * (session-env.ts), each value that is a literal path is read as a location of this shape; any
 * other value (relative to the folder the host runs in, a JSON string, an expansion) makes the
 * count a floor.
 */
export interface LaunchOption {
  /** The program name a session file wraps (`claude`). */
  readonly program: string;
  readonly option: string;
  /**
   * The option names a folder, and the host reads this file in it (Crush `--data-dir DIR`: its
   * workspace config `DIR/crush.json`). Absent: the option names the file itself.
   */
  readonly fileInFolder?: string;
  readonly scope: Scope;
  readonly containers: readonly Container[];
  readonly source: string;
}

/**
 * An application that runs portable when a data folder sits in its install folder (VS Code's
 * portable mode on Linux and Windows: `<install>/data`), at no fixed path. An install is found
 * from a program file the audit meets (a PATH folder's program of a launcher's name, or a
 * launcher another reader names), resolved through symbolic links: when it ends in one of
 * `launchers`, the folder above is the install; its `data` folder, when it exists and the
 * install's `product` file names no `target` (a setup build, never portable), holds `files`.
 */
export interface PortableInstalls {
  readonly os: readonly Platform[];
  /** Launchers below the install folder, `/`-separated (`bin/code`, `code`). */
  readonly launchers: readonly string[];
  /** The data folder below the install folder. */
  readonly data: string;
  /** The product file below the install folder; a `target` member there means the build is not portable. */
  readonly product: string;
  /** Files read below the data folder (`path` relative to it). */
  readonly files: readonly HostLocation[];
  readonly source: string;
}

/**
 * The programs that start a host, by which a session file's alias, shell definition or wrapper script,
 * `flatpak run APP-ID …` or macOS `open -a NAME --args …` starts it (discover/shell-wrappers.ts):
 * a wrapper that starts one may add options that move or add what it loads (Claude Code
 * `--mcp-config FILE`, VS Code `--user-data-dir DIR`, Codex `-c key=value`).
 */
export interface HostPrograms {
  /**
   * Executable names, lower case and without `.exe`/`.cmd`: the host's CLIs, and its desktop
   * app's executable on Linux, macOS (`Contents/MacOS/<name>`) and Windows.
   */
  readonly names: readonly string[];
  /** For an extension: the editors that run it (`EDITOR_PROGRAMS`); their programs start it too. */
  readonly editors: readonly EditorFamily[];
  /** Flathub app ids of its builds (`flatpak run [options] ID [args…]`), with the program each stands for. */
  readonly flatpaks: readonly FlatpakProgram[];
  /** macOS application names (`open -a NAME --args …`, the bundle's name without `.app`), with the program each stands for. */
  readonly macApps: readonly MacAppProgram[];
  /**
   * npm packages whose bin is the program, as a package runner starts it (`npx -y PKG …`,
   * `npm exec PKG --`, `pnpm dlx`, `yarn dlx`, `bunx`): the runner runs the package's bin named
   * like the package, or its only bin (npm/cli@v11.6.2 workspaces/libnpmexec/lib/get-bin-from-manifest.js).
   * PyPI runners (`uvx --from PKG CMD`, `pipx run --spec PKG CMD`) name the command itself.
   */
  readonly npmPackages: readonly NpmProgram[];
  /**
   * Folders whose entries are the program's releases, each run by its path
   * (`~/.local/share/claude/versions/2.0.14`): the path's last folders, `/`-separated.
   */
  readonly versionFolders: readonly VersionFolder[];
  readonly source: string;
}

export interface FlatpakProgram { readonly id: string; readonly program: string }
export interface MacAppProgram { readonly app: string; readonly program: string }
export interface NpmProgram { readonly name: string; readonly program: string; readonly source: string }
export interface VersionFolder { readonly folder: string; readonly program: string; readonly source: string }

/** Editor families whose extensions are hosts (Cline, Roo Code, Continue …). */
export type EditorFamily = 'vscode-family' | 'jetbrains';

/** The programs of one editor, as `HostPrograms` without `editors`. */
export type EditorPrograms = Omit<HostPrograms, 'editors' | 'npmPackages' | 'versionFolders'>;

const VSCODE_PRODUCT = 'microsoft/vscode@01b879a0 product.json (applicationName `code-oss`, nameLong `Code - OSS`); VS Code docs https://code.visualstudio.com/docs/setup/linux, https://code.visualstudio.com/docs/setup/mac (`code`, Visual Studio Code.app), https://code.visualstudio.com/docs/setup/windows (Code.exe)';

/** VS Code (stable, and `Code - OSS` builds of its own sources). */
export const VSCODE_PROGRAMS = {
  names: ['code', 'code-oss', 'code-tunnel'],
  flatpaks: [{ id: 'com.visualstudio.code', program: 'code' }, { id: 'com.visualstudio.code-oss', program: 'code-oss' }],
  macApps: [{ app: 'Visual Studio Code', program: 'code' }, { app: 'Code - OSS', program: 'code-oss' }],
  source: `${VSCODE_PRODUCT}; https://flathub.org/apps/com.visualstudio.code; https://flathub.org/apps/com.visualstudio.code-oss`,
} as const satisfies EditorPrograms;

/** VS Code Insiders. */
export const VSCODE_INSIDERS_PROGRAMS = {
  names: ['code-insiders', 'code-tunnel-insiders'],
  flatpaks: [],
  macApps: [{ app: 'Visual Studio Code - Insiders', program: 'code-insiders' }],
  source: 'VS Code Insiders https://code.visualstudio.com/insiders/ (`code-insiders`, Visual Studio Code - Insiders.app, Code - Insiders.exe)',
} as const satisfies EditorPrograms;

/** VSCodium and its insider builds (Flathub ids as in `VSCODE_FAMILY_FLATPAKS`). */
export const VSCODIUM_PROGRAMS = {
  names: ['codium', 'vscodium', 'codium-insiders'],
  flatpaks: [{ id: 'com.vscodium.codium', program: 'codium' }, { id: 'com.vscodium.codium-insiders', program: 'codium-insiders' }],
  macApps: [{ app: 'VSCodium', program: 'codium' }, { app: 'VSCodium - Insiders', program: 'codium-insiders' }],
  source: 'VSCodium/vscodium@a6a4322e prepare_vscode.sh (applicationName codium / codium-insiders, nameShort VSCodium / VSCodium - Insiders; Windows VSCodium.exe); https://flathub.org/apps/com.vscodium.codium',
} as const satisfies EditorPrograms;

/** Cursor, the editor (`cursor`, Cursor.app, Cursor.exe). */
export const CURSOR_PROGRAMS = {
  names: ['cursor'],
  flatpaks: [],
  macApps: [{ app: 'Cursor', program: 'cursor' }],
  source: 'Cursor docs https://cursor.com/docs/configuration/shell (the `cursor` shell command); https://cursor.com/downloads',
} as const satisfies EditorPrograms;

/** Windsurf and Windsurf Next. */
export const WINDSURF_PROGRAMS = {
  names: ['windsurf', 'windsurf-next'],
  flatpaks: [],
  macApps: [{ app: 'Windsurf', program: 'windsurf' }, { app: 'Windsurf - Next', program: 'windsurf-next' }],
  source: 'Windsurf docs https://docs.windsurf.com/windsurf/getting-started (the `windsurf` command); https://windsurf.com/windsurf/next (Windsurf Next, `windsurf-next`)',
} as const satisfies EditorPrograms;

/** Trae and Trae CN. */
export const TRAE_PROGRAMS = {
  names: ['trae', 'trae-cn'],
  flatpaks: [],
  macApps: [{ app: 'Trae', program: 'trae' }, { app: 'Trae CN', program: 'trae-cn' }],
  source: 'Trae docs https://docs.trae.ai/ide/install-the-trae-command (the `trae` command); https://www.trae.cn (Trae CN)',
} as const satisfies EditorPrograms;

/** Kiro, the editor. */
export const KIRO_PROGRAMS = {
  names: ['kiro'],
  flatpaks: [],
  macApps: [{ app: 'Kiro', program: 'kiro' }],
  source: 'Kiro docs https://kiro.dev/docs/getting-started/installation/ (Kiro.app, Kiro.exe, the `kiro` shell command)',
} as const satisfies EditorPrograms;

/** Google Antigravity. */
export const ANTIGRAVITY_PROGRAMS = {
  names: ['antigravity'],
  flatpaks: [],
  macApps: [{ app: 'Antigravity', program: 'antigravity' }],
  source: 'Google Antigravity https://antigravity.google/docs (Antigravity.app, Antigravity.exe, the `antigravity` command)',
} as const satisfies EditorPrograms;

/** Qoder, the editor. */
export const QODER_PROGRAMS = {
  names: ['qoder'],
  flatpaks: [],
  macApps: [{ app: 'Qoder', program: 'qoder' }],
  source: 'Qoder docs https://docs.qoder.com (Qoder.app, Qoder.exe, the `qoder` command)',
} as const satisfies EditorPrograms;

/**
 * The editors that run extensions: every VS Code-family product of `VSCODE_FAMILY_GLOB` (Void
 * `void`, voideditor/void product.json; Positron `positron`, posit-dev/positron product.json) and
 * the JetBrains IDEs, by their launchers (`idea`, `pycharm` …: the IDE's bin/<name>.sh, the
 * Toolbox's generated scripts, Windows <name>64.exe) and Flathub ids.
 */
export const EDITOR_PROGRAMS = {
  'vscode-family': {
    names: [
      ...VSCODE_PROGRAMS.names, ...VSCODE_INSIDERS_PROGRAMS.names, ...VSCODIUM_PROGRAMS.names, ...CURSOR_PROGRAMS.names,
      ...WINDSURF_PROGRAMS.names, ...TRAE_PROGRAMS.names, ...KIRO_PROGRAMS.names, ...ANTIGRAVITY_PROGRAMS.names,
      ...QODER_PROGRAMS.names, 'void', 'positron',
    ],
    flatpaks: [...VSCODE_PROGRAMS.flatpaks, ...VSCODIUM_PROGRAMS.flatpaks],
    macApps: [
      ...VSCODE_PROGRAMS.macApps, ...VSCODE_INSIDERS_PROGRAMS.macApps, ...VSCODIUM_PROGRAMS.macApps, ...CURSOR_PROGRAMS.macApps,
      ...WINDSURF_PROGRAMS.macApps, ...TRAE_PROGRAMS.macApps, ...KIRO_PROGRAMS.macApps, ...ANTIGRAVITY_PROGRAMS.macApps,
      ...QODER_PROGRAMS.macApps, { app: 'Void', program: 'void' }, { app: 'Positron', program: 'positron' },
    ],
    source: 'the VS Code-family editors above; voideditor/void product.json (applicationName void); posit-dev/positron product.json (applicationName positron)',
  },
  jetbrains: {
    names: [
      'idea', 'idea64', 'pycharm', 'pycharm64', 'webstorm', 'webstorm64', 'phpstorm', 'phpstorm64', 'goland', 'goland64',
      'clion', 'clion64', 'rider', 'rider64', 'rubymine', 'rubymine64', 'datagrip', 'datagrip64', 'dataspell', 'dataspell64',
      'rustrover', 'rustrover64', 'aqua', 'aqua64', 'studio', 'studio64', 'jetbrains-toolbox',
    ],
    flatpaks: [
      { id: 'com.jetbrains.IntelliJ-IDEA-Ultimate', program: 'idea' }, { id: 'com.jetbrains.IntelliJ-IDEA-Community', program: 'idea' },
      { id: 'com.jetbrains.PyCharm-Professional', program: 'pycharm' }, { id: 'com.jetbrains.PyCharm-Community', program: 'pycharm' },
      { id: 'com.jetbrains.WebStorm', program: 'webstorm' }, { id: 'com.jetbrains.PhpStorm', program: 'phpstorm' },
      { id: 'com.jetbrains.GoLand', program: 'goland' }, { id: 'com.jetbrains.CLion', program: 'clion' },
      { id: 'com.jetbrains.Rider', program: 'rider' }, { id: 'com.jetbrains.RubyMine', program: 'rubymine' },
      { id: 'com.jetbrains.DataGrip', program: 'datagrip' }, { id: 'com.jetbrains.RustRover', program: 'rustrover' },
      { id: 'com.google.AndroidStudio', program: 'studio' },
    ],
    macApps: [
      { app: 'IntelliJ IDEA', program: 'idea' }, { app: 'IntelliJ IDEA CE', program: 'idea' }, { app: 'IntelliJ IDEA Ultimate', program: 'idea' },
      { app: 'PyCharm', program: 'pycharm' }, { app: 'PyCharm CE', program: 'pycharm' }, { app: 'PyCharm Professional Edition', program: 'pycharm' },
      { app: 'WebStorm', program: 'webstorm' }, { app: 'PhpStorm', program: 'phpstorm' }, { app: 'GoLand', program: 'goland' },
      { app: 'CLion', program: 'clion' }, { app: 'Rider', program: 'rider' }, { app: 'RubyMine', program: 'rubymine' },
      { app: 'DataGrip', program: 'datagrip' }, { app: 'DataSpell', program: 'dataspell' }, { app: 'RustRover', program: 'rustrover' },
      { app: 'Aqua', program: 'aqua' }, { app: 'Android Studio', program: 'studio' },
    ],
    source: 'JetBrains docs https://www.jetbrains.com/help/idea/working-with-the-ide-features-from-command-line.html (launchers idea, pycharm, webstorm … on Linux bin/<name>.sh, macOS <Product>.app, Windows <name>64.exe; Toolbox shell scripts); https://flathub.org/apps/com.jetbrains.IntelliJ-IDEA-Ultimate and the other com.jetbrains ids',
  },
} as const satisfies Record<EditorFamily, EditorPrograms>;
