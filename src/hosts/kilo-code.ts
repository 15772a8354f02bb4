import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** Kilo Code CLI (unverified: community code only, no host source or public tool). */
export const kiloCode = {
  id: 'kilo-code',
  envFiles: NO_ENV_FILES,
  name: 'Kilo Code CLI',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'Kilo Code docs apps/kilocode-docs/docs/features/mcp/using-mcp-in-cli.md, read at xde-mcp/kilocode@790fe06 (a fork of Kilo-Org/kilocode): the CLI reads ~/.kilocode/cli/global/settings/mcp_settings.json, key mcpServers',
  locations: [
    { scope: 'user', path: '~/.kilocode/cli/global/settings/mcp_settings.json', unverified: true, source: 'Kilo Code docs apps/kilocode-docs/docs/features/mcp/using-mcp-in-cli.md, read at xde-mcp/kilocode@790fe06 (a fork of Kilo-Org/kilocode): the CLI reads ~/.kilocode/cli/global/settings/mcp_settings.json, key mcpServers' },
  ],
} as const satisfies HostDefinition;
