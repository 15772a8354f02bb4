import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md row 6. */
export const copilotCli = {
  id: 'copilot-cli',
  name: 'GitHub Copilot CLI',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  locations: [{ scope: 'user', path: '~/.copilot/mcp-config.json' }],
} as const satisfies HostDefinition;
