import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** Kilo Code CLI (unverified: community code only, no host source or public tool). */
export const kiloCode = {
  id: 'kilo-code',
  envFiles: NO_ENV_FILES,
  name: 'Kilo Code CLI',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'hosts.md row 31 (tools cited there)',
  locations: [
    { scope: 'user', path: '~/.kilocode/cli/global/settings/mcp_settings.json', unverified: true, source: 'hosts.md row 31 (tools cited there)' },
  ],
} as const satisfies HostDefinition;
