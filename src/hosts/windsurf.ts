import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

const DOCS = 'Windsurf docs https://docs.windsurf.com/windsurf/cascade/mcp (~/.codeium/windsurf/mcp_config.json, serverUrl, disabled, ${env:VAR} interpolation)';

/** Windsurf: snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/windsurf.py; extra probes openclaw/mcporter@ae3d900:src/config/imports/paths.ts; the JetBrains plugin stacklok/toolhive@e25de16:pkg/client/config.go. Remote entries use `serverUrl`. */
export const windsurf = {
  id: 'windsurf',
  envFiles: NO_ENV_FILES,
  name: 'Windsurf',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: { ...STANDARD_ENTRY, url: [{ key: 'serverUrl' }, { key: 'url' }] },
  source: DOCS,
  locations: [
    { scope: 'user', path: '~/.codeium/windsurf/mcp_config.json', source: DOCS },
    { scope: 'user', path: '~/.codeium/windsurf-next/mcp_config.json', note: 'Windsurf Next', source: 'hosts.md row 7a (MP paths.ts)' },
    { scope: 'user', path: '~/.codeium/mcp_config.json', note: 'Windsurf plugin for JetBrains', source: 'hosts.md row 7c (TH pkg/client/config.go)' },
    { scope: 'user', path: '~/.windsurf/mcp_config.json', unverified: true, source: 'hosts.md row 7a (MP)' },
    { scope: 'user', path: '~/.config/.codeium/windsurf/mcp_config.json', unverified: true, source: 'hosts.md row 7a (MP)' },
    { scope: 'user', os: 'win32', path: '%APPDATA%/Codeium/windsurf/mcp_config.json', unverified: true, source: 'hosts.md row 7a (MP)' },
    { scope: 'project', path: '<project>/.windsurf/mcp_config.json', unverified: true, source: 'hosts.md row 7b (RP)' },
  ],
  variables: { form: 'vscode', fields: ['command', 'args', 'env', 'url', 'headers'], source: DOCS },
} as const satisfies HostDefinition;
