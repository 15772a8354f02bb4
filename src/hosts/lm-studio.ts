import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

const DOCS = 'LM Studio docs https://lmstudio.ai/docs/app/mcp (lmstudio-ai/docs@9e42fd5 0_app/2_plugins/mcp/index.md: "the app\'s mcp.json", Cursor\'s notation: mcpServers, command/args/env, url/headers)';
/** Where LM Studio's home is: the pointer file, else ~/.cache/lm-studio when it exists, else ~/.lmstudio; no OS test. */
const HOME = 'lmstudio-ai/lmstudio-js@7c40eb8 packages/lms-common-server/src/findLMStudioHome.ts';

/**
 * LM Studio: closed source; its documentation above and the home lookup its own SDK ships (HOME).
 * The file inside the home (`mcp.json`) is where stacklok/toolhive@e25de16:pkg/client/config.go and
 * docker/mcp-gateway@2bd20fe:pkg/client/config.yml read it; the docs name it but not its folder.
 */
export const lmStudio = {
  id: 'lm-studio',
  envFiles: NO_ENV_FILES,
  name: 'LM Studio',
  programs: { npmPackages: [], versionFolders: [], names: ['lms', 'lm-studio'], editors: [], flatpaks: [], macApps: [{ app: 'LM Studio', program: 'lm-studio' }], source: 'LM Studio docs https://lmstudio.ai/docs/cli (the `lms` command, ~/.lmstudio/bin/lms); https://lmstudio.ai/download (LM Studio.app, LM Studio.exe, the Linux AppImage)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: STANDARD_ENTRY,
  source: DOCS,
  locations: [
    { scope: 'user', path: '~/.lmstudio/mcp.json', source: `${HOME} (default home ~/.lmstudio); ${DOCS}` },
    // Read on every OS: findLMStudioHome has no platform test (it was modelled for macOS and Linux only).
    { scope: 'user', path: '~/.cache/lm-studio/mcp.json', source: `${HOME} (~/.cache/lm-studio when that folder exists)` },
  ],
  // ~/.lmstudio-home-pointer holds the home's path (written by LM Studio on first start, or by the
  // user to move it): the mcp.json there is read too. Both defaults stay read (the audit errs towards live).
  relocatingSettings: [{
    file: '~/.lmstudio-home-pointer', format: 'text', key: [],
    location: '~/.lmstudio/mcp.json', prefix: '~/.lmstudio',
    source: `${HOME} (readFileSync(~/.lmstudio-home-pointer).trim() is the home when it exists)`,
  }],
  notes: [
    'LM Studio reads one home: the pointer file\'s folder when the pointer exists, else ~/.cache/lm-studio when it exists, else ~/.lmstudio. The audit reads all three, so an mcp.json outside the live home is listed although LM Studio does not load it.',
    'Docs are silent on: project-level files (none documented), a per-server disable switch, variable expansion in mcp.json, and the launch directory of stdio servers.',
  ],
} as const satisfies HostDefinition;
