import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition } from './types.js';

// charmbracelet/crush @ 37f36e93824e5c4f892e4a817f7f628e2682fe14 (2026-08-21).
const W = 'charmbracelet/crush@37f36e93';
const LOAD = `${W} internal/config/load.go`;
// The workspace data file is <options.data_directory>/crush.json (Load: workspacePath), the folder
// from --data-dir, else the merged config's options.data_directory (relative to the working
// directory, config.go:326), else the closest .crush folder (setDefaults, load.go:556-565).
const DATA_DIR = `${LOAD}:58,556-565; internal/config/config.go:326 (Options.DataDirectory: relative paths against the working directory)`;
// Each run records its working directory and data folder in projects.json beside the global data
// file (internal/projects/projects.go: projectsFilePath = dir(GlobalConfigData()); Register from
// internal/cmd/root.go:363).
const PROJECTS = `${W} internal/projects/projects.go (Project{path, data_dir}); internal/cmd/root.go:363 (projects.Register)`;
const DATA_SETTING = { key: ['options', 'data_directory'], relative: 'project', location: '<project>/.crush/crush.json', prefix: '<project>/.crush', source: DATA_DIR } as const;

/** Crush, from the host source. */
export const crush = {
  id: 'crush',
  envFiles: NO_ENV_FILES,
  name: 'Crush',
  programs: { npmPackages: [{ name: '@charmland/crush', program: 'crush', source: 'charmbracelet/crush README.md (npm install -g @charmland/crush)' }], versionFolders: [], names: ['crush'], editors: [], flatpaks: [], macApps: [], source: 'charmbracelet/crush README.md (the `crush` command: Homebrew, npm @charmland/crush, go install)' },
  format: 'json',
  containers: [{ path: ['mcp'], shape: 'map' }],
  // Transport comes only from `type` (stdio | sse | http): an entry without it is not started.
  entry: { ...STANDARD_ENTRY, disabled: ['disabled'], required: [{ fields: ['type'] }] },
  source: `${W} internal/config/config.go:188-238; internal/agent/tools/mcp/init.go:999-1158`,
  locations: [
    { scope: 'managed', os: ['darwin', 'linux'], path: '/etc/crush/crush.json', source: `${W} internal/config/config_unix.go (systemConfigPath)` },
    { scope: 'user', path: '~/.config/crush/crush.json', source: `${LOAD}:1180-1186 (on every OS)` },
    { scope: 'user', os: ['darwin', 'linux'], path: '~/.local/share/crush/crush.json', note: 'data copy written by Crush', source: `${LOAD}:1226-1248` },
    { scope: 'user', os: 'win32', path: '%LOCALAPPDATA%/crush/crush.json', note: 'data copy written by Crush', source: `${LOAD}:1226-1248` },
    { scope: 'project', path: '<project>/.crush.json', source: `${LOAD}:927-947 (walk from cwd to the git root)` },
    { scope: 'project', path: '<project>/crush.json', source: `${LOAD}:927-947` },
    { scope: 'project', path: '<project>/.crush/crush.json', note: 'workspace data file, highest', source: `${LOAD}:58,66-80,555-565` },
    // Bash scripts Crush runs to produce JSON (lookupConfigs: .crushrc beats crushrc, both beat the JSON files).
    { scope: 'user', path: '~/.config/crush/crushrc', script: { reason: 'a Bash script Crush runs' }, source: `${LOAD} (lookupConfigs: shellConfigSibling(GlobalConfig()))` },
    { scope: 'project', path: '<project>/.crushrc', script: { reason: 'a Bash script Crush runs' }, source: `${LOAD} (lookupConfigs: configNames)` },
    { scope: 'project', path: '<project>/crushrc', script: { reason: 'a Bash script Crush runs' }, source: `${LOAD} (lookupConfigs: configNames)` },
  ],
  dirVariables: [
    { name: 'XDG_CONFIG_HOME', replaces: [{ prefix: '~/.config' }], source: `${W} internal/home/home.go (Config: XDG_CONFIG_HOME or ~/.config, every OS)` },
    { name: 'XDG_DATA_HOME', os: ['darwin', 'linux'], replaces: [{ prefix: '~/.local/share' }], source: `${LOAD} (GlobalConfigData: XDG_DATA_HOME before the OS default)` },
    { name: 'XDG_DATA_HOME', os: 'win32', replaces: [{ prefix: '%LOCALAPPDATA%' }], source: `${LOAD} (GlobalConfigData: XDG_DATA_HOME before LOCALAPPDATA)` },
    { name: 'CRUSH_GLOBAL_DATA', replaces: [{ prefix: '~/.local/share/crush' }, { prefix: '%LOCALAPPDATA%/crush' }], source: `${LOAD} (GlobalConfigData: CRUSH_GLOBAL_DATA)` },
    { name: 'CRUSH_GLOBAL_CONFIG', replaces: [{ prefix: '~/.config/crush' }], source: `${LOAD} (GlobalConfig: CRUSH_GLOBAL_CONFIG)` },
  ],
  relocatingSettings: [
    { ...DATA_SETTING, file: '/etc/crush/crush.json' },
    { ...DATA_SETTING, file: '~/.config/crush/crush.json' },
    { ...DATA_SETTING, file: '~/.local/share/crush/crush.json' },
    { ...DATA_SETTING, file: '%LOCALAPPDATA%/crush/crush.json' },
    { ...DATA_SETTING, file: '<project>/.crush.json' },
    { ...DATA_SETTING, file: '<project>/crush.json' },
    { file: '~/.local/share/crush/projects.json', key: ['projects'], each: ['data_dir'], eachProject: ['path'], location: '<project>/.crush/crush.json', prefix: '<project>/.crush', source: PROJECTS },
    { file: '%LOCALAPPDATA%/crush/projects.json', key: ['projects'], each: ['data_dir'], eachProject: ['path'], location: '<project>/.crush/crush.json', prefix: '<project>/.crush', source: PROJECTS },
  ],
  projectIndexes: [
    { path: '~/.local/share/crush/projects.json', key: ['projects'], kind: 'list', item: ['path'], source: PROJECTS },
    { path: '%LOCALAPPDATA%/crush/projects.json', key: ['projects'], kind: 'list', item: ['path'], source: PROJECTS },
  ],
  // `crush -D DIR` / `--data-dir DIR` (internal/cmd/root.go:58) reads DIR/crush.json as the workspace file.
  launchOptions: [
    { program: 'crush', option: '--data-dir', fileInFolder: 'crush.json', scope: 'project', containers: [{ path: ['mcp'], shape: 'map' }], source: `${W} internal/cmd/root.go:58; ${DATA_DIR}` },
    { program: 'crush', option: '-D', fileInFolder: 'crush.json', scope: 'project', containers: [{ path: ['mcp'], shape: 'map' }], source: `${W} internal/cmd/root.go:58; ${DATA_DIR}` },
  ],
  // lookupConfigs walks from the working directory up to the git working tree root, else reads the cwd alone.
  projectWalk: { markers: ['.git'], withoutMarker: 'self', source: `${LOAD} (lookupConfigs, projectBoundary: worktree root or the cwd itself)` },
  precedence: {
    tiers: [
      { location: '<project>/.crush/crush.json' }, { location: '<project>/.crush.json' }, { location: '<project>/crush.json' },
      { location: '%LOCALAPPDATA%/crush/crush.json' }, { location: '~/.local/share/crush/crush.json' },
      { location: '~/.config/crush/crush.json' }, { location: '/etc/crush/crush.json' },
    ],
    merge: 'fields',
    source: `${LOAD}:1041-1055 (go-jsons merge: objects recursively, arrays concatenated)`,
  },
  variables: { form: 'dollar', fields: ['command', 'args', 'env', 'url', 'headers'], source: `${W} internal/config/resolve.go:58-88 (shell expansion incl. $(command))` },
  launchDir: { kind: 'project', source: `${W} internal/agent/tools/mcp/init.go:1017; internal/cmd/root.go:1033 (no Dir: Crush's working directory)` },
  notes: ['crushrc / .crushrc are Bash scripts Crush runs to produce JSON: never executed by the audit; when one exists the count is a floor.'],
} as const satisfies HostDefinition;
