import { TRAE_PROGRAMS, NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition, VSCODE_FAMILY_DIRS } from './types.js';

/** Trae: stacklok/toolhive@e25de16:pkg/client/config.go; ~/.trae/mcp.json as msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py reads it. */
const CN_DOCS = 'TRAE CN docs https://www.volcengine.com/docs/86677/2137601 (添加 MCP Server: mcp.json in the user folder; 项目级 MCP Server: <project>/.trae/mcp.json, loaded when project MCP is enabled)';
export const trae = {
  id: 'trae',
  envFiles: NO_ENV_FILES,
  name: 'Trae',
  programs: { npmPackages: [], versionFolders: [], ...TRAE_PROGRAMS, editors: [] },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'stacklok/toolhive@e25de16:pkg/client/config.go (Trae: /mcpServers)',
  locations: [
    { scope: 'user', path: '<UD>/Trae/User/mcp.json', source: 'stacklok/toolhive@e25de16:pkg/client/config.go (Trae: RelPath Trae/User, SettingsFile mcp.json); msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py (TRAE)' },
    // TRAE CN (the China build) keeps its user data in a folder of its own product name beside
    // Trae's; the CN docs name the user mcp.json, the folder name is the one installers write.
    { scope: 'user', path: '<UD>/Trae CN/User/mcp.json', unverified: true, source: `${CN_DOCS}; the folder name is the one MCP installers write for TRAE CN on macOS, Windows and Linux` },
    { scope: 'user', path: '~/.trae/mcp.json', unverified: true, source: 'msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py (TRAE lists ~/.trae/mcp.json first; no host source confirms it)' },
    // Project MCP is a switch the user turns on in the IDE (the CN docs); its key is not
    // documented, so the file is listed whether or not the switch is on.
    { scope: 'project', path: '<project>/.trae/mcp.json', source: `${CN_DOCS}; RodrigoTomeES/getmcp packages/generators/src/trae.ts (.trae/mcp.json, project-scoped)` },
  ],
  // Trae is a Code OSS fork: its windows record their folders in workspaceStorage as VS Code's do.
  projectIndexes: [
    { path: '<UD>/{Trae,Trae CN}/User/workspaceStorage/*/workspace.json', key: ['folder'], source: 'microsoft/vscode src/vs/workbench/services/workspaces (workspace.json {"folder": <URI>}), kept by Code OSS forks under their own user folder' },
    { path: '<UD>/{Trae,Trae CN}/User/workspaceStorage/*/workspace.json', key: ['workspace'], kind: 'workspace-file', source: 'microsoft/vscode src/vs/workbench/services/workspaces; https://code.visualstudio.com/docs/editing/workspaces/multi-root-workspaces' },
  ],
  dirVariables: VSCODE_FAMILY_DIRS,

} as const satisfies HostDefinition;
