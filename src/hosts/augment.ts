import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition, VSCODE_FAMILY_DIRS } from './types.js';

/** Augment (unverified: community documentation only, no host source or public tool); "augment.advanced" is one dotted key holding an array. */
export const augment = {
  id: 'augment',
  envFiles: NO_ENV_FILES,
  name: 'Augment',
  format: 'jsonc',
  containers: [
    { path: ['augment.advanced', 'mcpServers'], shape: 'array', nameField: 'name' },
    { path: ['mcpServers'], shape: 'map' },
  ],
  entry: STANDARD_ENTRY,
  source: 'hosts.md row 21 (tools cited there)',
  locations: [
    { scope: 'user', path: '<UD>/Code/User/settings.json', gate: ['augment.advanced'], unverified: true, source: 'hosts.md row 21 (tools cited there)' },
    { scope: 'user', path: '~/.augment/settings.json', unverified: true, source: 'hosts.md row 21 (tools cited there)' },
    { scope: 'project', path: '<project>/.augment/settings.json', unverified: true, source: 'hosts.md row 21 (tools cited there)' },
  ],
  dirVariables: VSCODE_FAMILY_DIRS,

} as const satisfies HostDefinition;
