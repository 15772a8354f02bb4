import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition, VSCODE_FAMILY_DIRS, VSCODE_FAMILY_WORKSPACES } from './types.js';

/** Amazon Q Developer: snyk/agent-scan@b9e98ab:src/agent_scan/well_known_clients.py, ace26597/mcp-lock@0415c80:src/parsers/config-discovery.ts; the VS Code extension file as msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py reads it (unverified). */
export const amazonQ = {
  id: 'amazon-q',
  envFiles: NO_ENV_FILES,
  name: 'Amazon Q Developer',
  programs: { npmPackages: [], versionFolders: [], names: ['q', 'qchat'], editors: ['vscode-family', 'jetbrains'], flatpaks: [], macApps: [], source: 'Amazon Q docs https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/command-line-installing.html (the `q` command; the Linux zip installs q and qchat); aws/amazon-q-developer-cli crates/chat_cli (binary chat_cli, shipped as qchat); the IDE extension runs in VS Code and JetBrains IDEs' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'Amazon Q docs https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/mcp-ide.html (default.json global/local, legacy mcp.json via useLegacyMcpJson, workspace precedence)',
  locations: [
    { scope: 'user', path: '~/.aws/amazonq/mcp.json', note: 'legacy', source: 'Amazon Q docs https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/mcp-ide.html (default.json global/local, legacy mcp.json via useLegacyMcpJson, workspace precedence)' },
    { scope: 'profile', glob: true, path: '~/.aws/amazonq/cli-agents/*.json', note: 'agents: inline mcpServers', source: 'Amazon Q docs https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/qdev-mcp.html (CLI: ~/.aws/amazonq/cli-agents; IDE: ~/.aws/amazonq/agents/default.json)' },
    { scope: 'profile', path: '~/.aws/amazonq/agents/default.json', source: 'Amazon Q docs https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/qdev-mcp.html (CLI: ~/.aws/amazonq/cli-agents; IDE: ~/.aws/amazonq/agents/default.json)' },
    { scope: 'profile', path: '~/.aws/amazonq/agents/mcp.json', source: 'snyk/agent-scan@b9e98ab:src/agent_scan/well_known_clients.py (lists ~/.aws/amazonq/agents/{default,mcp}.json)' },
    { scope: 'plugin', path: '<UD>/Code/User/globalStorage/amazonwebservices.amazon-q-vscode/mcp.json', unverified: true, source: 'msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py (AMAZON_Q: the VS Code extension globalStorage mcp.json; no host source confirms it)' },
    { scope: 'user', path: '~/.aws/amazonq/default.json', source: 'Amazon Q docs https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/mcp-ide.html (default.json global/local, legacy mcp.json via useLegacyMcpJson, workspace precedence)' },
    { scope: 'project', path: '<project>/.amazonq/default.json', source: 'Amazon Q docs https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/mcp-ide.html (default.json global/local, legacy mcp.json via useLegacyMcpJson, workspace precedence)' },
    { scope: 'project', path: '<project>/.amazonq/mcp.json', source: 'Amazon Q docs https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/mcp-ide.html (default.json global/local, legacy mcp.json via useLegacyMcpJson, workspace precedence)' },
    { scope: 'project', glob: true, path: '<project>/.amazonq/cli-agents/*.json', source: 'Amazon Q docs https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/qdev-mcp.html (CLI: ~/.aws/amazonq/cli-agents; IDE: ~/.aws/amazonq/agents/default.json)' },
  ],
  projectIndexes: VSCODE_FAMILY_WORKSPACES,
  dirVariables: VSCODE_FAMILY_DIRS,

  notes: ['Agents load the legacy mcp.json only with `useLegacyMcpJson`.'],
} as const satisfies HostDefinition;
