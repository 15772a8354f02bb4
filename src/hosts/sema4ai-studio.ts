import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** Sema4.ai Studio: docker/mcp-gateway@2bd20fe:pkg/client/config.yml. */
export const sema4aiStudio = {
  id: 'sema4ai-studio',
  envFiles: NO_ENV_FILES,
  name: 'Sema4.ai Studio',
  programs: { npmPackages: [], versionFolders: [], names: ['sema4ai-studio'], editors: [], flatpaks: [], macApps: [{ app: 'Sema4.ai Studio', program: 'sema4ai-studio' }], source: 'Sema4.ai docs https://sema4.ai/docs/studio (Sema4.ai Studio desktop app)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'docker/mcp-gateway@2bd20fe:pkg/client/config.yml (client sema4: per-OS paths, yq list .mcpServers)',
  locations: [
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.sema4ai/sema4ai-studio/mcp_servers.json', source: 'docker/mcp-gateway@2bd20fe:pkg/client/config.yml (client sema4: per-OS paths, yq list .mcpServers)' },
    { scope: 'user', os: 'win32', path: '%LOCALAPPDATA%/sema4ai/sema4ai-studio/mcp_servers.json', source: 'docker/mcp-gateway@2bd20fe:pkg/client/config.yml (client sema4: per-OS paths, yq list .mcpServers)' },
  ],
} as const satisfies HostDefinition;
