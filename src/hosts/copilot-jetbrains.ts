import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** Copilot for JetBrains (unverified: read only by msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py). */
export const copilotJetbrains = {
  id: 'copilot-jetbrains',
  envFiles: NO_ENV_FILES,
  name: 'GitHub Copilot for JetBrains',
  format: 'json',
  containers: [{ path: ['servers'], shape: 'map' }, { path: ['mcpServers'], shape: 'map' }],
  entry: { ...STANDARD_ENTRY, disabled: [] },
  source: 'hosts.md row 6a (AB src/agent_bom/discovery/__init__.py); key unverified',
  locations: [{ scope: 'user', path: '~/.config/github-copilot/intellij/mcp.json', unverified: true, source: 'hosts.md row 6a (AB)' }],
} as const satisfies HostDefinition;
