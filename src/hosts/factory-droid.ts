import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** Factory Droid: stacklok/toolhive@e25de16:pkg/client/config.go. */
export const factoryDroid = {
  id: 'factory-droid',
  envFiles: NO_ENV_FILES,
  name: 'Factory Droid',
  programs: { npmPackages: [], versionFolders: [], names: ['droid'], editors: [], flatpaks: [], macApps: [], source: 'Factory docs https://docs.factory.ai/cli/getting-started/quickstart (the `droid` command)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'stacklok/toolhive@e25de16:pkg/client/config.go (Factory: RelPath .factory, SettingsFile mcp.json, /mcpServers)',
  locations: [
    { scope: 'project', path: '<project>/.factory/mcp.json', unverified: true, source: 'unverified: Factory docs https://docs.factory.ai/cli/configuration/mcp (a project .factory/mcp.json beside the user file), found by search and not read' },
    { scope: 'user', path: '~/.factory/mcp.json', source: 'stacklok/toolhive@e25de16:pkg/client/config.go (Factory: RelPath .factory, SettingsFile mcp.json, /mcpServers)' },
  ],
} as const satisfies HostDefinition;
