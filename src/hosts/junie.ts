import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md row 22. */
export const junie = {
  id: 'junie',
  name: 'JetBrains Junie',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'hosts.md row 22 (tools cited there)',
  locations: [
    { scope: 'user', path: '~/.junie/mcp/mcp.json', source: 'hosts.md row 22 (tools cited there)' },
    { scope: 'project', path: '<project>/.junie/mcp/mcp.json', source: 'hosts.md row 22 (tools cited there)' },
  ],
} as const satisfies HostDefinition;
