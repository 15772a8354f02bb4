import { STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 18, 18a. Powers add a `powers.mcpServers` block. */
export const kiro = {
  id: 'kiro',
  name: 'Kiro',
  format: 'json',
  containers: [{ path: ['mcpServers'], shape: 'map' }, { path: ['powers', 'mcpServers'], shape: 'map' }],
  entry: STANDARD_ENTRY,
  locations: [
    { scope: 'user', path: '~/.kiro/settings/mcp.json' },
    { scope: 'profile', glob: true, path: '~/.kiro/agents/*.json', note: 'agents: inline mcpServers' },
    { scope: 'plugin', glob: true, path: '~/.kiro/powers/installed/*/mcp.json' },
    { scope: 'project', path: '<project>/.kiro/settings/mcp.json' },
    { scope: 'project', glob: true, path: '<project>/.kiro/agents/*.json' },
  ],
} as const satisfies HostDefinition;
