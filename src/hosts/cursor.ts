import { CURSOR_PROGRAMS, NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type HostDefinition } from './types.js';

const DOCS = 'Cursor docs https://cursor.com/docs/context/mcp (mcp.json locations ~/.cursor/mcp.json and .cursor/mcp.json; config interpolation ${env:NAME}, ${userHome}, ${workspaceFolder}, ${workspaceFolderBasename}, ${pathSeparator})';

/** Cursor: the documentation above; plugin trees as snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/cursor.py reads them. */
export const cursor = {
  id: 'cursor',
  envFiles: NO_ENV_FILES,
  name: 'Cursor',
  programs: { npmPackages: [], versionFolders: [], names: [...CURSOR_PROGRAMS.names, 'cursor-agent', 'agent'], editors: [], flatpaks: CURSOR_PROGRAMS.flatpaks, macApps: CURSOR_PROGRAMS.macApps, source: `${CURSOR_PROGRAMS.source}; Cursor CLI docs https://cursor.com/docs/cli/installation (agent, installed by the script into ~/.local/bin, also as cursor-agent)` },
  format: 'jsonc',
  containers: MCP_SERVERS_MAP,
  // Servers are toggled in the UI, not by a field in mcp.json: a `disabled` key is not honoured
  // (cursor/cursor#3656: "no way of disabling MCPs by default in the settings JSON file").
  entry: { ...STANDARD_ENTRY, disabled: [] },
  source: DOCS,
  locations: [
    { scope: 'user', path: '~/.cursor/mcp.json', source: DOCS },
    {
      scope: 'plugin', glob: true, path: '~/.cursor/plugins/{cache,local}/**/{mcp.json,.mcp.json}',
      containers: [{ path: ['mcpServers'], shape: 'map-or-flat' }], unverified: true, source: 'snyk/agent-scan@b9e98ab src/agent_scan/agents/vscode/cursor.py (plugin trees; not in the Cursor docs)',
    },
    { scope: 'project', path: '<project>/.cursor/mcp.json', source: DOCS },
  ],
  precedence: {
    tiers: [{ location: '<project>/.cursor/mcp.json' }, { location: '~/.cursor/mcp.json' }],
    merge: 'whole',
    source: 'Cursor CLI docs https://cursor.com/docs/cli/mcp (project, then global precedence)',
  },
  // Cursor's extension API registers servers (and plugin folders, which may hold servers) from an
  // extension's code with no manifest declaration, so each installed extension's entry script is
  // read for the API's names (https://cursor.com/docs/extension-api: vscode.cursor.mcp.registerServer,
  // vscode.cursor.plugins.registerPath).
  codeProviders: {
    // A Scoop install's launcher passes --extensions-dir <app>/data/extensions, persisted to
    // <scoop>/persist/cursor/data (ScoopInstaller/Extras@cd859b80 bucket/cursor.json "persist": "data", bin cursor.cmd).
    manifests: ['~/.cursor/extensions/*/package.json', '~/scoop/persist/cursor/data/extensions/*/package.json', '%PROGRAMDATA%/scoop/persist/cursor/data/extensions/*/package.json'],
    codeMarkers: ['registerServer', 'registerPath'],
    source: 'Cursor docs https://cursor.com/docs/extension-api (vscode.cursor.mcp.registerServer, vscode.cursor.plugins.registerPath)',
  },
  // The Cursor docs do not say whether Cursor or its CLI walks up from a subfolder to a .cursor/mcp.json
  // (third-party guides say the CLI does): a file in a folder above the project is a floor cause.
  ancestorFiles: {
    files: ['.cursor/mcp.json'],
    belowHome: true,
    reason: 'the Cursor docs do not say whether Cursor (or cursor-agent) started in a subfolder loads the .cursor/mcp.json of a folder above it',
    source: `${DOCS}; Cursor CLI docs https://cursor.com/docs/cli/mcp (silent on parent folders)`,
  },
  variables: { form: 'vscode', fields: ['command', 'args', 'env', 'url', 'headers'], names: ['env', 'userHome', 'workspaceFolder', 'workspaceFolderBasename', 'pathSeparator'], source: DOCS },
  notes: [
    'Per-server enable toggles live in the UI state, not in mcp.json.',
    'Checked against the Cursor docs (cursor.com/docs/context/mcp, cursor.com/docs/cli/mcp): the two files, project over global, the interpolation forms. The docs do not say whether Cursor walks up from a subfolder to a .cursor/mcp.json (the workspace root is assumed), how a multi-root workspace is treated, whether an entry\'s cwd or envFile field is honoured (not modelled), or where the files sit on Windows beyond %USERPROFILE%\\.cursor.',
  ],
} as const satisfies HostDefinition;
