import type { Container, PluginFolderSetting } from './types.js';

/**
 * VS Code agent plugins: `chat.pluginLocations` maps local plugin folders (absolute, `~`, or
 * relative to a workspace folder) to true; each is read by ConfiguredAgentPluginDiscovery with the
 * format adapters (Agent Plugins v1 root `mcp.json`, Copilot root `plugin.json` and `.mcp.json`,
 * Claude `.claude-plugin/plugin.json`). Every file any adapter would read is read (errs towards
 * launched: which adapter a folder selects is not decided here).
 */
export const VSCODE_PLUGINS = 'microsoft/vscode@074e12d7019ed7d9bc9e237b7d9f78637b419fb8:src/vs/workbench/contrib/chat/common/plugins/AGENTS_PLUGINS.md (ConfiguredAgentPluginDiscovery, Plugin Formats, Plugin Contents); VS Code docs https://code.visualstudio.com/docs/copilot/customization/agent-plugins';

const FLAT = [{ path: ['mcpServers'], shape: 'map-or-flat' }] as const satisfies readonly Container[];
const AGENT_V1 = [{ path: ['mcpServers'], shape: 'map-or-flat' }, { path: ['servers'], shape: 'map' }] as const satisfies readonly Container[];
/** A plugin manifest whose `mcpServers` is a map or names files (paths relative to the plugin root, the manifest's folder being `.claude-plugin`). */
const MANIFEST: readonly Container[] = [{
  path: ['mcpServers'], shape: 'map',
  references: { base: 'plugin-root', manifestDir: '.claude-plugin', paths: 'any', format: 'json', containers: FLAT, source: VSCODE_PLUGINS },
}];

export const PLUGIN_FOLDER_FILES: PluginFolderSetting['files'] = [
  { path: '.mcp.json', containers: FLAT },
  { path: 'mcp.json', containers: AGENT_V1 },
  { path: 'plugin.json', containers: MANIFEST },
  { path: '.claude-plugin/plugin.json', containers: MANIFEST },
];
