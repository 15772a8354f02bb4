import { MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

// QwenLM/qwen-code (a fork of Gemini CLI) @ 96a2647e: packages/core/src/config/storage.ts keeps the
// user settings in ~/.qwen/settings.json ($QWEN_HOME replaces ~/.qwen) and the project's in
// <project>/.qwen/settings.json; servers under mcpServers, shaped as Gemini CLI's.
const STORAGE = 'QwenLM/qwen-code@96a2647e packages/core/src/config/storage.ts (QWEN_DIR .qwen; getGlobalQwenDir: $QWEN_HOME else ~/.qwen)';

export const qwenCode = {
  id: 'qwen-code',
  envFiles: {
    files: [
      { path: '<cwd>/.qwen/.env', format: 'dotenv', scope: 'project', walk: 'up-to-root', group: 'qwen-env', source: `${STORAGE}; the .env search it keeps from Gemini CLI` },
      { path: '<cwd>/.env', format: 'dotenv', scope: 'project', walk: 'up-to-root', group: 'qwen-env', source: `${STORAGE}; the .env search it keeps from Gemini CLI` },
      { path: '~/.qwen/.env', format: 'dotenv', scope: 'user', group: 'qwen-env', source: `${STORAGE}; the .env search it keeps from Gemini CLI` },
      { path: '~/.env', format: 'dotenv', scope: 'user', group: 'qwen-env', source: `${STORAGE}; the .env search it keeps from Gemini CLI` },
    ],
    source: `${STORAGE}; unverified: the .env search is read from Gemini CLI, the fork's parent`,
  },
  name: 'Qwen Code',
  format: 'jsonc',
  containers: MCP_SERVERS_MAP,
  entry: {
    ...STANDARD_ENTRY, url: [{ key: 'httpUrl', transport: 'http' }, { key: 'url', transport: 'http' }], urlDefault: 'http',
    disabled: [], urlBeforeCommand: true, cwd: ['cwd'],
  },
  source: `${STORAGE}; entry shape as Gemini CLI's MCPServerConfig (google-gemini/gemini-cli@5411f113 packages/core/src/config/config.ts)`,
  locations: [
    { scope: 'user', path: '~/.qwen/settings.json', source: STORAGE },
    { scope: 'project', path: '<project>/.qwen/settings.json', source: STORAGE },
  ],
  dirVariables: [{ name: 'QWEN_HOME', replaces: [{ prefix: '~/.qwen' }], source: STORAGE }],
  launchDir: { kind: 'project', source: `${STORAGE}; Gemini CLI's mcp-client.ts: no cwd means the host's own folder` },
} as const satisfies HostDefinition;
