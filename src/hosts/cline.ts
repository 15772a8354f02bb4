import { MCP_SERVERS_MAP, STANDARD_ENTRY, VSCODE_FAMILY_GLOB, type HostDefinition } from './types.js';

/** hosts.md rows 9, 9a; trap 6 (a URL with no type is SSE). */
export const cline = {
  id: 'cline',
  name: 'Cline',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: { ...STANDARD_ENTRY, type: ['type', 'transportType'], urlDefault: 'sse' },
  source: 'hosts.md rows 9, 9a (tools cited there)',
  locations: [
    {
      source: 'hosts.md rows 9, 9a (tools cited there)',
      scope: 'user', glob: true,
      path: `<UD>/${VSCODE_FAMILY_GLOB}/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json`,
    },
    { scope: 'user', path: '~/.cline/data/settings/cline_mcp_settings.json', unverified: true, source: 'hosts.md rows 9, 9a (tools cited there)' },
    { scope: 'user', path: '~/.cline/mcp.json', unverified: true, source: 'hosts.md rows 9, 9a (tools cited there)' },
    { scope: 'project', path: '<project>/.cline/mcp.json', unverified: true, source: 'hosts.md rows 9, 9a (tools cited there)' },
  ],
} as const satisfies HostDefinition;
