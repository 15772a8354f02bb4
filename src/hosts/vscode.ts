import { PLUGIN_FOLDER_FILES as PLUGIN_FILES, VSCODE_PLUGINS as PLUGINS } from './vscode-plugins.js';
import { VSCODE_PROGRAMS, NO_ENV_FILES, STANDARD_ENTRY, MCP_SERVERS_MAP, type EntryShape, type HostLocation, VSCODE_SETTINGS_SERVERS as SETTINGS, VSCODE_MCP_SERVERS, type Container, type HostDefinition, VSCODE_FAMILY_DIRS, VSCODE_FAMILY_WORKSPACES, VSCODE_VARIABLES } from './types.js';

const EXTENSIONS_PATH = 'microsoft/vscode@44d7d537 src/vs/platform/environment/common/environmentService.ts (extensionsPath: --extensions-dir, else VSCODE_EXTENSIONS, else VSCODE_PORTABLE/extensions, else ~/<dataFolderName>/extensions)';

const REF = 'VS Code docs https://code.visualstudio.com/docs/copilot/reference/mcp-configuration (mcp.json `servers` + `inputs`, workspace .vscode/mcp.json, user profile mcp.json, predefined variables)';
const ADD = 'VS Code docs https://code.visualstudio.com/docs/copilot/customization/mcp-servers (user configuration, dev container customizations.vscode.mcp, settings chat.mcp.access)';
const ROW = 'snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/base.py (settings.json mcp gated by _parse_settings_mcp_gated, profiles by _discover_profile_mcp_files, .code-workspace settings)';
const DEVCONTAINER = 'https://containers.dev/implementors/spec/#devcontainerjson (devcontainers/spec@c95ffeed docs/specs/devcontainer-reference.md: .devcontainer/devcontainer.json, .devcontainer.json, .devcontainer/<folder>/devcontainer.json one level deep)';
// customizations.vscode.mcp is written to the container's mcp.json (ADD); customizations.vscode.settings
// are written to the container's machine settings (devcontainers/spec@c95ffeed docs/specs/supporting-tools.md),
// whose `mcp` servers VS Code installs as remote user servers (DEVCONTAINER_SETTINGS); the dotted
// "mcp.servers" key is read as in a settings.json (SETTINGS).
const DEVCONTAINER_SETTINGS = 'devcontainers/spec@c95ffeed docs/specs/supporting-tools.md (customizations.vscode.settings: a container/machine specific settings file); microsoft/vscode@ce34ccc3 src/vs/workbench/contrib/mcp/browser/mcpMigration.ts (migrateMcpConfig: remoteEnvironment.settingsPath `mcp.servers` installed as USER_REMOTE); microsoft/vscode@fd413e0a src/vs/server/node/remoteAgentEnvironmentImpl.ts (settingsPath: machineSettingsResource)';
const DEVCONTAINER_SERVERS = [
  { path: ['customizations', 'vscode', 'mcp', 'servers'], shape: 'map' },
  { path: ['customizations', 'vscode', 'settings', 'mcp', 'servers'], shape: 'map' },
  { path: ['customizations', 'vscode', 'settings', 'mcp.servers'], shape: 'map' },
] as const satisfies readonly Container[];
const PORTABLE = 'microsoft/vscode-docs@01a5edb docs/editor/portable.md';
// Portable mode: on Linux and Windows a `data` folder beside the application makes it portable when the
// build's product.json has no `target` (the archive and tarball builds), and VS Code then sets
// VSCODE_PORTABLE to that folder; the user data is <data>/user-data, the extensions <data>/extensions.
const PORTABLE_MODE = `microsoft/vscode@0314bcff src/bootstrap-node.ts (configurePortable: <app>/data on win32 and linux, isPortable = !('target' in product) && exists, VSCODE_PORTABLE set to it); microsoft/vscode@05528c78 src/vs/platform/environment/node/userDataPath.ts (1. VSCODE_PORTABLE/user-data); ${PORTABLE}`;
const SCOOP = 'ScoopInstaller/Extras@cd859b80 bucket/vscode.json (the win32-x64-archive build, "persist": "data", post_install copies %APPDATA%\\Code to $dir\\data\\user-data "[Portable Mode]"); ScoopInstaller/Scoop@b588a06e lib/core.ps1 ($scoopdir: $env:SCOOP, else ~/scoop; $globaldir: $env:SCOOP_GLOBAL, else %PROGRAMDATA%/scoop)';
// The server keeps its data in --server-data-dir, else VSCODE_AGENT_FOLDER, else ~/<product.serverDataFolderName>:
// user settings home data/User, machine settings data/Machine, extensions <folder>/extensions (server.main.ts).
// The remote environment it reports names the machine settings file as settingsPath and data/User/mcp.json
// as mcpResource (remoteAgentEnvironmentImpl.ts), and the workbench reads settingsPath's `mcp` section as
// the remote user MCP config (mcpConfigPathsService.ts `usrremote`). Remote-SSH serves Linux, macOS and Windows hosts.
const REMOTE = 'microsoft/vscode@cd0219f5 src/vs/server/node/server.main.ts (REMOTE_DATA_FOLDER = --server-data-dir || VSCODE_AGENT_FOLDER || ~/<serverDataFolderName>; USER_DATA_PATH/User, USER_DATA_PATH/Machine, extensions); microsoft/vscode@fd413e0a src/vs/server/node/remoteAgentEnvironmentImpl.ts (settingsPath: machineSettingsResource, mcpResource, profiles); VS Code docs https://code.visualstudio.com/docs/remote/ssh (Windows, macOS and Linux SSH hosts)';
const MACHINE = 'microsoft/vscode@0e428a32 src/vs/workbench/contrib/mcp/common/mcpConfigPathsService.ts (usrremote: uri remoteEnvironment.settingsPath, section mcp, target USER_REMOTE)';
// A server built from microsoft/vscode's own sources keeps its data in ~/.vscode-server-oss.
const OSS_SERVER = 'microsoft/vscode@01b879a0 product.json (serverDataFolderName ".vscode-server-oss")';
const SERVER = '~/{.vscode-server,.vscode-server-oss}';
// Builds of microsoft/vscode's own sources name their user-data folder after product.json nameShort,
// "Code - OSS" (microsoft/vscode@01b879a0 product.json; microsoft/vscode@f9aabd98 src/main.ts getUserDataPath(args, product.nameShort)).
const OSS = 'microsoft/vscode@01b879a0 product.json (nameShort "Code - OSS", the user-data folder of builds of these sources); microsoft/vscode@f9aabd98 src/main.ts (getUserDataPath(args, product.nameShort))';
// The Flathub package passes --extensions-dir=$XDG_DATA_HOME/vscode/extensions, XDG_DATA_HOME being ~/.var/app/<app id>/data in the sandbox.
const FLATPAK_EXTENSIONS = 'flathub/com.visualstudio.code@c86eb750 code.sh (--extensions-dir set to XDG_DATA_HOME/vscode/extensions); https://docs.flatpak.org/en/latest/conventions.html#xdg-base-directories';

// Discovery (chat.mcp.discovery.enabled: true, or an object turning single sources on): VS Code reads
// other applications' files with its own adapter, claudeConfigToServerDefinition, for each source. It
// maps every `mcpServers` entry: `url` set → an HTTP connection, else `command`/`args`/`env` run with the
// home as working folder; it reads no `disabled`, `type` or `headers` field (Windsurf's and Cursor's
// adapters extend Claude Desktop's and change only the file). Parsed with JSON.parse (strict JSON).
const DISCOVERY = 'microsoft/vscode@cf89be79 src/vs/workbench/contrib/mcp/common/discovery/nativeMcpDiscoveryAdapters.ts (claudeConfigToServerDefinition; ClaudeDesktop, Windsurf and Cursor adapters, getFilePath)';
const DISCOVERY_SETTING = 'microsoft/vscode@0b37532c src/vs/workbench/contrib/mcp/common/mcpConfiguration.ts (mcpDiscoverySection chat.mcp.discovery.enabled; DiscoverySource claude-desktop, windsurf, cursor-global); VS Code docs https://code.visualstudio.com/docs/copilot/customization/mcp-servers (Automatically discover MCP servers)';
const DISCOVERY_ENTRY = {
  ...STANDARD_ENTRY, type: [], headers: [], disabled: [], url: [{ key: 'url', transport: 'http' }], urlBeforeCommand: true,
} as const satisfies EntryShape;
const DISCOVERY_GATE = {
  files: ['<UD>/Code/User/settings.json', '<UD>/Code - OSS/User/settings.json'], key: ['chat.mcp.discovery.enabled'], source: DISCOVERY_SETTING,
} as const;
const DISCOVERY_LOCATIONS = [
  { scope: 'user', os: 'darwin', path: '~/Library/Application Support/Claude/claude_desktop_config.json', format: 'json', containers: MCP_SERVERS_MAP, entry: DISCOVERY_ENTRY, enabledBy: { ...DISCOVERY_GATE, name: 'claude-desktop' }, note: 'Claude Desktop config, read by VS Code discovery', source: DISCOVERY },
  { scope: 'user', os: 'win32', path: '%APPDATA%/Claude/claude_desktop_config.json', format: 'json', containers: MCP_SERVERS_MAP, entry: DISCOVERY_ENTRY, enabledBy: { ...DISCOVERY_GATE, name: 'claude-desktop' }, note: 'Claude Desktop config, read by VS Code discovery', source: DISCOVERY },
  { scope: 'user', os: 'linux', path: '~/.config/Claude/claude_desktop_config.json', format: 'json', containers: MCP_SERVERS_MAP, entry: DISCOVERY_ENTRY, enabledBy: { ...DISCOVERY_GATE, name: 'claude-desktop' }, note: 'Claude Desktop config, read by VS Code discovery (XDG_CONFIG_HOME not followed)', source: DISCOVERY },
  { scope: 'user', path: '~/.codeium/windsurf/mcp_config.json', format: 'json', containers: MCP_SERVERS_MAP, entry: DISCOVERY_ENTRY, enabledBy: { ...DISCOVERY_GATE, name: 'windsurf' }, note: 'Windsurf config, read by VS Code discovery', source: DISCOVERY },
  { scope: 'user', path: '~/.cursor/mcp.json', format: 'json', containers: MCP_SERVERS_MAP, entry: DISCOVERY_ENTRY, enabledBy: { ...DISCOVERY_GATE, name: 'cursor-global' }, note: 'Cursor global config, read by VS Code discovery', source: DISCOVERY },
] as const satisfies readonly HostLocation[];

/**
 * VS Code: the documentation above; other locations as snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/base.py reads them, VS Code
 * Server as stacklok/toolhive@e25de16:pkg/client/config.go. settings.json counts only when it holds MCP content (agent-scan
 * `_parse_settings_mcp_gated`).
 */
export const vscode = {
  id: 'vscode',
  envFiles: NO_ENV_FILES,
  name: 'Visual Studio Code',
  programs: { npmPackages: [], versionFolders: [], ...VSCODE_PROGRAMS, editors: [] },
  format: 'jsonc',
  containers: VSCODE_MCP_SERVERS,
  // The documented entry has no `disabled` field: servers are stopped/started in the UI.
  entry: { ...STANDARD_ENTRY, disabled: [] },
  source: REF,
  locations: [
    // Each `<UD>` location is also read in the Flathub sandbox (types.ts VSCODE_FAMILY_FLATPAKS: com.visualstudio.code).
    { scope: 'user', path: '<UD>/{Code,Code - OSS}/User/mcp.json', source: `${REF}; ${OSS}` },
    { scope: 'user', path: '<UD>/{Code,Code - OSS}/User/settings.json', containers: SETTINGS, gate: ['mcp'], note: 'legacy "mcp" setting, migrated to mcp.json', source: `${ROW}; docker/docs@3712a398 (MCP moved from settings.json to mcp.json); ${OSS}` },
    { scope: 'profile', glob: true, path: '<UD>/{Code,Code - OSS}/User/profiles/*/mcp.json', source: `${REF} (user profile); VS Code docs https://code.visualstudio.com/docs/configure/profiles; ${OSS}` },
    { scope: 'profile', glob: true, path: '<UD>/{Code,Code - OSS}/User/profiles/*/settings.json', containers: SETTINGS, gate: ['mcp'], source: `${ROW}; ${OSS}` },
    { scope: 'user', path: '$VSCODE_PORTABLE/user-data/User/mcp.json', note: 'portable install', source: 'snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/base.py ($VSCODE_PORTABLE/user-data); VS Code docs https://code.visualstudio.com/docs/editor/portable' },
    { scope: 'user', path: '$VSCODE_PORTABLE/user-data/User/settings.json', containers: SETTINGS, gate: ['mcp'], note: 'portable install', source: `${PORTABLE_MODE}; ${ROW}` },
    { scope: 'profile', glob: true, path: '$VSCODE_PORTABLE/user-data/User/profiles/*/mcp.json', note: 'portable install', source: `${PORTABLE_MODE}; ${REF} (user profile)` },
    { scope: 'profile', glob: true, path: '$VSCODE_PORTABLE/user-data/User/profiles/*/settings.json', containers: SETTINGS, gate: ['mcp'], note: 'portable install', source: `${PORTABLE_MODE}; ${ROW}` },
    // Scoop (ScoopInstaller/Extras bucket/vscode.json) installs the win32 archive build, which has no
    // product `target` and so runs portable from <app>/data, persisted to <scoop>/persist/vscode/data
    // (SCOOP): per-user installs below ~/scoop, global ones below %PROGRAMDATA%/scoop.
    { scope: 'user', os: 'win32', path: '{~,%PROGRAMDATA%}/scoop/persist/vscode/data/user-data/User/mcp.json', note: 'Scoop install (portable data)', source: `${SCOOP}; ${PORTABLE_MODE}; ${REF}` },
    { scope: 'user', os: 'win32', path: '{~,%PROGRAMDATA%}/scoop/persist/vscode/data/user-data/User/settings.json', containers: SETTINGS, gate: ['mcp'], note: 'Scoop install (portable data)', source: `${SCOOP}; ${PORTABLE_MODE}; ${ROW}` },
    { scope: 'profile', os: 'win32', glob: true, path: '{~,%PROGRAMDATA%}/scoop/persist/vscode/data/user-data/User/profiles/*/mcp.json', note: 'Scoop install (portable data)', source: `${SCOOP}; ${PORTABLE_MODE}; ${REF} (user profile)` },
    { scope: 'profile', os: 'win32', glob: true, path: '{~,%PROGRAMDATA%}/scoop/persist/vscode/data/user-data/User/profiles/*/settings.json', containers: SETTINGS, gate: ['mcp'], note: 'Scoop install (portable data)', source: `${SCOOP}; ${PORTABLE_MODE}; ${ROW}` },
    // macOS portable mode: a `code-portable-data` folder beside the app (Visual Studio Code.app in
    // /Applications or ~/Applications) holds the user data.
    { scope: 'user', os: 'darwin', path: '/Applications/code-portable-data/user-data/User/mcp.json', note: 'portable mode (code-portable-data beside the app)', source: `${PORTABLE} (macOS: code-portable-data next to the application)` },
    { scope: 'user', os: 'darwin', path: '~/Applications/code-portable-data/user-data/User/mcp.json', note: 'portable mode (code-portable-data beside the app)', source: `${PORTABLE} (macOS: code-portable-data next to the application)` },
    { scope: 'user', path: '~/.vscode/mcp.json', containers: VSCODE_MCP_SERVERS, unverified: true, source: 'snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/vscode.py (_user_mcp_file_paths: "VS Code\'s own user-level MCP file"; not in the VS Code docs)' },
    // The VS Code Server a Remote-SSH, WSL, dev container or tunnel window starts on this machine
    // (any OS: REMOTE): its user mcp.json (the remote environment's mcpResource), its profiles', and
    // the machine settings' `mcp` section, which VS Code reads as the remote user config (MACHINE).
    { scope: 'user', path: `${SERVER}/data/User/mcp.json`, note: 'VS Code Server (remote)', source: `stacklok/toolhive@e25de16:pkg/client/config.go (VSCodeServer: RelPath .vscode-server/data/User, /servers); ${REMOTE}; ${OSS_SERVER}` },
    { scope: 'profile', glob: true, path: `${SERVER}/data/User/profiles/*/mcp.json`, note: 'VS Code Server (remote) profile', source: `${REMOTE}; ${OSS_SERVER}` },
    { scope: 'user', path: `${SERVER}/data/Machine/settings.json`, containers: SETTINGS, gate: ['mcp'], note: 'VS Code Server (remote) machine settings', source: `${MACHINE}; ${REMOTE}; ${OSS_SERVER}` },
    ...DISCOVERY_LOCATIONS,
    { scope: 'project', path: '<project>/.vscode/mcp.json', source: REF },
    {
      scope: 'project', glob: true, path: '<project>/*.code-workspace',
      containers: [{ path: ['settings', 'mcp', 'servers'], shape: 'map' }, { path: ['settings', 'mcp.servers'], shape: 'map' }],
      gate: ['mcp'], source: ROW,
    },
    // A dev container's configuration: .devcontainer/devcontainer.json, .devcontainer.json, or
    // .devcontainer/<folder>/devcontainer.json one level down (DEVCONTAINER).
    { scope: 'project', path: '<project>/.devcontainer/devcontainer.json', containers: DEVCONTAINER_SERVERS, gate: ['mcp'], source: `${ADD}; ${DEVCONTAINER}; ${DEVCONTAINER_SETTINGS}` },
    { scope: 'project', path: '<project>/.devcontainer.json', containers: DEVCONTAINER_SERVERS, gate: ['mcp'], source: `${ADD}; ${DEVCONTAINER}; ${DEVCONTAINER_SETTINGS}` },
    { scope: 'project', glob: true, path: '<project>/.devcontainer/*/devcontainer.json', containers: DEVCONTAINER_SERVERS, gate: ['mcp'], source: `${ADD}; ${DEVCONTAINER}; ${DEVCONTAINER_SETTINGS}` },
  ],
  // A Linux tarball install with a data folder (PORTABLE_MODE): bin/code is the launcher a PATH folder
  // holds, code the program a desktop entry starts.
  portableInstalls: {
    os: ['linux'], launchers: ['bin/code', 'code'], data: 'data', product: 'resources/app/product.json',
    files: [
      { scope: 'user', path: 'user-data/User/mcp.json', note: 'portable install', source: `${PORTABLE_MODE}; ${REF}` },
      { scope: 'user', path: 'user-data/User/settings.json', containers: SETTINGS, gate: ['mcp'], note: 'portable install', source: `${PORTABLE_MODE}; ${ROW}` },
      { scope: 'profile', glob: true, path: 'user-data/User/profiles/*/mcp.json', note: 'portable install', source: `${PORTABLE_MODE}; ${REF} (user profile)` },
      { scope: 'profile', glob: true, path: 'user-data/User/profiles/*/settings.json', containers: SETTINGS, gate: ['mcp'], note: 'portable install', source: `${PORTABLE_MODE}; ${ROW}` },
    ],
    source: `${PORTABLE_MODE}; VS Code docs https://code.visualstudio.com/docs/setup/linux (the .tar.gz: bin/code on the PATH)`,
  },
  // VSCODE_EXTENSIONS moves the extensions folder whose manifests codeProviders reads.
  dirVariables: [
    ...VSCODE_FAMILY_DIRS, { name: 'VSCODE_EXTENSIONS', replaces: [{ prefix: '~/.vscode/extensions' }], source: EXTENSIONS_PATH },
    { name: 'VSCODE_AGENT_FOLDER', replaces: [{ prefix: '~/.vscode-server' }, { prefix: '~/.vscode-server-oss' }], source: REMOTE },
    { name: 'SCOOP', os: 'win32', replaces: [{ prefix: '~/scoop' }], source: SCOOP },
    { name: 'SCOOP_GLOBAL', os: 'win32', replaces: [{ prefix: '%PROGRAMDATA%/scoop' }], source: SCOOP },
  ],
  // An extension's code registers servers with vscode.lm.registerMcpServerDefinitionProvider after
  // declaring the provider ids in package.json: nothing on disk lists them.
  codeProviders: {
    // The Flathub package's own extensions folder (FLATPAK_EXTENSIONS) as well.
    // The server's extensions (REMOTE) and a Scoop install's (SCOOP) too.
    manifests: [
      '~/.vscode/extensions/*/package.json', '$VSCODE_PORTABLE/extensions/*/package.json', '~/.var/app/com.visualstudio.code/data/vscode/extensions/*/package.json',
      '~/.vscode-server/extensions/*/package.json', '~/.vscode-server-oss/extensions/*/package.json',
      '~/scoop/persist/vscode/data/extensions/*/package.json', '%PROGRAMDATA%/scoop/persist/vscode/data/extensions/*/package.json',
    ],
    key: ['contributes', 'mcpServerDefinitionProviders'], format: 'jsonc',
    folderOption: { program: 'code', option: '--extensions-dir', prefix: '~/.vscode/extensions', source: EXTENSIONS_PATH },
    source: `VS Code docs https://code.visualstudio.com/api/extension-guides/ai/mcp (contributes.mcpServerDefinitionProviders, registerMcpServerDefinitionProvider); https://code.visualstudio.com/docs/configure/extensions/extension-marketplace (extensions in ~/.vscode/extensions); ${FLATPAK_EXTENSIONS}`,
  },
  projectIndexes: VSCODE_FAMILY_WORKSPACES,
  hostSwitches: [
    { file: '<UD>/Code/User/settings.json', key: ['chat.mcp.access'], value: 'none', source: ADD },
    { file: '<UD>/Code/User/settings.json', key: ['chat.mcp.enabled'], value: false, source: `${ADD} (older setting)` },
  ],
  // chat.pluginLocations set in a workspace's own settings (folders relative to it): not followed per project.
  workspaceSettings: [{
    file: '.vscode/settings.json', keys: ['chat.pluginLocations'],
    reason: 'a workspace setting naming agent plugin folders whose .mcp.json and plugin.json VS Code loads in that window',
    source: PLUGINS,
  }],
  pluginFolderSettings: [{ file: '<UD>/{Code,Code - OSS}/User/settings.json', key: 'chat.pluginLocations', files: PLUGIN_FILES, source: PLUGINS }],
  variables: { form: 'vscode', fields: ['command', 'args', 'env', 'url', 'headers', 'cwd'], names: VSCODE_VARIABLES, source: REF },
  notes: [
    '`inputs[]` with ${input:id} supplies prompted secrets: such a value is never known to the audit.',
    'Where VS Code looks (microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpConfigPathsService.ts): the user settings\' `mcp` section, the workspace file\'s `settings.mcp`, and each folder\'s .vscode/mcp.json. A folder\'s .vscode/settings.json `mcp` section is not among them, so it is not listed.',
    'Enterprise policy (ChatMCP / McpGalleryServiceUrl, MDM or /etc/vscode/policy.json) is not read yet.',
  ],
} as const satisfies HostDefinition;
