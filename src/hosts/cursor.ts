import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 3–3c. */
export const cursor = {
  id: 'cursor',
  name: 'Cursor',
  format: 'jsonc',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  locations: [
    { scope: 'user', path: '~/.cursor/mcp.json' },
    {
      scope: 'plugin', glob: true, path: '~/.cursor/plugins/{cache,local}/**/{mcp.json,.mcp.json}',
      containers: [{ path: ['mcpServers'], shape: 'map-or-flat' }],
    },
    { scope: 'project', path: '<project>/.cursor/mcp.json' },
  ],
  notes: ['Per-server enable toggles live in the UI, not in mcp.json (unverified).'],
} as const satisfies HostDefinition;
