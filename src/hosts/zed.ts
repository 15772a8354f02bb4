import { STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 8–8b; trap 5 (~/.config/zed on macOS too). `enabled` defaults to true. */
export const zed = {
  id: 'zed',
  name: 'Zed',
  format: 'jsonc',
  containers: [{ path: ['context_servers'], shape: 'map' }],
  entry: { ...STANDARD_ENTRY, enabled: ['enabled'], disabled: [] },
  locations: [
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.config/zed/settings.json', gate: ['context_servers'] },
    { scope: 'user', os: 'win32', path: '%APPDATA%/Zed/settings.json', gate: ['context_servers'] },
    { scope: 'project', path: '<project>/.zed/settings.json', gate: ['context_servers'] },
  ],
  notes: ['.zed/settings.json applies only to trusted worktrees (trust_all_worktrees).'],
} as const satisfies HostDefinition;
