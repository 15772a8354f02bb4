import { STANDARD_ENTRY, VSCODE_SETTINGS_SERVERS as SETTINGS, type HostDefinition } from './types.js';

/** hosts.md rows 4–4f, 5a; §10 presence gate on settings.json. */
export const vscode = {
  id: 'vscode',
  name: 'Visual Studio Code',
  format: 'jsonc',
  containers: [{ path: ['servers'], shape: 'map' }],
  entry: STANDARD_ENTRY,
  locations: [
    { scope: 'user', path: '<UD>/Code/User/mcp.json' },
    { scope: 'user', path: '<UD>/Code/User/settings.json', containers: SETTINGS, gate: ['mcp'] },
    { scope: 'profile', glob: true, path: '<UD>/Code/User/profiles/*/mcp.json' },
    { scope: 'profile', glob: true, path: '<UD>/Code/User/profiles/*/settings.json', containers: SETTINGS, gate: ['mcp'] },
    { scope: 'user', path: '$VSCODE_PORTABLE/user-data/User/mcp.json', note: 'portable install' },
    { scope: 'user', path: '~/.vscode/mcp.json', containers: [{ path: ['servers'], shape: 'map' }, { path: ['mcpServers'], shape: 'map' }] },
    { scope: 'user', os: 'linux', path: '~/.vscode-server/data/User/mcp.json', note: 'VS Code Server (remote)' },
    { scope: 'project', path: '<project>/.vscode/mcp.json' },
    {
      scope: 'project', glob: true, path: '<project>/*.code-workspace',
      containers: [{ path: ['settings', 'mcp', 'servers'], shape: 'map' }, { path: ['settings', 'mcp.servers'], shape: 'map' }],
      gate: ['mcp'],
    },
    {
      scope: 'project', path: '<project>/.devcontainer/devcontainer.json',
      containers: [{ path: ['customizations', 'vscode', 'mcp', 'servers'], shape: 'map' }], gate: ['mcp'],
    },
    {
      scope: 'project', path: '<project>/.devcontainer.json',
      containers: [{ path: ['customizations', 'vscode', 'mcp', 'servers'], shape: 'map' }], gate: ['mcp'],
    },
  ],
  projectIndexes: [
    { path: '<UD>/{Code,Code - Insiders,VSCodium,Cursor,Windsurf}/User/workspaceStorage/*/workspace.json', key: ['folder'] },
  ],
  notes: ['`inputs[]` with ${input:id} supplies prompted secrets.'],
} as const satisfies HostDefinition;
