import { QODER_PROGRAMS, NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** Qoder: stacklok/toolhive@e25de16:pkg/client/config.go. */
export const qoder = {
  id: 'qoder',
  envFiles: NO_ENV_FILES,
  name: 'Qoder',
  programs: { npmPackages: [], versionFolders: [], ...QODER_PROGRAMS, names: [...QODER_PROGRAMS.names, 'qodercli'], editors: [], source: `${QODER_PROGRAMS.source}; Qoder CLI docs https://docs.qoder.com/cli/quick-start (the qodercli command)` },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'stacklok/toolhive@e25de16:pkg/client/config.go (Qoder: PlatformPrefix .qoder on darwin/linux, AppData/Roaming/Qoder/SharedClientCache on Windows; /mcpServers)',
  locations: [
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.qoder/mcp.json', source: 'stacklok/toolhive@e25de16:pkg/client/config.go (Qoder: PlatformPrefix .qoder on darwin/linux, AppData/Roaming/Qoder/SharedClientCache on Windows; /mcpServers)' },
    { scope: 'user', os: 'darwin', path: '~/Library/Application Support/Qoder/SharedClientCache/mcp.json', unverified: true, source: 'unverified: the macOS twin of the Windows %APPDATA%/Qoder/SharedClientCache/mcp.json that stacklok/toolhive@e25de16:pkg/client/config.go names; third-party installers write it' },
    { scope: 'user', os: 'win32', path: '%APPDATA%/Qoder/SharedClientCache/mcp.json', source: 'stacklok/toolhive@e25de16:pkg/client/config.go (Qoder: PlatformPrefix .qoder on darwin/linux, AppData/Roaming/Qoder/SharedClientCache on Windows; /mcpServers)' },
  ],
} as const satisfies HostDefinition;
