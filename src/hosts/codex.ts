import { STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 14–14c; trap 7 (Windows backslashes invalidate the whole file). */
export const codex = {
  id: 'codex',
  name: 'Codex CLI',
  format: 'toml',
  containers: [{ path: ['mcp_servers'], shape: 'map' }],
  entry: { ...STANDARD_ENTRY, headers: ['http_headers'], enabled: ['enabled'], disabled: [] },
  locations: [
    { scope: 'user', path: '~/.codex/config.toml', listsProjects: ['projects'] },
    { scope: 'user', path: '$CODEX_HOME/config.toml', listsProjects: ['projects'], note: 'relocated by CODEX_HOME' },
    { scope: 'profile', glob: true, path: '~/.codex/*.config.toml' },
    { scope: 'managed', os: ['darwin', 'linux'], path: '/etc/codex/config.toml' },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/OpenAI/Codex/config.toml' },
    {
      scope: 'plugin', glob: true, path: '~/.codex/plugins/**/.mcp.json', format: 'json',
      containers: [{ path: ['mcpServers'], shape: 'map' }, { path: ['mcp_servers'], shape: 'map-or-flat' }],
    },
    {
      scope: 'project', path: '<project>/.codex/config.toml', onlyListedProjects: true,
      note: 'loaded for roots listed (trusted) in [projects]; entries of other roots are reported disabled',
    },
  ],
  notes: ['MDM /Library/Managed Preferences/com.openai.codex.plist config_toml_base64 is not read.'],
} as const satisfies HostDefinition;
