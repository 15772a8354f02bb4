import { NO_ENV_FILES, MCP_SERVERS_MAP, STANDARD_ENTRY, type Container, type HostDefinition } from './types.js';

const DOCS = 'GitHub docs https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/add-mcp-servers (~/.copilot/mcp-config.json, mcpServers)';
const VSDOCS = 'VS Code docs https://code.visualstudio.com/docs/agents/reference/mcp-configuration (portable Copilot format: $COPILOT_HOME/mcp-config.json, fallback ~/.copilot/mcp-config.json; .mcp.json at the workspace root)';

const PLUGIN_REF = 'GitHub docs https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-plugin-reference (plugin.json at the root of the plugin directory; component path field mcpServers); microsoft/vscode@074e12d7 src/vs/workbench/contrib/chat/common/plugins/AGENTS_PLUGINS.md (Copilot-format manifests: mcpServers as a path, a list of paths or inline definitions)';
const FLAT = [{ path: ['mcpServers'], shape: 'map-or-flat' }] as const satisfies readonly Container[];
const PLUGIN_MANIFEST = [{
  path: ['mcpServers'], shape: 'map',
  references: { base: 'plugin-root', manifestDir: '.claude-plugin', paths: 'any', format: 'json', containers: FLAT, source: PLUGIN_REF },
}] as const satisfies readonly Container[];

/** GitHub Copilot CLI, from the documentation above. The workspace `.mcp.json` is read under claude-code (shared file). */
export const copilotCli = {
  id: 'copilot-cli',
  envFiles: NO_ENV_FILES,
  name: 'GitHub Copilot CLI',
  programs: { npmPackages: [{ name: '@github/copilot', program: 'copilot', source: 'GitHub Copilot CLI docs https://docs.github.com/en/copilot/how-tos/set-up/install-copilot-cli (npm install -g @github/copilot)' }], versionFolders: [], names: ['copilot'], editors: [], flatpaks: [], macApps: [], source: 'GitHub Copilot CLI docs https://docs.github.com/en/copilot/how-tos/set-up/install-copilot-cli (npm @github/copilot, the `copilot` command)' },
  format: 'json',
  containers: MCP_SERVERS_MAP,
  entry: { ...STANDARD_ENTRY, disabled: [] },
  source: DOCS,
  locations: [
    { scope: 'user', path: '~/.copilot/mcp-config.json', source: `${DOCS}; github/docs#41226` },
    // Installed plugins live in ~/.copilot/installed-plugins/<marketplace>/<plugin>/ and may ship a .mcp.json.
    {
      scope: 'plugin', glob: true, path: '~/.copilot/installed-plugins/*/*/.mcp.json', containers: [{ path: ['mcpServers'], shape: 'map-or-flat' }],
      source: 'GitHub docs https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/plugins-finding-installing ("stored at ~/.copilot/installed-plugins/MARKETPLACE/PLUGIN-NAME/"); github/copilot-cli#2113 (a plugin\'s .mcp.json)',
    },
    // plugin.json at the plugin root (or in .claude-plugin/, the Claude Code layout) may declare mcpServers inline, or
    // name MCP config files by a path or a list of paths relative to the plugin root.
    {
      scope: 'plugin', glob: true, path: '~/.copilot/installed-plugins/*/*/{plugin.json,.claude-plugin/plugin.json}', containers: PLUGIN_MANIFEST,
      gate: ['mcpServers'], source: PLUGIN_REF,
    },
    { scope: 'project', path: '<project>/.github/mcp.json', unverified: true, source: 'https://www.developersdigest.tech/mcp-servers/clients/github-copilot-cli (per-repository .github/mcp.json, citing the GitHub docs)' },
  ],
  // COPILOT_HOME moves the whole ~/.copilot folder (mcp-config.json, installed-plugins …). XDG_CONFIG_HOME, once
  // documented, is not read (github/docs#40682).
  dirVariables: [{
    name: 'COPILOT_HOME', replaces: [{ prefix: '~/.copilot' }],
    source: `https://docs.github.com/en/enterprise-cloud@latest/copilot/reference/copilot-cli-reference/cli-config-dir-reference; ${VSDOCS}`,
  }],
  variables: { form: 'shell', fields: ['command', 'args', 'env', 'url', 'headers'], source: 'github/github-mcp-server@bf646785 docs/installation-guides/install-copilot-cli.md (Authorization: Bearer ${GITHUB_PERSONAL_ACCESS_TOKEN})' },
  notes: ['`/mcp disable` keeps a server configured but stops loading it; where that state is stored is not documented (not read).'],
} as const satisfies HostDefinition;
