import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

// MoonshotAI/kimi-cli @ 4a550effdfcb29a25a5d325bf935296cc50cd417, read file by file.
const REPO = 'MoonshotAI/kimi-cli@4a550eff';
const SHARE = `${REPO}:src/kimi_cli/share.py (get_share_dir: $KIMI_SHARE_DIR, else ~/.kimi)`;
const MCP_FILE = `${REPO}:src/kimi_cli/cli/mcp.py (get_global_mcp_config_file: <share dir>/mcp.json)`;
const CLI = `${REPO}:src/kimi_cli/cli/__init__.py (--mcp-config-file, repeatable; the default mcp.json is loaded only when none is given)`;

/**
 * Kimi Code CLI, from the host source: every `--mcp-config-file` (else `<share dir>/mcp.json`) is
 * read as JSON and handed to fastmcp's MCPConfig (`mcpServers`), src/kimi_cli/soul/toolset.py.
 */
export const kimiCode = {
  id: 'kimi-code',
  envFiles: NO_ENV_FILES,
  name: 'Kimi Code CLI',
  programs: { npmPackages: [], versionFolders: [], names: ['kimi', 'kimi-cli'], editors: [], flatpaks: [], macApps: [], source: 'MoonshotAI/kimi-cli pyproject.toml ([project.scripts] kimi, kimi-cli)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: `${REPO}:src/kimi_cli/soul/toolset.py (fastmcp MCPConfig(mcpServers=…)); ${CLI}`,
  locations: [
    { scope: 'user', path: '~/.kimi/mcp.json', source: `${MCP_FILE}; ${SHARE}` },
  ],
  // KIMI_SHARE_DIR replaces ~/.kimi as it stands (Path(value): no ~ expansion).
  dirVariables: [{ name: 'KIMI_SHARE_DIR', replaces: [{ prefix: '~/.kimi' }], source: SHARE }],
  // `kimi --mcp-config-file FILE` in a session file's alias or wrapper: that file is loaded (and
  // mcp.json then is not; both stay listed, which errs towards launched).
  launchOptions: [
    { program: 'kimi', option: '--mcp-config-file', scope: 'user', containers: MCP_SERVERS_MAP, source: CLI },
    { program: 'kimi-cli', option: '--mcp-config-file', scope: 'user', containers: MCP_SERVERS_MAP, source: `${CLI}; ${REPO}:pyproject.toml ([project.scripts] kimi, kimi-cli)` },
  ],
  notes: [
    '`--mcp-config JSON` (inline servers) given by a wrapper is not read: such a value is a floor cause.',
  ],
} as const satisfies HostDefinition;
