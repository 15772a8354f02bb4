import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** JetBrains Junie: msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py. */
export const junie = {
  id: 'junie',
  envFiles: NO_ENV_FILES,
  name: 'JetBrains Junie',
  programs: { npmPackages: [], versionFolders: [], names: ['junie'], editors: ['jetbrains'], flatpaks: [], macApps: [], source: 'Junie docs https://www.jetbrains.com/help/junie/ (the JetBrains IDE plugin; Junie CLI, the `junie` command)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  // Junie starts stdio servers only: a url entry is not connected.
  entry: { ...STANDARD_ENTRY, remoteIgnored: true },
  source: 'Junie docs https://www.jetbrains.com/help/junie/model-context-protocol-mcp.html (stdio transport only)',
  locations: [
    { scope: 'user', path: '~/.junie/mcp/mcp.json', unverified: true, source: 'msaad00/agent-bom@9910e29 src/agent_bom/discovery/__init__.py (the Junie docs page does not name the file)' },
    { scope: 'project', path: '<project>/.junie/mcp/mcp.json', unverified: true, source: 'msaad00/agent-bom@9910e29 src/agent_bom/discovery/__init__.py (the Junie docs page does not name the file)' },
  ],
  notes: [
    'The Junie docs (https://www.jetbrains.com/help/junie/model-context-protocol-mcp.html) confirm only: stdio transport, JSON with command and args, tool approval through the Action Allowlist. They do not name the files, their precedence, a disable switch, variable expansion, or how the project is found.',
  ],
} as const satisfies HostDefinition;
