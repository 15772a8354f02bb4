import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, VSCODE_FAMILY_GLOB, type HostDefinition, VSCODE_FAMILY_DIRS, VSCODE_FAMILY_WORKSPACES } from './types.js';

// cline/cline @ 21cb8d2525bcedf1f4b6890b27a74a14fe7451e4 (2026-08-22).
const C = 'cline/cline@21cb8d25';
const SHARED = `${C} apps/vscode/src/hosts/vscode/mcp-settings-legacy-migration.ts:254-265; sdk/packages/shared/src/storage/paths.ts:131-140,409-415`;
const LEGACY = `${C} apps/vscode/src/hosts/vscode/mcp-settings-legacy-migration.ts:237-297 (read once, servers copied into the shared file)`;

/** Cline, from the host source; a URL entry with no `type` is SSE (cline/cline src/services/mcp/schemas.ts). */
export const cline = {
  id: 'cline',
  envFiles: NO_ENV_FILES,
  name: 'Cline',
  programs: { npmPackages: [{ name: 'cline', program: 'cline', source: 'cline/cline cli/package.json (name cline, bin cline)' }], versionFolders: [], names: ['cline'], editors: ['vscode-family', 'jetbrains'], flatpaks: [], macApps: [], source: 'cline/cline cli/package.json (npm `cline`, bin `cline`); Cline docs https://docs.cline.bot/getting-started/installing-cline (VS Code family and JetBrains)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  // Flat stdio, flat URL (no type = SSE) or nested `transport: {…}` (written by the CLI); `disabled: true` honoured.
  // schemas.ts: z.union tries the stdio member (command required) before the SSE and HTTP ones, so a command wins over a url.
  entry: { ...STANDARD_ENTRY, type: ['type', 'transportType'], urlDefault: 'sse', inner: 'transport', commandBeforeUrl: true, cwd: ['cwd'] }, // schemas.ts stdio member: cwd: z.string().optional()
  source: `${C} apps/vscode/src/services/mcp/schemas.ts:10-170; apps/vscode/src/services/mcp/McpHub.ts:439-452`,
  locations: [
    { scope: 'user', path: '~/.cline/data/settings/cline_mcp_settings.json', note: 'shared by the VS Code extension, the CLI and JetBrains', source: SHARED },
    { scope: 'user', path: '$CLINE_MCP_SETTINGS_PATH', note: 'the settings file itself, first in Cline\'s resolution order', source: SHARED },
    { scope: 'user', path: '$CLINE_DIR/data/settings/cline_mcp_settings.json', source: SHARED },
    { scope: 'user', path: '$CLINE_DATA_DIR/settings/cline_mcp_settings.json', source: SHARED },
    {
      scope: 'user', glob: true, note: 'legacy: migrated once into ~/.cline/data/settings (still live on older Cline releases)',
      path: `<UD>/${VSCODE_FAMILY_GLOB}/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json`, source: LEGACY,
    },
    { scope: 'user', path: '~/Documents/Cline/MCP/cline_mcp_settings.json', note: 'legacy: migrated once', source: LEGACY },
    { scope: 'user', path: '~/.cline/mcp.json', unverified: true, source: 'unverified: community code names ~/.cline/mcp.json for the Cline CLI; not found in the source, and none of the config readers checked (agent-scan, toolhive, mcp-gateway, agent-bom) reads it' },
    { scope: 'project', path: '<project>/.cline/mcp.json', unverified: true, source: 'unverified: community code names a project .cline/mcp.json; the source has no project MCP file (cline-rules.ts:24-26)' },
  ],
  projectIndexes: VSCODE_FAMILY_WORKSPACES,
  dirVariables: VSCODE_FAMILY_DIRS,

  variables: { form: 'vscode', fields: ['command', 'args', 'env', 'url', 'headers', 'cwd'], names: ['env'], othersLiteral: true, source: `${C} apps/vscode/src/utils/envExpansion.ts:21-30 (\${env:VAR}, unset left literally)` },
  notes: [
    'Any schema error in the file means no server of it is loaded (McpHub.ts:240-287).',
    'Enterprise remote config (allowedMCPServers, blockPersonalRemoteMCPServers) is not on disk.',
  ],
} as const satisfies HostDefinition;
