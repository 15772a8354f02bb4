import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, VSCODE_FAMILY_DIRS, VSCODE_FAMILY_WORKSPACES, VSCODE_FAMILY_GLOB, type HostDefinition } from './types.js';

// Kilo Code's docs ("Using MCP in Kilo Code"): a global mcp_settings.json in the extension's storage
// and a project .kilocode/mcp.json that "Kilo Code automatically detects and loads", the project
// winning for a name in both. The storage folder is the extension id's globalStorage
// (CoplayDev/unity-mcp MCPForUnity/Editor/Clients/Configurators/KiloCodeConfigurator.cs:
// <UD>/Code/User/globalStorage/kilocode.kilo-code/settings/mcp_settings.json).
const EXT_DOCS = 'Kilo Code docs https://kilo.ai/docs/features/mcp/using-mcp-in-kilo-code (global mcp_settings.json, project .kilocode/mcp.json)';
const CLI_DOCS = 'Kilo Code docs apps/kilocode-docs/docs/features/mcp/using-mcp-in-cli.md, read at xde-mcp/kilocode@790fe06 (a fork of Kilo-Org/kilocode): the CLI reads ~/.kilocode/cli/global/settings/mcp_settings.json, key mcpServers';

/** Kilo Code: the VS Code extension (a Roo Code fork) and its first CLI, which share the mcp_settings.json shape. */
export const kiloCode = {
  id: 'kilo-code',
  envFiles: NO_ENV_FILES,
  name: 'Kilo Code',
  programs: { npmPackages: [], versionFolders: [], names: ['kilocode', 'kilo'], editors: ['vscode-family', 'jetbrains'], flatpaks: [], macApps: [], source: 'Kilo Code docs https://kilo.ai/docs (the VS Code-family and JetBrains extension; the CLI `kilocode`, later `kilo`, npm @kilocode/cli)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: `${EXT_DOCS}; ${CLI_DOCS}`,
  locations: [
    { scope: 'user', glob: true, path: `<UD>/${VSCODE_FAMILY_GLOB}/User/globalStorage/kilocode.kilo-code/settings/mcp_settings.json`, source: `${EXT_DOCS}; CoplayDev/unity-mcp KiloCodeConfigurator.cs (the storage folder)` },
    { scope: 'project', path: '<project>/.kilocode/mcp.json', source: EXT_DOCS },
    { scope: 'user', path: '~/.kilocode/cli/global/settings/mcp_settings.json', unverified: true, source: CLI_DOCS },
  ],
  projectIndexes: VSCODE_FAMILY_WORKSPACES,
  dirVariables: VSCODE_FAMILY_DIRS,
  // The Roo Code fork's McpHub resolves \${workspaceFolder} and \${env:NAME} over the serialised config,
  // names included, with the same utils/config.ts injectVariables.
  variables: { form: 'vscode', fields: ['command', 'args', 'env', 'url', 'headers', 'cwd'], names: ['workspaceFolder', 'env'], othersLiteral: true, source: 'Kilo-Org/kilocode@0fc86cec src/services/mcp/McpHub.ts (injectVariables from src/utils/config)' },
} as const satisfies HostDefinition;
