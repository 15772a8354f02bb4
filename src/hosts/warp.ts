import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

const W = 'warpdotdev/warp@19548ae';
const PROVIDERS = `${W} app/src/ai/mcp/mod.rs:503-560 (MCPProvider::Warp home_config_path/project_config_path ".warp/.mcp.json"; Agents ".agents/.mcp.json")`;
const KEYS = `${W} crates/cloud_object_models/src/mcp.rs:150-200 (find_servers_under_known_keys: /mcp/servers, /servers, /mcpServers, /mcp_servers, the first that is a map)`;
// The warp-tui front end keeps its own global file (paths.rs tui_mcp_config_file_path: tui_config_local_dir/.mcp.json):
// macOS ~/.warp_cli (the GUI's .warp* name with .warp_cli, -preview for Preview); elsewhere config_local_dir/cli,
// the directories crate's ProjectDirs for the channel's app id (Linux warp-terminal / warp-terminal-preview under
// $XDG_CONFIG_HOME or ~/.config; Windows %LOCALAPPDATA%\warp\<app>\config, paths_tests.rs).
const TUI = `${W} crates/warp_core/src/paths.rs:100-113,209-244,364-395 (tui_config_local_dir, project_dirs_for_app_id); crates/warp_core/src/paths_tests.rs; app/src/autoupdate/linux.rs:673 (warp-terminal-preview)`;
const FIELDS = `${W} crates/cloud_object_models/src/mcp.rs:15-39 (JSONTransportType, untagged: CLIServer {command, args, env, working_directory} before SSEServer {url alias serverUrl, headers})`;

/**
 * Warp (desktop app): its client source is public (warpdotdev/warp). File-based servers are read
 * by app/src/ai/mcp/file_mcp_watcher.rs from the Warp home (`~/.warp`, crates/warp_core/src/paths.rs
 * `warp_home_mcp_config_file_path`: dirs::home_dir() on every OS) and from each repository root
 * Warp has open. UI-added servers live in Warp's own database (not a file the audit reads).
 */
export const warp = {
  id: 'warp',
  envFiles: NO_ENV_FILES,
  name: 'Warp',
  programs: { npmPackages: [], versionFolders: [], names: ['warp', 'warp-terminal', 'warp-terminal-preview', 'warp-cli'], editors: [], flatpaks: [], macApps: [{ app: 'Warp', program: 'warp' }, { app: 'WarpPreview', program: 'warp-terminal-preview' }], source: 'warpdotdev/warp@19548ae app/src/autoupdate/linux.rs (warp-terminal, warp-terminal-preview); Warp docs https://docs.warp.dev/getting-started/getting-started-with-warp (Warp.app, warp.exe; the Linux warp-terminal package)' },
  format: 'json',
  // Warp takes only the first of these keys that holds a map; the audit lists all of them (errs towards live).
  containers: [
    { path: ['mcp', 'servers'], shape: 'map' },
    { path: ['servers'], shape: 'map' },
    { path: ['mcpServers'], shape: 'map' },
    { path: ['mcp_servers'], shape: 'map' },
  ],
  // No disabled/enabled field: serde ignores unknown keys, so `"disabled": true` turns nothing off.
  // An entry with `command` is a CLI server even when it also has a url (the untagged enum's first variant).
  entry: {
    ...STANDARD_ENTRY,
    cwd: ['working_directory'],
    url: [{ key: 'url' }, { key: 'serverUrl' }],
    type: [],
    disabled: [],
    commandBeforeUrl: true,
  },
  source: `${KEYS}; ${FIELDS}`,
  locations: [
    { scope: 'user', path: '~/.warp/.mcp.json', source: `${PROVIDERS}; ${W} crates/warp_core/src/paths.rs:25-75 (Stable and Preview: ~/.warp)` },
    {
      scope: 'user', path: '~/.agents/.mcp.json', note: 'the "Other Agents" file: started only with Settings > AI > auto-spawn servers from third-party agents, or by hand',
      source: `${PROVIDERS}; ${W} app/src/ai/mcp/file_based_manager.rs:290-345 (scope_for_source)`,
    },
    { scope: 'user', os: 'darwin', path: '~/.warp_cli{,-preview}/.mcp.json', note: 'the warp-tui front end\'s file', source: TUI },
    { scope: 'user', os: 'linux', path: '~/.config/warp-terminal{,-preview}/cli/.mcp.json', note: 'the warp-tui front end\'s file', source: TUI },
    { scope: 'user', os: 'win32', path: '%LOCALAPPDATA%/warp/{Warp,WarpPreview}/config/cli/.mcp.json', note: 'the warp-tui front end\'s file', source: TUI },
    { scope: 'project', path: '<project>/.warp/.mcp.json', note: 'project servers are listed, started by hand', source: `${PROVIDERS}; ${W} app/src/ai/mcp/file_mcp_watcher.rs:630-650 (root_path.join(project_config_path()))` },
    { scope: 'project', path: '<project>/.agents/.mcp.json', note: 'project servers are listed, started by hand', source: `${PROVIDERS}; ${W} app/src/ai/mcp/file_mcp_watcher.rs:630-650` },
  ],
  dirVariables: [{ name: 'XDG_CONFIG_HOME', os: 'linux', replaces: [{ prefix: '~/.config' }], source: `${TUI}; directories crate ProjectDirs::config_local_dir (https://docs.rs/directories/latest/directories/struct.ProjectDirs.html#method.config_local_dir)` }],
  // substitute_env_vars runs over the whole file text before parsing: `${NAME}` only (no default form;
  // an unset or empty variable stops the server from starting).
  variables: { form: 'shell', fields: ['command', 'args', 'env', 'url', 'headers', 'cwd'], source: `${W} app/src/ai/mcp/file_mcp_watcher.rs:30,652-675 (substitute_env_vars, regex \\$\\{([^}]+)\\})` },
  // The substitution pastes values into the text as they are, and each server's JSON is then
  // rendered as a handlebars template ({{name}}) with its env values pasted unescaped before it is parsed.
  // It also starts ~/.claude.json, <repo>/.mcp.json and Codex config.toml servers when file-based MCP is on
  // (notes below; codex TOML is turned into JSON first: parsing.rs normalize_codex_toml_to_json), rendered the same way.
  rawTextSubstitution: { markers: ['${', '{{'], envValuesPasted: true, alsoStarts: ['~/.claude.json', '<project>/.mcp.json', '~/.codex/config.toml'], source: `${W} app/src/ai/mcp/file_mcp_watcher.rs:652-676 (substitute_env_vars over the text); app/src/ai/mcp/parsing.rs (parse_result); crates/handlebars/src/lib.rs:37 (render_template)` },
  notes: [
    'A stdio server without working_directory starts in the folder its file was found in (the repository root, or the home for ~/.warp/.mcp.json): warpdotdev/warp@19548ae app/src/ai/mcp/templatable_manager/native.rs:971-980.',
    'Global ~/.warp/.mcp.json servers always start; ~/.claude.json, ~/.codex/config.toml and ~/.agents/.mcp.json servers start only when agents.mcp_servers.file_based_mcp_enabled is on (default off); project-file servers never start on their own, the user starts them from the MCP page.',
    'Warp also lists servers from ~/.claude.json, <repo>/.mcp.json and Codex config.toml files; those files are reported under claude-code and codex.',
    'Not modelled: the homes of builds other than Stable and Preview (~/.warp-dev, ~/.warp-oss, ~/.warp-local, and their warp-tui files such as ~/.warp_cli-oss; WARP_DATA_PROFILE is read by debug builds only, channel/state.rs:139-146).',
  ],
} as const satisfies HostDefinition;
