import { STANDARD_ENTRY, type HostDefinition } from './types.js';

// Claude Code is closed source: every fact below is from its documentation (fetched 2026-12-01).
const MCP_DOCS = 'Claude Code docs https://code.claude.com/docs/en/mcp ("MCP installation scopes", "Scope hierarchy and precedence", "Environment variable expansion in .mcp.json")';
const MANAGED_DOCS = 'Claude Code docs https://code.claude.com/docs/en/managed-mcp ("Exclusive control with managed-mcp.json", "Policy-based control with allowlists and denylists")';
const SETTINGS_DOCS = 'Claude Code docs https://code.claude.com/docs/en/settings (settings files, disabledMcpjsonServers, enabledPlugins, CLAUDE_CONFIG_DIR)';
const PLUGIN_DOCS = 'Claude Code docs https://code.claude.com/docs/en/plugins-reference (plugin .mcp.json / plugin.json mcpServers, ${CLAUDE_PLUGIN_ROOT}, plugin cache ~/.claude/plugins/cache)';
// The shipped CLI (2.1.219) takes its global config file from `<config dir>/.config.json` when that
// exists (config dir: $CLAUDE_CONFIG_DIR, else ~/.claude), else `$CLAUDE_CONFIG_DIR/.claude.json`,
// else `~/.claude.json`: `if(existsSync(join(fn(),".config.json")))return join(fn(),".config.json")`.
const MANAGED_LEGACY = 'Claude Code changelog, https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md (2.1.2: "Deprecated Windows managed settings path C:\\ProgramData\\ClaudeCode\\managed-settings.json"; 2.1.75: "Removed deprecated Windows managed settings fallback at C:\\ProgramData\\ClaudeCode\\managed-settings.json"); managed-mcp.json sits in the managed settings folder, https://code.claude.com/docs/en/mcp';
const LEGACY_CONFIG = 'the shipped claude CLI 2.1.219, https://www.npmjs.com/package/@anthropic-ai/claude-code (global config file: <config dir>/.config.json when it exists, before .claude.json)';
const CLAUDE_JSON = [
  { path: ['mcpServers'], shape: 'map' },
  { path: ['projects', '*', 'mcpServers'], shape: 'map', scope: 'project' },
] as const;
const CLI_DOCS = 'Claude Code docs https://code.claude.com/docs/en/cli-reference and `claude --help` (`--mcp-config <configs...>`: "Load MCP servers from JSON files or strings (space-separated)")';
const FLAT = [{ path: ['mcpServers'], shape: 'map-or-flat' }] as const;
// A marketplace's plugin entry may declare the plugin's components itself: with `strict: false` the
// entry is the whole manifest, otherwise its fields are added to the plugin's plugin.json; an
// inline `mcpServers` map launches when the plugin (`<entry name>@<marketplace>`) is enabled.
// Subagent definitions: Markdown files whose YAML frontmatter may carry `mcpServers`, a list whose
// items are a server name (one configured elsewhere) or an inline `{name: config}` map (a plain
// map is read too: errs towards launched). Inline servers start when the subagent runs, and at
// session start for the agent run as the main thread (`--agent`, the `agent` setting); every
// definition is listed whether or not it is selected. Plugin subagents' mcpServers are ignored.
const SUBAGENT_DOCS = 'Claude Code docs https://code.claude.com/docs/en/sub-agents ("Supported frontmatter fields": mcpServers, a server name or an inline definition; project .claude/agents/, user ~/.claude/agents/; plugin subagents do not support hooks, mcpServers or permissionMode); anthropics/claude-code@b5cc83f6:CHANGELOG.md (2.1.117: agent frontmatter mcpServers loaded for main-thread agent sessions via --agent)';
const AGENT_FRONTMATTER = [{ path: ['mcpServers'], shape: 'map-or-items' }] as const;
const MARKETPLACE_DOCS = 'Claude Code docs https://code.claude.com/docs/en/plugin-marketplaces (plugin entries: "strict", component fields such as mcpServers) and https://code.claude.com/docs/en/plugins-reference (mcpServers)';

const MANAGED_SERVERS = 'the shipped CLI 2.1.332 (https://www.npmjs.com/package/@anthropic-ai/claude-code-linux-x64), bundled settings schema key managedMcpServers ("MCP servers the organization provides to every user, keyed by server name, each with the .mcp.json entry shape; only http and sse servers are accepted ... Honored from managed settings only; users cannot remove them, deniedMcpServers still applies")';
const MANAGED_SETTINGS_SERVERS = [{ path: ['managedMcpServers'], shape: 'map' }] as const;

/** Claude Code, from the documentation cited per fact. */
export const claudeCode = {
  id: 'claude-code',
  // Settings files' `env` ("Environment variables that will be applied to every session"): Claude
  // Code's own environment, which the stdio servers it spawns inherit. Every scope applies (a
  // variable set in several: the highest-precedence file's value; all are read here).
  envFiles: {
    files: [
      { path: '/etc/claude-code/managed-settings.json', format: 'json-env', scope: 'system', os: ['linux'], source: SETTINGS_DOCS },
      { path: '/Library/Application Support/ClaudeCode/managed-settings.json', format: 'json-env', scope: 'system', os: ['darwin'], source: SETTINGS_DOCS },
      { path: '%PROGRAMFILES%/ClaudeCode/managed-settings.json', format: 'json-env', scope: 'system', os: ['win32'], source: SETTINGS_DOCS },
      { path: '~/.claude/settings.json', format: 'json-env', scope: 'user', source: SETTINGS_DOCS },
      { path: '<cwd>/.claude/settings.json', format: 'json-env', scope: 'project', source: SETTINGS_DOCS },
      { path: '<cwd>/.claude/settings.local.json', format: 'json-env', scope: 'project', source: SETTINGS_DOCS },
    ],
    source: `${SETTINGS_DOCS} (settings key \`env\`)`,
  },
  name: 'Claude Code',
  programs: { npmPackages: [{ name: '@anthropic-ai/claude-code', program: 'claude', source: 'Claude Code docs https://code.claude.com/docs/en/setup (npm install -g @anthropic-ai/claude-code, the `claude` command)' }], versionFolders: [{ folder: 'claude/versions', program: 'claude', source: 'Claude Code docs https://code.claude.com/docs/en/setup (the native installer keeps its releases under ~/.local/share/claude, each a versions/<version> executable ~/.local/bin/claude links to; uninstalling removes ~/.local/share/claude)' }], names: ['claude'], editors: [], flatpaks: [], macApps: [], source: 'Claude Code docs https://code.claude.com/docs/en/setup (native installer ~/.local/bin/claude; npm @anthropic-ai/claude-code bin `claude`)' },
  format: 'json',
  containers: [{ path: ['mcpServers'], shape: 'map' }],
  // Claude Code has no per-entry `disabled` field: servers are turned off by name lists (switches).
  entry: { ...STANDARD_ENTRY, disabled: [] },
  source: MCP_DOCS,
  locations: [
    { scope: 'user', path: '~/.claude.json', listsProjects: ['projects'], containers: CLAUDE_JSON, source: `${MCP_DOCS}: user and local scopes live in ~/.claude.json` },
    // When it exists the host reads it instead of ~/.claude.json; both are listed (the audit errs towards launched).
    { scope: 'user', path: '~/.claude/.config.json', listsProjects: ['projects'], containers: CLAUDE_JSON, source: LEGACY_CONFIG },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/ClaudeCode/managed-mcp.json', source: MANAGED_DOCS },
    { scope: 'managed', os: 'linux', path: '/etc/claude-code/managed-mcp.json', source: MANAGED_DOCS },
    { scope: 'managed', os: 'win32', path: '%PROGRAMFILES%/ClaudeCode/managed-mcp.json', source: MANAGED_DOCS },
    // managedMcpServers in managed settings: servers the organization provides to every user, keyed by
    // name in the .mcp.json entry shape, remote (http, sse) only, which users cannot remove; the
    // deny list still applies (MANAGED_SERVERS). A stdio entry there is refused by Claude Code but
    // listed here (errs towards launched).
    { scope: 'managed', os: 'linux', path: '/etc/claude-code/managed-settings.json', containers: MANAGED_SETTINGS_SERVERS, note: 'managedMcpServers of the managed settings', source: MANAGED_SERVERS },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/ClaudeCode/managed-settings.json', containers: MANAGED_SETTINGS_SERVERS, note: 'managedMcpServers of the managed settings', source: MANAGED_SERVERS },
    { scope: 'managed', os: 'win32', path: '%PROGRAMFILES%/ClaudeCode/managed-settings.json', containers: MANAGED_SETTINGS_SERVERS, note: 'managedMcpServers of the managed settings', source: MANAGED_SERVERS },
    // The earlier Windows managed folder, C:\ProgramData\ClaudeCode: deprecated in 2.1.2, dropped in 2.1.75;
    // a machine on an earlier release still starts its servers. Listed (the audit errs towards launched),
    // but not exclusive: a later release ignores it and starts the other files' servers.
    { scope: 'managed', os: 'win32', path: '%PROGRAMDATA%/ClaudeCode/managed-mcp.json', note: 'deprecated Windows managed folder, read by releases before 2.1.75', source: MANAGED_LEGACY },
    { scope: 'plugin', glob: true, path: '~/.claude/plugins/cache/**/.mcp.json', containers: FLAT, source: PLUGIN_DOCS },
    {
      scope: 'plugin', glob: true, path: '~/.claude/plugins/cache/**/.claude-plugin/plugin.json',
      // mcpServers: inline servers, or a path / list of paths to MCP config files (relative to the plugin root).
      containers: [{ path: ['mcpServers'], shape: 'map', references: { base: 'plugin-root', manifestDir: '.claude-plugin', paths: 'any', format: 'json', containers: FLAT, source: PLUGIN_DOCS } }],
      source: PLUGIN_DOCS,
    },
    {
      scope: 'plugin', glob: true, path: '~/.claude/plugins/{repos,marketplaces}/**/.mcp.json', containers: FLAT,
      inert: { state: 'disabled', reason: 'a marketplace clone: Claude Code runs plugins installed into plugins/cache, not the copies it installs from' },
      source: `${PLUGIN_DOCS}; snyk/agent-scan@b9e98ab:src/agent_scan/agents/claude_code.py _plugin_subdirs (reads repos, the legacy name of cache; skips marketplaces, the catalog clone)`,
    },
    {
      scope: 'plugin', glob: true, path: '~/.claude/plugins/{repos,marketplaces}/**/.claude-plugin/plugin.json',
      inert: { state: 'disabled', reason: 'a marketplace clone: Claude Code runs plugins installed into plugins/cache, not the copies it installs from' },
      source: `${PLUGIN_DOCS}; snyk/agent-scan@b9e98ab:src/agent_scan/agents/claude_code.py _plugin_manifests`,
    },
    {
      scope: 'plugin', glob: true, path: '~/.claude/plugins/marketplaces/*/.claude-plugin/marketplace.json',
      // Every entry's inline map is read, strict or not (errs towards launched); enablement is per entry (its `name`).
      containers: [{ path: ['plugins', '*', 'mcpServers'], shape: 'map', wildcard: { names: 'plugin', field: 'name' } }],
      gate: ['mcpServers'], note: 'inline mcpServers of marketplace plugin entries', source: MARKETPLACE_DOCS,
    },
    { scope: 'plugin', glob: true, path: '$CLAUDE_CODE_PLUGIN_CACHE_DIR/**/.mcp.json', containers: FLAT, source: 'snyk/agent-scan@b9e98ab:src/agent_scan/agents/claude_code.py _plugin_root_dirs (CLAUDE_CODE_PLUGIN_CACHE_DIR, an extra plugins root); not in the documentation', unverified: true },
    { scope: 'plugin', glob: true, path: '$CLAUDE_CODE_PLUGIN_SEED_DIR/**/.mcp.json', containers: FLAT, source: 'snyk/agent-scan@b9e98ab:src/agent_scan/agents/claude_code.py _plugin_root_dirs (CLAUDE_CODE_PLUGIN_SEED_DIR, os.pathsep-separated read-only seed roots); not in the documentation', unverified: true },
    { scope: 'user', glob: true, path: '~/.claude/agents/**/*.md', format: 'yaml-frontmatter', containers: AGENT_FRONTMATTER, gate: ['mcpServers'], note: 'subagent definitions: inline servers start when the agent runs', source: SUBAGENT_DOCS },
    { scope: 'project', glob: true, path: '<project>/.claude/agents/**/*.md', format: 'yaml-frontmatter', containers: AGENT_FRONTMATTER, gate: ['mcpServers'], note: 'subagent definitions: inline servers start when the agent runs', source: SUBAGENT_DOCS },
    {
      scope: 'project', path: '<project>/.mcp.json', sharedWith: ['cursor', 'vscode', 'windsurf', 'copilot-cli'],
      source: `${MCP_DOCS}: project scope; VS Code docs https://code.visualstudio.com/docs/agents/reference/mcp-configuration (portable .mcp.json)`,
    },
  ],
  switches: [
    { governs: '<project>/.mcp.json', file: '~/.claude.json', key: ['projects', '<project-key>', 'disabledMcpjsonServers'], kind: 'deny', source: SETTINGS_DOCS },
    {
      governs: '<project>/.mcp.json', file: '~/.claude.json', key: ['projects', '<project-key>', 'disabledMcpServers'], kind: 'deny',
      source: 'Corsinvest/cv4vs-agents#246 (probe of Claude Code 2.1.276: /mcp toggle writes projects.<cwd>.disabledMcpServers)',
    },
    { governs: '<project>/.mcp.json', file: '~/.claude/.config.json', key: ['projects', '<project-key>', 'disabledMcpjsonServers'], kind: 'deny', source: `${SETTINGS_DOCS}; ${LEGACY_CONFIG}` },
    { governs: '<project>/.mcp.json', file: '<project>/.claude/settings.json', key: ['disabledMcpjsonServers'], kind: 'deny', source: SETTINGS_DOCS },
    { governs: '<project>/.mcp.json', file: '<project>/.claude/settings.local.json', key: ['disabledMcpjsonServers'], kind: 'deny', source: SETTINGS_DOCS },
    { governs: '<project>/.mcp.json', file: '~/.claude/settings.json', key: ['disabledMcpjsonServers'], kind: 'deny', source: SETTINGS_DOCS },
  ],
  precedence: {
    tiers: [
      // .config.json first: when it exists the host reads no ~/.claude.json, so a same-named entry there does not run.
      { location: '~/.claude/.config.json', scope: 'project' },
      { location: '~/.claude.json', scope: 'project' },
      { location: '<project>/.mcp.json' },
      { location: '~/.claude/.config.json', scope: 'user' },
      { location: '~/.claude.json', scope: 'user' },
    ],
    merge: 'whole',
    source: `${MCP_DOCS}: local beats project beats user`,
  },
  variables: {
    form: 'shell', fields: ['command', 'args', 'env', 'url', 'headers'], known: ['CLAUDE_PLUGIN_ROOT'],
    source: `${MCP_DOCS}; ${PLUGIN_DOCS}`,
  },
  policy: {
    exclusive: ['/Library/Application Support/ClaudeCode/managed-mcp.json', '/etc/claude-code/managed-mcp.json', '%PROGRAMFILES%/ClaudeCode/managed-mcp.json'],
    lists: [
      { file: '/Library/Application Support/ClaudeCode/managed-settings.json', allow: ['allowedMcpServers'], deny: ['deniedMcpServers'] },
      { file: '/etc/claude-code/managed-settings.json', allow: ['allowedMcpServers'], deny: ['deniedMcpServers'] },
      { file: '%PROGRAMFILES%/ClaudeCode/managed-settings.json', allow: ['allowedMcpServers'], deny: ['deniedMcpServers'] },
      { file: '~/.claude/settings.json', allow: ['allowedMcpServers'], deny: ['deniedMcpServers'] },
      // A project's settings extend the lists for that project (merged over every settings file).
      { file: '<project>/.claude/settings.json', allow: ['allowedMcpServers'], deny: ['deniedMcpServers'] },
      { file: '<project>/.claude/settings.local.json', allow: ['allowedMcpServers'], deny: ['deniedMcpServers'] },
    ],
    source: `${MANAGED_DOCS}; ${SETTINGS_DOCS} (managed-settings.json paths)`,
  },
  // CLAUDE_CONFIG_DIR moves ~/.claude (settings, plugins) and ~/.claude.json.
  // Each session's transcript, `<config dir>/projects/<cwd, non-alphanumerics as "-">/<session id>.jsonl`:
  // every message line carries the session's `cwd` (the shipped CLI 2.1.197,
  // https://www.npmjs.com/package/@anthropic-ai/claude-code-linux-x64: the transcript writer adds
  // `cwd:` to each entry; the session index takes the first line whose cwd is a non-empty string).
  // A folder Claude Code ran in, its project `.mcp.json` and settings, whether or not ~/.claude.json still lists it.
  projectIndexes: [{ path: '~/.claude/projects/*/*.jsonl', key: ['cwd'], kind: 'session-log', line: 'first-naming', source: 'the shipped claude CLI 2.1.197 (transcript lines carry cwd)' }],
  dirVariables: [{ name: 'CLAUDE_CONFIG_DIR', replaces: [{ prefix: '~/.claude' }, { prefix: '~/.claude.json', with: '/.claude.json' }], source: SETTINGS_DOCS }],
  // A shell alias or wrapper `claude` in a session file that adds --mcp-config files: they are loaded
  // with the other scopes (--strict-mcp-config would load only them; the other files stay counted).
  // Project scope reads `.mcp.json` in the folder Claude Code runs in and in every folder above it
  // up to, not including, the filesystem root, merged from the top down (a nearer file's server of
  // the same name wins). Read from the shipped CLI, npm @anthropic-ai/claude-code-linux-x64@2.1.197
  // (bin `claude`, its bundled JavaScript: the `project` case of the MCP config loader walks
  // `while (dir !== path.parse(dir).root)` and reads path.join(dir, ".mcp.json") for each, reversed).
  // The audited tree holds the folders up to the home; those above it are floor causes.
  projectWalk: {
    markers: [], withoutMarker: 'root',
    source: 'npm @anthropic-ai/claude-code-linux-x64@2.1.197, bundled CLI: MCP config scope "project" (every folder from the cwd up to the filesystem root, exclusive)',
  },
  ancestorFiles: {
    files: ['.mcp.json'],
    reason: 'Claude Code loads the .mcp.json of every folder above the one it runs in, up to the filesystem root',
    source: 'npm @anthropic-ai/claude-code-linux-x64@2.1.197, bundled CLI: MCP config scope "project"',
  },
  launchOptions: [{ program: 'claude', option: '--mcp-config', scope: 'user', containers: [{ path: ['mcpServers'], shape: 'map' }], source: CLI_DOCS }],
  pluginEnablement: {
    governs: ['~/.claude/plugins/cache/**/.mcp.json', '~/.claude/plugins/cache/**/.claude-plugin/plugin.json', '~/.claude/plugins/marketplaces/*/.claude-plugin/marketplace.json'],
    // Lowest precedence first: user < project < local < managed policy, which users cannot override
    // (https://code.claude.com/docs/en/settings: settings precedence; https://code.claude.com/docs/en/plugins/org: enabledPlugins in
    // managed settings). The --settings flag layer is a launch option, not a file read here.
    files: [
      '~/.claude/settings.json', '<project>/.claude/settings.json', '<project>/.claude/settings.local.json',
      '/etc/claude-code/managed-settings.json', '/Library/Application Support/ClaudeCode/managed-settings.json', '%PROGRAMFILES%/ClaudeCode/managed-settings.json',
    ],
    key: ['enabledPlugins'], marketplaceSegment: 0, pluginSegment: 1, shape: 'bool', whenAbsent: 'disabled',
    source: `${SETTINGS_DOCS}: enabledPlugins "<plugin>@<marketplace>": true; cache layout cache/<marketplace>/<plugin>/<version>; marketplaces/<marketplace>/.claude-plugin/marketplace.json, the plugin named by each entry (${MARKETPLACE_DOCS})`,
  },
  notes: [
    'Project .mcp.json servers need approval: enableAllProjectMcpServers, enabledMcpjsonServers, disabledMcpjsonServers.',
    '.claude/settings.json mcpServers is not a server source (anthropics/claude-code#1848).',
    '.mcp.json is also read by Cursor, VS Code, Windsurf and Copilot CLI; its entries are reported once, under claude-code.',
    'disabledMcpjsonServers turns a .mcp.json server off for Claude Code only: the entry stays enabled (the other hosts launch it) and the switch is recorded in disabledOnlyFor.',
    '~/.claude/.config.json (or $CLAUDE_CONFIG_DIR/.config.json), when present, is the global config file instead of ~/.claude.json; the audit lists both files\' entries, so ~/.claude.json entries are kept launched then (errs towards launched).',
    'Subagent definitions (~/.claude/agents, <project>/.claude/agents) are listed with their inline frontmatter mcpServers, selected or not; a plugin\'s agents/ are not read (Claude Code ignores mcpServers there).',
    'allowManagedMcpServersOnly (only the managed allow list counts) is not modelled: user allow lists are added to the managed one, which errs towards launched.',
  ],
} as const satisfies HostDefinition;
