import { type HostDefinition } from './types.js';

/** hosts.md row 16; trap 10 (Windows path disputed: all three are checked). */
export const goose = {
  id: 'goose',
  name: 'Goose',
  format: 'yaml',
  containers: [{ path: ['extensions'], shape: 'map' }],
  entry: {
    command: ['cmd', 'command'], args: ['args'], env: ['envs', 'env'], cwd: ['cwd'],
    url: [{ key: 'uri' }, { key: 'url' }], type: ['type'], headers: ['headers'],
    disabled: [], enabled: ['enabled'], urlDefault: 'sse',
  },
  locations: [
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.config/goose/config.yaml' },
    { scope: 'user', os: 'win32', path: '%APPDATA%/Block/goose/config/config.yaml' },
    { scope: 'user', os: 'win32', path: '%APPDATA%/goose/config.yaml', unverified: true },
  ],
  notes: ['`type: builtin` extensions are bundled with Goose; `env_keys` names variables passed through.'],
} as const satisfies HostDefinition;
