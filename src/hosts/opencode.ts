import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

// anomalyco/opencode (formerly sst/opencode), read file by file; provenance of
// the stored versions is mixed with forks, so the documentation is cited next to each fact.
const CONFIG = 'anomalyco/opencode@002d9822 packages/opencode/src/config/config.ts (global, project findUp, directories, load)';
const DOCS = 'opencode docs https://opencode.ai/docs/config ("Precedence order", managed settings)';
const PLUGIN = 'anomalyco/opencode@00210a4c packages/opencode/src/plugin/index.ts (state: import each config.plugin, BunProc.install for npm names; init: hook.config?.(config) on the merged config)';
const AUTH = 'anomalyco/opencode@01449267 packages/opencode/src/auth/index.ts (Global.Path.data/auth.json; WellKnown: type, key, token; entries failing the schema dropped)';
const PLUGIN_FILES = `${CONFIG} (loadPlugin: {plugin,plugins}/*.{ts,js} in every config directory, pushed to config.plugin); ${PLUGIN}`;
const PLUGIN_RUN = { reason: 'a plugin opencode imports and runs: its config hook may add servers' } as const;
const GLOBAL = 'anomalyco/opencode@0259f2c1 packages/opencode/src/global/index.ts';
const STORAGE = 'anomalyco/opencode@17db7910 packages/opencode/src/storage/storage.ts (dir = Global.Path.data/storage; file(dir, key) = dir/<key…>.json; migration 1 writes project/<id>.json { id, vcs, worktree }); anomalyco/opencode@01b9f189 packages/opencode/src/project/project.ts (Info: id, worktree, sandboxes; fromDirectory adds the folder\'s git top level to sandboxes when it is not the worktree)';
const MCP = 'anomalyco/opencode@001133bc packages/opencode/src/mcp/index.ts; opencode docs https://opencode.ai/docs/mcp-servers';

/**
 * opencode, from the host source and docs. Tools disagree on the Windows directory: ~/.config/opencode
 * (snyk/agent-scan@b9e98ab:src/agent_scan/agents/opencode.py; docker/mcp-gateway@2bd20fe:pkg/client/config.yml), %APPDATA%/opencode (openclaw/mcporter@ae3d900:src/config/imports/paths.ts),
 * %LOCALAPPDATA%/opencode (smart-mcp-proxy/mcpproxy-go@20a3e50:internal/connect/clients.go).
 */
export const opencode = {
  id: 'opencode',
  envFiles: NO_ENV_FILES,
  name: 'opencode',
  programs: { npmPackages: [{ name: 'opencode-ai', program: 'opencode', source: 'sst/opencode packages/opencode/package.json (npm opencode-ai, bin opencode)' }], versionFolders: [], names: ['opencode'], editors: [], flatpaks: [], macApps: [], source: 'sst/opencode packages/opencode/package.json (npm opencode-ai, bin `opencode`)' },
  format: 'jsonc',
  containers: [{ path: ['mcp'], shape: 'map' }],
  // V1: `type: local` with `command` as one array, `environment`, `enabled`; `type: remote` with `url` (HTTP, then SSE).
  entry: { ...STANDARD_ENTRY, env: ['environment', 'env'], enabled: ['enabled'], disabled: [] },
  source: `${CONFIG} (McpLocal, McpRemote, strict schemas); ${MCP}`,
  locations: [
    { scope: 'user', path: '~/.config/opencode/config.json', source: `${CONFIG}: xdg-basedir config dir on every OS` },
    { scope: 'user', path: '~/.config/opencode/opencode.json', source: `${CONFIG}: xdg-basedir config dir on every OS` },
    { scope: 'user', path: '~/.config/opencode/opencode.jsonc', source: `${CONFIG}: xdg-basedir config dir on every OS` },
    { scope: 'user', path: '~/.config/opencode/.opencode/opencode.json', source: `${CONFIG} (directories: .opencode in the global config dir)` },
    { scope: 'user', path: '~/.opencode/opencode.json', source: `${CONFIG} (directories: ~/.opencode)` },
    { scope: 'user', path: '~/.opencode/opencode.jsonc', source: `${CONFIG} (directories: ~/.opencode)` },
    { scope: 'user', path: '$OPENCODE_CONFIG', note: 'an extra config file named by OPENCODE_CONFIG', source: CONFIG },
    { scope: 'user', path: '$OPENCODE_CONFIG_DIR/opencode.json', source: CONFIG },
    { scope: 'user', path: '$OPENCODE_CONFIG_DIR/opencode.jsonc', source: CONFIG },
    { scope: 'user', os: 'win32', path: '%APPDATA%/opencode/opencode.json', unverified: true, source: 'openclaw/mcporter@ae3d900:src/config/imports/paths.ts defaultOpencodeConfigDirs (%APPDATA%/opencode on win32); the source uses ~/.config/opencode on Windows too' },
    { scope: 'user', os: 'win32', path: '%LOCALAPPDATA%/opencode/opencode.json', unverified: true, source: 'smart-mcp-proxy/mcpproxy-go@20a3e50:internal/connect/clients.go opencodeConfigDir (%LOCALAPPDATA%/opencode on Windows); the source uses ~/.config/opencode on Windows too' },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/opencode/opencode.json', source: DOCS },
    { scope: 'managed', os: 'linux', path: '/etc/opencode/opencode.json', source: DOCS },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/opencode/opencode.json', source: DOCS },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/opencode/opencode.jsonc', source: DOCS },
    { scope: 'managed', os: 'linux', path: '/etc/opencode/opencode.jsonc', source: DOCS },
    { scope: 'project', path: '<project>/opencode.json', source: `${CONFIG} (findUp from cwd to the worktree root)` },
    { scope: 'project', path: '<project>/opencode.jsonc', source: `${CONFIG} (findUp from cwd to the worktree root)` },
    { scope: 'project', path: '<project>/.opencode/opencode.json', source: `${CONFIG} (directories: .opencode from cwd up to the worktree)` },
    { scope: 'project', path: '<project>/.opencode/opencode.jsonc', source: `${CONFIG} (directories: .opencode from cwd up to the worktree)` },
    // Plugin files of every config directory (the global one, each .opencode, OPENCODE_CONFIG_DIR).
    { scope: 'user', glob: true, path: '~/.config/opencode/{plugin,plugins}/*.{ts,js}', script: PLUGIN_RUN, source: PLUGIN_FILES },
    { scope: 'user', glob: true, path: '~/.opencode/{plugin,plugins}/*.{ts,js}', script: PLUGIN_RUN, source: PLUGIN_FILES },
    { scope: 'user', glob: true, path: '$OPENCODE_CONFIG_DIR/{plugin,plugins}/*.{ts,js}', script: PLUGIN_RUN, source: PLUGIN_FILES },
    { scope: 'project', glob: true, path: '<project>/.opencode/{plugin,plugins}/*.{ts,js}', script: PLUGIN_RUN, source: PLUGIN_FILES },
  ],
  // npm packages and file URLs a config's `plugin` list names: installed, imported and run like plugin files.
  codeKeys: [{ key: ['plugin'], what: 'plugins opencode installs and runs', source: `${CONFIG} (Info.plugin; mergeConfigConcatArrays concatenates it over every file); ${PLUGIN}` }],
  // Remote configs: each wellknown entry of auth.json makes opencode fetch <key>/.well-known/opencode
  // and merge its `config` as the lowest layer, before any file.
  remoteConfigs: [{
    file: '~/.local/share/opencode/auth.json', match: { field: 'type', value: 'wellknown', required: ['key', 'token'] },
    fetches: '{key}/.well-known/opencode', source: `${CONFIG} (state: for each wellknown auth, fetch and load wellknown.config); ${AUTH}`,
  }],
  dirVariables: [
    { name: 'XDG_CONFIG_HOME', replaces: [{ prefix: '~/.config' }], source: `${CONFIG} (Global.Path.config: xdg-basedir xdgConfig = XDG_CONFIG_HOME or ~/.config)` },
    { name: 'XDG_DATA_HOME', replaces: [{ prefix: '~/.local/share' }], source: 'anomalyco/opencode@0259f2c1 packages/opencode/src/global/index.ts (Global.Path.data: xdg-basedir xdgData = XDG_DATA_HOME or ~/.local/share)' },
    // Global.Path.home, where the home .opencode folder is looked up, is OPENCODE_TEST_HOME when set:
    // an unconditional lookup in the shipped code, whatever its name says.
    { name: 'OPENCODE_TEST_HOME', replaces: [{ prefix: '~/.opencode', with: '/.opencode' }], source: `${GLOBAL} (Path.home: OPENCODE_TEST_HOME || os.homedir()); ${CONFIG} (directories: .opencode found at Global.Path.home)` },
  ],
  // Each project opencode opened: <Global.Path.data>/storage/project/<id>.json, { id, worktree, vcs, sandboxes, … }
  // (the JSON storage of the releases before the SQLite database): the worktree (the git root) and
  // each sandbox (another git worktree of the repository opencode ran in).
  projectIndexes: [
    { path: '~/.local/share/opencode/storage/project/*.json', key: ['worktree'], source: STORAGE },
    { path: '~/.local/share/opencode/storage/project/*.json', key: ['sandboxes'], kind: 'list', source: STORAGE },
  ],
  // Inline JSON merged last: servers held in a variable, not a file.
  contentVariables: [{ name: 'OPENCODE_CONFIG_CONTENT', scope: 'user', format: 'jsonc', source: `${CONFIG} (OPENCODE_CONFIG_CONTENT: inline config merged over the files); ${DOCS}` }],
  // findUp from the working directory to the worktree root (the git root; "/" outside a repository, here: the home).
  projectWalk: { markers: ['.git'], withoutMarker: 'home', source: `${CONFIG} (Filesystem.findUp(name, Instance.directory, Instance.worktree))` },
  precedence: {
    tiers: [
      { location: '/etc/opencode/opencode.json' }, { location: '/etc/opencode/opencode.jsonc' },
      { location: '/Library/Application Support/opencode/opencode.json' }, { location: '/Library/Application Support/opencode/opencode.jsonc' },
      { location: '%PROGRAMDATA%/opencode/opencode.json' },
      { location: '$OPENCODE_CONFIG_DIR/opencode.json' }, { location: '$OPENCODE_CONFIG_DIR/opencode.jsonc' },
      { location: '~/.opencode/opencode.json' }, { location: '~/.opencode/opencode.jsonc' },
      { location: '<project>/.opencode/opencode.json' }, { location: '<project>/.opencode/opencode.jsonc' },
      { location: '~/.config/opencode/.opencode/opencode.json' },
      { location: '<project>/opencode.json' }, { location: '<project>/opencode.jsonc' },
      { location: '$OPENCODE_CONFIG' }, { location: '~/.config/opencode/opencode.jsonc' }, { location: '~/.config/opencode/opencode.json' },
      { location: '~/.config/opencode/config.json' },
      { location: '%APPDATA%/opencode/opencode.json' }, { location: '%LOCALAPPDATA%/opencode/opencode.json' },
    ],
    merge: 'fields',
    source: `${CONFIG} (mergeConfigConcatArrays: remeda mergeDeep, managed last); ${DOCS}`,
  },
  variables: { form: 'opencode', fields: ['command', 'args', 'env', 'url', 'headers'], source: `${CONFIG} (load: {env:VAR}, {file:path} over the whole text)` },
  // {env:VAR} is replaced in the text as the value is, before the JSON is parsed ({file:…} is escaped as a JSON string).
  rawTextSubstitution: { markers: ['{env:'], source: `${CONFIG} (load: text.replace of {env:VAR} before parsing)` },
  launchDir: { kind: 'project', source: `${MCP} (StdioClientTransport without cwd: opencode's own cwd, the project it runs in)` },
  notes: [
    '`command` is one array: executable and arguments together.',
    'opencode V2 moves servers to mcp.servers with `disabled: true`; that shape is not read yet.',
    'Project configs are found walking up from cwd to the git root; only the listed project roots are read.',
    'Plugins (plugin files, `plugin` names) and wellknown remote configs (auth.json) may add servers at start: never run nor fetched, each makes the count a floor.',
    'The plugins opencode bundles (its auth plugins) are its own code and not counted as causes.',
  ],
} as const satisfies HostDefinition;
