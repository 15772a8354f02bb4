import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

// openai/codex, read file by file (the index holds one version per file).
const LOADER = 'openai/codex@12883137 codex-rs/config/src/loader/mod.rs';
const REPO_ROOT = `openai/codex@b2d18318 codex-rs/core/src/git_info.rs (resolve_root_git_project_for_trust: a linked worktree's .git file gitdir: <main>/.git/worktrees/<name> resolves to the main repository root); ${LOADER} (ProjectTrustContext::decision_for_dir: then the repo root's key)`;
const LAYER_IO = 'openai/codex@71163530 codex-rs/core/src/config_loader/layer_io.rs';
const PREFS = 'openai/codex@cdc42b22 codex-rs/config/src/loader/macos.rs (MANAGED_PREFERENCES_APPLICATION_ID, CFPreferencesCopyAppValue)';
const PREFS_LAYER = { reason: 'a preferences file that can hold config_toml_base64, a config layer Codex reads above config.toml, which mcp-audit does not decode' };
const PLUGIN_MANIFEST = 'openai/codex@3688f684 codex-rs/core/src/plugins/manifest.rs (RawPluginManifest.mcp_servers, resolve_manifest_path: `./` relative, no `..`)';
const PLUGIN_MANIFEST_NEW = 'openai/codex@01b4840b codex-rs/core-plugins/src/manifest.rs (RawPluginManifestMcpServers: Path | Object)';
const PLUGIN_MCP = 'openai/codex codex-rs/core-plugins/src/loader.rs (plugin_mcp_config_paths: the manifest path replaces .mcp.json; load_plugin_mcp_servers_from_manifest_with_format: an Object is parsed by parse_plugin_mcp_config, PluginMcpFile {"mcpServers": …} or a server map; index id 57374811109)';
const MANIFEST_PATHS = 'openai/codex@10596f25 codex-rs/utils/plugins/src/plugin_namespace.rs (DISCOVERABLE_PLUGIN_MANIFEST_PATHS: .codex-plugin/plugin.json, then .claude-plugin/plugin.json)';
/** A plugin's MCP file: `{"mcpServers": {…}}`, or the document itself is the server map. */
const PLUGIN_MCP_FILE = [{ path: ['mcpServers'], shape: 'map' }, { path: ['mcp_servers'], shape: 'map-or-flat' }] as const;
/** A plugin manifest's `mcpServers`: one `./` path to the MCP file, or (later releases) the servers inline. */
const MANIFEST_REFS = { base: 'plugin-root', paths: 'dot-relative', format: 'json', containers: PLUGIN_MCP_FILE, source: PLUGIN_MCP } as const;
const CODEX_MANIFEST = [{ path: ['mcpServers'], shape: 'map', references: { ...MANIFEST_REFS, manifestDir: '.codex-plugin' } }] as const;
const CLAUDE_MANIFEST = [{ path: ['mcpServers'], shape: 'map', references: { ...MANIFEST_REFS, manifestDir: '.claude-plugin' } }] as const;
const TYPES = 'openai/codex@00b17c26 codex-rs/config/src/mcp_types.rs (RawMcpServerConfig, TryFrom: command → stdio, else url → streamable HTTP)';

// Agent roles: a role's config layer is applied over the session's config when a subagent of
// that role is spawned, so its `[mcp_servers.*]` start then. Roles are declared in a layer's
// `[agents.<role>] config_file` (relative to that layer's file) and discovered in every
// `.toml` under the layer's folder's agents/ (recursively); a role file is config.toml plus
// name, description and nickname_candidates.
const ROLES = 'openai/codex@13730471 codex-rs/core/src/config/agent_roles.rs (load_agent_roles: agents.<role>.config_file per layer, discover_agent_roles_in_dir <config folder>/agents, collect_agent_role_files_recursive *.toml; RawAgentRoleFileToml flattens ConfigToml); openai/codex@001f15e9 codex-rs/core/src/agent/role.rs (apply_role_to_config: the role file as a session-flags layer)';
const ROLE_NOTE = 'agent role layer: its servers start in a subagent spawned with the role';
const ROLE_REFS = {
  path: ['agents', '*', 'config_file'], shape: 'map', wildcard: { names: 'block' },
  references: { base: 'file-dir', paths: 'any', format: 'toml', containers: [{ path: ['mcp_servers'], shape: 'map' }], scope: 'profile', source: ROLES },
} as const;
const CONFIG_CONTAINERS = [{ path: ['mcp_servers'], shape: 'map' }, ROLE_REFS] as const;

/** Codex, from the host source; Windows backslashes in a TOML basic string are invalid escapes and invalidate the whole file (openai/codex#37616). */
export const codex = {
  id: 'codex',
  envFiles: NO_ENV_FILES,
  name: 'Codex CLI',
  programs: { npmPackages: [{ name: '@openai/codex', program: 'codex', source: 'openai/codex codex-cli/package.json (name @openai/codex, bin codex)' }], versionFolders: [], names: ['codex'], editors: ['vscode-family'], flatpaks: [], macApps: [{ app: 'Codex', program: 'codex' }], source: 'openai/codex codex-cli/package.json (npm @openai/codex, bin `codex`); Codex docs https://developers.openai.com/codex/ide (the IDE extension runs the bundled codex in VS Code, Cursor, Windsurf), https://developers.openai.com/codex/app (Codex.app)' },
  format: 'toml',
  containers: [{ path: ['mcp_servers'], shape: 'map' }],
  // No `type` field and no SSE: `command` → stdio, else `url` → streamable HTTP. `enabled = false` skips.
  // RawMcpServerConfig.cwd (openai/codex codex-rs/config/src/mcp_types.rs, TYPES above); without it Codex's own cwd.
  // `experimental_environment = "remote"` starts a stdio server through the remote executor
  // environment when one is available (https://developers.openai.com/codex/mcp, "STDIO servers").
  entry: {
    ...STANDARD_ENTRY, type: [], headers: ['http_headers'], enabled: ['enabled'], disabled: [], cwd: ['cwd'],
    placement: [{ key: 'experimental_environment', local: ['local'], source: 'https://developers.openai.com/codex/mcp (STDIO servers: experimental_environment)' }],
    // `env_vars = ["NAME", { name = "NAME", source = "local" }]`: allowed and forwarded from Codex's environment (same page).
    forwardsEnv: [{ key: 'env_vars', source: 'https://developers.openai.com/codex/mcp (STDIO servers: env_vars)' }],
  },
  source: TYPES,
  // Each session's rollout log starts with a `session_meta` line recording the folder it ran in:
  // {"timestamp":…,"type":"session_meta","payload":{"id":…,"cwd":"/home/u/app",…}} (RolloutLine
  // flattens RolloutItem, tagged `type`, content `payload`). Those folders are projects whose
  // .codex/config.toml layers Codex loaded.
  projectIndexes: [{
    path: '~/.codex/sessions/**/rollout-*.jsonl', key: ['payload', 'cwd'], kind: 'session-log',
    source: 'openai/codex@edb4efee49ae9f130636fab25f2e398a931dd987:codex-rs/protocol/src/protocol.rs (SessionMeta.cwd in SessionMetaLine, RolloutItem::SessionMeta tagged "session_meta")',
  }],
  locations: [
    {
      scope: 'user', path: '~/.codex/config.toml', listsProjects: ['projects'], trustKey: { key: 'trust_level', value: 'trusted' }, containers: CONFIG_CONTAINERS,
      source: `${LOADER} (load_user_config_layer, project_trust_context)`,
    },
    { scope: 'profile', glob: true, path: '~/.codex/agents/**/*.toml', note: ROLE_NOTE, source: ROLES },
    { scope: 'profile', glob: true, path: '~/.codex/*.config.toml', note: 'profile overlay, used when selected', source: `${LOADER} (load_config_layers_state doc: profile)` },
    { scope: 'managed', os: ['darwin', 'linux'], path: '/etc/codex/config.toml', source: `${LOADER} (SYSTEM_CONFIG_TOML_FILE_UNIX)` },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/OpenAI/Codex/config.toml', source: `${LOADER} (windows_system_config_toml_file)` },
    // macOS preferences: Codex reads a base64 TOML layer, `config_toml_base64` of domain
    // com.openai.codex, above the user's config with CFPreferencesCopyAppValue (openai/codex@cdc42b22
    // codex-rs/config/src/loader/macos.rs load_managed_preference), which searches the forced (MDM)
    // values, then the user's and the machine's preferences for the app
    // (developer.apple.com/documentation/corefoundation/1515539-cfpreferencescopyappvalue): each
    // file that can hold the key is a layer, none of them decoded here.
    { scope: 'managed', os: 'darwin', path: '/Library/Managed Preferences/com.openai.codex.plist', unreadLayer: PREFS_LAYER, source: PREFS },
    { scope: 'managed', os: 'darwin', path: '/Library/Managed Preferences/*/com.openai.codex.plist', glob: true, unreadLayer: PREFS_LAYER, source: PREFS },
    { scope: 'managed', os: 'darwin', path: '~/Library/Preferences/com.openai.codex.plist', unreadLayer: PREFS_LAYER, source: PREFS },
    { scope: 'managed', os: 'darwin', path: '~/Library/Preferences/ByHost/com.openai.codex.*.plist', glob: true, unreadLayer: PREFS_LAYER, source: PREFS },
    { scope: 'managed', os: 'darwin', path: '/Library/Preferences/com.openai.codex.plist', unreadLayer: PREFS_LAYER, source: PREFS },
    // The legacy managed layer, on top of every other (load_config_layers_state: "legacy managed_config.toml … on top of everything else").
    { scope: 'managed', os: ['darwin', 'linux'], path: '/etc/codex/managed_config.toml', source: `${LAYER_IO} (managed_config_default_path: Unix); ${LOADER}` },
    {
      scope: 'managed', os: 'win32', path: '~/.codex/managed_config.toml', note: 'in CODEX_HOME on Windows: writable by the user it manages',
      source: `${LAYER_IO} (managed_config_default_path: not Unix = codex_home/managed_config.toml); ${LOADER}`,
    },
    {
      scope: 'plugin', glob: true, path: '~/.codex/plugins/cache/**/.mcp.json', format: 'json', containers: PLUGIN_MCP_FILE,
      source: 'openai/codex@3688f684 codex-rs/core/src/plugins/manifest.rs (DEFAULT_MCP_CONFIG_FILE, PLUGINS_CACHE_DIR = plugins/cache)',
    },
    // plugin.json `mcpServers`: a path (`./…`, inside the plugin root) to the JSON file Codex reads
    // instead of the plugin's .mcp.json (3688f684: RawPluginManifest.mcp_servers Option<String>,
    // resolve_manifest_path; PLUGIN_MCP: plugin_mcp_config_paths). Later releases also take an
    // inline object, parsed as a .mcp.json document is ({"mcpServers": {…}} or a flat map); at
    // 3688f684 an object fails the whole manifest and the plugin loads no server: listed (errs
    // towards launched).
    {
      scope: 'plugin', glob: true, path: '~/.codex/plugins/cache/**/.codex-plugin/plugin.json', format: 'json', gate: ['mcpServers'],
      containers: CODEX_MANIFEST, source: `${PLUGIN_MANIFEST}; ${PLUGIN_MANIFEST_NEW}; ${PLUGIN_MCP}`,
    },
    // Later releases take .claude-plugin/plugin.json as the manifest when .codex-plugin/plugin.json
    // is absent (MANIFEST_PATHS), read the same way; listed whether or not the other exists.
    {
      scope: 'plugin', glob: true, path: '~/.codex/plugins/cache/**/.claude-plugin/plugin.json', format: 'json', gate: ['mcpServers'],
      containers: CLAUDE_MANIFEST, source: `${MANIFEST_PATHS}; ${PLUGIN_MANIFEST_NEW}; ${PLUGIN_MCP}`,
    },
    {
      scope: 'project', path: '<project>/.codex/config.toml', onlyListedProjects: true, containers: CONFIG_CONTAINERS,
      trustFromProjectRoot: { markers: ['.git'], repositoryRoot: { source: REPO_ROOT }, source: `${LOADER} (ProjectTrustContext::decision_for_dir: the dir's key, then the project root's; find_project_root, default_project_root_markers = [".git"])` },
      note: 'loaded only for roots with trust_level = "trusted" in [projects]; entries of other roots are reported disabled',
      source: `${LOADER} (load_project_layers, disabled_reason_for_decision)`,
    },
    {
      scope: 'project', glob: true, path: '<project>/.codex/agents/**/*.toml', onlyListedProjects: true,
      trustFromProjectRoot: { markers: ['.git'], repositoryRoot: { source: REPO_ROOT }, source: `${LOADER} (ProjectTrustContext::decision_for_dir: the dir's key, then the project root's; find_project_root, default_project_root_markers = [".git"])` },
      note: `${ROLE_NOTE}; loaded only for roots with trust_level = "trusted" in [projects]; entries of other roots are reported disabled`,
      source: `${ROLES}; ${LOADER} (load_project_layers, disabled_reason_for_decision)`,
    },
  ],
  dirVariables: [{ name: 'CODEX_HOME', replaces: [{ prefix: '~/.codex' }], source: `${LOADER} (codex_home: CODEX_HOME or ~/.codex)` }],
  // A layer per folder from the project root (the nearest .git) down to the working directory.
  projectWalk: {
    markers: ['.git'], withoutMarker: 'self', source: `${LOADER} (load_project_layers; project_root_markers default [".git"]: no marker = the cwd alone)`,
    // The markers come from the config merged from the layers before the project layers (system,
    // then user): load_config_layers_state calls project_root_markers_from_config(&merged_so_far);
    // an empty array disables root detection, a value that is not an array of strings is an error.
    markersSetting: {
      key: ['project_root_markers'], files: ['/etc/codex/config.toml', '~/.codex/config.toml'],
      source: `${LOADER} (load_config_layers_state, project_root_markers_from_config)`,
    },
  },
  pluginEnablement: {
    governs: ['~/.codex/plugins/cache/**/.mcp.json', '~/.codex/plugins/cache/**/.codex-plugin/plugin.json', '~/.codex/plugins/cache/**/.claude-plugin/plugin.json'], files: ['~/.codex/config.toml'], key: ['plugins'],
    marketplaceSegment: 0, pluginSegment: 1, shape: 'table', whenAbsent: 'doubt',
    source: 'openai/codex@53869eac codex-rs/core/src/plugins/toggles.rs (read_plugin_enabled_states: [plugins."<plugin>@<marketplace>"] enabled)',
  },
  precedence: {
    tiers: [
      // Not decoded (unreadLayer): tiers only so that every location has one; their entries are never
      // read, so where they stand among the managed layers decides nothing here.
      { location: '/Library/Managed Preferences/*/com.openai.codex.plist' }, { location: '/Library/Managed Preferences/com.openai.codex.plist' },
      { location: '~/Library/Preferences/ByHost/com.openai.codex.*.plist' }, { location: '~/Library/Preferences/com.openai.codex.plist' },
      { location: '/Library/Preferences/com.openai.codex.plist' },
      { location: '/etc/codex/managed_config.toml' }, { location: '~/.codex/managed_config.toml' },
      { location: '<project>/.codex/agents/**/*.toml' }, { location: '~/.codex/agents/**/*.toml' },
      { location: '<project>/.codex/config.toml' }, { location: '~/.codex/*.config.toml' }, { location: '~/.codex/config.toml' },
      { location: '/etc/codex/config.toml' }, { location: '%PROGRAMDATA%/OpenAI/Codex/config.toml' },
    ],
    merge: 'fields',
    source: 'openai/codex@543af266 codex-rs/config/src/merge.rs (merge_toml_values: recursive per key)',
  },
  notes: [
    'The com.openai.codex preferences files (managed, user, ByHost, machine) are not decoded: when one exists the count is a floor and no Codex entry is proven launched as written.',
    'A plugin whose .codex-plugin/plugin.json names an MCP file (or, in later releases, holds the servers inline) loads no .mcp.json: the plugin\'s .mcp.json is still listed (errs towards launched).',
    'requirements.toml (an MCP allowlist by name + command/url identity) is not applied yet: entries it would disable are reported launched.',
    'A stdio server without cwd starts in Codex\'s own cwd; no ${VAR} expansion inside entries (openai/codex@0451186b codex-rs/rmcp-client/src/stdio_server_launcher.rs).',
  ],
} as const satisfies HostDefinition;
