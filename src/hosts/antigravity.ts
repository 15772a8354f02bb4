import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition, VSCODE_FAMILY_DIRS } from './types.js';

/** Antigravity: snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/antigravity.py, stacklok/toolhive@e25de16:pkg/client/config.go. Remote entries use `serverUrl`. */
export const antigravity = {
  id: 'antigravity',
  envFiles: NO_ENV_FILES,
  name: 'Antigravity',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: { ...STANDARD_ENTRY, url: [{ key: 'serverUrl' }, { key: 'url' }] },
  source: 'hosts.md row 13 (tools cited there)',
  locations: [
    { scope: 'user', path: '~/.gemini/antigravity/mcp_config.json', source: 'hosts.md row 13 (tools cited there)' },
    { scope: 'user', path: '~/.gemini/config/mcp_config.json', source: 'hosts.md row 13 (tools cited there)' },
    { scope: 'user', path: '<UD>/{Antigravity,Antigravity IDE}/User/mcp.json', format: 'jsonc', containers: [{ path: ['servers'], shape: 'map' }], source: 'hosts.md row 13 (tools cited there)' },
    {
      source: 'hosts.md row 13 (tools cited there)',
      scope: 'plugin', glob: true, path: '~/.gemini/config/plugins/*/{mcp.json,.mcp.json,mcp_config.json}',
      containers: [{ path: ['mcpServers'], shape: 'map-or-flat' }],
    },
  ],
  dirVariables: VSCODE_FAMILY_DIRS,

} as const satisfies HostDefinition;
