import { STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md row 24. */
export const crush = {
  id: 'crush',
  name: 'Crush',
  format: 'json',
  containers: [{ path: ['mcp'], shape: 'map' }],
  entry: { ...STANDARD_ENTRY, disabled: ['disabled'] },
  source: 'hosts.md row 24 (tools cited there)',
  locations: [
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.config/crush/crush.json', source: 'hosts.md row 24 (tools cited there)' },
    { scope: 'user', os: 'win32', path: '%LOCALAPPDATA%/crush/crush.json', source: 'hosts.md row 24 (tools cited there)' },
    { scope: 'project', path: '<project>/.crush.json', source: 'hosts.md row 24 (tools cited there)' },
    { scope: 'project', path: '<project>/crush.json', source: 'hosts.md row 24 (tools cited there)' },
  ],
} as const satisfies HostDefinition;
