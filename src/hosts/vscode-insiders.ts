import { PLUGIN_FOLDER_FILES as PLUGIN_FILES, VSCODE_PLUGINS as PLUGINS } from './vscode-plugins.js';
import { VSCODE_INSIDERS_PROGRAMS, NO_ENV_FILES, STANDARD_ENTRY, VSCODE_SETTINGS_SERVERS as SETTINGS, VSCODE_MCP_SERVERS, type HostDefinition, VSCODE_FAMILY_DIRS, VSCODE_VARIABLES } from './types.js';

const EXTENSIONS_PATH = 'microsoft/vscode@44d7d537 src/vs/platform/environment/common/environmentService.ts (extensionsPath: --extensions-dir, else VSCODE_EXTENSIONS, else VSCODE_PORTABLE/extensions, else ~/<dataFolderName>/extensions)';

const REF = 'VS Code docs https://code.visualstudio.com/docs/copilot/reference/mcp-configuration (same format as VS Code)';
// The Insiders server keeps its data in ~/<serverDataFolderName> = ~/.vscode-server-insiders (its extensions in
// ~/.vscode-server-insiders/extensions, as the remote troubleshooting docs say), unless VSCODE_AGENT_FOLDER moves
// it: user settings home data/User (mcp.json, profiles), machine settings data/Machine, whose `mcp` section the
// workbench reads as the remote user MCP config (vscode.ts REMOTE and MACHINE say the same for the stable server).
const SERVER = 'microsoft/vscode-docs@3e486d89 docs/remote/troubleshooting.md (~/.vscode-server-insiders/extensions for VS Code Insiders); microsoft/vscode@cd0219f5 src/vs/server/node/server.main.ts (REMOTE_DATA_FOLDER = --server-data-dir || VSCODE_AGENT_FOLDER || ~/<serverDataFolderName>; data/User, data/Machine); microsoft/vscode@fd413e0a src/vs/server/node/remoteAgentEnvironmentImpl.ts (settingsPath: machineSettingsResource, mcpResource, profiles)';
const MACHINE = 'microsoft/vscode@0e428a32 src/vs/workbench/contrib/mcp/common/mcpConfigPathsService.ts (usrremote: uri remoteEnvironment.settingsPath, section mcp, target USER_REMOTE)';

/** VS Code Insiders: the documentation above; snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/vscode.py, stacklok/toolhive@e25de16:pkg/client/config.go. */
export const vscodeInsiders = {
  id: 'vscode-insiders',
  envFiles: NO_ENV_FILES,
  name: 'Visual Studio Code - Insiders',
  programs: { npmPackages: [], versionFolders: [], ...VSCODE_INSIDERS_PROGRAMS, editors: [] },
  format: 'jsonc',
  containers: VSCODE_MCP_SERVERS,
  entry: { ...STANDARD_ENTRY, disabled: [] },
  source: REF,
  locations: [
    { scope: 'user', path: '<UD>/Code - Insiders/User/mcp.json', source: `${REF}; snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/vscode.py (_user_data_dir_names Code, Code - Insiders); stacklok/toolhive@e25de16:pkg/client/config.go (VSCodeInsider: RelPath Code - Insiders/User, /servers)` },
    { scope: 'user', path: '<UD>/Code - Insiders/User/settings.json', containers: SETTINGS, gate: ['mcp'], source: 'snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/vscode.py (_user_data_dir_names Code, Code - Insiders); snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/base.py _parse_settings_mcp_gated' },
    { scope: 'profile', glob: true, path: '<UD>/Code - Insiders/User/profiles/*/mcp.json', source: 'snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/vscode.py (_user_data_dir_names Code, Code - Insiders); snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/base.py _discover_profile_mcp_files' },
    { scope: 'profile', glob: true, path: '<UD>/Code - Insiders/User/profiles/*/settings.json', containers: SETTINGS, gate: ['mcp'], source: 'snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/base.py (settings.json mcp gated by _parse_settings_mcp_gated, profiles by _discover_profile_mcp_files); VS Code docs https://code.visualstudio.com/docs/configure/profiles' },
    { scope: 'user', path: '~/.vscode-server-insiders/data/User/mcp.json', note: 'VS Code Insiders Server (remote)', source: `${SERVER}; ${REF}` },
    { scope: 'profile', glob: true, path: '~/.vscode-server-insiders/data/User/profiles/*/mcp.json', note: 'VS Code Insiders Server (remote) profile', source: SERVER },
    { scope: 'user', path: '~/.vscode-server-insiders/data/Machine/settings.json', containers: SETTINGS, gate: ['mcp'], note: 'VS Code Insiders Server (remote) machine settings', source: `${MACHINE}; ${SERVER}` },
  ],
  // VSCODE_EXTENSIONS moves the extensions folder whose manifests codeProviders reads.
  dirVariables: [
    ...VSCODE_FAMILY_DIRS, { name: 'VSCODE_EXTENSIONS', replaces: [{ prefix: '~/.vscode-insiders/extensions' }], source: EXTENSIONS_PATH },
    { name: 'VSCODE_AGENT_FOLDER', replaces: [{ prefix: '~/.vscode-server-insiders' }], source: SERVER },
  ],

  hostSwitches: [{ file: '<UD>/Code - Insiders/User/settings.json', key: ['chat.mcp.access'], value: 'none', source: REF }],
  // Extensions live in ~/<dataFolderName>/extensions (microsoft/vscode src/vs/platform/environment/common/environmentService.ts
  // extensionsPath; VS Code Insiders's dataFolderName is .vscode-insiders): a provider there registers servers at run time.
  codeProviders: {
    manifests: ['~/.vscode-insiders/extensions/*/package.json', '~/.vscode-server-insiders/extensions/*/package.json'],
    key: ['contributes', 'mcpServerDefinitionProviders'], format: 'jsonc',
    folderOption: { program: 'code-insiders', option: '--extensions-dir', prefix: '~/.vscode-insiders/extensions', source: EXTENSIONS_PATH },
    source: 'VS Code docs https://code.visualstudio.com/api/extension-guides/ai/mcp (contributes.mcpServerDefinitionProviders); microsoft/vscode src/vs/platform/environment/common/environmentService.ts (extensionsPath = userHome/dataFolderName/extensions)',
  },
  // chat.pluginLocations set in a workspace's own settings (folders relative to it): not followed per project.
  workspaceSettings: [{
    file: '.vscode/settings.json', keys: ['chat.pluginLocations'],
    reason: 'a workspace setting naming agent plugin folders whose .mcp.json and plugin.json VS Code loads in that window',
    source: PLUGINS,
  }],
  pluginFolderSettings: [{ file: '<UD>/Code - Insiders/User/settings.json', key: 'chat.pluginLocations', files: PLUGIN_FILES, source: PLUGINS }],
  variables: { form: 'vscode', fields: ['command', 'args', 'env', 'url', 'headers', 'cwd'], names: VSCODE_VARIABLES, source: REF },
} as const satisfies HostDefinition;
