import { NO_ENV_FILES, type HostDefinition } from './types.js';

// block/goose, read file by file.
const BASE = 'block/goose@865e4a03 crates/goose/src/config/base/mod.rs';
const EXT = 'block/goose@0beee6a0 crates/goose/src/config/extensions.rs';
const PARAMS = 'block/goose@865e4a03 crates/goose/src/config/base/params.rs';
const AGENT = 'block/goose@01cad15f crates/goose/src/agents/extension.rs (ExtensionConfig, tag = "type"; PLATFORM_EXTENSIONS)';

/**
 * Goose releases with config recovery restore the first backup that parses when config.yaml is
 * missing or does not parse (block/goose@40f4719f crates/goose/src/config/base.rs
 * `load_raw`, `try_restore_from_backup`, `get_backup_paths`: .bak, then .bak.1 … .bak.5); later
 * releases skip a corrupt file (base/mod.rs `load`). Read either way: what a release may run.
 */
const BACKUPS = { suffixes: ['.bak', '.bak.1', '.bak.2', '.bak.3', '.bak.4', '.bak.5'], source: 'block/goose@40f4719f crates/goose/src/config/base.rs (get_backup_paths)' } as const;

/**
 * Goose, from the host source. The Windows path is disputed: %APPDATA%/Block/goose/config/config.yaml
 * (docker/mcp-gateway@2bd20fe:pkg/client/config.yml; msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py), ~/AppData/Block/goose/config.yaml (stacklok/toolhive@e25de16:pkg/client/config.go),
 * %APPDATA%/goose/config.yaml (JetBrains/intellij-community#3189).
 */
export const goose = {
  id: 'goose',
  envFiles: NO_ENV_FILES,
  name: 'Goose',
  programs: { npmPackages: [], versionFolders: [], names: ['goose', 'goose-desktop', 'goosed'], editors: [], flatpaks: [], macApps: [{ app: 'Goose', program: 'goose' }], source: 'block/goose crates/goose-cli (bin `goose`), crates/goose-server (bin `goosed`, run by the desktop app); ui/desktop forge.config.ts (Goose.app, Linux goose-desktop package); https://block.github.io/goose/docs/getting-started/installation' },
  format: 'yaml',
  containers: [{ path: ['extensions'], shape: 'map' }],
  entry: {
    command: ['cmd'], args: ['args'], env: ['envs'], cwd: [],
    url: [{ key: 'uri' }], type: ['type'], headers: ['headers'],
    disabled: [], enabled: ['enabled'], urlDefault: 'http',
    internalTypes: ['builtin', 'platform', 'frontend'],
    unstartedTypes: [{ type: 'sse', reason: 'Goose no longer starts SSE extensions (migrate to streamable_http)' }],
    required: [{ fields: ['enabled'] }, { type: 'stdio', fields: ['cmd', 'args'] }, { type: 'streamable_http', fields: ['uri'] }],
    // Each name in env_keys is fetched from Goose's environment, keyring or secrets.yaml and set in the
    // extension's environment (block/goose crates/goose/src/agents/extension_manager.rs merge_environments).
    forwardsEnv: [{ key: 'env_keys', source: 'block/goose crates/goose/src/agents/extension_manager.rs (merge_environments: env_keys fetched from the config/secret store into the extension env)' }],
  },
  source: `${AGENT}; ${EXT} (ExtensionEntry: enabled + flattened config; malformed entries skipped)`,
  locations: [
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.config/goose/config.yaml', fallbacks: BACKUPS, source: 'block/goose@0780e228 crates/goose/src/config/paths.rs (etcetera app strategy: XDG on every non-Windows OS)' },
    { scope: 'user', os: 'win32', path: '%APPDATA%/Block/goose/config/config.yaml', fallbacks: BACKUPS, source: 'block/goose@0780e228 crates/goose/src/config/paths.rs (etcetera Windows strategy)' },
    { scope: 'user', os: 'win32', path: '%APPDATA%/goose/config.yaml', unverified: true, source: 'JetBrains/intellij-community#3189 (%APPDATA%/goose/config.yaml); block/goose@0780e228 crates/goose/src/config/paths.rs uses Block/goose/config instead' },
    { scope: 'user', os: 'darwin', path: '~/Library/Application Support/Block/goose/config.yaml', unverified: true, source: 'block/goose@0780e228 crates/goose/src/config/paths.rs (a comment names this folder; the code uses XDG)' },
    { scope: 'user', path: '$GOOSE_PATH_ROOT/config/config.yaml', fallbacks: BACKUPS, note: 'relocated by GOOSE_PATH_ROOT', source: 'block/goose@0780e228 crates/goose/src/config/paths.rs (Paths::get_dir)' },
    { scope: 'managed', os: ['darwin', 'linux'], path: '/etc/goose/config.yaml', source: `${BASE} (system_config_path)` },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/goose/config.yaml', source: `${BASE} (system_config_path)` },
  ],
  dirVariables: [
    { name: 'XDG_CONFIG_HOME', os: ['darwin', 'linux'], replaces: [{ prefix: '~/.config' }], source: 'block/goose@0780e228 crates/goose/src/config/paths.rs (etcetera Xdg strategy: XDG_CONFIG_HOME)' },
    // Not followed (a list of paths): set in a session file, a floor.
    { name: 'GOOSE_ADDITIONAL_CONFIG_FILES', replaces: [], source: `${BASE} (additional_config_paths_from_env: env::split_paths, merged before the user file)` },
    // get_param reads the upper-cased key from the environment before any config file, and the
    // extension map is get_param("extensions"): EXTENSIONS, when set, replaces every file's map
    // (a value that is no map leaves Goose with none). Its servers are not read: a floor.
    { name: 'EXTENSIONS', replaces: [], source: `${PARAMS} (get_param: env::var(key.to_uppercase()) first, parse_env_value); ${EXT} (get_extensions_map: get_param(EXTENSIONS_CONFIG_KEY))` },
  ],
  precedence: {
    tiers: [
      { location: '~/.config/goose/config.yaml' }, { location: '%APPDATA%/Block/goose/config/config.yaml' }, { location: '%APPDATA%/goose/config.yaml' },
      { location: '~/Library/Application Support/Block/goose/config.yaml' }, { location: '$GOOSE_PATH_ROOT/config/config.yaml' },
      { location: '/etc/goose/config.yaml' }, { location: '%PROGRAMDATA%/goose/config.yaml' },
    ],
    merge: 'fields',
    source: `${BASE} (merge_config_values, merge_nested_entries: per extension, later file's fields win)`,
  },
  // Config::load parses each file with parse_yaml_content (serde_yaml::from_str into a Mapping)
  // and on an error logs "Failed to load config … Skipping." and merges nothing from it; serde_yaml's
  // Mapping (every nested map included: Value::visit_map builds a Mapping) refuses a duplicate key
  // with "duplicate entry with key …" (dtolnay/serde-yaml@8261d932 src/mapping.rs `impl Deserialize
  // for Mapping`; @c5523fe4 src/value/de.rs `visit_map`).
  refusesDuplicateKeys: {
    loader: 'Goose\'s YAML loader (serde_yaml)',
    source: `${BASE} (Config::load, parse_yaml_content); dtolnay/serde-yaml@8261d932 src/mapping.rs (DuplicateKeyError)`,
  },
  notes: [
    '`type: builtin` / `platform` extensions run inside Goose (state internal); `env_keys` names secrets fetched from env, keyring or secrets.yaml.',
    'The EXTENSIONS environment variable replaces the whole map; GOOSE_ADDITIONAL_CONFIG_FILES adds files. Neither is read: set in a session file, the count is a floor.',
    'A stdio extension starts in the session working directory (no per-entry cwd): unknown to the audit.',
  ],
} as const satisfies HostDefinition;
