import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** Copilot for JetBrains (unverified: read only by msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py). */
export const copilotJetbrains = {
  id: 'copilot-jetbrains',
  envFiles: NO_ENV_FILES,
  name: 'GitHub Copilot for JetBrains',
  programs: { npmPackages: [], versionFolders: [], names: [], editors: ['jetbrains'], flatpaks: [], macApps: [], source: 'GitHub Copilot for JetBrains https://plugins.jetbrains.com/plugin/17718-github-copilot (a JetBrains IDE plugin)' },
  format: 'json',
  containers: [{ path: ['servers'], shape: 'map' }, { path: ['mcpServers'], shape: 'map' }],
  entry: { ...STANDARD_ENTRY, disabled: [] },
  source: 'msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py (JETBRAINS_AI: ~/.config/github-copilot/intellij/mcp.json on every OS); key unverified',
  locations: [{ scope: 'user', path: '~/.config/github-copilot/intellij/mcp.json', unverified: true, source: 'msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py (JETBRAINS_AI)' }],
} as const satisfies HostDefinition;
