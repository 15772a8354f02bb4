import { STANDARD_ENTRY, VSCODE_SETTINGS_SERVERS as SETTINGS, type HostDefinition } from './types.js';

/** hosts.md row 5b. */
export const vscodium = {
  id: 'vscodium',
  name: 'VSCodium',
  format: 'jsonc',
  containers: SETTINGS,
  entry: STANDARD_ENTRY,
  locations: [
    { scope: 'user', path: '<UD>/VSCodium/User/settings.json', gate: ['mcp'] },
    { scope: 'user', path: '<UD>/VSCodium/User/mcp.json', containers: [{ path: ['servers'], shape: 'map' }] },
  ],
} as const satisfies HostDefinition;
