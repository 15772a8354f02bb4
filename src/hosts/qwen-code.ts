import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

// QwenLM/qwen-code (a fork of Gemini CLI) @ 96a2647e: packages/core/src/config/storage.ts keeps the
// user settings in ~/.qwen/settings.json ($QWEN_HOME replaces ~/.qwen) and the project's in
// <project>/.qwen/settings.json; servers under mcpServers, shaped as Gemini CLI's.
const STORAGE = 'QwenLM/qwen-code@96a2647e packages/core/src/config/storage.ts (QWEN_DIR .qwen; getGlobalQwenDir: $QWEN_HOME else ~/.qwen)';
/** getProjectDir: <getRuntimeBaseDir()>/projects/<sanitizeCwd(project root)>; getRuntimeBaseDir: $QWEN_RUNTIME_DIR, else a settings value, else the global .qwen folder. */
const RUNTIME = 'QwenLM/qwen-code@013e660f packages/core/src/config/storage.ts (getProjectDir, getRuntimeBaseDir)';
const CHATS = 'QwenLM/qwen-code@015346f1 packages/core/src/services/chatRecordingService.ts (ChatRecord.cwd: "Working directory at time of message", on every record)';
const TRUST = 'QwenLM/qwen-code@059a1624 packages/cli/src/config/trustedFolders.ts (getTrustedFoldersPath: $QWEN_CODE_TRUSTED_FOLDERS_PATH, else <global .qwen>/trustedFolders.json; a map of folder to trust level)';
/**
 * getSystemSettingsPath: $QWEN_CODE_SYSTEM_SETTINGS_PATH, else /Library/Application Support/QwenCode
 * (macOS), C:\ProgramData\qwen-code (Windows, a literal path: the default %PROGRAMDATA%),
 * /etc/qwen-code (elsewhere), settings.json. getSystemDefaultsPath: $QWEN_CODE_SYSTEM_DEFAULTS_PATH,
 * else system-defaults.json beside the system settings file, wherever that variable put it.
 */
const HOME_ENV = 'QwenLM/qwen-code@03330f7b packages/cli/src/config/settings.ts (loadSettings → preResolveHomeEnvOverrides, readHomeEnvInto: PROJECT_ENV_HARDCODED_EXCLUSIONS from the home .env files)';
const SYSTEM = 'QwenLM/qwen-code@03330f7b packages/cli/src/config/settings.ts (getSystemSettingsPath, getSystemDefaultsPath)';
/** mergeSettings: system defaults, then user, then workspace (trusted only), then system; mcpServers SHALLOW_MERGE. */
const MERGE = 'QwenLM/qwen-code@03330f7b packages/cli/src/config/settings.ts (mergeSettings); QwenLM/qwen-code@002305b9 packages/cli/src/config/settingsSchema.ts (mcpServers: MergeStrategy.SHALLOW_MERGE)';
/**
 * The extension loader reads every folder of ~/.qwen/extensions (Storage.getUserExtensionsDir, below
 * the global Qwen dir): a folder whose plugin.json declares the Agent Plugins v1 schema is loaded as
 * one (its servers in mcp.json), any other from qwen-extension.json, skipped without a "name" or with
 * a name outside [a-zA-Z0-9-_.]. A Gemini gemini-extension.json is converted to qwen-extension.json
 * when installed (convertGeminiOrClaudeExtension): the loader itself never reads one.
 */
const EXT = 'QwenLM/qwen-code@79003284 packages/core/src/extension/extensionManager.ts (loadExtensionManifest, loadExtension); QwenLM/qwen-code@4103ba1f packages/core/src/extension/extensionManager.ts (refreshCache, loadExtensionConfig, validateName, convertGeminiOrClaudeExtension); QwenLM/qwen-code@a9aea07b packages/core/src/extension/variables.ts (EXTENSIONS_CONFIG_FILENAME qwen-extension.json, INSTALL_METADATA_FILENAME)';
const AGENT_PLUGIN = 'QwenLM/qwen-code@79003284 packages/core/src/extension/agent-plugins-v1/manifest.ts (plugin.json $schema https://agent-plugins.org/schemas/1.0.0/plugin.schema.json); agent-plugins-v1/mcp.ts (loadAgentPluginMcpServers: mcp.json whose $schema is the v1 MCP schema, mcpServers of type stdio or streamable-http)';

export const qwenCode = {
  id: 'qwen-code',
  envFiles: {
    files: [
      { path: '<cwd>/.qwen/.env', format: 'dotenv', scope: 'project', walk: 'up-to-root', group: 'qwen-env', source: `${STORAGE}; the .env search it keeps from Gemini CLI` },
      { path: '<cwd>/.env', format: 'dotenv', scope: 'project', walk: 'up-to-root', group: 'qwen-env', source: `${STORAGE}; the .env search it keeps from Gemini CLI` },
      { path: '~/.qwen/.env', format: 'dotenv', scope: 'user', group: 'qwen-env', source: `${STORAGE}; the .env search it keeps from Gemini CLI` },
      { path: '~/.env', format: 'dotenv', scope: 'user', group: 'qwen-env', source: `${STORAGE}; the .env search it keeps from Gemini CLI` },
    ],
    source: `${STORAGE}; unverified: the .env search is read from Gemini CLI, the fork's parent`,
  },
  name: 'Qwen Code',
  programs: { npmPackages: [{ name: '@qwen-code/qwen-code', program: 'qwen', source: 'QwenLM/qwen-code package.json (name @qwen-code/qwen-code, bin qwen)' }], versionFolders: [], names: ['qwen'], editors: [], flatpaks: [], macApps: [], source: 'QwenLM/qwen-code package.json (npm @qwen-code/qwen-code, bin `qwen`)' },
  format: 'jsonc',
  containers: MCP_SERVERS_MAP,
  entry: {
    ...STANDARD_ENTRY, url: [{ key: 'httpUrl', transport: 'http' }, { key: 'url', transport: 'http' }], urlDefault: 'http',
    disabled: [], urlBeforeCommand: true, cwd: ['cwd'],
  },
  source: `${STORAGE}; entry shape as Gemini CLI's MCPServerConfig (google-gemini/gemini-cli@5411f113 packages/core/src/config/config.ts)`,
  locations: [
    { scope: 'user', path: '~/.qwen/settings.json', source: STORAGE },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/QwenCode/settings.json', source: SYSTEM },
    { scope: 'managed', os: 'linux', path: '/etc/qwen-code/settings.json', source: SYSTEM },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/qwen-code/settings.json', source: SYSTEM },
    { scope: 'managed', path: '$QWEN_CODE_SYSTEM_SETTINGS_PATH', note: 'relocated system settings', source: SYSTEM },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/QwenCode/system-defaults.json', note: 'system defaults: lowest precedence', source: SYSTEM },
    { scope: 'managed', os: 'linux', path: '/etc/qwen-code/system-defaults.json', note: 'system defaults: lowest precedence', source: SYSTEM },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/qwen-code/system-defaults.json', note: 'system defaults: lowest precedence', source: SYSTEM },
    { scope: 'managed', path: '$QWEN_CODE_SYSTEM_DEFAULTS_PATH', note: 'relocated system defaults', source: SYSTEM },
    { scope: 'managed', path: '$QWEN_CODE_SYSTEM_SETTINGS_PATH/../system-defaults.json', note: 'system defaults beside relocated system settings', source: SYSTEM },
    {
      scope: 'plugin', glob: true, path: '~/.qwen/extensions/*/qwen-extension.json', format: 'json', containers: MCP_SERVERS_MAP, source: EXT,
      rejects: {
        required: ['name'], pattern: { key: 'name', regex: '^[a-zA-Z0-9_.-]+$' }, loader: 'Qwen Code\'s extension loader',
        source: `${EXT} (loadExtensionConfig: missing "name"; validateName; loadExtension skips on error)`,
      },
    },
    {
      scope: 'plugin', glob: true, path: '~/.qwen/extensions/*/mcp.json', format: 'json', containers: MCP_SERVERS_MAP,
      gate: ['agent-plugins.org/schemas/1.0.0/mcp.schema.json'], note: 'an Agent Plugins v1 extension\'s servers', source: AGENT_PLUGIN,
    },
    { scope: 'project', path: '<project>/.qwen/settings.json', source: STORAGE },
  ],
  dirVariables: [
    { name: 'QWEN_HOME', replaces: [{ prefix: '~/.qwen' }], source: STORAGE },
    { name: 'QWEN_RUNTIME_DIR', replaces: [{ prefix: '~/.qwen/projects', with: '/projects' }], source: RUNTIME },
    { name: 'QWEN_CODE_TRUSTED_FOLDERS_PATH', replaces: [{ prefix: '~/.qwen/trustedFolders.json' }], source: TRUST },
  ],
  // loadSettings first runs preResolveHomeEnvOverrides: QWEN_HOME and QWEN_RUNTIME_DIR are read from
  // <global Qwen dir>/.env, then (QWEN_HOME unset) ~/.env, whatever the folder's trust, a variable
  // already set winning, before any settings or storage path is resolved; when that found a
  // QWEN_HOME, <new QWEN_HOME>/.env is read too (the third entry: only the moved file is new).
  startupEnvFiles: [
    { path: '~/.qwen/.env', source: HOME_ENV },
    { path: '~/.env', source: HOME_ENV },
    { path: '~/.qwen/.env', source: HOME_ENV },
  ],
  // Folders Qwen Code ran in: each session's log, <runtime dir>/projects/<sanitized cwd>/chats/<session id>.jsonl,
  // whose every record carries the `cwd` it ran in; and the folders the user trusted.
  projectIndexes: [
    { path: '~/.qwen/projects/*/chats/*.jsonl', key: ['cwd'], kind: 'session-log', line: 'first-naming', source: `${RUNTIME}; ${CHATS}` },
    { path: '~/.qwen/trustedFolders.json', key: [], kind: 'keys', source: TRUST },
  ],
  pathRuleEnablement: {
    governs: ['~/.qwen/extensions/*/qwen-extension.json'], file: '~/.qwen/extensions/extension-enablement.json', nameKey: ['name'],
    source: 'QwenLM/qwen-code@4103ba1f packages/core/src/extension/extensionManager.ts (isEnabled: extension-enablement.json overrides, the last matching rule wins; Override.fromFileRule); QwenLM/qwen-code@d5571544 packages/core/src/extension/extension-store.ts (the store keeps extension-enablement.json as its legacy projection)',
  },
  linkedInstalls: {
    records: '~/.qwen/extensions/*/.qwen-extension-install.json', typeKey: ['type'], typeValue: 'link', sourceKey: ['source'],
    manifest: 'qwen-extension.json', location: '~/.qwen/extensions/*/qwen-extension.json',
    source: `${EXT} (loadExtension: installMetadata.type link reads the manifest at installMetadata.source)`,
  },
  precedence: {
    tiers: [
      { location: '/etc/qwen-code/settings.json' }, { location: '/Library/Application Support/QwenCode/settings.json' },
      { location: '%PROGRAMDATA%/qwen-code/settings.json' }, { location: '$QWEN_CODE_SYSTEM_SETTINGS_PATH' },
      { location: '<project>/.qwen/settings.json' },
      { location: '~/.qwen/settings.json' },
      { location: '/etc/qwen-code/system-defaults.json' }, { location: '/Library/Application Support/QwenCode/system-defaults.json' },
      { location: '%PROGRAMDATA%/qwen-code/system-defaults.json' }, { location: '$QWEN_CODE_SYSTEM_DEFAULTS_PATH' },
      { location: '$QWEN_CODE_SYSTEM_SETTINGS_PATH/../system-defaults.json' },
    ],
    merge: 'whole',
    source: MERGE,
  },
  launchDir: { kind: 'project', source: `${STORAGE}; Gemini CLI's mcp-client.ts: no cwd means the host's own folder` },
  notes: [
    'An Agent Plugins v1 extension\'s mcp.json is read when it carries the v1 MCP schema; the plugin.json beside it (which makes the loader read it) is not checked.',
    'Project settings are read whether or not the folder is trusted (Qwen Code ignores them in an untrusted folder): not modelled.',
    'QWEN_HOME and QWEN_RUNTIME_DIR in ~/.qwen/.env, ~/.env and <new QWEN_HOME>/.env are followed, as Qwen reads them before any path; which file wins when several set one, and a value Qwen\'s own environment already holds, are not known (every value is listed). Other variables of those files are applied too, though Qwen takes them only later.',
  ],
} as const satisfies HostDefinition;
