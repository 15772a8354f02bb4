import { MCP_SERVERS_MAP, STANDARD_ENTRY, VSCODE_FAMILY_GLOB, type HostDefinition } from './types.js';

/** hosts.md rows 9, 9a; trap 6 (a URL with no type is SSE). */
export const cline = {
  id: 'cline',
  name: 'Cline',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: { ...STANDARD_ENTRY, type: ['type', 'transportType'], urlDefault: 'sse' },
  locations: [
    {
      scope: 'user', glob: true,
      path: `<UD>/${VSCODE_FAMILY_GLOB}/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json`,
    },
    { scope: 'user', path: '~/.cline/data/settings/cline_mcp_settings.json', unverified: true },
    { scope: 'user', path: '~/.cline/mcp.json', unverified: true },
    { scope: 'project', path: '<project>/.cline/mcp.json', unverified: true },
  ],
} as const satisfies HostDefinition;
