import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** JetBrains Junie: msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py. */
export const junie = {
  id: 'junie',
  envFiles: NO_ENV_FILES,
  name: 'JetBrains Junie',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  // Junie starts stdio servers only: a url entry is not connected.
  entry: { ...STANDARD_ENTRY, remoteIgnored: true },
  source: 'Junie docs https://www.jetbrains.com/help/junie/model-context-protocol-mcp.html (stdio transport only)',
  locations: [
    { scope: 'user', path: '~/.junie/mcp/mcp.json', source: 'hosts.md row 22 (tools cited there)' },
    { scope: 'project', path: '<project>/.junie/mcp/mcp.json', source: 'hosts.md row 22 (tools cited there)' },
  ],
} as const satisfies HostDefinition;
