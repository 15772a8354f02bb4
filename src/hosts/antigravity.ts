import { ANTIGRAVITY_PROGRAMS, NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition, VSCODE_FAMILY_DIRS } from './types.js';

/** Antigravity: snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/antigravity.py, stacklok/toolhive@e25de16:pkg/client/config.go. Remote entries use `serverUrl`. */
export const antigravity = {
  id: 'antigravity',
  envFiles: NO_ENV_FILES,
  name: 'Antigravity',
  programs: { npmPackages: [], versionFolders: [], ...ANTIGRAVITY_PROGRAMS, editors: [] },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: { ...STANDARD_ENTRY, url: [{ key: 'serverUrl' }, { key: 'url' }] },
  source: 'stacklok/toolhive@e25de16:pkg/client/config.go (Antigravity: /mcpServers, url label serverUrl)',
  locations: [
    { scope: 'user', path: '~/.gemini/antigravity/mcp_config.json', source: 'stacklok/toolhive@e25de16:pkg/client/config.go (Antigravity: RelPath .gemini/antigravity, SettingsFile mcp_config.json); snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/antigravity.py' },
    { scope: 'user', path: '~/.gemini/config/mcp_config.json', source: 'snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/antigravity.py' },
    { scope: 'user', path: '<UD>/{Antigravity,Antigravity IDE}/User/mcp.json', format: 'jsonc', containers: [{ path: ['servers'], shape: 'map' }], source: 'snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/antigravity.py (user-data dirs Antigravity, Antigravity IDE)' },
    {
      source: 'snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/antigravity.py (plugins under ~/.gemini/config/plugins)',
      scope: 'plugin', glob: true, path: '~/.gemini/config/plugins/*/{mcp.json,.mcp.json,mcp_config.json}',
      containers: [{ path: ['mcpServers'], shape: 'map-or-flat' }],
    },
  ],
  dirVariables: VSCODE_FAMILY_DIRS,

} as const satisfies HostDefinition;
