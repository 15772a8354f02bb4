import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

/**
 * OpenClaw: msaad00/agent-bom@9910e29:src/agent_bom/discovery/__init__.py; ace26597/mcp-lock@0415c80:src/parsers/config-discovery.ts. The file is JSON5; it is read as JSONC (comments, trailing commas). JSON5-only
 * syntax (unquoted keys, single quotes) is reported as config-unparseable rather than guessed.
 */
export const openclaw = {
  id: 'openclaw',
  envFiles: NO_ENV_FILES,
  name: 'OpenClaw',
  format: 'jsonc',
  containers: [
    { path: ['mcp', 'servers'], shape: 'map' },
    { path: ['provider', 'mcpServers'], shape: 'map' },
    { path: ['mcpServers'], shape: 'map' },
  ],
  entry: STANDARD_ENTRY,
  source: 'hosts.md row 32 (tools cited there)',
  locations: [{ scope: 'user', path: '~/.openclaw/openclaw.json', source: 'hosts.md row 32 (tools cited there)' }],
} as const satisfies HostDefinition;
