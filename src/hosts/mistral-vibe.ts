import { STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md row 29: `[[mcp_servers]]` is an array of tables named by `name`. */
export const mistralVibe = {
  id: 'mistral-vibe',
  name: 'Mistral Vibe',
  format: 'toml',
  containers: [{ path: ['mcp_servers'], shape: 'array', nameField: 'name' }],
  entry: { ...STANDARD_ENTRY, type: ['transport', 'type'] },
  locations: [{ scope: 'user', path: '~/.vibe/config.toml' }],
} as const satisfies HostDefinition;
