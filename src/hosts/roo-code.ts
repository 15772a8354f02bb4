import { MCP_SERVERS_MAP, STANDARD_ENTRY, VSCODE_FAMILY_GLOB, type HostDefinition } from './types.js';

/** hosts.md rows 10, 10a; trap 4 (the file is mcp_settings.json). */
export const rooCode = {
  id: 'roo-code',
  name: 'Roo Code',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'hosts.md rows 10, 10a (tools cited there)',
  locations: [
    {
      source: 'hosts.md rows 10, 10a (tools cited there)',
      scope: 'user', glob: true,
      path: `<UD>/${VSCODE_FAMILY_GLOB}/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json`,
    },
    { scope: 'project', path: '<project>/.roo/mcp.json', source: 'hosts.md rows 10, 10a (tools cited there)' },
  ],
} as const satisfies HostDefinition;
