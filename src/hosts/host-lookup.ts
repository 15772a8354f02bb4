import type { Platform } from '../shared/env.js';
import type { ConfigFormat, Scope } from './vocabulary.js';

/**
 * How a host finds its files, beyond fixed paths: the directory variables it reads,
 * walks from its working directory, backups it falls back to, settings that relocate a file,
 * and per-folder enablement rules. Data shapes only; src/discover/ implements each once.
 */

/**
 * A variable of the host's own environment that moves where it reads files (`CODEX_HOME`,
 * `XDG_CONFIG_HOME`, `GEMINI_CLI_HOME` …). The host's process environment cannot be read by the
 * audit, nor is this process's environment the host's: a value is applied only when it is known —
 * a literal set in a dotfile or session file of the audited home, or `--host-env FILE` — and the
 * relocated files are read *in addition to* the default ones. A dotfile that sets
 * it always makes the count a floor (what the host's session really holds is not known). A
 * variable with no `replaces` changes what the host loads in a way the audit does not follow
 * (Goose `EXTENSIONS` replaces its whole extension map): set in a session file, it only makes the
 * count a floor.
 */
export interface DirVariable {
  readonly name: string;
  /** OSes on which the host reads it; omitted = all three. */
  readonly os?: Platform | readonly Platform[];
  /**
   * Path-template prefixes the value replaces (on a segment boundary): `~/.codex` with CODEX_HOME
   * makes `~/.codex/config.toml` also read as `$CODEX_HOME/config.toml`. `with` is appended to the
   * value in the prefix's place (`~/.config/zed` → `$XDG_CONFIG_HOME/zed`).
   */
  readonly replaces: readonly { readonly prefix: string; readonly with?: string }[];
  readonly source: string;
}

/**
 * A product packaged on Flathub whose sandbox moves its user-data folder: `<UD>/<folder>` is
 * also read at ~/.var/app/<appId>/config/<folder> on Linux (paths.ts `sandboxTemplates`).
 */
export interface FlatpakApp {
  readonly appId: string;
  /** The product's user-data folder name below `<UD>`. */
  readonly folder: string;
  readonly source: string;
}

/**
 * A variable of the host's environment whose value is a whole config document the host merges over
 * its files (Kilo CLI `KILO_CONFIG_CONTENT`, opencode `OPENCODE_CONFIG_CONTENT`). As with a
 * `DirVariable`, the value is known only when a session file of the audited home sets it to a
 * literal (a quoted or plain word with no expansion) or `--host-env FILE` gives it: the document is
 * then read as a location of `scope` and `format`, its entries placed at the session file's line.
 * Every assignment makes the count a floor (the host's session may hold another value); one whose
 * value cannot be read names why.
 */
export interface ContentVariable {
  readonly name: string;
  readonly scope: Scope;
  readonly format: ConfigFormat;
  /**
   * Where the entries sit in the document, when not the host's containers (Mistral Vibe's
   * VIBE_MCP_SERVERS is the `mcp_servers` list itself: `{ path: [], shape: 'array', nameField: 'name' }`).
   */
  readonly containers?: readonly { readonly path: readonly string[]; readonly shape: 'map' | 'array'; readonly nameField?: string }[];
  readonly source: string;
}

/**
 * A dotenv file the host loads into its own environment at start, before it reads its config
 * (Mistral Vibe's `<VIBE_HOME>/.env`, python-dotenv). The host's own variables set there to a
 * non-empty value (its `dirVariables` and `contentVariables`) are read as a session file's literal
 * is, for this host alone: a directory variable is applied, a content variable's document is read
 * and its servers listed. A value the file holds that cannot be read (a relative path, an
 * interpolation, a document that does not parse) makes the count a floor, naming the file and line;
 * a readable one does not (the host's environment may hold the variable too, as it may for any
 * host). `path` is a template moved by the host's directory variables as locations are.
 */
export interface StartupEnvFile {
  readonly path: string;
  /**
   * Variables the host matches ignoring case (Vibe's settings through pydantic-settings
   * `case_sensitive=False`); every other name is matched as written (`os.getenv("VIBE_HOME")`).
   */
  readonly namesIgnoreCase?: readonly string[];
  /**
   * Why a value read from this file may not be the one the host runs with (it loads the file only
   * in a trusted folder, or only the first file found, or after it read some of its files): a value
   * applied from it is also a floor cause saying so.
   */
  readonly onlySometimes?: string;
  readonly source: string;
}

/**
 * The host walks from the folder it runs in up to the project root, reading its project files in
 * each folder on the way (Crush, opencode, Codex). Every project root the audit knows is walked
 * up to the nearest ancestor holding one of `markers` (inclusive), never above the audited home.
 * `withoutMarker`: where the walk ends when no ancestor holds a marker (`self`: only the folder;
 * `home`: up to the home; `root`: up to the filesystem root, of which the audited tree holds the
 * folders up to the home, the home included).
 */
export interface ProjectWalk {
  readonly markers: readonly string[];
  readonly withoutMarker: 'self' | 'home' | 'root';
  /**
   * A setting that replaces `markers` (Codex `project_root_markers`): read from these locations
   * of the host (`HostLocation.path`), merged in this order (a later file's value wins); an empty
   * list turns root detection off (the working directory alone). It also replaces the markers of
   * the host's `trustFromProjectRoot`.
   */
  readonly markersSetting?: { readonly key: readonly string[]; readonly files: readonly string[]; readonly source: string };
  readonly source: string;
}

/**
 * The host restores the first of these sibling files that parses when the location's file is
 * absent or does not parse (Goose `config.yaml.bak`, `.bak.1` … `.bak.5`).
 */
export interface BackupFallback {
  readonly suffixes: readonly string[];
  readonly source: string;
}

/**
 * A host setting that moves one location's folder (Roo Code `roo-cline.customStoragePath` in the
 * VS Code user settings, LM Studio's home pointer file): the string at `key` of `file` (a template,
 * braces allowed), or the file's whole text, replaces the
 * `prefix` of the `location` template. A value that is not an absolute path cannot be followed:
 * the count is a floor.
 */
export interface RelocatingSetting {
  readonly file: string;
  /**
   * `json` (default): the string at `key` of the parsed file. `toml`: the same in a TOML file
   * (Mistral Vibe config.toml). `text`: the whole file, trimmed, is the path (LM Studio
   * `~/.lmstudio-home-pointer`); `key` is then empty.
   */
  readonly format?: 'json' | 'toml' | 'text';
  readonly key: readonly string[];
  /**
   * The value at `key` is an array, and each item's value at this key path is a folder (Crush
   * projects.json records each project's `data_dir`); `[]`: each item is itself a folder (Mistral
   * Vibe `agent_paths`). Absent: the value at `key` is the folder. When `location` is a glob
   * (`~/.vibe/agents/*.toml`), every file the rest of its pattern matches in each folder is read.
   */
  readonly each?: readonly string[];
  /** With `each`: the key path, in the same item, of the project folder the host ran in (Crush `path`). */
  readonly eachProject?: readonly string[];
  /**
   * `project`: a relative value is joined to the folder the host runs in (Crush
   * `options.data_directory`, SmartJoin with its working directory): for a `<project>/` file that
   * project, for any other file each known project root. Absent: a relative value is a floor cause.
   */
  readonly relative?: 'project';
  readonly location: string;
  readonly prefix: string;
  readonly source: string;
}

/**
 * Per-extension path rules that turn an extension on or off by the folder the host runs in
 * (Gemini `extension-enablement.json`: `{ "<name>": { "overrides": ["/a/*", "!/a/b/"] } }`; a
 * trailing `*` includes subfolders, `!` disables, the last matching rule wins, no rule = enabled).
 * An entry of a governed location is disabled only when no folder can be named where its
 * extension is enabled (the known project roots, each rule's own folder, any other folder).
 */
export interface PathRuleEnablement {
  readonly governs: readonly string[];
  readonly file: string;
  /** Key path, in the manifest holding the entries, of the extension's name. */
  readonly nameKey: readonly string[];
  readonly source: string;
}

/**
 * Manifests the host's loader refuses (the whole file is skipped): a root key in `required`
 * absent or empty, or the string at `pattern.key` not matching `pattern.regex`.
 */
export interface LoaderRejects {
  readonly required: readonly string[];
  readonly pattern?: { readonly key: string; readonly regex: string };
  readonly loader: string;
  readonly source: string;
}


/**
 * Installed extensions whose manifest declares that their code registers servers at run time
 * (VS Code `contributes.mcpServerDefinitionProviders`): such servers are on no file, so each
 * extension declaring the key makes the count a floor. `manifests` is a glob template of the
 * manifests (`~/.vscode/extensions/*\/package.json`), `key` the declaration's path in them.
 */
/**
 * Installed extensions whose code may register servers at run time. `key`: the manifest, in
 * `format`, declares them there (VS Code's package.json contributes.mcpServerDefinitionProviders,
 * Zed's extension.toml context_servers), a non-empty array or table. `codeMarkers`: the host's API
 * needs no declaration (Cursor's vscode.cursor.mcp.registerServer), so the extension's entry
 * script (`main`, `browser`) is read for the API's names; one that cannot be read says nothing
 * either way and is a floor cause too.
 *
 * `folderOption`: an option of the host's program that replaces the manifests' folder (`code
 * --extensions-dir DIR`), given by a shell alias or wrapper in a session file (session-env.ts): a
 * literal value is read as the folder `prefix` names in `manifests`; any other value makes the count
 * a floor. The host's directory variables relocate `manifests` as they do locations (`dirVariables`).
 */
export type CodeProviders = {
  readonly manifests: readonly string[];
  readonly folderOption?: { readonly program: string; readonly option: string; readonly prefix: string; readonly source: string };
  readonly source: string;
} & ({ readonly key: readonly string[]; readonly format: 'jsonc' | 'toml' } | { readonly codeMarkers: readonly string[] });

/**
 * Files the host may also read in the folders above a project root (up to the home), in a way the
 * audit does not model: each one found is a floor cause naming it, never a silent skip.
 * `files` are names relative to each folder; `reason` says what is not known.
 */
export interface AncestorFiles {
  readonly files: readonly string[];
  /** The home's own copy is a location the host reads anyway (Cursor's ~/.cursor/mcp.json): only the folders between it and the project. */
  readonly belowHome?: boolean;
  readonly reason: string;
  readonly source: string;
}

/**
 * A key of the host's config files whose value names code the host loads and runs at start
 * (opencode `plugin: ["pkg@1.2", "file:///…/p.js"]`: each plugin's `config` hook receives the
 * merged config and may add servers). The audit runs no code: every config file of the host that
 * holds a non-empty list at `key` is a floor cause naming the file, the line and the names.
 */
export interface CodeKey {
  readonly key: readonly string[];
  /** What the named code is and may do, for the cause (`plugins opencode installs and runs`). */
  readonly what: string;
  readonly source: string;
}

/**
 * A file in which the host records remote configs it fetches at start and merges with its own
 * (opencode `auth.json`: each entry of `type: wellknown` makes it fetch `<key>/.well-known/opencode`
 * and merge its `config` under the files). The audit fetches nothing: each entry of the root
 * object with `field` equal to `value` and a string at every `required` key (the host's schema
 * drops any other) is a floor cause naming the file and the entry's key. `file` is a path template,
 * moved by the host's directory variables as locations are.
 */
export interface RemoteConfigs {
  readonly file: string;
  readonly match: { readonly field: string; readonly value: string; readonly required: readonly string[] };
  /** What the host fetches for an entry whose key is `{key}` (`{key}/.well-known/opencode`). */
  readonly fetches: string;
  readonly source: string;
}

/**
 * Settings a project's own settings file may hold that move or add the host's server files
 * (Roo Code's `roo-cline.customStoragePath`, VS Code's `chat.pluginLocations` in
 * `.vscode/settings.json`): not followed per project, so a project whose file sets one is a floor cause.
 */
export interface WorkspaceSettings {
  /** The settings file, relative to the project root. */
  readonly file: string;
  /** Top-level keys (dotted names are single keys, as VS Code writes them). */
  readonly keys: readonly string[];
  readonly reason: string;
  readonly source: string;
}
