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
    '~/.vibe/.env is loaded into Vibe\'s environment before the config: a VIBE_MCP_SERVERS there is not read.',
  ],
} as const satisfies HostDefinition;
