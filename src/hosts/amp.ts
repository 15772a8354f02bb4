import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition, VSCODE_FAMILY_DIRS } from './types.js';

/** Amp: stacklok/toolhive@e25de16:pkg/client/config.go; "amp.mcpServers" is one dotted key, not a path. */
export const amp = {
  id: 'amp',
  envFiles: NO_ENV_FILES,
  name: 'Amp',
  format: 'jsonc',
  containers: [{ path: ['amp.mcpServers'], shape: 'map' }],
  entry: STANDARD_ENTRY,
  source: 'hosts.md row 20 (tools cited there)',
  locations: [
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.config/amp/settings.json', source: 'hosts.md row 20 (tools cited there)' },
    { scope: 'user', os: 'win32', path: '%APPDATA%/amp/settings.json', source: 'hosts.md row 20 (tools cited there)' },
    { scope: 'user', path: '<UD>/Code/User/settings.json', gate: ['amp.mcpServers'], note: 'Amp extension in VS Code', source: 'hosts.md row 20 (tools cited there)' },
  ],
  dirVariables: VSCODE_FAMILY_DIRS,

} as const satisfies HostDefinition;
