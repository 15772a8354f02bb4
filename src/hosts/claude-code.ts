import { STANDARD_ENTRY, type HostDefinition } from './types.js';

/** hosts.md rows 2–2f; §10 (read ~/.claude.json whole, never as a root map). */
export const claudeCode = {
  id: 'claude-code',
  name: 'Claude Code',
  format: 'json',
  containers: [{ path: ['mcpServers'], shape: 'map' }],
  entry: STANDARD_ENTRY,
  locations: [
    {
      scope: 'user', path: '~/.claude.json', listsProjects: ['projects'],
      containers: [
        { path: ['mcpServers'], shape: 'map' },
        { path: ['projects', '*', 'mcpServers'], shape: 'map', scope: 'project' },
      ],
    },
    {
      scope: 'user', path: '$CLAUDE_CONFIG_DIR/.claude.json', listsProjects: ['projects'],
      containers: [
        { path: ['mcpServers'], shape: 'map' },
        { path: ['projects', '*', 'mcpServers'], shape: 'map', scope: 'project' },
      ],
      note: 'relocated by CLAUDE_CONFIG_DIR',
    },
    { scope: 'managed', os: 'darwin', path: '/Library/Application Support/ClaudeCode/managed-mcp.json' },
    { scope: 'managed', os: 'linux', path: '/etc/claude-code/managed-mcp.json' },
    { scope: 'managed', os: 'win32', path: '%PROGRAMFILES%/ClaudeCode/managed-mcp.json' },
    {
      scope: 'plugin', glob: true, path: '~/.claude/plugins/{cache,repos,marketplaces}/**/.mcp.json',
      containers: [{ path: ['mcpServers'], shape: 'map-or-flat' }],
    },
    { scope: 'plugin', glob: true, path: '~/.claude/plugins/{cache,repos,marketplaces}/**/.claude-plugin/plugin.json' },
    {
      scope: 'plugin', glob: true, path: '$CLAUDE_CODE_PLUGIN_CACHE_DIR/**/.mcp.json',
      containers: [{ path: ['mcpServers'], shape: 'map-or-flat' }],
    },
    {
      scope: 'plugin', glob: true, path: '$CLAUDE_CODE_PLUGIN_SEED_DIR/**/.mcp.json',
      containers: [{ path: ['mcpServers'], shape: 'map-or-flat' }],
    },
    { scope: 'project', path: '<project>/.mcp.json', sharedWith: ['cursor', 'vscode', 'windsurf'] },
  ],
  switches: [
    { governs: '<project>/.mcp.json', file: '~/.claude.json', key: ['projects', '<project-key>', 'disabledMcpjsonServers'], kind: 'deny' },
    { governs: '<project>/.mcp.json', file: '<project>/.claude/settings.json', key: ['disabledMcpjsonServers'], kind: 'deny' },
    { governs: '<project>/.mcp.json', file: '<project>/.claude/settings.local.json', key: ['disabledMcpjsonServers'], kind: 'deny' },
    { governs: '<project>/.mcp.json', file: '~/.claude/settings.json', key: ['disabledMcpjsonServers'], kind: 'deny' },
  ],
  notes: [
    'Project .mcp.json servers need approval: enableAllProjectMcpServers, enabledMcpjsonServers, disabledMcpjsonServers.',
    '.claude/settings.json mcpServers is not a server source (anthropics/claude-code#1848).',
    '.mcp.json is also read by Cursor, VS Code and Windsurf; its entries are reported once, under claude-code.',
    'disabledMcpjsonServers turns a .mcp.json server off for Claude Code only: the entry stays enabled (the other hosts launch it) and the switch is recorded in disabledOnlyFor.',
  ],
} as const satisfies HostDefinition;
