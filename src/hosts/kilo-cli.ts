import { MCP_SERVERS_MAP, NO_ENV_FILES, STANDARD_ENTRY, type Container, type HostDefinition } from './types.js';

// The Kilo CLI (`kilo`, an opencode fork) from its own source. The config loader, newest first:
const CONFIG = 'Kilo-Org/kilocode@8f6a2cd0 packages/opencode/src/config/config.ts (loadGlobal: kilo.json then kilo.jsonc in Global.Path.config; KILO_CONFIG; ConfigPaths.files("kilo") from the directory up to the worktree; each config directory\'s kilo.json, kilo.jsonc; KILO_CONFIG_CONTENT; the managed directory last)';
const KILO = 'Kilo-Org/kilocode@8f6a2cd0 packages/opencode/src/kilocode/config/config.ts (KILO_CONFIG_FILES kilo.jsonc, kilo.json; isConfigDir: .kilo, .kilocode, KILO_CONFIG_DIR; loadLegacyConfigs: McpMigrator.loadMcpConfig(projectDir) first, the lowest layer)';
const DIRS = 'Kilo-Org/kilocode@3eba2fa8 packages/opencode/src/config/paths.ts (directories: .kilocode and .kilo from the directory up to the worktree, ~/.kilocode, ~/.kilo, then KILO_CONFIG_DIR)';
const GLOBAL = 'Kilo-Org/kilocode@30e1f287 packages/opencode/src/global/index.ts (app "kilo": Global.Path.config is xdg-basedir xdgConfig/kilo, XDG_CONFIG_HOME else ~/.config, on every OS)';
/** Earlier releases, before the loader read only Kilo's own file names. */
const EARLIER = 'Kilo-Org/kilocode@77363bc0 packages/opencode/src/config/config.ts (global: config.json, opencode.json, opencode.jsonc in Global.Path.config; KILO_CONFIG_DIR: opencode.jsonc, opencode.json)';
const STORAGE = `${GLOBAL} (Global.Path.data: xdgData/kilo); anomalyco/opencode@17db7910 packages/opencode/src/storage/storage.ts (dir = Global.Path.data/storage; project/<id>.json { id, vcs, worktree }); anomalyco/opencode@01b9f189 packages/opencode/src/project/project.ts (Info.sandboxes)`;
const MANAGED = 'Kilo-Org/kilocode@002186d5 packages/opencode/src/config/config.ts (systemManagedConfigDir: /Library/Application Support/kilo, %ProgramData%/kilo, /etc/kilo); Kilo-Org/kilocode@8f6a2cd0 packages/opencode/src/config/config.ts (managed directories load kilo.json, kilo.jsonc)';
/**
 * McpMigrator.migrate: Kilo Code's MCP files, converted and merged under every config file. In the
 * home (~/.kilocode, then ~/.kilo) and in the folder Kilo runs in (.kilocode, then .kilo): mcp.json
 * (`mcpServers`, JSON.parse), then mcp/*.json, each file one server named by the file; a later
 * one wins by name. `disabled: true` becomes `enabled: false`. The VS Code storage file
 * (settings/mcp_settings.json) is read only inside the editor (KILO_PLATFORM=vscode) or the Console
 * daemon: it is kilo-code's location.
 */
const MIGRATOR = 'Kilo-Org/kilocode@1e49e857 packages/opencode/src/kilocode/mcp-migrator.ts (migrate, loadMcpFromDir, readMcpDirectory, convertServer); Kilo-Org/kilocode@8f6a2cd0 packages/opencode/src/kilocode/config/config.ts (loadLegacyConfigs: skipGlobal unless KILO_PLATFORM=vscode or KILOCODE_FEATURE=daemon)';
const ONE_PER_FILE = [{ path: [], shape: 'file-entry' }] as const satisfies readonly Container[];

export const kiloCli = {
  id: 'kilo-cli',
  envFiles: NO_ENV_FILES,
  name: 'Kilo CLI',
  programs: { npmPackages: [{ name: '@kilocode/cli', program: 'kilo', source: 'Kilo-Org/kilocode packages/opencode/package.json (npm @kilocode/cli, bin kilo)' }], versionFolders: [], names: ['kilo', 'kilocode'], editors: [], flatpaks: [], macApps: [], source: 'Kilo-Org/kilocode packages/opencode/package.json (npm @kilocode/cli, bin `kilo`; earlier releases `kilocode`)' },
  format: 'jsonc',
  containers: [{ path: ['mcp'], shape: 'map' }],
  // Config files: opencode's `type: local` with `command` an array, `environment`, `enabled`. The
  // migrated Kilo Code files: `command` + `args`, `env`, `disabled`.
  entry: { ...STANDARD_ENTRY, env: ['environment', 'env'], enabled: ['enabled'], disabled: ['disabled'] },
  source: `${CONFIG}; ${MIGRATOR}`,
  locations: [
    { scope: 'user', path: '~/.config/kilo/kilo.json', source: `${CONFIG}; ${GLOBAL}` },
    { scope: 'user', path: '~/.config/kilo/kilo.jsonc', source: `${CONFIG}; ${GLOBAL}` },
    { scope: 'user', path: '~/.config/kilo/config.json', note: 'read by earlier releases', source: EARLIER },
    { scope: 'user', path: '~/.config/kilo/opencode.json', note: 'read by earlier releases', source: EARLIER },
    { scope: 'user', path: '~/.config/kilo/opencode.jsonc', note: 'read by earlier releases', source: EARLIER },
    { scope: 'user', path: '$KILO_CONFIG', note: 'an extra config file named by KILO_CONFIG', source: CONFIG },
    { scope: 'user', path: '$KILO_CONFIG_DIR/kilo.json', source: `${CONFIG}; ${DIRS}` },
    { scope: 'user', path: '$KILO_CONFIG_DIR/kilo.jsonc', source: `${CONFIG}; ${DIRS}` },
    { scope: 'user', path: '$KILO_CONFIG_DIR/opencode.json', note: 'read by earlier releases', source: EARLIER },
    { scope: 'user', path: '$KILO_CONFIG_DIR/opencode.jsonc', note: 'read by earlier releases', source: EARLIER },
    { scope: 'user', path: '~/.kilocode/kilo.json', source: `${DIRS}; ${KILO}` },
    { scope: 'user', path: '~/.kilocode/kilo.jsonc', source: `${DIRS}; ${KILO}` },
    { scope: 'user', path: '~/.kilo/kilo.json', source: `${DIRS}; ${KILO}` },
    { scope: 'user', path: '~/.kilo/kilo.jsonc', source: `${DIRS}; ${KILO}` },
    { scope: 'user', path: '~/.kilocode/mcp.json', format: 'json', containers: MCP_SERVERS_MAP, source: MIGRATOR },
    { scope: 'user', glob: true, path: '~/.kilocode/mcp/*.json', format: 'json', containers: ONE_PER_FILE, note: 'one server per file', source: MIGRATOR },
    { scope: 'user', path: '~/.kilo/mcp.json', format: 'json', containers: MCP_SERVERS_MAP, source: MIGRATOR },
    { scope: 'user', glob: true, path: '~/.kilo/mcp/*.json', format: 'json', containers: ONE_PER_FILE, note: 'one server per file', source: MIGRATOR },
    { scope: 'managed', os: 'linux', path: '/etc/kilo/kilo.json', source: MANAGED },
    { scope: 'managed', os: 'linux', path: '/etc/kilo/kilo.jsonc', source: MANAGED },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/kilo/kilo.json', source: MANAGED },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/kilo/kilo.jsonc', source: MANAGED },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/kilo/kilo.json', source: MANAGED },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/kilo/kilo.jsonc', source: MANAGED },
    { scope: 'project', path: '<project>/kilo.json', source: CONFIG },
    { scope: 'project', path: '<project>/kilo.jsonc', source: CONFIG },
    { scope: 'project', path: '<project>/.kilocode/kilo.json', source: `${DIRS}; ${KILO}` },
    { scope: 'project', path: '<project>/.kilocode/kilo.jsonc', source: `${DIRS}; ${KILO}` },
    { scope: 'project', path: '<project>/.kilo/kilo.json', source: `${DIRS}; ${KILO}` },
    { scope: 'project', path: '<project>/.kilo/kilo.jsonc', source: `${DIRS}; ${KILO}` },
    { scope: 'project', path: '<project>/.kilocode/mcp.json', format: 'json', containers: MCP_SERVERS_MAP, source: MIGRATOR },
    { scope: 'project', glob: true, path: '<project>/.kilocode/mcp/*.json', format: 'json', containers: ONE_PER_FILE, note: 'one server per file', source: MIGRATOR },
    { scope: 'project', path: '<project>/.kilo/mcp.json', format: 'json', containers: MCP_SERVERS_MAP, source: MIGRATOR },
    { scope: 'project', glob: true, path: '<project>/.kilo/mcp/*.json', format: 'json', containers: ONE_PER_FILE, note: 'one server per file', source: MIGRATOR },
  ],
  dirVariables: [
    { name: 'XDG_CONFIG_HOME', replaces: [{ prefix: '~/.config' }], source: GLOBAL },
    { name: 'XDG_DATA_HOME', replaces: [{ prefix: '~/.local/share' }], source: `${GLOBAL} (Global.Path.data: xdgData/kilo)` },
    // Global.Path.home, where the home .kilocode and .kilo folders are looked up, is KILO_TEST_HOME
    // when set: an unconditional lookup in the shipped code, whatever its name says.
    { name: 'KILO_TEST_HOME', replaces: [{ prefix: '~/.kilo', with: '/.kilo' }, { prefix: '~/.kilocode', with: '/.kilocode' }], source: `${GLOBAL} (Path.home: KILO_TEST_HOME || os.homedir()); ${DIRS}` },
  ],
  // Each project Kilo opened, as opencode keeps it: <Global.Path.data>/storage/project/<id>.json
  // { id, worktree, sandboxes, … }: the worktree and each sandbox (another git worktree).
  projectIndexes: [
    { path: '~/.local/share/kilo/storage/project/*.json', key: ['worktree'], source: STORAGE },
    { path: '~/.local/share/kilo/storage/project/*.json', key: ['sandboxes'], kind: 'list', source: STORAGE },
  ],
  // Inline config merged over every file but the managed ones (ConfigParse.jsonc).
  contentVariables: [{ name: 'KILO_CONFIG_CONTENT', scope: 'user', format: 'jsonc', source: `${CONFIG} (KILO_CONFIG_CONTENT: loadConfig of the variable's text)` }],
  // Project files are found from the working directory up to the worktree (the git root; "/" outside a repository).
  projectWalk: { markers: ['.git'], withoutMarker: 'root', source: `${CONFIG} (ConfigPaths.files(name, ctx.directory, ctx.worktree)); ${DIRS}` },
  precedence: {
    tiers: [
      { location: '/etc/kilo/kilo.jsonc' }, { location: '/etc/kilo/kilo.json' },
      { location: '/Library/Application Support/kilo/kilo.jsonc' }, { location: '/Library/Application Support/kilo/kilo.json' },
      { location: '%PROGRAMDATA%/kilo/kilo.jsonc' }, { location: '%PROGRAMDATA%/kilo/kilo.json' },
      { location: '$KILO_CONFIG_DIR/kilo.jsonc' }, { location: '$KILO_CONFIG_DIR/kilo.json' },
      { location: '$KILO_CONFIG_DIR/opencode.jsonc' }, { location: '$KILO_CONFIG_DIR/opencode.json' },
      { location: '~/.kilo/kilo.jsonc' }, { location: '~/.kilo/kilo.json' }, { location: '~/.kilocode/kilo.jsonc' }, { location: '~/.kilocode/kilo.json' },
      { location: '<project>/.kilo/kilo.jsonc' }, { location: '<project>/.kilo/kilo.json' },
      { location: '<project>/.kilocode/kilo.jsonc' }, { location: '<project>/.kilocode/kilo.json' },
      { location: '<project>/kilo.jsonc' }, { location: '<project>/kilo.json' },
      { location: '$KILO_CONFIG' },
      { location: '~/.config/kilo/kilo.jsonc' }, { location: '~/.config/kilo/kilo.json' },
      { location: '~/.config/kilo/opencode.jsonc' }, { location: '~/.config/kilo/opencode.json' }, { location: '~/.config/kilo/config.json' },
      { location: '<project>/.kilo/mcp/*.json' }, { location: '<project>/.kilo/mcp.json' },
      { location: '<project>/.kilocode/mcp/*.json' }, { location: '<project>/.kilocode/mcp.json' },
      { location: '~/.kilo/mcp/*.json' }, { location: '~/.kilo/mcp.json' },
      { location: '~/.kilocode/mcp/*.json' }, { location: '~/.kilocode/mcp.json' },
    ],
    merge: 'fields',
    source: `${CONFIG} (mergeConfigConcatArrays: remeda mergeDeep, each layer over the one before); ${DIRS}; ${MIGRATOR}`,
  },
  launchDir: { kind: 'project', source: `${CONFIG}; opencode's StdioClientTransport without cwd: the host's own cwd` },
  notes: [
    'Releases before the Kilo-only loader (Kilo-Org/kilocode@8f6a2cd0) also read opencode.json, opencode.jsonc and config.json in the global folder and KILO_CONFIG_DIR: listed. Their project opencode.json and .opencode folders are opencode\'s files, listed under opencode.',
    'Kilo Code\'s mcp_settings.json in VS Code\'s storage is read only when Kilo runs inside the editor (KILO_PLATFORM=vscode) or as the Console daemon: listed under kilo-code.',
    'KILO_CONFIG_CONTENT set in a session file is read as one more config document; its entries are not merged field by field with the files\' (that merge is not modelled for it).',
    'macOS managed preferences (/Library/Managed Preferences/*.plist) and well-known remote configs are not read.',
  ],
} as const satisfies HostDefinition;
