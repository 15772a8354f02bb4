import { VSCODIUM_PROGRAMS, NO_ENV_FILES, STANDARD_ENTRY, VSCODE_SETTINGS_SERVERS as SETTINGS, VSCODE_MCP_SERVERS, type HostDefinition, VSCODE_FAMILY_DIRS, VSCODE_VARIABLES } from './types.js';

const EXTENSIONS_PATH = 'microsoft/vscode@44d7d537 src/vs/platform/environment/common/environmentService.ts (extensionsPath: --extensions-dir, else VSCODE_EXTENSIONS, else VSCODE_PORTABLE/extensions, else ~/<dataFolderName>/extensions)';

// VSCodium's insider builds: product nameShort "VSCodium - Insiders" (the user-data folder, as
// microsoft/vscode@f9aabd98 src/main.ts getUserDataPath(args, product.nameShort)), dataFolderName
// ".vscodium-insiders" (extensions in ~/.vscodium-insiders/extensions).
const INSIDERS = 'VSCodium/vscodium@a6a4322e prepare_vscode.sh (insider: nameShort "VSCodium - Insiders", dataFolderName ".vscodium-insiders"); microsoft/vscode@f9aabd98 src/main.ts (getUserDataPath(args, product.nameShort))';
// The Flathub packages pass --extensions-dir $XDG_DATA_HOME/codium/extensions (codium-insiders for the
// insider build), XDG_DATA_HOME being ~/.var/app/<app id>/data in the sandbox.
const FLATPAK_EXTENSIONS = 'flathub/com.vscodium.codium@92763b67 com.vscodium.codium.yaml (editor_args --extensions-dir under XDG_DATA_HOME/codium); flathub/com.vscodium.codium-insiders@8178be06 com.vscodium.codium-insiders.yaml (XDG_DATA_HOME/codium-insiders); https://docs.flatpak.org/en/latest/conventions.html#xdg-base-directories';

// VSCodium's server (its remote extension host, started by an open-remote-ssh style extension) keeps its data in
// ~/<serverDataFolderName>: .vscodium-server, .vscodium-server-insiders for the insider build; the server
// reads data/User/mcp.json and the `mcp` section of data/Machine/settings.json as VS Code's does (vscode.ts REMOTE, MACHINE).
const SERVER = 'VSCodium/vscodium@a6a4322e prepare_vscode.sh (serverDataFolderName ".vscodium-server", insider ".vscodium-server-insiders"); microsoft/vscode@cd0219f5 src/vs/server/node/server.main.ts (REMOTE_DATA_FOLDER = --server-data-dir || VSCODE_AGENT_FOLDER || ~/<serverDataFolderName>; data/User, data/Machine); microsoft/vscode@fd413e0a src/vs/server/node/remoteAgentEnvironmentImpl.ts (settingsPath: machineSettingsResource, mcpResource); microsoft/vscode@0e428a32 src/vs/workbench/contrib/mcp/common/mcpConfigPathsService.ts (usrremote: settingsPath, section mcp)';
// Scoop installs the VSCodium zip, portable from <app>/data, persisted to <scoop>/persist/vscodium/data.
const SCOOP = "ScoopInstaller/Extras@cd859b80 bucket/vscodium.json (VSCodium-win32 zip, \"persist\": \"data\", post_install copies %APPDATA%\\VSCodium to $dir\\data\\user-data); ScoopInstaller/Scoop@b588a06e lib/core.ps1 ($scoopdir: $env:SCOOP, else ~/scoop; $globaldir: $env:SCOOP_GLOBAL, else %PROGRAMDATA%/scoop); microsoft/vscode@0314bcff src/bootstrap-node.ts (configurePortable: <app>/data, VSCODE_PORTABLE/user-data)";

/** VSCodium: apisec-inc/mcp-audit@3f823c4:mcp_audit/scanners/vscode.py. */
export const vscodium = {
  id: 'vscodium',
  envFiles: NO_ENV_FILES,
  name: 'VSCodium',
  programs: { npmPackages: [], versionFolders: [], ...VSCODIUM_PROGRAMS, editors: [] },
  format: 'jsonc',
  containers: SETTINGS,
  entry: { ...STANDARD_ENTRY, disabled: [] },
  source: 'apisec-inc/mcp-audit@3f823c4:mcp_audit/scanners/vscode.py (VSCodium/User/settings.json, mcp.servers); VSCodium builds VS Code, whose format is documented at https://code.visualstudio.com/docs/copilot/reference/mcp-configuration',
  locations: [
    // Each `<UD>` location is also read in the Flathub sandboxes (types.ts VSCODE_FAMILY_FLATPAKS: com.vscodium.codium, com.vscodium.codium-insiders).
    { scope: 'user', path: '<UD>/{VSCodium,VSCodium - Insiders}/User/settings.json', gate: ['mcp'], source: `apisec-inc/mcp-audit@3f823c4:mcp_audit/scanners/vscode.py (VSCodium/User/settings.json per OS); ${INSIDERS}` },
    { scope: 'user', path: '<UD>/{VSCodium,VSCodium - Insiders}/User/mcp.json', containers: VSCODE_MCP_SERVERS, source: `VS Code docs https://code.visualstudio.com/docs/copilot/reference/mcp-configuration (user mcp.json) in the VSCodium user-data folder; ${INSIDERS}` },
    { scope: 'profile', glob: true, path: '<UD>/{VSCodium,VSCodium - Insiders}/User/profiles/*/mcp.json', containers: VSCODE_MCP_SERVERS, source: `VS Code docs https://code.visualstudio.com/docs/copilot/reference/mcp-configuration (user profile mcp.json) in the VSCodium user-data folder; ${INSIDERS}` },
    { scope: 'profile', glob: true, path: '<UD>/{VSCodium,VSCodium - Insiders}/User/profiles/*/settings.json', gate: ['mcp'], source: `snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/base.py (profile settings.json mcp, gated); ${INSIDERS}` },
    { scope: 'user', path: '~/{.vscodium-server,.vscodium-server-insiders}/data/User/mcp.json', containers: VSCODE_MCP_SERVERS, note: 'VSCodium server (remote)', source: SERVER },
    { scope: 'user', path: '~/{.vscodium-server,.vscodium-server-insiders}/data/Machine/settings.json', gate: ['mcp'], note: 'VSCodium server (remote) machine settings', source: SERVER },
    { scope: 'user', os: 'win32', path: '{~,%PROGRAMDATA%}/scoop/persist/vscodium/data/user-data/User/mcp.json', containers: VSCODE_MCP_SERVERS, note: 'Scoop install (portable data)', source: SCOOP },
    { scope: 'user', os: 'win32', path: '{~,%PROGRAMDATA%}/scoop/persist/vscodium/data/user-data/User/settings.json', gate: ['mcp'], note: 'Scoop install (portable data)', source: SCOOP },
    { scope: 'profile', os: 'win32', glob: true, path: '{~,%PROGRAMDATA%}/scoop/persist/vscodium/data/user-data/User/profiles/*/mcp.json', containers: VSCODE_MCP_SERVERS, note: 'Scoop install (portable data)', source: SCOOP },
  ],
  // VSCODE_EXTENSIONS moves the extensions folder whose manifests codeProviders reads.
  dirVariables: [
    ...VSCODE_FAMILY_DIRS, { name: 'VSCODE_EXTENSIONS', replaces: [{ prefix: '~/.vscode-oss/extensions' }, { prefix: '~/.vscodium-insiders/extensions' }], source: EXTENSIONS_PATH },
    { name: 'VSCODE_AGENT_FOLDER', replaces: [{ prefix: '~/.vscodium-server' }, { prefix: '~/.vscodium-server-insiders' }], source: SERVER },
    { name: 'SCOOP', os: 'win32', replaces: [{ prefix: '~/scoop' }], source: SCOOP },
    { name: 'SCOOP_GLOBAL', os: 'win32', replaces: [{ prefix: '%PROGRAMDATA%/scoop' }], source: SCOOP },
  ],

  // Extensions live in ~/<dataFolderName>/extensions (microsoft/vscode src/vs/platform/environment/common/environmentService.ts
  // extensionsPath; VSCodium's dataFolderName is .vscode-oss): a provider there registers servers at run time.
  codeProviders: {
    manifests: [
      '~/.vscode-oss/extensions/*/package.json', '~/.vscodium-insiders/extensions/*/package.json',
      // The Flathub packages' own extensions folders (FLATPAK_EXTENSIONS).
      '~/.var/app/com.vscodium.codium/data/codium/extensions/*/package.json', '~/.var/app/com.vscodium.codium-insiders/data/codium-insiders/extensions/*/package.json',
      // The server's extensions (<server data folder>/extensions) and a Scoop install's.
      '~/.vscodium-server/extensions/*/package.json', '~/.vscodium-server-insiders/extensions/*/package.json',
      '~/scoop/persist/vscodium/data/extensions/*/package.json', '%PROGRAMDATA%/scoop/persist/vscodium/data/extensions/*/package.json',
    ],
    key: ['contributes', 'mcpServerDefinitionProviders'], format: 'jsonc',
    folderOption: { program: 'codium', option: '--extensions-dir', prefix: '~/.vscode-oss/extensions', source: EXTENSIONS_PATH },
    source: `VS Code docs https://code.visualstudio.com/api/extension-guides/ai/mcp (contributes.mcpServerDefinitionProviders); microsoft/vscode src/vs/platform/environment/common/environmentService.ts (extensionsPath = userHome/dataFolderName/extensions); ${INSIDERS}; ${FLATPAK_EXTENSIONS}`,
  },
  variables: { form: 'vscode', fields: ['command', 'args', 'env', 'url', 'headers', 'cwd'], names: VSCODE_VARIABLES, source: 'VS Code docs https://code.visualstudio.com/docs/copilot/reference/mcp-configuration' },
} as const satisfies HostDefinition;
