import { WINDSURF_PROGRAMS, NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

const DOCS = 'Windsurf docs https://docs.windsurf.com/windsurf/cascade/mcp (~/.codeium/windsurf/mcp_config.json; remote entries take serverUrl or url; interpolation of ${env:VAR} in command, args, env, serverUrl, url, headers)';
const PLUGIN_DOCS = 'Windsurf plugin docs https://docs.windsurf.com/plugins/cascade/mcp (the JetBrains and other editor plugins: ~/.codeium/mcp_config.json)';
const MP = 'openclaw/mcporter@ae3d900 src/config/imports/paths.ts';

/** Windsurf: snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/windsurf.py; extra probes openclaw/mcporter@ae3d900:src/config/imports/paths.ts; the JetBrains plugin stacklok/toolhive@e25de16:pkg/client/config.go. Remote entries use `serverUrl`. */
export const windsurf = {
  id: 'windsurf',
  envFiles: NO_ENV_FILES,
  name: 'Windsurf',
  programs: { npmPackages: [], versionFolders: [], ...WINDSURF_PROGRAMS, editors: [] },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: { ...STANDARD_ENTRY, url: [{ key: 'serverUrl' }, { key: 'url' }] },
  source: DOCS,
  locations: [
    { scope: 'user', path: '~/.codeium/windsurf/mcp_config.json', source: DOCS },
    { scope: 'user', path: '~/.codeium/windsurf-next/mcp_config.json', note: 'Windsurf Next', unverified: true, source: `${MP} (not in the Windsurf docs)` },
    { scope: 'user', path: '~/.codeium/mcp_config.json', note: 'Windsurf plugins (JetBrains …)', source: `${PLUGIN_DOCS}; stacklok/toolhive@e25de16 pkg/client/config.go` },
    { scope: 'user', path: '~/.windsurf/mcp_config.json', unverified: true, source: `${MP} (not in the Windsurf docs)` },
    { scope: 'user', path: '~/.config/.codeium/windsurf/mcp_config.json', unverified: true, source: `${MP} (not in the Windsurf docs)` },
    { scope: 'user', os: 'win32', path: '%APPDATA%/Codeium/windsurf/mcp_config.json', unverified: true, source: `${MP} (not in the Windsurf docs)` },
    { scope: 'project', path: '<project>/.windsurf/mcp_config.json', unverified: true, source: 'highflame-ai/ramparts@33dcebd src/config.rs (the Windsurf docs name no project-level MCP file)' },
  ],
  variables: { form: 'vscode', fields: ['command', 'args', 'env', 'url', 'headers'], names: ['env'], source: DOCS },
  notes: [
    'Team and Enterprise admins can allow-list servers (regex on command and each argument) from the Windsurf dashboard: that list is not a file on the machine, so an entry it blocks is still reported as launched.',
    'The Windsurf docs do not say: whether a `disabled` field is honoured (modelled as honoured, per the per-server toggle the UI writes), any project-level file, a directory variable that moves ~/.codeium, or the launch directory of stdio servers.',
  ],
} as const satisfies HostDefinition;
