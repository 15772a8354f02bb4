import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 19, 19a. */
export const amazonQ = {
  id: 'amazon-q',
  name: 'Amazon Q Developer',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'hosts.md rows 19, 19a (tools cited there)',
  locations: [
    { scope: 'user', path: '~/.aws/amazonq/mcp.json', note: 'legacy', source: 'hosts.md rows 19, 19a (tools cited there)' },
    { scope: 'profile', glob: true, path: '~/.aws/amazonq/cli-agents/*.json', note: 'agents: inline mcpServers', source: 'hosts.md rows 19, 19a (tools cited there)' },
    { scope: 'profile', path: '~/.aws/amazonq/agents/default.json', source: 'hosts.md rows 19, 19a (tools cited there)' },
    { scope: 'profile', path: '~/.aws/amazonq/agents/mcp.json', source: 'hosts.md rows 19, 19a (tools cited there)' },
    { scope: 'plugin', path: '<UD>/Code/User/globalStorage/amazonwebservices.amazon-q-vscode/mcp.json', unverified: true, source: 'hosts.md rows 19, 19a (tools cited there)' },
    { scope: 'project', path: '<project>/.amazonq/mcp.json', source: 'hosts.md rows 19, 19a (tools cited there)' },
    { scope: 'project', glob: true, path: '<project>/.amazonq/cli-agents/*.json', source: 'hosts.md rows 19, 19a (tools cited there)' },
  ],
  notes: ['Agents load the legacy mcp.json only with `useLegacyMcpJson`.'],
} as const satisfies HostDefinition;
