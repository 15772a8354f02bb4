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
// `agent_paths` (a list of folders, in the config file Vibe reads) is searched first, each folder
// that is a directory: `list[Path]` with no validator, so unlike tool_paths and skill_paths
// (`_expand_tool_paths`, `_expand_skill_paths`: expanduser().resolve()) a value is taken as written:
// `~` and `$NAME` are not expanded, and a relative value is a folder below the one Vibe runs in.
const AGENT_PATHS = `${REPO}:vibe/core/config/_settings.py (VibeConfig.agent_paths: list[Path], no validator); vibe/core/agents/manager.py (_compute_search_paths: config.agent_paths if p.is_dir(), first; _discover_agents: base.glob("*.toml"))`;
// `vibe` and `vibe-acp` load <VIBE_HOME>/.env into their environment before the config: python-dotenv
// dotenv_values; an empty value is skipped, and a variable the environment already holds non-empty
// wins. GLOBAL_ENV_FILE.path is load_dotenv_values' default argument, so VIBE_HOME is the one of Vibe's
// own environment; a VIBE_HOME set in the file moves config.toml and agents/ afterwards.
const DOTENV = `${REPO}:vibe/core/config/_settings.py (load_dotenv_values); vibe/cli/cli.py (run_cli: load_dotenv_values() before VibeConfig.load()); vibe/acp/entrypoint.py; vibe/core/paths/_vibe_home.py (GLOBAL_ENV_FILE = VIBE_HOME/.env)`;
// pydantic-settings env source (env_prefix "VIBE_", case-insensitive) ranks above the TOML file.
const ENV_SOURCE = `${REPO}:vibe/core/config/_settings.py (VibeConfig model_config env_prefix="VIBE_", case_sensitive=False; settings_customise_sources: env_settings before TomlFileSettingsSource)`;
const AGENT_PATHS_SETTING = { format: 'toml', key: ['agent_paths'], each: [], relative: 'project', location: '~/.vibe/agents/*.toml', prefix: '~/.vibe/agents', source: AGENT_PATHS } as const;
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
    // VIBE_AGENT_PATHS (a JSON list) replaces the config's agent_paths: not followed.
    { name: 'VIBE_AGENT_PATHS', replaces: [], source: ENV_SOURCE },
  ],
  // VIBE_MCP_SERVERS (a JSON list of MCPServer) replaces every configured server.
  contentVariables: [{ name: 'VIBE_MCP_SERVERS', scope: 'user', format: 'json', containers: [{ path: [], shape: 'array', nameField: 'name' }], source: ENV_SOURCE }],
  // The settings are matched ignoring case (pydantic-settings); VIBE_HOME is os.getenv, as written.
  startupEnvFiles: [{ path: '~/.vibe/.env', namesIgnoreCase: ['VIBE_MCP_SERVERS', 'VIBE_AGENT_PATHS'], source: `${DOTENV}; ${ENV_SOURCE}; ${HOME}` }],
  relocatingSettings: [
    { ...AGENT_PATHS_SETTING, file: '~/.vibe/config.toml' },
    { ...AGENT_PATHS_SETTING, file: '<project>/.vibe/config.toml' },
  ],
  // The folders the user trusted are folders Vibe ran in: each is a project root.
  projectIndexes: [{ path: '~/.vibe/trusted_folders.toml', key: ['trusted'], kind: 'list', format: 'toml', source: TRUST }],
  notes: [
    'A project .vibe/config.toml is listed for every known project; Vibe loads it only where the nearest trust decision in trusted_folders.toml is trusted (not applied: errs towards launched).',
    'In a trusted folder with .vibe/config.toml the user config is not read there; its entries still run in every other folder.',
    'Agent profiles in the agents folders and in the folders of the agent_paths setting are listed whether or not an agent is selected; a relative agent_paths value (Vibe expands no ~ or variable in it) is read below each known project for the user config, below its own project for a project config.',
    '~/.vibe/.env is read as Vibe loads it before the config: a VIBE_MCP_SERVERS there is listed (it replaces the config\'s servers, which are still listed: errs towards launched), a VIBE_HOME there is followed; a value Vibe\'s own environment already holds wins over the file, and is not known.',
    'A VIBE_AGENT_PATHS set in a session file or ~/.vibe/.env replaces agent_paths and is not followed: the count is a floor.',
  ],
} as const satisfies HostDefinition;
