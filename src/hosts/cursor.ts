import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

const DOCS = 'Cursor docs https://cursor.com/docs/context/mcp (mcp.json locations ~/.cursor/mcp.json and .cursor/mcp.json; config interpolation ${env:NAME}, ${userHome}, ${workspaceFolder}, ${workspaceFolderBasename}, ${pathSeparator})';

/** Cursor: the documentation above; plugin trees as snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/cursor.py reads them. */
export const cursor = {
  id: 'cursor',
  envFiles: NO_ENV_FILES,
  name: 'Cursor',
  format: 'jsonc',
  containers: MCP_SERVERS_MAP,
  // Servers are toggled in the UI, not by a field in mcp.json: a `disabled` key is not honoured
  // (cursor/cursor#3656: "no way of disabling MCPs by default in the settings JSON file").
  entry: { ...STANDARD_ENTRY, disabled: [] },
  source: DOCS,
  locations: [
    { scope: 'user', path: '~/.cursor/mcp.json', source: DOCS },
    {
      scope: 'plugin', glob: true, path: '~/.cursor/plugins/{cache,local}/**/{mcp.json,.mcp.json}',
      containers: [{ path: ['mcpServers'], shape: 'map-or-flat' }], unverified: true, source: 'hosts.md row 3b (AS vscode/cursor.py)',
    },
    { scope: 'project', path: '<project>/.cursor/mcp.json', source: DOCS },
  ],
  precedence: {
    tiers: [{ location: '<project>/.cursor/mcp.json' }, { location: '~/.cursor/mcp.json' }],
    merge: 'whole',
    source: 'Cursor CLI docs https://cursor.com/docs/cli/mcp (project, then global precedence)',
  },
  variables: { form: 'vscode', fields: ['command', 'args', 'env', 'url', 'headers'], source: DOCS },
  notes: ['Per-server enable toggles live in the UI state, not in mcp.json.'],
} as const satisfies HostDefinition;
