import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

// continuedev/continue @ d0a3c0b626b5bebc3bef4742eec05a0242be0bab (2026-06-18).
const K = 'continuedev/continue@d0a3c0b6';
const JSON_BLOCKS = `${K} core/context/mcp/json/loadJsonMcpConfigs.ts:24-156; packages/config-yaml/src/schemas/mcp/json.ts:33-48`;
const YAML_BLOCKS = `${K} core/config/yaml/loadYaml.ts:57-67; core/config/loadLocalAssistants.ts:100-150`;
/** JSON block files: a Claude Code-like file (top level and every project), a Claude Desktop-like one, or one server named after the file. */
const JSON_SHAPES = [
  { path: ['mcpServers'], shape: 'map' },
  { path: ['projects', '*', 'mcpServers'], shape: 'map' },
  { path: [], shape: 'file-entry' },
] as const;

/** Continue, from the host source. `mcpServers` is an array of named items in config.yaml. */
export const continueDev = {
  id: 'continue',
  envFiles: NO_ENV_FILES,
  name: 'Continue',
  format: 'yaml',
  containers: [{ path: ['mcpServers'], shape: 'array', nameField: 'name' }],
  // No disabled/enabled field in either schema; legacy config.json items nest their fields under `transport`.
  entry: { ...STANDARD_ENTRY, disabled: [], inner: 'transport' },
  source: `${K} packages/config-yaml/src/schemas/mcp/index.ts:4-35; packages/config-yaml/src/schemas/mcp/json.ts:4-24`,
  locations: [
    { scope: 'user', path: '~/.continue/config.yaml', source: `${K} core/util/paths.ts:119-139` },
    {
      scope: 'user', path: '~/.continue/config.json', format: 'json',
      containers: [
        { path: ['mcpServers'], shape: 'map' },
        { path: ['experimental', 'modelContextProtocolServers'], shape: 'array', nameField: 'name' },
      ],
      note: 'legacy: used only when config.yaml is absent', source: `${K} core/config/load.ts:524-545; core/util/paths.ts:133-139`,
    },
    { scope: 'user', path: '~/.continue/config.ts', script: { reason: 'TypeScript Continue runs to modify its config' }, source: `${K} core/util/paths.ts (getConfigTsPath); core/config/load.ts (modifyConfig from config.ts)` },
    { scope: 'user', glob: true, path: '~/.continue/mcpServers/**/*.{yaml,yml}', source: YAML_BLOCKS },
    { scope: 'user', glob: true, path: '~/.continue/mcpServers/**/*.json', format: 'json', containers: JSON_SHAPES, source: JSON_BLOCKS },
    { scope: 'project', glob: true, path: '<project>/.continue/mcpServers/**/*.{yaml,yml}', source: YAML_BLOCKS },
    { scope: 'project', glob: true, path: '<project>/.continue/mcpServers/**/*.json', format: 'json', containers: JSON_SHAPES, source: JSON_BLOCKS },
  ],
  dirVariables: [{ name: 'CONTINUE_GLOBAL_DIR', replaces: [{ prefix: '~/.continue' }], source: `${K} core/util/paths.ts:27-36 (getContinueGlobalPath)` }],
  variables: { form: 'continue', fields: ['command', 'args', 'env', 'url', 'headers'], source: `${K} packages/config-yaml/src/load/unroll.ts:83; core/config/yaml/LocalPlatformClient.ts:16,100-102` },
  launchDir: { kind: 'project', source: `${K} core/context/mcp/MCPConnection.ts:454-492 (no cwd: the workspace root)` },
  notes: [
    'Legacy experimental.modelContextProtocolServers items nest their fields under `transport`.',
    'Same-named JSON block servers: the first file wins (workspace before global); across YAML and JSON the last transport options are used (not modelled).',
    'A JSON block file with one invalid entry is rejected whole; ~/.continue/config.ts can rewrite the config in code (never run: when present the count is a floor).',
  ],
} as const satisfies HostDefinition;
