import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 7–7c. Remote entries use `serverUrl`. */
export const windsurf = {
  id: 'windsurf',
  name: 'Windsurf',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: { ...STANDARD_ENTRY, url: [{ key: 'serverUrl' }, { key: 'url' }] },
  locations: [
    { scope: 'user', path: '~/.codeium/windsurf/mcp_config.json' },
    { scope: 'user', path: '~/.codeium/windsurf-next/mcp_config.json', note: 'Windsurf Next' },
    { scope: 'user', path: '~/.codeium/mcp_config.json', note: 'Windsurf plugin for JetBrains' },
    { scope: 'user', path: '~/.windsurf/mcp_config.json', unverified: true },
    { scope: 'user', path: '~/.config/.codeium/windsurf/mcp_config.json', unverified: true },
    { scope: 'user', os: 'win32', path: '%APPDATA%/Codeium/windsurf/mcp_config.json', unverified: true },
    { scope: 'project', path: '<project>/.windsurf/mcp_config.json', unverified: true },
  ],
} as const satisfies HostDefinition;
