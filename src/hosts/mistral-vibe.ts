import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** Mistral Vibe (stacklok/toolhive@e25de16:pkg/client/config.go, TOMLStorageTypeArray): `[[mcp_servers]]` is an array of tables named by `name`. */
export const mistralVibe = {
  id: 'mistral-vibe',
  envFiles: NO_ENV_FILES,
  name: 'Mistral Vibe',
  format: 'toml',
  containers: [{ path: ['mcp_servers'], shape: 'array', nameField: 'name' }],
  entry: { ...STANDARD_ENTRY, type: ['transport', 'type'] },
  source: 'hosts.md row 29: `[[mcp_servers]]` is an array of tables named by `name` (tools cited there)',
  locations: [{ scope: 'user', path: '~/.vibe/config.toml', source: 'hosts.md row 29: `[[mcp_servers]]` is an array of tables named by `name` (tools cited there)' }],
} as const satisfies HostDefinition;
