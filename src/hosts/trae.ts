import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition, VSCODE_FAMILY_DIRS } from './types.js';

/** Trae: stacklok/toolhive@e25de16:pkg/client/config.go; ~/.trae/mcp.json as msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py reads it. */
export const trae = {
  id: 'trae',
  envFiles: NO_ENV_FILES,
  name: 'Trae',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'stacklok/toolhive@e25de16:pkg/client/config.go (Trae: /mcpServers)',
  locations: [
    { scope: 'user', path: '<UD>/Trae/User/mcp.json', source: 'stacklok/toolhive@e25de16:pkg/client/config.go (Trae: RelPath Trae/User, SettingsFile mcp.json); msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py (TRAE)' },
    { scope: 'user', path: '~/.trae/mcp.json', unverified: true, source: 'msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py (TRAE lists ~/.trae/mcp.json first; no host source confirms it)' },
  ],
  dirVariables: VSCODE_FAMILY_DIRS,

} as const satisfies HostDefinition;
