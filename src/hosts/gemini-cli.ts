import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

// google-gemini/gemini-cli @ 5411f113cafae26161b4969b0237b8e1e024e2c2 (2026-08-21).
const REPO = 'google-gemini/gemini-cli@5411f113';
const SETTINGS = `${REPO} packages/cli/src/config/settings.ts`;
const SYSTEM = `${SETTINGS}:104-125 (getSystemSettingsPath, getSystemDefaultsPath)`;
const EXT = `${REPO} packages/cli/src/config/extension-manager.ts:624-634,1017-1030`;
const REGISTRY = 'google-gemini/gemini-cli@043a0880 packages/core/src/config/storage.ts (initialize: ProjectRegistry(<gemini dir>/projects.json, [<gemini dir>/tmp, <gemini dir>/history]).getShortId(project root)); packages/core/src/config/projectRegistry.ts@04fbf507 (RegistryData.projects; ensureOwnershipMarkers writes the path to <base>/<slug>/.project_root)';
const LISTS = `${SETTINGS}:516-557 (mcp.excluded concatenated, mcp.allowed intersected over every settings scope)`;
/**
 * loadEnvironment / findEnvFile: from the folder Gemini runs in up to the root, `.gemini/.env` before
 * `.env` in each folder, then `~/.gemini/.env`, `~/.env`; the first found is parsed with dotenv and
 * each variable not already set joins Gemini's environment (in a trusted or sandboxed folder), which
 * every stdio server inherits (mcp-client.ts: StdioClientTransport env = sanitizeEnvironment(process.env) + the entry's env).
 */
const ENV_FILES = 'google-gemini/gemini-cli@0038e45d packages/cli/src/config/settings.ts (findEnvFile, loadEnvironment); packages/core/src/tools/mcp-client.ts (createTransport)';

/** Gemini CLI, from the host source. */
export const geminiCli = {
  id: 'gemini-cli',
  envFiles: {
    files: [
      { path: '<cwd>/.gemini/.env', format: 'dotenv', scope: 'project', walk: 'up-to-root', group: 'gemini-env', source: ENV_FILES },
      { path: '<cwd>/.env', format: 'dotenv', scope: 'project', walk: 'up-to-root', group: 'gemini-env', source: ENV_FILES },
      { path: '~/.gemini/.env', format: 'dotenv', scope: 'user', group: 'gemini-env', source: ENV_FILES },
      { path: '~/.env', format: 'dotenv', scope: 'user', group: 'gemini-env', source: ENV_FILES },
    ],
    source: ENV_FILES,
  },
  name: 'Gemini CLI',
  programs: { npmPackages: [{ name: '@google/gemini-cli', program: 'gemini', source: 'google-gemini/gemini-cli README.md (npx @google/gemini-cli; package.json bin gemini)' }], versionFolders: [], names: ['gemini'], editors: [], flatpaks: [], macApps: [], source: 'google-gemini/gemini-cli package.json (npm @google/gemini-cli, bin `gemini`)' },
  format: 'jsonc',
  // mcp.serverCommand: one more stdio server, named `mcp` (mcp-client.ts:1170-1186; settingsSchema.ts:1787-1793).
  containers: [...MCP_SERVERS_MAP, { path: ['mcp', 'serverCommand'], shape: 'command-line', name: 'mcp' }],
  // A URL wins over `command`; bare `url` is streamable HTTP (falls back to SSE); no disabled/enabled field.
  entry: {
    ...STANDARD_ENTRY, url: [{ key: 'httpUrl', transport: 'http' }, { key: 'url', transport: 'http' }], urlDefault: 'http',
    disabled: [], urlBeforeCommand: true, cwd: ['cwd'], // MCPServerConfig.cwd (config.ts:482-515)
  },
  source: `${REPO} packages/core/src/config/config.ts:482-515 (MCPServerConfig); packages/core/src/tools/mcp-client.ts:2180-2405 (createTransport: httpUrl > url > command)`,
  locations: [
    { scope: 'user', path: '~/.gemini/settings.json', source: `${REPO} packages/core/src/config/storage.ts:54-80` },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/GeminiCli/settings.json', source: SYSTEM },
    { scope: 'managed', os: 'linux', path: '/etc/gemini-cli/settings.json', source: SYSTEM },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/gemini-cli/settings.json', source: SYSTEM },
    { scope: 'managed', path: '$GEMINI_CLI_SYSTEM_SETTINGS_PATH', note: 'relocated system settings', source: SYSTEM },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/GeminiCli/system-defaults.json', note: 'system defaults: lowest precedence', source: SYSTEM },
    { scope: 'managed', os: 'linux', path: '/etc/gemini-cli/system-defaults.json', note: 'system defaults: lowest precedence', source: SYSTEM },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/gemini-cli/system-defaults.json', note: 'system defaults: lowest precedence', source: SYSTEM },
    { scope: 'managed', path: '$GEMINI_CLI_SYSTEM_DEFAULTS_PATH', note: 'relocated system defaults', source: SYSTEM },
    {
      scope: 'plugin', glob: true, path: '~/.gemini/extensions/*/gemini-extension.json', format: 'json', containers: MCP_SERVERS_MAP, source: EXT,
      rejects: {
        required: ['name', 'version'], pattern: { key: 'name', regex: '^[a-zA-Z0-9-]+$' }, loader: 'Gemini CLI\'s extension loader',
        source: `${REPO} packages/cli/src/config/extension-manager.ts (loadExtensionConfig: missing "name" / "version"; validateName; _buildExtension skips on error)`,
      },
    },
    {
      scope: 'project', path: '<project>/.gemini/settings.json', note: 'read only from the folder Gemini runs in, and only when it is trusted',
      source: `${SETTINGS}:756-862; ${REPO} packages/core/src/config/storage.ts:162-175`,
    },
  ],
  dirVariables: [
    { name: 'GEMINI_CLI_HOME', replaces: [{ prefix: '~/.gemini', with: '/.gemini' }], source: `${REPO} packages/core/src/utils/paths.ts (homedir: GEMINI_CLI_HOME or os.homedir())` },
    { name: 'GEMINI_CLI_TRUSTED_FOLDERS_PATH', replaces: [{ prefix: '~/.gemini/trustedFolders.json' }], source: `${REPO} packages/core/src/config/storage.ts (getTrustedFoldersPath)` },
    // `true` trusts every folder before folder trust is consulted: the project settings of any folder
    // Gemini runs in are loaded. Not applied to the trust decision: a session file setting it makes the count a floor.
    { name: 'GEMINI_CLI_TRUST_WORKSPACE', replaces: [], source: 'google-gemini/gemini-cli@05b775a3 packages/core/src/utils/trust.ts (checkPathTrust: GEMINI_CLI_TRUST_WORKSPACE === "true" → trusted, checked first)' },
  ],
  // loadSettings reads the user settings (USER_SETTINGS_PATH, fixed when the module loads), then
  // loadEnvironment puts the first .env found (the working folder up to the root, then the home's)
  // into process.env in a trusted folder, a variable already set winning; the extension loader
  // resolves homedir(), which reads GEMINI_CLI_HOME, afterwards. So a GEMINI_CLI_HOME there moves
  // the extensions (not the user settings, which are still read at the moved place: errs towards
  // launched). The folder's own .env files are not read here.
  startupEnvFiles: [
    { path: '~/.gemini/.env', onlySometimes: 'Gemini CLI loads it only in a trusted folder holding no .gemini/.env or .env of its own, and after its user settings were read', source: `${SETTINGS} (loadSettings: USER_SETTINGS_PATH read, then loadEnvironment; findEnvFile); ${REPO} packages/cli/src/config/extensions/storage.ts (getUserExtensionsDir: new Storage(homedir())); packages/core/src/utils/paths.ts (homedir reads GEMINI_CLI_HOME when called)` },
    { path: '~/.env', onlySometimes: 'Gemini CLI loads it only in a trusted folder holding no .gemini/.env or .env of its own and with no ~/.gemini/.env, and after its user settings were read', source: `${SETTINGS} (loadSettings, loadEnvironment, findEnvFile)` },
  ],
  // The folders the user trusted are folders Gemini ran in: each is a project root. So is each
  // folder Gemini gave a short id, trusted or not (with folder trust off, or GEMINI_CLI_TRUST_WORKSPACE,
  // every folder is trusted): Storage.initialize registers the project root in ~/.gemini/projects.json
  // `{"projects": {<path>: <slug>}}` and writes the path into <base>/<slug>/.project_root for the
  // bases ~/.gemini/tmp and ~/.gemini/history.
  projectIndexes: [
    { path: '~/.gemini/trustedFolders.json', key: [], kind: 'keys', source: `${REPO} packages/cli/src/config/trustedFolders.ts` },
    { path: '~/.gemini/projects.json', key: ['projects'], kind: 'keys', source: REGISTRY },
    { path: '~/.gemini/{tmp,history}/*/.project_root', key: [], format: 'text', source: REGISTRY },
  ],
  pathRuleEnablement: {
    governs: ['~/.gemini/extensions/*/gemini-extension.json'], file: '~/.gemini/extensions/extension-enablement.json', nameKey: ['name'],
    source: `${REPO} packages/cli/src/config/extensions/extensionEnablement.ts (isEnabled: last matching override wins; Override.fromFileRule)`,
  },
  linkedInstalls: {
    records: '~/.gemini/extensions/*/.gemini-extension-install.json', typeKey: ['type'], typeValue: 'link', sourceKey: ['source'],
    manifest: 'gemini-extension.json', location: '~/.gemini/extensions/*/gemini-extension.json',
    source: `${REPO} packages/cli/src/config/extensions/variables.ts:22-23; extension-manager.ts:720,758-760`,
  },
  switches: [
    { governs: '*', file: '~/.gemini/settings.json', key: ['mcp', 'excluded'], kind: 'deny', source: LISTS },
    { governs: '*', file: '~/.gemini/settings.json', key: ['mcp', 'allowed'], kind: 'allow', source: LISTS },
    { governs: '*', file: '/etc/gemini-cli/settings.json', key: ['mcp', 'excluded'], kind: 'deny', source: LISTS },
    { governs: '*', file: '/etc/gemini-cli/settings.json', key: ['mcp', 'allowed'], kind: 'allow', source: LISTS },
    { governs: '*', file: '/etc/gemini-cli/system-defaults.json', key: ['mcp', 'excluded'], kind: 'deny', source: LISTS },
    { governs: '*', file: '/etc/gemini-cli/system-defaults.json', key: ['mcp', 'allowed'], kind: 'allow', source: LISTS },
    { governs: '*', file: '/Library/Application Support/GeminiCli/settings.json', key: ['mcp', 'excluded'], kind: 'deny', source: `${LISTS}; ${SYSTEM}` },
    { governs: '*', file: '/Library/Application Support/GeminiCli/settings.json', key: ['mcp', 'allowed'], kind: 'allow', source: `${LISTS}; ${SYSTEM}` },
    { governs: '*', file: '/Library/Application Support/GeminiCli/system-defaults.json', key: ['mcp', 'excluded'], kind: 'deny', source: `${LISTS}; ${SYSTEM}` },
    { governs: '*', file: '/Library/Application Support/GeminiCli/system-defaults.json', key: ['mcp', 'allowed'], kind: 'allow', source: `${LISTS}; ${SYSTEM}` },
    { governs: '*', file: '%PROGRAMDATA%/gemini-cli/settings.json', key: ['mcp', 'excluded'], kind: 'deny', source: `${LISTS}; ${SYSTEM}` },
    { governs: '*', file: '%PROGRAMDATA%/gemini-cli/settings.json', key: ['mcp', 'allowed'], kind: 'allow', source: `${LISTS}; ${SYSTEM}` },
    { governs: '*', file: '%PROGRAMDATA%/gemini-cli/system-defaults.json', key: ['mcp', 'excluded'], kind: 'deny', source: `${LISTS}; ${SYSTEM}` },
    { governs: '*', file: '%PROGRAMDATA%/gemini-cli/system-defaults.json', key: ['mcp', 'allowed'], kind: 'allow', source: `${LISTS}; ${SYSTEM}` },
    { governs: '*', file: '<project>/.gemini/settings.json', key: ['mcp', 'excluded'], kind: 'deny', source: LISTS },
    { governs: '*', file: '<project>/.gemini/settings.json', key: ['mcp', 'allowed'], kind: 'allow', source: LISTS },
    {
      governs: '*', file: '~/.gemini/mcp-server-enablement.json', key: [], kind: 'off-map', field: 'enabled', lowercase: true,
      source: `${REPO} packages/cli/src/config/mcp/mcpServerEnablement.ts:181,218-229,266-271`,
    },
  ],
  trustedFolders: {
    governs: ['<project>/.gemini/settings.json'], file: '~/.gemini/trustedFolders.json',
    trust: 'TRUST_FOLDER', parent: 'TRUST_PARENT', deny: 'DO_NOT_TRUST',
    enabled: {
      // Each OS's own system files (only the audited OS's exist); system settings read last, as they win.
      files: [
        '/etc/gemini-cli/system-defaults.json', '/Library/Application Support/GeminiCli/system-defaults.json', '%PROGRAMDATA%/gemini-cli/system-defaults.json',
        '~/.gemini/settings.json',
        '/etc/gemini-cli/settings.json', '/Library/Application Support/GeminiCli/settings.json', '%PROGRAMDATA%/gemini-cli/settings.json',
      ],
      key: ['security', 'folderTrust', 'enabled'], default: true,
      // Releases before 0.29.0 default it to false: folder trust is off and every project's settings load.
      earlierDefault: {
        value: false, before: '0.29.0',
        source: 'google-gemini/gemini-cli@aba8c5f6 packages/cli/src/config/settingsSchema.ts (security.folderTrust.enabled default false → true; first in tag v0.29.0)',
      },
    },
    source: `${REPO} packages/cli/src/config/trustedFolders.ts:32-35; packages/core/src/utils/trust.ts:18-193; ${SETTINGS}:890-901`,
  },
  precedence: {
    tiers: [
      { location: '/etc/gemini-cli/settings.json' }, { location: '/Library/Application Support/GeminiCli/settings.json' },
      { location: '%PROGRAMDATA%/gemini-cli/settings.json' }, { location: '$GEMINI_CLI_SYSTEM_SETTINGS_PATH' },
      { location: '<project>/.gemini/settings.json' },
      { location: '~/.gemini/settings.json' },
      { location: '/etc/gemini-cli/system-defaults.json' }, { location: '/Library/Application Support/GeminiCli/system-defaults.json' },
      { location: '%PROGRAMDATA%/gemini-cli/system-defaults.json' }, { location: '$GEMINI_CLI_SYSTEM_DEFAULTS_PATH' },
      { location: '~/.gemini/extensions/*/gemini-extension.json' },
    ],
    merge: 'whole',
    fieldsFrom: ['~/.gemini/extensions/*/gemini-extension.json'],
    source: `${SETTINGS}:253-279 (system > workspace > user > system defaults, mcpServers SHALLOW_MERGE); ${REPO} packages/core/src/tools/mcp-client-manager.ts:334-410 (a settings entry overrides a same-named extension entry)`,
  },
  variables: {
    form: 'dollar', fields: ['command', 'args', 'env', 'url', 'headers', 'cwd'], known: ['extensionPath', '/', 'pathSeparator'],
    source: `${REPO} packages/cli/src/utils/envVarResolver.ts:28 ($VAR, \${VAR}, \${VAR:-default} over the whole file); extension-manager.ts:1032-1040 (\${extensionPath}, \${/})`,
  },
  launchDir: { kind: 'project', source: `${REPO} packages/core/src/tools/mcp-client.ts:2368-2373 (no cwd: the host's own cwd, the folder whose .gemini/settings.json it read)` },
  notes: [
    'With folder trust on (the default), Gemini starts no MCP server at all in an untrusted folder; user entries are reported launched (the folder it runs in is unknown).',
    'mcp.serverCommand is reported as a server named `mcp` (it also replaces a same-named mcpServers entry: not modelled); admin.mcp.* (remote Code Assist policy) is not on disk.',
    'An extension disabled by extension-enablement.json in some folders only is reported launched (it runs elsewhere).',
    'A GEMINI_CLI_HOME in ~/.gemini/.env or ~/.env is followed (Gemini loads it in a trusted folder before it resolves its extensions) and makes the count a floor; the user settings at the moved place are listed too, although Gemini read them before the .env (errs towards launched). A folder\'s own .env files are not read as relocations.',
  ],
} as const satisfies HostDefinition;
