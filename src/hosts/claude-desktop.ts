import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

const DOCS = 'MCP docs https://modelcontextprotocol.io/docs/develop/connect-local-servers (claude_desktop_config.json, mcpServers, per-OS paths)';
const ROW = 'smart-mcp-proxy/mcpproxy-go@20a3e50:internal/connect/clients.go (~/.config/Claude); docker/mcp-gateway@2bd20fe:pkg/client/config.yml (~/.config/claude)';
const MCPB = 'anthropics/mcpb@27083dc MANIFEST.md (server.mcp_config: command, args, env; ${__dirname} = the extension folder); the install folder Claude Extensions/<id> as found on installs (not documented)';
/** One stdio server per extension manifest, named by the manifest's `name`. */
const EXTENSION = [{ path: ['server', 'mcp_config'], shape: 'single', rootNameField: 'name' }] as const;

/**
 * Claude Desktop: snyk/agent-scan@b9e98ab:src/agent_scan/agents/claude_desktop.py, docker/mcp-gateway@2bd20fe:pkg/client/config.yml. The Windows MSIX/Store build reads its file under
 * %LOCALAPPDATA%\Packages and ignores the %APPDATA% one (anthropics/claude-code#29100, docker/mcp-gateway#424);
 * on Linux tools disagree on the directory's case (Claude, claude); remote `url` entries in this file
 * are skipped (HelpCode-ai/anythingmcp#336; smart-mcp-proxy/mcpproxy-go@20a3e50:internal/connect/clients.go buildServerEntry).
 */
export const claudeDesktop = {
  id: 'claude-desktop',
  envFiles: NO_ENV_FILES,
  name: 'Claude Desktop',
  programs: { npmPackages: [], versionFolders: [], names: ['claude', 'claude-desktop'], editors: [], flatpaks: [], macApps: [{ app: 'Claude', program: 'claude' }], source: 'Claude Desktop https://claude.ai/download (Claude.app on macOS, Claude.exe on Windows); `claude-desktop` is the executable of the community Linux builds (aaddrick/claude-desktop-debian)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  // The documented entry has command/args/env only: no `disabled` field (servers are toggled in the app).
  entry: { ...STANDARD_ENTRY, disabled: [], remoteIgnored: true },
  source: `${DOCS}; HelpCode-ai/anythingmcp#336 and smart-mcp-proxy/mcpproxy-go@20a3e50:internal/connect/clients.go buildServerEntry (url entries are not connected from this file)`,
  locations: [
    { scope: 'user', os: 'darwin', path: '~/Library/Application Support/Claude/claude_desktop_config.json', source: DOCS },
    { scope: 'user', os: 'linux', path: '~/.config/Claude/claude_desktop_config.json', note: 'community Linux builds', unverified: true, source: `${ROW}: no official Linux build` },
    { scope: 'user', os: 'linux', path: '~/.config/claude/claude_desktop_config.json', note: 'community Linux builds, lowercase', unverified: true, source: `${ROW}: no official Linux build` },
    { scope: 'user', os: 'win32', path: '%APPDATA%/Claude/claude_desktop_config.json', source: DOCS },
    // Desktop Extensions (.mcpb) unpacked into the app folder: manifest.json server.mcp_config is the launch.
    { scope: 'plugin', os: 'darwin', glob: true, path: '~/Library/Application Support/Claude/Claude Extensions/*/manifest.json', containers: EXTENSION, unverified: true, source: MCPB },
    { scope: 'plugin', os: 'win32', glob: true, path: '%APPDATA%/Claude/Claude Extensions/*/manifest.json', containers: EXTENSION, unverified: true, source: MCPB },
    {
      scope: 'user', os: 'win32',
      path: '%LOCALAPPDATA%/Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming/Claude/claude_desktop_config.json',
      note: 'MSIX/Store build; the %APPDATA% file is then ignored', source: 'anthropics/claude-code#29100, docker/mcp-gateway#424 (the Store build reads the file under its package LocalCache)',
    },
    // The packaged app's writes to %APPDATA% land in its package's LocalCache\Roaming
    // (https://learn.microsoft.com/en-us/windows/msix/desktop/desktop-to-uwp-behind-the-scenes, "AppData"),
    // so the Store build unpacks its Desktop Extensions there too.
    {
      scope: 'plugin', os: 'win32', glob: true,
      path: '%LOCALAPPDATA%/Packages/Claude_*/LocalCache/Roaming/Claude/Claude Extensions/*/manifest.json', containers: EXTENSION, unverified: true,
      note: 'MSIX/Store build', source: `${MCPB}; https://learn.microsoft.com/en-us/windows/msix/desktop/desktop-to-uwp-behind-the-scenes (AppData writes of a packaged app go to its LocalCache)`,
    },
  ],
  variables: { form: 'shell', fields: ['command', 'args', 'env'], known: ['__dirname'], scopes: ['plugin'], source: MCPB },
  notes: [
    'Connectors, MDM and registry policies are not on disk; a Desktop Extension turned off in the app (Claude Extensions Settings) is reported launched.',
  ],
} as const satisfies HostDefinition;
