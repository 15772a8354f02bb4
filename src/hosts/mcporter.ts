import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md row 34. */
export const mcporter = {
  id: 'mcporter',
  name: 'mcporter',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  locations: [
    { scope: 'user', path: '~/.mcporter/mcporter.json' },
    { scope: 'user', path: '~/.mcporter/mcporter.jsonc', format: 'jsonc' },
    { scope: 'user', path: '$MCPORTER_CONFIG', format: 'jsonc' },
    { scope: 'project', path: '<project>/config/mcporter.json' },
  ],
} as const satisfies HostDefinition;
