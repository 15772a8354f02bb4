import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 19, 19a. */
export const amazonQ = {
  id: 'amazon-q',
  name: 'Amazon Q Developer',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  locations: [
    { scope: 'user', path: '~/.aws/amazonq/mcp.json', note: 'legacy' },
    { scope: 'profile', glob: true, path: '~/.aws/amazonq/cli-agents/*.json', note: 'agents: inline mcpServers' },
    { scope: 'profile', path: '~/.aws/amazonq/agents/default.json' },
    { scope: 'profile', path: '~/.aws/amazonq/agents/mcp.json' },
    { scope: 'plugin', path: '<UD>/Code/User/globalStorage/amazonwebservices.amazon-q-vscode/mcp.json', unverified: true },
    { scope: 'project', path: '<project>/.amazonq/mcp.json' },
    { scope: 'project', glob: true, path: '<project>/.amazonq/cli-agents/*.json' },
  ],
  notes: ['Agents load the legacy mcp.json only with `useLegacyMcpJson`.'],
} as const satisfies HostDefinition;
