import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md row 17. */
export const lmStudio = {
  id: 'lm-studio',
  name: 'LM Studio',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'hosts.md row 17 (tools cited there)',
  locations: [
    { scope: 'user', path: '~/.lmstudio/mcp.json', source: 'hosts.md row 17 (tools cited there)' },
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.cache/lm-studio/mcp.json', source: 'hosts.md row 17 (tools cited there)' },
  ],
} as const satisfies HostDefinition;
