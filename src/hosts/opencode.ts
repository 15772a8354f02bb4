import { STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 15, 15a; trap 9 (Windows directory disputed: all three are checked). */
export const opencode = {
  id: 'opencode',
  name: 'opencode',
  format: 'jsonc',
  containers: [{ path: ['mcp'], shape: 'map' }],
  entry: { ...STANDARD_ENTRY, env: ['environment', 'env'], enabled: ['enabled'], disabled: [] },
  source: 'hosts.md rows 15, 15a (tools cited there)',
  locations: [
    { scope: 'user', path: '~/.config/opencode/opencode.json', source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'user', path: '~/.config/opencode/opencode.jsonc', source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'user', path: '~/.opencode/opencode.json', source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'user', path: '$OPENCODE_CONFIG', note: 'an extra config file named by OPENCODE_CONFIG', source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'user', path: '$OPENCODE_CONFIG_DIR/opencode.json', source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'user', path: '$OPENCODE_CONFIG_DIR/opencode.jsonc', source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'user', os: 'win32', path: '%APPDATA%/opencode/opencode.json', unverified: true, source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'user', os: 'win32', path: '%LOCALAPPDATA%/opencode/opencode.json', unverified: true, source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/opencode/opencode.json', source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'managed', os: 'linux', path: '/etc/opencode/opencode.json', source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/opencode/opencode.json', source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'project', path: '<project>/opencode.json', source: 'hosts.md rows 15, 15a (tools cited there)' },
    { scope: 'project', path: '<project>/opencode.jsonc', source: 'hosts.md rows 15, 15a (tools cited there)' },
  ],
  notes: ['`command` is one array: executable and arguments together.'],
} as const satisfies HostDefinition;
