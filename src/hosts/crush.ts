import { STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md row 24. */
export const crush = {
  id: 'crush',
  name: 'Crush',
  format: 'json',
  containers: [{ path: ['mcp'], shape: 'map' }],
  entry: { ...STANDARD_ENTRY, disabled: ['disabled'] },
  locations: [
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.config/crush/crush.json' },
    { scope: 'user', os: 'win32', path: '%LOCALAPPDATA%/crush/crush.json' },
    { scope: 'project', path: '<project>/.crush.json' },
    { scope: 'project', path: '<project>/crush.json' },
  ],
} as const satisfies HostDefinition;
