import { NO_ENV_FILES, STANDARD_ENTRY, type Container, type HostDefinition } from './types.js';

// zed-industries/zed, read file by file.
const PATHS = 'zed-industries/zed@010c9b6f crates/paths/src/paths.rs (config_dir, local_settings_file_relative_path)';
const STORE = 'zed-industries/zed@00400088 crates/project/src/context_server_store.rs';
// Installed extensions: <support dir>/extensions/installed/<id>/extension.toml, the support dir
// being ~/Library/Application Support/Zed (macOS), $FLATPAK_XDG_DATA_HOME or $XDG_DATA_HOME
// (~/.local/share) + /zed (Linux), %LOCALAPPDATA%/Zed (Windows). A manifest's
// [context_servers.<id>] registers a server whose command the extension's code returns at run time.
const EXTENSIONS = 'zed-industries/zed@010c9b6f crates/paths/src/paths.rs (support_dir, extensions_dir); zed-industries/zed@e62f54d9 crates/extension_host/src/extension_host.rs (ExtensionStore::new: installed_dir = extensions_dir/installed); zed-industries/zed@bf092307 crates/extension/src/extension_manifest.rs (ExtensionManifest.context_servers)';

// The workspace database: <support dir>/db/0-<release channel>/db.sqlite.
const DB = 'zed-industries/zed@94b6e7f5 crates/paths/src/paths.rs (database_dir: data_dir/db); zed-industries/zed@23f08a23 docs/src/workspace-persistence.md (0-stable, 0-preview); zed-industries/zed@00dc3966 crates/workspace/src/persistence.rs (WorkspaceDb: the workspaces and their worktree paths)';

// The user file flattens release-channel and platform blocks into the settings Zed applies.
const BLOCKS = 'zed-industries/zed crates/settings_content (UserSettingsContent: #[serde(flatten)] release_channel_overrides { dev, nightly, preview, stable }, platform_overrides { macos, linux, windows }; index id 56133473378)';
const USER_BLOCKS = [
  { path: ['context_servers'], shape: 'map' },
  { path: ['dev', 'context_servers'], shape: 'map' }, { path: ['nightly', 'context_servers'], shape: 'map' },
  { path: ['preview', 'context_servers'], shape: 'map' }, { path: ['stable', 'context_servers'], shape: 'map' },
  // Settings profiles: `profiles.<name>` is a SettingsContent (zed-industries/zed@e8a02029
  // crates/settings_content/src/settings_content.rs: UserSettingsContent `profiles: IndexMap<String,
  // SettingsContent>`), in later versions a SettingsProfile { base, settings } (the same file's
  // `SettingsProfile`). Zed applies the one named by the ActiveSettingsProfileName global, which
  // only the profile selector sets, in memory (zed-industries/zed@faaa59c2
  // crates/settings_profile_selector/src/settings_profile_selector.rs: cx.set_global, no file
  // written): the profile in use cannot be read from any file, so every profile's servers are
  // reported launched (errs towards launched), as the release-channel blocks are.
  { path: ['profiles', '*', 'context_servers'], shape: 'map', wildcard: { names: 'block' } },
  { path: ['profiles', '*', 'settings', 'context_servers'], shape: 'map', wildcard: { names: 'block' } },
] as const satisfies readonly Container[];

/** Zed, from the host source; it uses ~/.config/zed on macOS too (PATHS above), not Library/Application Support/Zed. */
export const zed = {
  id: 'zed',
  envFiles: NO_ENV_FILES,
  name: 'Zed',
  programs: { npmPackages: [], versionFolders: [], names: ['zed', 'zeditor', 'zedit', 'zed-editor'], editors: [], flatpaks: [{ id: 'dev.zed.Zed', program: 'zed' }], macApps: [{ app: 'Zed', program: 'zed' }, { app: 'Zed Preview', program: 'zed' }], source: 'zed-industries/zed docs/src/linux.md (the `zed` CLI, ~/.local/bin/zed; distribution packages name it zeditor or zedit; the app binary zed-editor; Flathub dev.zed.Zed); https://zed.dev/docs/installation (Zed.app, Zed Preview.app, Zed.exe)' },
  format: 'jsonc',
  containers: [{ path: ['context_servers'], shape: 'map' }],
  // Untagged enum Stdio | Http | Extension tried in order: `command` wins over `url`; `enabled` defaults to true.
  entry: { ...STANDARD_ENTRY, enabled: ['enabled'], disabled: [], type: [] },
  source: 'zed-industries/zed@01b53451 crates/settings/src/settings_content/project.rs (ContextServerSettingsContent; the untagged Stdio | Http | Extension form in later versions)',
  locations: [
    { scope: 'user', os: 'darwin', path: '~/.config/zed/settings.json', gate: ['context_servers'], containers: [...USER_BLOCKS, { path: ['macos', 'context_servers'], shape: 'map' }], source: `${PATHS}; ${BLOCKS}` },
    { scope: 'user', os: 'linux', path: '~/.config/zed/settings.json', gate: ['context_servers'], containers: [...USER_BLOCKS, { path: ['linux', 'context_servers'], shape: 'map' }], source: `${PATHS}; ${BLOCKS}` },
    // Flathub's dev.zed.Zed: the sandbox's config folder ~/.var/app/dev.zed.Zed/config
    // (https://docs.flatpak.org/en/latest/conventions.html#xdg-base-directories), which Zed reads
    // through FLATPAK_XDG_CONFIG_HOME (PATHS: config_dir).
    {
      scope: 'user', os: 'linux', path: '~/.var/app/dev.zed.Zed/config/zed/settings.json', gate: ['context_servers'], note: 'Flathub package (dev.zed.Zed)',
      containers: [...USER_BLOCKS, { path: ['linux', 'context_servers'], shape: 'map' }], source: `${PATHS} (config_dir: FLATPAK_XDG_CONFIG_HOME); https://flathub.org/apps/dev.zed.Zed; ${BLOCKS}`,
    },
    { scope: 'user', os: 'win32', path: '%APPDATA%/Zed/settings.json', gate: ['context_servers'], containers: [...USER_BLOCKS, { path: ['windows', 'context_servers'], shape: 'map' }], source: `${PATHS}; ${BLOCKS}` },
    {
      scope: 'project', path: '<project>/.zed/settings.json', gate: ['context_servers'],
      source: `${PATHS}; ${STORE} (resolve_project_settings: the first visible worktree root)`,
    },
  ],
  // Zed records every workspace it opened (its worktree roots) only in its SQLite database
  // <data dir>/db/0-<channel>/db.sqlite, the data dir being the support dir above (DB). The audit
  // reads no SQLite: such a database makes the count a floor, naming it.
  projectIndexes: [
    { path: '~/.local/share/zed/db/0-*/db.sqlite', key: [], format: 'sqlite', source: DB },
    { path: '~/.var/app/dev.zed.Zed/data/zed/db/0-*/db.sqlite', key: [], format: 'sqlite', source: DB },
    { path: '~/Library/Application Support/Zed/db/0-*/db.sqlite', key: [], format: 'sqlite', source: DB },
    { path: '%LOCALAPPDATA%/Zed/db/0-*/db.sqlite', key: [], format: 'sqlite', source: DB },
  ],
  // Linux: FLATPAK_XDG_CONFIG_HOME, else XDG_CONFIG_HOME (dirs::config_dir); macOS ~/.config/zed is fixed; Windows %APPDATA%.
  dirVariables: [
    { name: 'XDG_CONFIG_HOME', os: 'linux', replaces: [{ prefix: '~/.config/zed', with: '/zed' }], source: `${PATHS} (config_dir: dirs::config_dir on Linux)` },
    { name: 'FLATPAK_XDG_CONFIG_HOME', os: 'linux', replaces: [{ prefix: '~/.config/zed', with: '/zed' }], source: `${PATHS} (config_dir: FLATPAK_XDG_CONFIG_HOME)` },
    { name: 'XDG_DATA_HOME', os: 'linux', replaces: [{ prefix: '~/.local/share/zed', with: '/zed' }], source: `${EXTENSIONS} (support_dir: dirs::data_local_dir on Linux)` },
    { name: 'FLATPAK_XDG_DATA_HOME', os: 'linux', replaces: [{ prefix: '~/.local/share/zed', with: '/zed' }], source: `${EXTENSIONS} (support_dir: FLATPAK_XDG_DATA_HOME)` },
  ],
  codeProviders: {
    manifests: [
      '~/.local/share/zed/extensions/installed/*/extension.toml',
      '~/.var/app/dev.zed.Zed/data/zed/extensions/installed/*/extension.toml',
      '~/Library/Application Support/Zed/extensions/installed/*/extension.toml',
      '%LOCALAPPDATA%/Zed/extensions/installed/*/extension.toml',
    ],
    key: ['context_servers'], format: 'toml', source: EXTENSIONS,
  },
  hostSwitches: [
    { file: '~/.config/zed/settings.json', key: ['disable_ai'], value: true, source: `${STORE} (maintain_servers: DisableAiSettings stops every context server)` },
    { file: '%APPDATA%/Zed/settings.json', key: ['disable_ai'], value: true, source: `${STORE} (maintain_servers)` },
    { file: '~/.var/app/dev.zed.Zed/config/zed/settings.json', key: ['disable_ai'], value: true, source: `${STORE} (maintain_servers)` },
  ],
  opaqueTrust: {
    governs: ['<project>/.zed/settings.json'], where: "Zed's database (DbTrustedPaths)",
    unless: { file: '~/.config/zed/settings.json', key: ['session', 'trust_all_worktrees'], value: true },
    source: 'zed-industries/zed@00dc3966 crates/project/src/trusted_worktrees.rs (module doc, init); crates/project/src/project_settings.rs (pending_local_settings)',
  },
  launchDir: { kind: 'project', source: `${STORE} (create_context_server: the project's active directory or first worktree root)` },
  notes: [
    'Extension-provided context servers start by default with a command produced by the extension at run time (not on disk): each installed extension whose extension.toml declares context_servers is a floor cause.',
    'Entries of a release-channel block (dev, nightly, preview, stable) run only on that channel: all are reported launched (the channel in use is unknown). Settings profiles (profiles.<name>, or profiles.<name>.settings) run only while selected, a choice Zed keeps in memory: all are reported launched.',
    'Whether a project entry replaces or merges with a same-named user entry is unconfirmed (not modelled).',
    'Project .zed/settings.json applies only to trusted worktrees; trust lives in Zed\'s database unless session.trust_all_worktrees is true.',
  ],
} as const satisfies HostDefinition;
