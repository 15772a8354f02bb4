import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** Sema4.ai Studio: docker/mcp-gateway@2bd20fe:pkg/client/config.yml. */
export const sema4aiStudio = {
  id: 'sema4ai-studio',
  envFiles: NO_ENV_FILES,
  name: 'Sema4.ai Studio',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'hosts.md row 30 (tools cited there)',
  locations: [
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.sema4ai/sema4ai-studio/mcp_servers.json', source: 'hosts.md row 30 (tools cited there)' },
    { scope: 'user', os: 'win32', path: '%LOCALAPPDATA%/sema4ai/sema4ai-studio/mcp_servers.json', source: 'hosts.md row 30 (tools cited there)' },
  ],
} as const satisfies HostDefinition;
