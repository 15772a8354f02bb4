import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

// mistralai/mistral-vibe @ ac8f1a09fdfbadb6d4508a555ba6607fd05eb0dc, read file by file.
const REPO = 'mistralai/mistral-vibe@ac8f1a09';
const HOME = `${REPO}:vibe/core/paths/_vibe_home.py (_get_vibe_home: $VIBE_HOME, expanded and resolved, else ~/.vibe; TRUSTED_FOLDERS_FILE)`;
// HarnessFilesManager.config_file: `<cwd>/.vibe/config.toml` when the cwd is trusted and the file
// exists, else `<VIBE_HOME>/config.toml`: one file, the project's replacing the user's.
const CONFIG_FILE = `${REPO}:vibe/core/config/harness_files/_harness_manager.py (config_file, _trusted_workdir); vibe/core/config/_settings.py (TomlFileSettingsSource)`;
// TrustedFoldersManager: `trusted = [...]`, `untrusted = [...]` (resolved paths); the nearest
// folder at or above the cwd named in either list decides.
const TRUST = `${REPO}:vibe/core/trusted_folders.py (TrustedFoldersManager._load, _closest_decision)`;
// Agent profiles: every `*.toml` of the agents folders (config agent_paths, <cwd>/.vibe/agents in
// a trusted folder, <VIBE_HOME>/agents); each key but display_name, description, safety and
// agent_type is a config override deep-merged over the config when the agent is active (the
// initial `--agent`/default_agent, a switch, or a subagent): a list such as mcp_servers
// replaces the config's, so its servers start then.
const AGENTS = 'mistralai/mistral-vibe@0cbbe2ee:vibe/core/agents/manager.py (AgentManager._compute_search_paths, _discover_agents: base.glob("*.toml")); mistralai/mistral-vibe@039e52d7:vibe/core/agents/models.py (AgentProfile.from_toml: overrides; apply_to_config: _deep_merge)';
const AGENT_NOTE = 'agent profile: its mcp_servers replace the config\'s while the agent is active';
const MODELS = `${REPO}:vibe/core/config/models.py (MCPServer: MCPHttp | MCPStreamableHttp | MCPStdio, discriminator "transport"; MCPStdio command, args, env, cwd; _MCPBase.disabled)`;

/**
 * Mistral Vibe, from the host source. `[[mcp_servers]]` is an array of tables named by `name`.
 * `disabled = true` hides a server's tools but the server is still started to discover them
 * (vibe/core/tools/mcp/registry.py get_tools_async discovers every configured server;
 * vibe/core/tools/manager.py filters the disabled ones' tools afterwards): it is no off switch.
 */
export const mistralVibe = {
  id: 'mistral-vibe',
  envFiles: NO_ENV_FILES,
  name: 'Mistral Vibe',
  programs: { npmPackages: [], versionFolders: [], names: ['vibe', 'vibe-acp'], editors: [], flatpaks: [], macApps: [], source: 'mistralai/mistral-vibe@ac8f1a09:pyproject.toml ([project.scripts] vibe, vibe-acp)' },
  format: 'toml',
  containers: [{ path: ['mcp_servers'], shape: 'array', nameField: 'name' }],
  entry: { ...STANDARD_ENTRY, type: ['transport'], disabled: [], cwd: ['cwd'] },
  source: MODELS,
  locations: [
    { scope: 'user', path: '~/.vibe/config.toml', source: `${CONFIG_FILE}; ${HOME}` },
    {
      scope: 'project', path: '<project>/.vibe/config.toml', note: 'read instead of the user config when Vibe runs in this folder and it is trusted',
      source: `${CONFIG_FILE}; ${TRUST}`,
    },
    { scope: 'profile', glob: true, path: '~/.vibe/agents/*.toml', note: AGENT_NOTE, source: `${AGENTS}; ${HOME}` },
    { scope: 'project', glob: true, path: '<project>/.vibe/agents/*.toml', note: `${AGENT_NOTE}; read in a trusted folder`, source: `${AGENTS}; ${TRUST}` },
  ],
  dirVariables: [
    { name: 'VIBE_HOME', replaces: [{ prefix: '~/.vibe' }], source: HOME },
    // pydantic-settings env source (env_prefix "VIBE_", case-insensitive) ranks above the TOML
    // file: VIBE_MCP_SERVERS (a JSON list) replaces every configured server.
    { name: 'VIBE_MCP_SERVERS', replaces: [], source: `${REPO}:vibe/core/config/_settings.py (VibeConfig model_config env_prefix="VIBE_"; settings_customise_sources: env_settings before TomlFileSettingsSource)` },
  ],
  // The folders the user trusted are folders Vibe ran in: each is a project root.
  projectIndexes: [{ path: '~/.vibe/trusted_folders.toml', key: ['trusted'], kind: 'list', format: 'toml', source: TRUST }],
  notes: [
    'A project .vibe/config.toml is listed for every known project; Vibe loads it only where the nearest trust decision in trusted_folders.toml is trusted (not applied: errs towards launched).',
    'In a trusted folder with .vibe/config.toml the user config is not read there; its entries still run in every other folder.',
    'Agent profiles in the agents folders are listed whether or not an agent is selected; folders added by the agent_paths setting are not followed.',
    '~/.vibe/.env is loaded into Vibe\'s environment before the config: a VIBE_MCP_SERVERS there is not read.',
  ],
} as const satisfies HostDefinition;
