import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

/**
 * Docker MCP Toolkit, as msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py reads it. registry.yaml lists catalog servers the gateway runs (as containers); they have
 * no command in the file, so their transport is `unknown` and grading sees the gateway's entry.
 */
export const dockerMcpToolkit = {
  id: 'docker-mcp-toolkit',
  envFiles: NO_ENV_FILES,
  name: 'Docker MCP Toolkit',
  programs: { npmPackages: [], versionFolders: [], names: ['docker', 'docker-mcp', 'docker-desktop'], editors: [], flatpaks: [], macApps: [{ app: 'Docker', program: 'docker' }], source: 'docker/mcp-gateway README.md (the `docker mcp` CLI plugin, docker-mcp); Docker Desktop https://docs.docker.com/desktop/ (Docker.app, Docker Desktop.exe, the Linux docker-desktop package)' },
  format: 'yaml',
  containers: [{ path: ['registry'], shape: 'map' }],
  entry: STANDARD_ENTRY,
  source: 'msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py discover_docker_mcp (registry.yaml `registry` map of enabled catalog servers)',
  locations: [{ scope: 'user', path: '~/.docker/mcp/registry.yaml', source: 'msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py discover_docker_mcp (registry.yaml `registry` map of enabled catalog servers)' }],
} as const satisfies HostDefinition;
