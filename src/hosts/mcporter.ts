import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type Container, type EntryShape, type HostDefinition, type HostLocation } from './types.js';

const M = 'openclaw/mcporter@ae3d900';

/**
 * An imported entry as mcporter reads it (`${M}:src/config/imports/external.ts` convertExternalEntry):
 * URL from baseUrl, base_url, url, serverUrl, server_url; program from command or executable (a
 * string, or an array holding the arguments); args; env; headers. No `type` and no `disabled`
 * are copied: the owning host's switch fields do not stop mcporter, and a URL wins over a command
 * (`${M}:src/config-normalize.ts` normalizeServerEntry: getUrl before getCommand).
 */
const IMPORT_ENTRY = {
  ...STANDARD_ENTRY, command: ['command', 'executable'], type: [], disabled: [],
  url: [{ key: 'baseUrl' }, { key: 'base_url' }, { key: 'url' }, { key: 'serverUrl' }, { key: 'server_url' }], urlBeforeCommand: true,
} as const satisfies EntryShape;

/** `mcpServers`, `servers` and `mcp` maps; the document root when none is present (external.ts extractFromMcpJson). */
const IMPORT_MAPS = [
  { path: ['mcpServers'], shape: 'map' }, { path: ['servers'], shape: 'map' }, { path: ['mcp'], shape: 'map' }, { path: [], shape: 'flat-if-none' },
] as const satisfies readonly Container[];
/** Claude Code settings files: the three maps, no root fallback (external.ts resolveContainerDescriptor). */
const SETTINGS_MAPS = [{ path: ['mcpServers'], shape: 'map' }, { path: ['servers'], shape: 'map' }, { path: ['mcp'], shape: 'map' }] as const satisfies readonly Container[];
/** ~/.claude.json: the maps or the root, then the project's `projects.<root>.mcpServers` (extractClaudeProjectEntries). */
const CLAUDE_JSON_MAPS = [...IMPORT_MAPS, { path: ['projects', '*', 'mcpServers'], shape: 'map', scope: 'project' }] as const satisfies readonly Container[];
/** Codex config.toml: `[mcp_servers]` (external.ts extractFromCodexConfig). */
const CODEX_MAPS = [{ path: ['mcp_servers'], shape: 'map' }] as const satisfies readonly Container[];
/** opencode files: the `mcp` map only. */
const OPENCODE_MAPS = [{ path: ['mcp'], shape: 'map' }] as const satisfies readonly Container[];

const PATHS = `${M}:src/config/imports/paths.ts pathsForImport`;
/** An imported file: mcporter's entry rules and maps; JSON read with comments and trailing commas (src/config/imports/shared.ts parseJsonBuffer: jsonc-parser). */
const IMPORTED = { entry: IMPORT_ENTRY, containers: IMPORT_MAPS, format: 'jsonc' } as const;

/**
 * Every file mcporter imports, by kind, in the order it reads them (DEFAULT_IMPORTS, each kind's
 * paths in turn; `<project>` is the folder mcporter runs in, its rootDir). os.homedir() joins are
 * read on every OS, so Cursor's AppData and Library paths are listed without `os`.
 */
const IMPORTS: readonly HostLocation[] = [
  { scope: 'project', path: '<project>/.cursor/mcp.json', importKind: 'cursor', ...IMPORTED, source: `${PATHS} (cursor: rootDir/.cursor/mcp.json)` },
  { scope: 'user', path: '~/.cursor/mcp.json', importKind: 'cursor', ...IMPORTED, source: `${PATHS} (cursor: ~/.cursor/mcp.json)` },
  { scope: 'user', path: '~/AppData/Roaming/Cursor/User/mcp.json', importKind: 'cursor', ...IMPORTED, source: `${PATHS} (defaultCursorUserConfigPaths, joined to the home on every OS)` },
  { scope: 'user', path: '~/Library/Application Support/Cursor/User/mcp.json', importKind: 'cursor', ...IMPORTED, source: `${PATHS} (defaultCursorUserConfigPaths, joined to the home on every OS)` },
  { scope: 'user', path: '$XDG_CONFIG_HOME/Cursor/User/mcp.json', importKind: 'cursor', ...IMPORTED, source: `${PATHS} (defaultCursorUserConfigPaths: XDG_CONFIG_HOME/Cursor/User/mcp.json when set)` },
  { scope: 'project', path: '<project>/.claude/settings.local.json', importKind: 'claude-code', ...IMPORTED, containers: SETTINGS_MAPS, source: `${PATHS} (claude-code)` },
  { scope: 'project', path: '<project>/.claude/settings.json', importKind: 'claude-code', ...IMPORTED, containers: SETTINGS_MAPS, source: `${PATHS} (claude-code)` },
  { scope: 'project', path: '<project>/.claude/mcp.json', importKind: 'claude-code', ...IMPORTED, source: `${PATHS} (claude-code; root fallback for .claude/mcp.json)` },
  { scope: 'user', path: '~/.claude/settings.local.json', importKind: 'claude-code', ...IMPORTED, containers: SETTINGS_MAPS, source: `${PATHS} (claude-code)` },
  { scope: 'user', path: '~/.claude/settings.json', importKind: 'claude-code', ...IMPORTED, containers: SETTINGS_MAPS, source: `${PATHS} (claude-code)` },
  { scope: 'user', path: '~/.claude/mcp.json', importKind: 'claude-code', ...IMPORTED, source: `${PATHS} (claude-code; root fallback for .claude/mcp.json)` },
  { scope: 'user', path: '~/.claude.json', importKind: 'claude-code', ...IMPORTED, containers: CLAUDE_JSON_MAPS, source: `${PATHS} (claude-code; root fallback for .claude.json, and projects.<rootDir>.mcpServers)` },
  { scope: 'user', path: '~/Library/Application Support/Claude/settings.json', importKind: 'claude-desktop', ...IMPORTED, os: 'darwin', source: `${PATHS} (defaultClaudeDesktopConfigPath: settings.json, not claude_desktop_config.json)` },
  { scope: 'user', path: '~/AppData/Roaming/Claude/settings.json', importKind: 'claude-desktop', ...IMPORTED, os: 'win32', source: `${PATHS} (defaultClaudeDesktopConfigPath)` },
  { scope: 'user', path: '~/.config/Claude/settings.json', importKind: 'claude-desktop', ...IMPORTED, os: 'linux', source: `${PATHS} (defaultClaudeDesktopConfigPath)` },
  { scope: 'project', path: '<project>/.codex/config.toml', importKind: 'codex', ...IMPORTED, format: 'toml', containers: CODEX_MAPS, source: `${PATHS} (codex; a .toml file is read by extractFromCodexConfig: [mcp_servers])` },
  { scope: 'user', path: '~/.codex/config.toml', importKind: 'codex', ...IMPORTED, format: 'toml', containers: CODEX_MAPS, source: `${PATHS} (codex; [mcp_servers])` },
  { scope: 'user', path: '~/.codeium/windsurf/mcp_config.json', importKind: 'windsurf', ...IMPORTED, source: `${PATHS} (defaultWindsurfConfigPaths)` },
  { scope: 'user', path: '~/.codeium/windsurf-next/mcp_config.json', importKind: 'windsurf', ...IMPORTED, source: `${PATHS} (defaultWindsurfConfigPaths)` },
  { scope: 'user', path: '~/.windsurf/mcp_config.json', importKind: 'windsurf', ...IMPORTED, source: `${PATHS} (defaultWindsurfConfigPaths)` },
  { scope: 'user', path: '~/.config/.codeium/windsurf/mcp_config.json', importKind: 'windsurf', ...IMPORTED, source: `${PATHS} (defaultWindsurfConfigPaths)` },
  { scope: 'user', path: '%APPDATA%/Codeium/windsurf/mcp_config.json', importKind: 'windsurf', ...IMPORTED, os: 'win32', source: `${PATHS} (defaultWindsurfConfigPaths, win32)` },
  { scope: 'user', path: '$OPENCODE_CONFIG', importKind: 'opencode', ...IMPORTED, containers: OPENCODE_MAPS, source: `${PATHS} (opencodeConfigPaths: OPENCODE_CONFIG)` },
  { scope: 'project', path: '<project>/opencode.jsonc', importKind: 'opencode', ...IMPORTED, containers: OPENCODE_MAPS, source: `${PATHS} (opencodeConfigPaths)` },
  { scope: 'project', path: '<project>/opencode.json', importKind: 'opencode', ...IMPORTED, containers: OPENCODE_MAPS, source: `${PATHS} (opencodeConfigPaths)` },
  { scope: 'user', path: '$OPENCODE_CONFIG_DIR/opencode.jsonc', importKind: 'opencode', ...IMPORTED, containers: OPENCODE_MAPS, source: `${PATHS} (opencodeConfigPaths: OPENCODE_CONFIG_DIR)` },
  { scope: 'user', path: '$OPENCODE_CONFIG_DIR/opencode.json', importKind: 'opencode', ...IMPORTED, containers: OPENCODE_MAPS, source: `${PATHS} (opencodeConfigPaths: OPENCODE_CONFIG_DIR)` },
  { scope: 'project', path: '<project>/.openai/config.json', importKind: 'opencode', ...IMPORTED, containers: OPENCODE_MAPS, source: `${PATHS} (opencodeConfigPaths)` },
  { scope: 'user', path: '$OPENAI_WORKDIR/.openai/config.json', importKind: 'opencode', ...IMPORTED, containers: OPENCODE_MAPS, source: `${PATHS} (opencodeConfigPaths: OPENAI_WORKDIR)` },
  { scope: 'user', path: '~/.config/openai/config.json', importKind: 'opencode', ...IMPORTED, containers: OPENCODE_MAPS, source: `${PATHS} (opencodeConfigPaths: (XDG_CONFIG_HOME or ~/.config)/openai/config.json)` },
  { scope: 'user', path: '~/.config/opencode/opencode.jsonc', importKind: 'opencode', ...IMPORTED, os: ['linux', 'darwin'], containers: OPENCODE_MAPS, source: `${PATHS} (defaultOpencodeConfigDirs: ~/.config/opencode off Windows)` },
  { scope: 'user', path: '~/.config/opencode/opencode.json', importKind: 'opencode', ...IMPORTED, os: ['linux', 'darwin'], containers: OPENCODE_MAPS, source: `${PATHS} (defaultOpencodeConfigDirs)` },
  { scope: 'user', path: '%APPDATA%/opencode/opencode.jsonc', importKind: 'opencode', ...IMPORTED, os: 'win32', containers: OPENCODE_MAPS, source: `${PATHS} (defaultOpencodeConfigDirs: APPDATA/opencode on win32)` },
  { scope: 'user', path: '%APPDATA%/opencode/opencode.json', importKind: 'opencode', ...IMPORTED, os: 'win32', containers: OPENCODE_MAPS, source: `${PATHS} (defaultOpencodeConfigDirs)` },
  { scope: 'project', path: '<project>/.vscode/mcp.json', importKind: 'vscode', ...IMPORTED, source: `${PATHS} (vscode)` },
  { scope: 'user', path: '~/Library/Application Support/Code/User/mcp.json', importKind: 'vscode', ...IMPORTED, os: 'darwin', source: `${PATHS} (defaultVscodeConfigPaths, darwin)` },
  { scope: 'user', path: '~/Library/Application Support/Code - Insiders/User/mcp.json', importKind: 'vscode', ...IMPORTED, os: 'darwin', source: `${PATHS} (defaultVscodeConfigPaths, darwin)` },
  { scope: 'user', path: '%APPDATA%/Code/User/mcp.json', importKind: 'vscode', ...IMPORTED, os: 'win32', source: `${PATHS} (defaultVscodeConfigPaths, win32)` },
  { scope: 'user', path: '%APPDATA%/Code - Insiders/User/mcp.json', importKind: 'vscode', ...IMPORTED, os: 'win32', source: `${PATHS} (defaultVscodeConfigPaths, win32)` },
  { scope: 'user', path: '~/.config/Code/User/mcp.json', importKind: 'vscode', ...IMPORTED, os: 'linux', source: `${PATHS} (defaultVscodeConfigPaths: ~/.config, whatever XDG_CONFIG_HOME holds)` },
  { scope: 'user', path: '~/.config/Code - Insiders/User/mcp.json', importKind: 'vscode', ...IMPORTED, os: 'linux', source: `${PATHS} (defaultVscodeConfigPaths)` },
];

/** The imports in reading order, for `precedence` (the same paths as IMPORTS). */
const IMPORT_TIERS = [
  { location: '<project>/.cursor/mcp.json' },
  { location: '~/.cursor/mcp.json' },
  { location: '~/AppData/Roaming/Cursor/User/mcp.json' },
  { location: '~/Library/Application Support/Cursor/User/mcp.json' },
  { location: '$XDG_CONFIG_HOME/Cursor/User/mcp.json' },
  { location: '<project>/.claude/settings.local.json' },
  { location: '<project>/.claude/settings.json' },
  { location: '<project>/.claude/mcp.json' },
  { location: '~/.claude/settings.local.json' },
  { location: '~/.claude/settings.json' },
  { location: '~/.claude/mcp.json' },
  { location: '~/.claude.json' },
  { location: '~/Library/Application Support/Claude/settings.json' },
  { location: '~/AppData/Roaming/Claude/settings.json' },
  { location: '~/.config/Claude/settings.json' },
  { location: '<project>/.codex/config.toml' },
  { location: '~/.codex/config.toml' },
  { location: '~/.codeium/windsurf/mcp_config.json' },
  { location: '~/.codeium/windsurf-next/mcp_config.json' },
  { location: '~/.windsurf/mcp_config.json' },
  { location: '~/.config/.codeium/windsurf/mcp_config.json' },
  { location: '%APPDATA%/Codeium/windsurf/mcp_config.json' },
  { location: '$OPENCODE_CONFIG' },
  { location: '<project>/opencode.jsonc' },
  { location: '<project>/opencode.json' },
  { location: '$OPENCODE_CONFIG_DIR/opencode.jsonc' },
  { location: '$OPENCODE_CONFIG_DIR/opencode.json' },
  { location: '<project>/.openai/config.json' },
  { location: '$OPENAI_WORKDIR/.openai/config.json' },
  { location: '~/.config/openai/config.json' },
  { location: '~/.config/opencode/opencode.jsonc' },
  { location: '~/.config/opencode/opencode.json' },
  { location: '%APPDATA%/opencode/opencode.jsonc' },
  { location: '%APPDATA%/opencode/opencode.json' },
  { location: '<project>/.vscode/mcp.json' },
  { location: '~/Library/Application Support/Code/User/mcp.json' },
  { location: '~/Library/Application Support/Code - Insiders/User/mcp.json' },
  { location: '%APPDATA%/Code/User/mcp.json' },
  { location: '%APPDATA%/Code - Insiders/User/mcp.json' },
  { location: '~/.config/Code/User/mcp.json' },
  { location: '~/.config/Code - Insiders/User/mcp.json' },
] as const;

const OWN: readonly HostLocation[] = [
  { scope: 'user', path: '~/.mcporter/mcporter.json', source: `${M}:src/paths.ts mcporterConfigCandidates (legacyMcporterDir ~/.mcporter)` },
  { scope: 'user', path: '~/.mcporter/mcporter.jsonc', format: 'jsonc', source: `${M}:src/paths.ts mcporterConfigCandidates (mcporter.jsonc after mcporter.json)` },
  { scope: 'user', path: '$MCPORTER_CONFIG', format: 'jsonc', source: `${M}:src/config/path-discovery.ts listConfigLayerPaths (MCPORTER_CONFIG replaces every other layer)` },
  { scope: 'project', path: '<project>/config/mcporter.json', source: `${M}:src/config/path-discovery.ts listConfigLayerPaths (<rootDir>/config/mcporter.json)` },
];

/** mcporter: openclaw/mcporter@ae3d900:src/config.ts. */
export const mcporter = {
  id: 'mcporter',
  envFiles: NO_ENV_FILES,
  name: 'mcporter',
  programs: { npmPackages: [{ name: 'mcporter', program: 'mcporter', source: 'openclaw/mcporter package.json (name mcporter, bin mcporter)' }], versionFolders: [], names: ['mcporter'], editors: [], flatpaks: [], macApps: [], source: 'openclaw/mcporter package.json (npm mcporter, bin `mcporter`)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  // getUrl before getCommand: baseUrl, base_url, url, serverUrl, server_url, then command or executable
  // (openclaw/mcporter@06621f95 src/config-normalize.ts normalizeServerEntry). RawEntrySchema has no
  // `type` and no `disabled` (zod drops unknown keys), so neither picks the transport or stops an
  // entry (openclaw/mcporter@ae3d900:src/config-schema.ts RawEntrySchema).
  entry: {
    ...STANDARD_ENTRY, command: ['command', 'executable'], type: [], disabled: [],
    url: [{ key: 'baseUrl' }, { key: 'base_url' }, { key: 'url' }, { key: 'serverUrl' }, { key: 'server_url' }], urlBeforeCommand: true,
  },
  source: `${M}:src/config-schema.ts (mcpServers: map of server names)`,
  locations: [...OWN, ...IMPORTS],
  // Each config layer's `imports` (absent: DEFAULT_IMPORTS, all seven kinds; `[]`: none; a
  // non-empty list: the listed kinds, then every default it does not name) is read before the
  // layer's own mcpServers (openclaw/mcporter@ae3d900:src/config.ts buildServerDefinitions). With
  // no config file at all mcporter still reads one empty layer, so DEFAULT_IMPORTS
  // (openclaw/mcporter@ae3d900:src/config/read-config.ts loadConfigLayers). A kind outside the
  // enum makes the schema refuse the config (openclaw/mcporter@ae3d900:src/config-schema.ts ImportKindSchema).
  imports: {
    key: ['imports'],
    kinds: ['cursor', 'claude-code', 'claude-desktop', 'codex', 'windsurf', 'opencode', 'vscode'],
    list: 'listed-then-rest',
    // mcporter keeps its config, credentials and daemon state there (openclaw/mcporter@ae3d900:src/paths.ts mcporterDir, legacyMcporterDir).
    // Or its package where an install or a run left it: npx's cache (npm/cli
    // workspaces/libnpmexec/lib/index.js: <cache>/_npx/<hash>/node_modules), a user-prefix global
    // install (https://docs.npmjs.com/resolving-eacces-permissions-errors-when-installing-packages-globally:
    // ~/.npm-global), nvm's per-version prefixes (nvm-sh/nvm README: ~/.nvm/versions/node/<v>),
    // pnpm's and bun's global folders (https://pnpm.io/npmrc#global-dir, https://bun.sh/docs/cli/add#global-packages).
    presence: [
      '~/.mcporter',
      '~/.npm/_npx/*/node_modules/mcporter/package.json',
      '~/.npm-global/lib/node_modules/mcporter/package.json',
      '~/.nvm/versions/node/*/lib/node_modules/mcporter/package.json',
      '~/.local/share/pnpm/global/*/node_modules/mcporter/package.json',
      '~/.bun/install/global/node_modules/mcporter/package.json',
    ],
    source: `${M}:src/config-schema.ts ImportKindSchema, DEFAULT_IMPORTS; src/config.ts buildServerDefinitions`,
  },
  // The last layer's own server replaces a same-named one (merged.set), and an import never
  // replaces a name already merged (`if (merged.has(name)) continue`): the project config's own
  // servers, then the home config's, then the imports in reading order
  // (openclaw/mcporter@ae3d900:src/config.ts buildServerDefinitions). A configured list that
  // reorders the kinds is not followed here: the tiers keep DEFAULT_IMPORTS' order.
  precedence: {
    tiers: [{ location: '<project>/config/mcporter.json' }, { location: '~/.mcporter/mcporter.json' }, { location: '~/.mcporter/mcporter.jsonc' }, { location: '$MCPORTER_CONFIG' }, ...IMPORT_TIERS],
    merge: 'whole',
    source: `${M}:src/config.ts buildServerDefinitions (local definitions win; the first import of a name is kept)`,
  },
  dirVariables: [
    // An absolute XDG_CONFIG_HOME puts the home config at $XDG_CONFIG_HOME/mcporter/mcporter.json(c),
    // looked for before ~/.mcporter (read too, as later releases fall back to it); unset, ~/.mcporter alone.
    // The opencode import's folders follow it too (src/config/imports/paths.ts opencodeConfigPaths, defaultOpencodeConfigDirs).
    { name: 'XDG_CONFIG_HOME', replaces: [{ prefix: '~/.mcporter', with: '/mcporter' }, { prefix: '~/.config/opencode', with: '/opencode' }, { prefix: '~/.config/openai', with: '/openai' }], source: 'openclaw/mcporter@bb6e646:src/paths.ts (mcporterDir: XDG_CONFIG_HOME when absolute, else legacyMcporterDir; mcporterConfigCandidates)' },
  ],
} as const satisfies HostDefinition;
