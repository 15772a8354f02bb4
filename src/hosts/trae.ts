import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition, VSCODE_FAMILY_DIRS } from './types.js';

/** Trae: stacklok/toolhive@e25de16:pkg/client/config.go; ~/.trae/mcp.json as msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py reads it. */
export const trae = {
  id: 'trae',
  envFiles: NO_ENV_FILES,
  name: 'Trae',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'hosts.md row 25 (tools cited there)',
  locations: [
    { scope: 'user', path: '<UD>/Trae/User/mcp.json', source: 'hosts.md row 25 (tools cited there)' },
    { scope: 'user', path: '~/.trae/mcp.json', unverified: true, source: 'hosts.md row 25 (tools cited there)' },
  ],
  dirVariables: VSCODE_FAMILY_DIRS,

} as const satisfies HostDefinition;
