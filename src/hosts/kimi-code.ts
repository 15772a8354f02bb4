import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** Kimi Code CLI: stacklok/toolhive@e25de16:pkg/client/config.go. */
export const kimiCode = {
  id: 'kimi-code',
  envFiles: NO_ENV_FILES,
  name: 'Kimi Code CLI',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'hosts.md row 27 (tools cited there)',
  locations: [
    { scope: 'user', path: '~/.kimi/mcp.json', source: 'hosts.md row 27 (tools cited there)' },
  ],
} as const satisfies HostDefinition;
