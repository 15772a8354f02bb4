import { STANDARD_ENTRY, VSCODE_SETTINGS_SERVERS as SETTINGS, type HostDefinition } from './types.js';

/** hosts.md row 5. */
export const vscodeInsiders = {
  id: 'vscode-insiders',
  name: 'Visual Studio Code - Insiders',
  format: 'jsonc',
  containers: [{ path: ['servers'], shape: 'map' }],
  entry: STANDARD_ENTRY,
  locations: [
    { scope: 'user', path: '<UD>/Code - Insiders/User/mcp.json' },
    { scope: 'user', path: '<UD>/Code - Insiders/User/settings.json', containers: SETTINGS, gate: ['mcp'] },
    { scope: 'profile', glob: true, path: '<UD>/Code - Insiders/User/profiles/*/mcp.json' },
  ],
} as const satisfies HostDefinition;
