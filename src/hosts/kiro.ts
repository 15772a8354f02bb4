import { KIRO_PROGRAMS, NO_ENV_FILES, STANDARD_ENTRY, VSCODE_FAMILY_DIRS, type HostDefinition } from './types.js';

/** Kiro: snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/kiro.py, docker/mcp-gateway@2bd20fe:pkg/client/config.yml, stacklok/toolhive@e25de16:pkg/client/config.go. Powers add a `powers.mcpServers` block. */
export const kiro = {
  id: 'kiro',
  envFiles: NO_ENV_FILES,
  name: 'Kiro',
  programs: { npmPackages: [], versionFolders: [], ...KIRO_PROGRAMS, names: [...KIRO_PROGRAMS.names, 'kiro-cli', 'kiro-cli-chat'], editors: [], source: `${KIRO_PROGRAMS.source}; Kiro CLI docs https://kiro.dev/docs/cli/installation (the kiro-cli command)` },
  format: 'json',
  containers: [{ path: ['mcpServers'], shape: 'map' }, { path: ['powers', 'mcpServers'], shape: 'map' }],
  entry: STANDARD_ENTRY,
  variables: { form: 'shell', fields: ['command', 'args', 'env', 'url', 'headers'], source: 'Kiro docs https://kiro.dev/docs/mcp/configuration (user and workspace mcp.json, disabled, ${VAR} in env; workspace wins)' },
  source: 'Kiro docs https://kiro.dev/docs/mcp/configuration (user and workspace mcp.json, disabled, ${VAR} in env; workspace wins)',
  locations: [
    { scope: 'user', path: '~/.kiro/settings/mcp.json', source: 'Kiro docs https://kiro.dev/docs/mcp/configuration (user and workspace mcp.json, disabled, ${VAR} in env; workspace wins)' },
    { scope: 'profile', glob: true, path: '~/.kiro/agents/*.json', note: 'agents: inline mcpServers', source: 'Kiro CLI docs https://kiro.dev/docs/cli/chat/configuration (agent scope <home|project>/.kiro/agents)' },
    { scope: 'plugin', glob: true, path: '~/.kiro/powers/installed/*/mcp.json', unverified: true, source: 'snyk/agent-scan@b9e98ab src/agent_scan/agents/vscode/kiro.py; docker/mcp-gateway@2bd20fe pkg/client/config.yml (Powers; not in the Kiro MCP docs)' },
    { scope: 'project', path: '<project>/.kiro/settings/mcp.json', source: 'Kiro docs https://kiro.dev/docs/mcp/configuration (user and workspace mcp.json, disabled, ${VAR} in env; workspace wins)' },
    { scope: 'project', glob: true, path: '<project>/.kiro/agents/*.json', source: 'Kiro CLI docs https://kiro.dev/docs/cli/chat/configuration (agent scope)' },
  ],
  // Kiro is a Code OSS fork: its windows record their folders as VS Code's do, in
  // `<UD>/Kiro/User/workspaceStorage/<id>/workspace.json` (getagentseal/codeburn docs/providers/kiro.md:
  // Kiro's user data under ~/.config/Kiro/User, ~/Library/Application Support/Kiro/User, %APPDATA%/Kiro/User,
  // workspace.json per workspace hash). Each folder is a workspace whose .kiro/settings/mcp.json Kiro loads.
  projectIndexes: [
    { path: '<UD>/Kiro/User/workspaceStorage/*/workspace.json', key: ['folder'], source: 'getagentseal/codeburn docs/providers/kiro.md (Kiro user data and workspace.json)' },
    { path: '<UD>/Kiro/User/workspaceStorage/*/workspace.json', key: ['workspace'], kind: 'workspace-file', source: 'getagentseal/codeburn docs/providers/kiro.md; multi-root as in VS Code https://code.visualstudio.com/docs/editing/workspaces/multi-root-workspaces' },
  ],
  dirVariables: VSCODE_FAMILY_DIRS,
  notes: [
    'Checked against https://kiro.dev/docs/mcp/configuration and https://kiro.dev/docs/cli/chat/configuration: ~/.kiro/settings/mcp.json and <workspace>/.kiro/settings/mcp.json on every OS, the workspace file winning for a name in both, `disabled`, `${VAR}` expansion. The CLI loads an agent\'s own mcpServers above both files (MCP server loading priority in https://kiro.dev/docs/cli/mcp/configuration); agent precedence is not modelled.',
    'The docs do not say: a directory variable that moves ~/.kiro, how a multi-root workspace picks its .kiro folders, whether the CLI walks up from a subfolder to the workspace root, or the launch directory of stdio servers.',
  ],
} as const satisfies HostDefinition;
