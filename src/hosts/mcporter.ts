import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** mcporter: openclaw/mcporter@ae3d900:src/config.ts. */
export const mcporter = {
  id: 'mcporter',
  envFiles: NO_ENV_FILES,
  name: 'mcporter',
  programs: { npmPackages: [{ name: 'mcporter', program: 'mcporter', source: 'openclaw/mcporter package.json (name mcporter, bin mcporter)' }], versionFolders: [], names: ['mcporter'], editors: [], flatpaks: [], macApps: [], source: 'openclaw/mcporter package.json (npm mcporter, bin `mcporter`)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  // getUrl before getCommand: baseUrl, base_url, url, serverUrl, server_url, then command or executable
  // (openclaw/mcporter@06621f95 src/config-normalize.ts normalizeServerEntry).
  entry: {
    ...STANDARD_ENTRY, command: ['command', 'executable'],
    url: [{ key: 'baseUrl' }, { key: 'base_url' }, { key: 'url' }, { key: 'serverUrl' }, { key: 'server_url' }], urlBeforeCommand: true,
  },
  source: 'openclaw/mcporter@ae3d900:src/config-schema.ts (mcpServers: map of server names)',
  locations: [
    { scope: 'user', path: '~/.mcporter/mcporter.json', source: 'openclaw/mcporter@ae3d900:src/paths.ts mcporterConfigCandidates (legacyMcporterDir ~/.mcporter)' },
    { scope: 'user', path: '~/.mcporter/mcporter.jsonc', format: 'jsonc', source: 'openclaw/mcporter@ae3d900:src/paths.ts mcporterConfigCandidates (mcporter.jsonc after mcporter.json)' },
    { scope: 'user', path: '$MCPORTER_CONFIG', format: 'jsonc', source: 'openclaw/mcporter@ae3d900:src/config/path-discovery.ts listConfigLayerPaths (MCPORTER_CONFIG replaces every other layer)' },
    { scope: 'project', path: '<project>/config/mcporter.json', source: 'openclaw/mcporter@ae3d900:src/config/path-discovery.ts listConfigLayerPaths (<rootDir>/config/mcporter.json)' },
  ],
  dirVariables: [
    // An absolute XDG_CONFIG_HOME puts the home config at $XDG_CONFIG_HOME/mcporter/mcporter.json(c),
    // looked for before ~/.mcporter (read too, as later releases fall back to it); unset, ~/.mcporter alone.
    { name: 'XDG_CONFIG_HOME', replaces: [{ prefix: '~/.mcporter', with: '/mcporter' }], source: 'openclaw/mcporter@bb6e646:src/paths.ts (mcporterDir: XDG_CONFIG_HOME when absolute, else legacyMcporterDir; mcporterConfigCandidates)' },
  ],
} as const satisfies HostDefinition;
