import { STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 18, 18a. Powers add a `powers.mcpServers` block. */
export const kiro = {
  id: 'kiro',
  name: 'Kiro',
  format: 'json',
  containers: [{ path: ['mcpServers'], shape: 'map' }, { path: ['powers', 'mcpServers'], shape: 'map' }],
  entry: STANDARD_ENTRY,
  source: 'hosts.md rows 18, 18a (tools cited there)',
  locations: [
    { scope: 'user', path: '~/.kiro/settings/mcp.json', source: 'hosts.md rows 18, 18a (tools cited there)' },
    { scope: 'profile', glob: true, path: '~/.kiro/agents/*.json', note: 'agents: inline mcpServers', source: 'hosts.md rows 18, 18a (tools cited there)' },
    { scope: 'plugin', glob: true, path: '~/.kiro/powers/installed/*/mcp.json', source: 'hosts.md rows 18, 18a (tools cited there)' },
    { scope: 'project', path: '<project>/.kiro/settings/mcp.json', source: 'hosts.md rows 18, 18a (tools cited there)' },
    { scope: 'project', glob: true, path: '<project>/.kiro/agents/*.json', source: 'hosts.md rows 18, 18a (tools cited there)' },
  ],
} as const satisfies HostDefinition;
