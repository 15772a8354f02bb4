import { NO_ENV_FILES, STANDARD_ENTRY, VSCODE_FAMILY_GLOB, VSCODE_FAMILY_WORKSPACES, type Container, type HostDefinition } from './types.js';

// Amp is closed source. Every fact below is read from its shipped CLI, npm
// @ampcode/cli-linux-x64@0.0.1790142911-g7618fb (bin `amp`, a compiled Bun program whose bundled
// JavaScript is stored as UTF-16 text), by the name of the bundled routine that holds it.
const CLI = 'npm @ampcode/cli-linux-x64@0.0.1790142911-g7618fb (https://www.npmjs.com/package/@ampcode/cli-linux-x64), bundled CLI';
// User settings: `${XDG_CONFIG_HOME || ~/.config}/amp/settings.json` on every OS (Windows included);
// when that default file is absent, `settings.jsonc` beside it; `--settings-file` /
// AMP_SETTINGS_FILE replace the path (no .jsonc fallback then).
const USER = `${CLI}: OA = join(XDG_CONFIG_HOME || ~/.config, "amp", "settings.json"); zpH (settings.jsonc fallback for the default path only); option settingsFile default process.env.AMP_SETTINGS_FILE ?? OA`;
// Workspace settings: from the cwd up to the git repository root (the cwd alone outside one), the
// first `.amp/settings.json`, else `.amp/settings.jsonc`, of the nearest folder holding either.
const WORKSPACE = `${CLI}: Ist (walk from the cwd to the repository root, .amp/settings.json then .amp/settings.jsonc); mst, H0H (workspace settings merged over the user settings)`;
// Managed settings: phH(platform)/managed-settings.json, merged over the rest (hX: managed wins per key, arrays joined).
const MANAGED = `${CLI}: PhH, phH ("/Library/Application Support/ampcode", "/etc/ampcode", %ProgramData%\\ampcode), yhH/hX (managed values merged over the others)`;
const SERVERS: readonly Container[] = [{ path: ['amp.mcpServers'], shape: 'map' }];

/** Amp, from its shipped CLI; "amp.mcpServers" is one dotted key, not a path (ChH: every key starts with "amp."). */
export const amp = {
  id: 'amp',
  envFiles: NO_ENV_FILES,
  name: 'Amp',
  programs: { npmPackages: [], versionFolders: [], names: ['amp'], editors: ['vscode-family'], flatpaks: [], macApps: [], source: 'npm @ampcode/cli-linux-x64 (bin `amp`); Amp docs https://ampcode.com/manual (the VS Code-family extension)' },
  format: 'jsonc',
  containers: SERVERS,
  entry: STANDARD_ENTRY,
  source: `${CLI}: ChH (settings documents: "amp."-prefixed keys, JSONC with trailing commas); mcpService (settings.mcpServers)`,
  locations: [
    { scope: 'user', path: '~/.config/amp/settings.json', source: USER },
    { scope: 'user', path: '~/.config/amp/settings.jsonc', note: 'read when settings.json beside it is absent', source: USER },
    { scope: 'user', path: '$AMP_SETTINGS_FILE', note: 'settings file named by AMP_SETTINGS_FILE', source: USER },
    { scope: 'project', path: '<project>/.amp/settings.json', note: 'workspace settings', source: WORKSPACE },
    { scope: 'project', path: '<project>/.amp/settings.jsonc', note: 'workspace settings, when no .amp/settings.json is beside it', source: WORKSPACE },
    { scope: 'managed', os: 'linux', path: '/etc/ampcode/managed-settings.json', source: MANAGED },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/ampcode/managed-settings.json', source: MANAGED },
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/ampcode/managed-settings.json', source: MANAGED },
    {
      scope: 'user', glob: true, path: `<UD>/${VSCODE_FAMILY_GLOB}/User/{settings.json,profiles/*/settings.json}`, gate: ['amp.mcpServers'],
      note: 'Amp extension in a VS Code-family editor (the user settings and each profile\'s)', unverified: true,
      source: 'stacklok/toolhive@e25de16:pkg/client/config.go (the Amp VS Code extension reads amp.mcpServers from the VS Code user settings); not in the CLI. An extension reads the settings of the editor it is installed in and of the active profile (https://code.visualstudio.com/docs/configure/profiles: a profile has its own settings.json)',
    },
  ],
  projectIndexes: VSCODE_FAMILY_WORKSPACES,
  dirVariables: [
    { name: 'XDG_CONFIG_HOME', replaces: [{ prefix: '~/.config/amp', with: '/amp' }], source: USER },
    { name: 'VSCODE_APPDATA', replaces: [{ prefix: '<UD>' }], source: 'microsoft/vscode@05528c78 src/vs/platform/environment/node/userDataPath.ts (2. VSCODE_APPDATA)' },
  ],
  // Walks from the folder it runs in up to the repository root (the nearest `.git`); outside a
  // repository only that folder.
  projectWalk: { markers: ['.git'], withoutMarker: 'self', source: `${CLI}: Ist (hS: git rev-parse --show-toplevel; no repository = the cwd)` },
  precedence: {
    tiers: [
      { location: '/etc/ampcode/managed-settings.json' }, { location: '/Library/Application Support/ampcode/managed-settings.json' },
      { location: '%PROGRAMDATA%/ampcode/managed-settings.json' },
      { location: '<project>/.amp/settings.json' }, { location: '<project>/.amp/settings.jsonc' },
      { location: '$AMP_SETTINGS_FILE' }, { location: '~/.config/amp/settings.json' }, { location: '~/.config/amp/settings.jsonc' },
      { location: `<UD>/${VSCODE_FAMILY_GLOB}/User/{settings.json,profiles/*/settings.json}` },
    ],
    merge: 'fields',
    source: `${MANAGED}; ${WORKSPACE}`,
  },
  // `amp --settings-file FILE` in a session file's alias or wrapper reads that file as the user settings.
  launchOptions: [{ program: 'amp', option: '--settings-file', scope: 'user', containers: SERVERS, source: `${CLI}: option settingsFile (--settings-file)` }],
  notes: [
    'The user settings file is the first of settings.json, settings.jsonc (default path only) or the AMP_SETTINGS_FILE / --settings-file file; all are listed, which errs towards launched.',
    'Workspace MCP servers wait for the user\'s approval (mcpTrustedServers); they are reported launched.',
    '`--mcp-config JSON-or-file` (servers merged in at start) given by a wrapper is not read.',
  ],
} as const satisfies HostDefinition;
