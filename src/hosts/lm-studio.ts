import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

/** LM Studio: stacklok/toolhive@e25de16:pkg/client/config.go; docker/mcp-gateway@2bd20fe:pkg/client/config.yml. */
export const lmStudio = {
  id: 'lm-studio',
  envFiles: NO_ENV_FILES,
  name: 'LM Studio',
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: 'LM Studio docs https://lmstudio.ai/docs/app/mcp (mcp.json in Cursor notation, ~/.lmstudio/mcp.json)',
  locations: [
    { scope: 'user', path: '~/.lmstudio/mcp.json', source: 'LM Studio docs https://lmstudio.ai/docs/app/mcp (mcp.json in Cursor notation, ~/.lmstudio/mcp.json)' },
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.cache/lm-studio/mcp.json', source: 'lmstudio-ai/lmstudio-bug-tracker#1371 (a copy in ~/.cache/lm-studio on macOS)' },
  ],
} as const satisfies HostDefinition;
