import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 12–12c. `url` is SSE, `httpUrl` streamable HTTP. */
export const geminiCli = {
  id: 'gemini-cli',
  name: 'Gemini CLI',
  format: 'jsonc',
  containers: MCP_SERVERS_MAP,
  entry: { ...STANDARD_ENTRY, url: [{ key: 'httpUrl', transport: 'http' }, { key: 'url', transport: 'sse' }], urlDefault: 'sse' },
  locations: [
    { scope: 'user', path: '~/.gemini/settings.json' },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/GeminiCli/settings.json' },
    { scope: 'managed', os: 'linux', path: '/etc/gemini-cli/settings.json' },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/gemini-cli/settings.json' },
    { scope: 'managed', path: '$GEMINI_CLI_SYSTEM_SETTINGS_PATH', note: 'relocated system settings' },
    { scope: 'plugin', glob: true, path: '~/.gemini/extensions/*/gemini-extension.json', format: 'json' },
    { scope: 'project', path: '<project>/.gemini/settings.json', note: 'ignored unless the folder is trusted' },
  ],
  switches: [
    { governs: '*', file: '~/.gemini/settings.json', key: ['mcp', 'excluded'], kind: 'deny' },
    { governs: '*', file: '~/.gemini/settings.json', key: ['mcp', 'allowed'], kind: 'allow' },
  ],
  notes: [
    'mcp.allowed / mcp.excluded filter servers globally (every settings file and extension); `trust: true` skips confirmations.',
    'Only the lists in ~/.gemini/settings.json are applied; lists in system or project settings are not read.',
  ],
} as const satisfies HostDefinition;
