import type { Scope } from './vocabulary.js';

/**
 * The host rules a definition may carry besides its locations: variables, precedence,
 * policy, launch directory, link installs, plugin enablement, folder trust, host-wide switches.
 * Data shapes only; the engine in src/discover/ (launch-state.ts, host-records.ts, expand.ts)
 * applies them. Every rule cites its `source`.
 */

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
 * `CLAUDE_PLUGIN_ROOT`, Gemini `extensionPath` and MCPB `__dirname` (the plugin folder), Gemini `/` and `pathSeparator`.
 */
/** A VS Code-style variable a host may expand. */
export type VscodeVariable = 'userHome' | 'workspaceFolder' | 'workspaceFolderBasename' | 'pathSeparator' | '/' | 'env' | 'input';

export interface VariableSyntax {
  readonly form: 'vscode' | 'shell' | 'dollar' | 'opencode' | 'continue';
  readonly fields: readonly ('command' | 'args' | 'env' | 'url' | 'headers' | 'cwd')[];
  /**
   * `vscode` form: the variables this host itself expands (`env` for `${env:NAME}`, `input` for
   * `${input:id}`), from its source or docs. A variable not listed is a launch doubt, unless
   * `othersLiteral`: the host's source matches only the listed forms, so any other `${…}` is passed
   * as written (Cline expands `${env:VAR}` alone). Omitted: nothing is known, every variable is a doubt.
   */
  readonly names?: readonly VscodeVariable[];
  readonly othersLiteral?: true;
  readonly known?: readonly ('CLAUDE_PLUGIN_ROOT' | 'extensionPath' | '__dirname' | '/' | 'pathSeparator')[];
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
  /**
   * With `whole`: locations whose entries are merged field by field into a same-named entry of a
   * higher tier instead of being replaced (Gemini: an extension's server under a settings entry).
   * The lower entry stays shadowed; the higher one gets a launch doubt, since what runs is the merge.
   */
  readonly fieldsFrom?: readonly string[];
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
  /** Lowest precedence first; the `<project>/` ones sit at their place among the others. */
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
  readonly enabled: {
    readonly files: readonly string[]; readonly key: readonly string[]; readonly default: boolean;
    /**
     * Releases that defaulted the other way. Where no file sets the key the release decides, which the
     * audit does not know: a folder that would be untrusted keeps its entries launched, with a doubt.
     */
    readonly earlierDefault?: { readonly value: boolean; readonly before: string; readonly source: string };
  };
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


/**
 * The host's loader refuses a file holding a duplicate key, anywhere in it (not only among the
 * servers), and skips the whole file: none of its entries runs. Applied by
 * src/discover/launch-state.ts: such a file's entries get state 'disabled'; a duplicate that only
 * the audit's parser equates (YAML `1` and `"1"`) gives them a launch doubt instead.
 */
export interface RefusesDuplicateKeys {
  /** Path templates of the locations it applies to; absent = every location of the host. */
  readonly locations?: readonly string[];
  /** The host's loader in words, for the reason recorded in `stateBy`. */
  readonly loader: string;
  readonly source: string;
}
