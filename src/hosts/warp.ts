import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** Warp: warpdotdev/docs#10 (container key unverified; Claude-style mcpServers assumed). */
export const warp = {
  id: 'warp',
  envFiles: NO_ENV_FILES,
  name: 'Warp',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'hosts.md row 23 (tools cited there)',
  locations: [
    { scope: 'user', path: '~/.warp/.mcp.json', unverified: true, source: 'hosts.md row 23 (tools cited there)' },
    { scope: 'project', path: '<project>/.warp/.mcp.json', unverified: true, source: 'hosts.md row 23 (tools cited there)' },
  ],
} as const satisfies HostDefinition;
