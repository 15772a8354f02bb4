import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** mcporter: openclaw/mcporter@ae3d900:src/config.ts. */
export const mcporter = {
  id: 'mcporter',
  envFiles: NO_ENV_FILES,
  name: 'mcporter',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'hosts.md row 34 (tools cited there)',
  locations: [
    { scope: 'user', path: '~/.mcporter/mcporter.json', source: 'hosts.md row 34 (tools cited there)' },
    { scope: 'user', path: '~/.mcporter/mcporter.jsonc', format: 'jsonc', source: 'hosts.md row 34 (tools cited there)' },
    { scope: 'user', path: '$MCPORTER_CONFIG', format: 'jsonc', source: 'hosts.md row 34 (tools cited there)' },
    { scope: 'project', path: '<project>/config/mcporter.json', source: 'hosts.md row 34 (tools cited there)' },
  ],
} as const satisfies HostDefinition;
