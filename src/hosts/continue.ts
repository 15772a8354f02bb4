import { NO_ENV_FILES, STANDARD_ENTRY, VSCODE_FAMILY_DIRS, VSCODE_FAMILY_WORKSPACES, type HostDefinition } from './types.js';

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

// `uses:` items: unroll.ts unrollBlocks resolves each with decodePackageIdentifier (slugs.ts) and
// takes the named file's first block of the section, with the item's `override` keys laid over it.
const USES_SOURCE = `${K} packages/config-yaml/src/load/unroll.ts (unrollBlocks, resolveBlock, mergeOverrides); packages/config-yaml/src/interfaces/slugs.ts (decodePackageIdentifier); packages/config-yaml/src/registryClient.ts (getContentFromFilePath: relative to the working directory, else the config's folder, core/config/yaml/loadYaml.ts rootPath)`;
const USES = {
  field: 'uses', override: 'override', format: 'yaml',
  containers: [{ path: ['mcpServers'], shape: 'array', nameField: 'name' }],
  // Releases before continuedev/continue@b6027350 (2026-03-19) fetched slugs from the hub
  // (api.continue.dev, packages/config-yaml/src/registryClient.ts getContentFromSlug); later ones refuse them.
  slug: 'a hub package slug: older Continue releases fetch it from the hub, which the audit never contacts',
  source: USES_SOURCE,
} as const;
/** A full config (config.yaml, a local agent): `mcpServers` items may pull their server from a file. */
const ASSISTANT = [{ path: ['mcpServers'], shape: 'array', nameField: 'name', uses: USES }] as const;
// Local agents: every YAML file below ~/.continue/{assistants,agents,configs} and the workspace's
// is one profile (ConfigHandler.getLocalProfiles). The one in use is the profile last selected for
// the workspace, kept in ~/.continue/index/globalContext.json lastSelectedProfileForWorkspace
// (ConfigHandler.setSelectedProfileId) under a workspace id: every profile's servers are listed
// launched (errs towards launched).
const AGENTS = `${K} core/config/ConfigHandler.ts (getLocalProfiles, setSelectedProfileId); core/config/loadLocalAssistants.ts (getDotContinueSubDirs); core/util/paths.ts (getGlobalFolderWithName)`;

// Workspace rc files: every regular file or link directly in a workspace folder whose name ends in
// `.continuerc.json` (comment-json) is merged over the legacy config.json config, each with its own
// `mergeBehavior`: `overwrite` replaces each top-level key it holds, otherwise objects are merged
// and arrays concatenated (experimental.modelContextProtocolServers items add to config.json's).
const RC = 'continuedev/continue@d7c0a8f7 core/config/json/loadRcConfigs.ts (getWorkspaceRcConfigs: listDir, endsWith(".continuerc.json")); core/config/load.ts (loadSerializedConfig: mergeJson(config, rc, rc.mergeBehavior, configMergeKeys), index id 383286126); core/util/merge.ts (mergeJson, index id 507642643)';
const LEGACY_JSON = [
  { path: ['mcpServers'], shape: 'map' },
  { path: ['experimental', 'modelContextProtocolServers'], shape: 'array', nameField: 'name' },
] as const;

/** Continue, from the host source. `mcpServers` is an array of named items in config.yaml. */
export const continueDev = {
  id: 'continue',
  envFiles: NO_ENV_FILES,
  name: 'Continue',
  programs: { npmPackages: [{ name: '@continuedev/cli', program: 'cn', source: 'continuedev/continue extensions/cli/package.json (name @continuedev/cli, bin cn)' }], versionFolders: [], names: ['cn'], editors: ['vscode-family', 'jetbrains'], flatpaks: [], macApps: [], source: 'continuedev/continue extensions/cli/package.json (npm @continuedev/cli, bin `cn`); Continue docs https://docs.continue.dev (VS Code and JetBrains extensions)' },
  format: 'yaml',
  containers: [{ path: ['mcpServers'], shape: 'array', nameField: 'name' }],
  // No disabled/enabled field in either schema; legacy config.json items nest their fields under `transport`.
  entry: { ...STANDARD_ENTRY, disabled: [], inner: 'transport' },
  source: `${K} packages/config-yaml/src/schemas/mcp/index.ts:4-35; packages/config-yaml/src/schemas/mcp/json.ts:4-24`,
  locations: [
    { scope: 'user', path: '~/.continue/config.yaml', containers: ASSISTANT, source: `${K} core/util/paths.ts:119-139; ${USES_SOURCE}` },
    { scope: 'user', glob: true, path: '~/.continue/{assistants,agents,configs}/**/*.{yaml,yml}', containers: ASSISTANT, note: 'local agent (one profile each)', source: AGENTS },
    {
      scope: 'user', path: '~/.continue/config.json', format: 'json', containers: LEGACY_JSON,
      note: 'legacy: used only when config.yaml is absent', source: `${K} core/config/load.ts:524-545; core/util/paths.ts:133-139`,
    },
    { scope: 'user', path: '~/.continue/config.ts', script: { reason: 'TypeScript Continue runs to modify its config' }, source: `${K} core/util/paths.ts (getConfigTsPath); core/config/load.ts (modifyConfig from config.ts)` },
    { scope: 'user', glob: true, path: '~/.continue/mcpServers/**/*.{yaml,yml}', source: YAML_BLOCKS },
    { scope: 'user', glob: true, path: '~/.continue/mcpServers/**/*.json', format: 'json', containers: JSON_SHAPES, source: JSON_BLOCKS },
    { scope: 'project', glob: true, path: '<project>/.continue/{assistants,agents,configs}/**/*.{yaml,yml}', containers: ASSISTANT, note: 'local agent (one profile each)', source: AGENTS },
    { scope: 'project', glob: true, path: '<project>/*.continuerc.json', format: 'jsonc', containers: LEGACY_JSON, note: 'workspace rc file, merged over the legacy config.json', source: RC },
    { scope: 'project', glob: true, path: '<project>/.continue/mcpServers/**/*.{yaml,yml}', source: YAML_BLOCKS },
    { scope: 'project', glob: true, path: '<project>/.continue/mcpServers/**/*.json', format: 'json', containers: JSON_SHAPES, source: JSON_BLOCKS },
  ],
  dirVariables: [...VSCODE_FAMILY_DIRS, { name: 'CONTINUE_GLOBAL_DIR', replaces: [{ prefix: '~/.continue' }], source: `${K} core/util/paths.ts:27-36 (getContinueGlobalPath)` }],
  // The VS Code-family extension loads the project files of its window's folders; and each chat
  // session Continue saves names the workspace it ran in: ~/.continue/sessions/sessions.json,
  // a list of { sessionId, title, dateCreated, workspaceDirectory } (a file:// URI of the first
  // workspace folder), written by VS Code and JetBrains alike; each is a folder whose workspace blocks Continue loads.
  projectIndexes: [...VSCODE_FAMILY_WORKSPACES, {
    path: '~/.continue/sessions/sessions.json', key: [], kind: 'list', item: ['workspaceDirectory'],
    source: `${K} core/util/history.ts:155-175 (save: workspaceDirectory in the sessions list); core/util/paths.ts:78-110 (getSessionsListPath); gui/src/redux/thunks/session.ts:253 (workspaceDirectory = window.workspacePaths[0])`,
  }],
  variables: { form: 'continue', fields: ['command', 'args', 'env', 'url', 'headers'], source: `${K} packages/config-yaml/src/load/unroll.ts:83; core/config/yaml/LocalPlatformClient.ts:16,100-102` },
  launchDir: { kind: 'project', source: `${K} core/context/mcp/MCPConnection.ts:454-492 (no cwd: the workspace root)` },
  // `${{ inputs.X }}` / `${{ secrets.X }}` are filled into the YAML text before it is parsed, in keys
  // and anywhere else as well as in values, with values that may hold any YAML.
  // The legacy config.json: each name its top-level `env` list holds is replaced over the raw text by its
  // value (process.env, then ~/.continue/.env) before JSON.parse.
  rawTextSubstitution: { markers: ['${{'], namesListedAt: 'env', source: 'continuedev/continue core/config/load.ts (resolveSerializedConfig: replaceAll of each listed name over the text); continuedev/continue@090e4dad packages/config-yaml/src/load/unroll.ts (fillTemplateVariables: TEMPLATE_VAR_REGEX replaced over the YAML text; resolveBlock renders the raw block before parseBlock)' },
  notes: [
    'Legacy experimental.modelContextProtocolServers items nest their fields under `transport`.',
    'Same-named JSON block servers: the first file wins (workspace before global); across YAML and JSON the last transport options are used (not modelled).',
    'Each YAML file under .continue/{assistants,agents,configs} is a profile; only the one selected for the workspace (globalContext.json lastSelectedProfileForWorkspace) runs: every profile is listed launched.',
    'A `uses:` item takes the first server of the file it names (relative paths against the config\'s folder; Continue tries its working directory first); a hub slug is not followed (a floor cause).',
    'Workspace *.continuerc.json files are merged over the legacy config.json (with config.json, not config.yaml): their servers are listed launched. One with mergeBehavior "overwrite" replaces config.json\'s `experimental` (and `mcpServers`) in that workspace only, so config.json\'s servers stay listed launched (they run in other workspaces); the order of several rc files in one folder is the IDE\'s listing order (not modelled). Later releases hold workspace servers for approval before they start (listed launched).',
    'A JSON block file with one invalid entry is rejected whole; ~/.continue/config.ts can rewrite the config in code (never run: when present the count is a floor).',
  ],
} as const satisfies HostDefinition;
