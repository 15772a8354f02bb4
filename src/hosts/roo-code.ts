import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, VSCODE_FAMILY_GLOB, type HostDefinition, VSCODE_FAMILY_DIRS, VSCODE_FAMILY_WORKSPACES } from './types.js';

// RooCodeInc/Roo-Code @ cb836567180a3ff1da6d082f3178b90c3bd22a70 (2026-04-14).
const R = 'RooCodeInc/Roo-Code@cb836567';
const HUB = `${R} src/services/mcp/McpHub.ts`;

/** Roo Code, from the host source; its file is mcp_settings.json (RooCodeInc/Roo-Code src/shared/globalFileNames.ts), not cline_mcp_settings.json. */
export const rooCode = {
  id: 'roo-code',
  envFiles: NO_ENV_FILES,
  name: 'Roo Code',
  programs: { npmPackages: [], versionFolders: [], names: ['roo'], editors: ['vscode-family'], flatpaks: [], macApps: [], source: 'RooCodeInc/Roo-Code (a VS Code-family extension, https://docs.roocode.com/getting-started/installing); apps/cli/package.json (bin `roo`)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  // A URL entry without `type` becomes SSE (union order); `disabled: true` honoured.
  // McpHub.ts passes the entry's cwd to the stdio transport (its default: the first workspace folder).
  entry: { ...STANDARD_ENTRY, urlDefault: 'sse', cwd: ['cwd'] },
  source: `${HUB}:66-139,546-587`,
  locations: [
    {
      scope: 'user', glob: true,
      path: `<UD>/${VSCODE_FAMILY_GLOB}/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json`,
      source: `${R} src/shared/globalFileNames.ts:4; src/utils/storage.ts:14-28 (roo-cline.customStoragePath relocates it: relocatingSettings)`,
    },
    { scope: 'project', path: '<project>/.roo/mcp.json', source: `${HUB}:594-605 (the workspace's first folder, no walk-up)` },
  ],
  projectIndexes: VSCODE_FAMILY_WORKSPACES,
  dirVariables: VSCODE_FAMILY_DIRS,
  // getStorageBasePath: the roo-cline.customStoragePath setting replaces the extension's global storage folder.
  relocatingSettings: [{
    file: `<UD>/${VSCODE_FAMILY_GLOB}/User/settings.json`, key: ['roo-cline.customStoragePath'],
    location: `<UD>/${VSCODE_FAMILY_GLOB}/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json`,
    prefix: `<UD>/${VSCODE_FAMILY_GLOB}/User/globalStorage/rooveterinaryinc.roo-cline`,
    source: `${R} src/utils/storage.ts:14-28 (getStorageBasePath: vscode.workspace.getConfiguration("roo-cline").get("customStoragePath"))`,
  }],

  // The setting has no scope in Roo's package.json (VS Code's default is "window"), so a workspace's
  // .vscode/settings.json may set it too (https://code.visualstudio.com/api/references/contribution-points#contributes.configuration).
  workspaceSettings: [{
    file: '.vscode/settings.json', keys: ['roo-cline.customStoragePath'],
    reason: 'a workspace setting that moves Roo Code\'s global storage (its mcp_settings.json) for that window',
    source: `${R} src/utils/storage.ts:14-28; package.json contributes.configuration (no scope: window)`,
  }],
  variables: { form: 'vscode', fields: ['command', 'args', 'env', 'url', 'headers', 'cwd'], names: ['workspaceFolder', 'env'], othersLiteral: true, source: `${R} src/utils/config.ts:35-66 (\${workspaceFolder}, \${env:NAME})` },
  launchDir: { kind: 'project', source: `${HUB}:96,726 (cwd defaults to the first workspace folder)` },
  notes: [
    'A name in both the global and the project file starts twice (one connection per source); tools come from the project one.',
    'On Windows every stdio command runs as cmd.exe /c <command> (McpHub.ts:706-721).',
  ],
} as const satisfies HostDefinition;
