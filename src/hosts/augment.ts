import { NO_ENV_FILES, STANDARD_ENTRY, type HostDefinition, VSCODE_FAMILY_DIRS, VSCODE_FAMILY_WORKSPACES, VSCODE_FAMILY_GLOB } from './types.js';

/** Augment (unverified: community documentation only, no host source or public tool); "augment.advanced" is one dotted key holding an array. */
export const augment = {
  id: 'augment',
  envFiles: NO_ENV_FILES,
  name: 'Augment',
  programs: { npmPackages: [{ name: '@augmentcode/auggie', program: 'auggie', source: 'Augment docs https://docs.augmentcode.com/cli/overview (npm install -g @augmentcode/auggie)' }], versionFolders: [], names: ['auggie'], editors: ['vscode-family', 'jetbrains'], flatpaks: [], macApps: [], source: 'npm @augmentcode/auggie (bin `auggie`), Augment docs https://docs.augmentcode.com/cli/overview; the extension runs in VS Code and JetBrains IDEs (https://docs.augmentcode.com/setup-augment/install-visual-studio-code, install-jetbrains-ides)' },
  format: 'jsonc',
  containers: [
    { path: ['augment.advanced', 'mcpServers'], shape: 'array', nameField: 'name' },
    { path: ['mcpServers'], shape: 'map' },
  ],
  entry: STANDARD_ENTRY,
  source: 'Augment docs https://docs.augmentcode.com/setup-augment/mcp (Edit in settings.json: "augment.advanced" {mcpServers: [{name, command, args}]})',
  locations: [
    { scope: 'user', glob: true, path: `<UD>/${VSCODE_FAMILY_GLOB}/User/{settings.json,profiles/*/settings.json}`, gate: ['augment.advanced'], unverified: true, source: 'Augment docs https://docs.augmentcode.com/setup-augment/mcp (Edit in settings.json: "augment.advanced" {mcpServers: [{name, command, args}]})' },
    { scope: 'user', path: '~/.augment/settings.json', unverified: true, source: 'Augment docs https://docs.augmentcode.com/cli/integrations and https://www.augmentcode.com/changelog/auggie-cli-0-5-4-release-notes (Auggie reads MCP servers from ~/.augment/settings.json)' },
    { scope: 'project', path: '<project>/.augment/settings.json', unverified: true, source: 'unverified: community documentation names a project .augment/settings.json; the Augment docs (docs.augmentcode.com cli/integrations, setup-augment/mcp) and the Auggie changelog searched name only ~/.augment/settings.json and --mcp-config' },
  ],
  projectIndexes: VSCODE_FAMILY_WORKSPACES,
  dirVariables: VSCODE_FAMILY_DIRS,

} as const satisfies HostDefinition;
