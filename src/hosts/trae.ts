import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md row 25. */
export const trae = {
  id: 'trae',
  name: 'Trae',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  locations: [
    { scope: 'user', path: '<UD>/Trae/User/mcp.json' },
    { scope: 'user', path: '~/.trae/mcp.json', unverified: true },
  ],
} as const satisfies HostDefinition;
