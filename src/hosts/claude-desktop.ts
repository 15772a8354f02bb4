import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 1, 1a; traps 1 (MSIX), 2 (Linux case), 20 (remote entries skipped). */
export const claudeDesktop = {
  id: 'claude-desktop',
  name: 'Claude Desktop',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: { ...STANDARD_ENTRY, remoteIgnored: true },
  locations: [
    { scope: 'user', os: 'darwin', path: '~/Library/Application Support/Claude/claude_desktop_config.json' },
    { scope: 'user', os: 'linux', path: '~/.config/Claude/claude_desktop_config.json', note: 'community Linux builds' },
    { scope: 'user', os: 'linux', path: '~/.config/claude/claude_desktop_config.json', note: 'community Linux builds, lowercase' },
    { scope: 'user', os: 'win32', path: '%APPDATA%/Claude/claude_desktop_config.json' },
    {
      scope: 'user', os: 'win32',
      path: '%LOCALAPPDATA%/Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming/Claude/claude_desktop_config.json',
      note: 'MSIX/Store build; the %APPDATA% file is then ignored',
    },
  ],
  notes: ['Connectors, Desktop Extensions (.mcpb), MDM and registry policies are not on disk.'],
} as const satisfies HostDefinition;
