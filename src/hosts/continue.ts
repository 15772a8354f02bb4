import { STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 11–11b. `mcpServers` is an array of named items in config.yaml. */
export const continueDev = {
  id: 'continue',
  name: 'Continue',
  format: 'yaml',
  containers: [{ path: ['mcpServers'], shape: 'array', nameField: 'name' }],
  entry: { ...STANDARD_ENTRY, inner: 'transport' },
  source: 'hosts.md rows 11–11b (tools cited there)',
  locations: [
    { scope: 'user', path: '~/.continue/config.yaml', source: 'hosts.md rows 11–11b (tools cited there)' },
    {
      source: 'hosts.md rows 11–11b (tools cited there)',
      scope: 'user', path: '~/.continue/config.json', format: 'json',
      containers: [
        { path: ['mcpServers'], shape: 'map' },
        { path: ['experimental', 'modelContextProtocolServers'], shape: 'array', nameField: 'name' },
      ],
      note: 'legacy',
    },
    { scope: 'project', glob: true, path: '<project>/.continue/mcpServers/*.{yaml,yml}', unverified: true, source: 'hosts.md rows 11–11b (tools cited there)' },
    {
      source: 'hosts.md rows 11–11b (tools cited there)',
      scope: 'project', glob: true, path: '<project>/.continue/mcpServers/*.json', format: 'json',
      containers: [{ path: ['mcpServers'], shape: 'map' }], unverified: true,
    },
  ],
  notes: ['Legacy experimental.modelContextProtocolServers items nest their fields under `transport`.'],
} as const satisfies HostDefinition;
