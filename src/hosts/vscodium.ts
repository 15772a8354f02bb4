import { VSCODIUM_PROGRAMS, NO_ENV_FILES, STANDARD_ENTRY, VSCODE_SETTINGS_SERVERS as SETTINGS, type HostDefinition, VSCODE_FAMILY_DIRS } from './types.js';

const EXTENSIONS_PATH = 'microsoft/vscode@44d7d537 src/vs/platform/environment/common/environmentService.ts (extensionsPath: --extensions-dir, else VSCODE_EXTENSIONS, else VSCODE_PORTABLE/extensions, else ~/<dataFolderName>/extensions)';

// VSCodium's insider builds: product nameShort "VSCodium - Insiders" (the user-data folder, as
// microsoft/vscode@f9aabd98 src/main.ts getUserDataPath(args, product.nameShort)), dataFolderName
// ".vscodium-insiders" (extensions in ~/.vscodium-insiders/extensions).
const INSIDERS = 'VSCodium/vscodium@a6a4322e prepare_vscode.sh (insider: nameShort "VSCodium - Insiders", dataFolderName ".vscodium-insiders"); microsoft/vscode@f9aabd98 src/main.ts (getUserDataPath(args, product.nameShort))';
// The Flathub packages pass --extensions-dir $XDG_DATA_HOME/codium/extensions (codium-insiders for the
// insider build), XDG_DATA_HOME being ~/.var/app/<app id>/data in the sandbox.
const FLATPAK_EXTENSIONS = 'flathub/com.vscodium.codium@92763b67 com.vscodium.codium.yaml (editor_args --extensions-dir under XDG_DATA_HOME/codium); flathub/com.vscodium.codium-insiders@8178be06 com.vscodium.codium-insiders.yaml (XDG_DATA_HOME/codium-insiders); https://docs.flatpak.org/en/latest/conventions.html#xdg-base-directories';

/** VSCodium: apisec-inc/mcp-audit@3f823c4:mcp_audit/scanners/vscode.py. */
export const vscodium = {
  id: 'vscodium',
  envFiles: NO_ENV_FILES,
  name: 'VSCodium',
  programs: { ...VSCODIUM_PROGRAMS, editors: [] },
  format: 'jsonc',
  containers: SETTINGS,
  entry: { ...STANDARD_ENTRY, disabled: [] },
  source: 'apisec-inc/mcp-audit@3f823c4:mcp_audit/scanners/vscode.py (VSCodium/User/settings.json, mcp.servers); VSCodium builds VS Code, whose format is documented at https://code.visualstudio.com/docs/copilot/reference/mcp-configuration',
  locations: [
    // Each `<UD>` location is also read in the Flathub sandboxes (types.ts VSCODE_FAMILY_FLATPAKS: com.vscodium.codium, com.vscodium.codium-insiders).
    { scope: 'user', path: '<UD>/{VSCodium,VSCodium - Insiders}/User/settings.json', gate: ['mcp'], source: `apisec-inc/mcp-audit@3f823c4:mcp_audit/scanners/vscode.py (VSCodium/User/settings.json per OS); ${INSIDERS}` },
    { scope: 'user', path: '<UD>/{VSCodium,VSCodium - Insiders}/User/mcp.json', containers: [{ path: ['servers'], shape: 'map' }], source: `VS Code docs https://code.visualstudio.com/docs/copilot/reference/mcp-configuration (user mcp.json) in the VSCodium user-data folder; ${INSIDERS}` },
  ],
  // VSCODE_EXTENSIONS moves the extensions folder whose manifests codeProviders reads.
  dirVariables: [...VSCODE_FAMILY_DIRS, { name: 'VSCODE_EXTENSIONS', replaces: [{ prefix: '~/.vscode-oss/extensions' }, { prefix: '~/.vscodium-insiders/extensions' }], source: EXTENSIONS_PATH }],

  // Extensions live in ~/<dataFolderName>/extensions (microsoft/vscode src/vs/platform/environment/common/environmentService.ts
  // extensionsPath; VSCodium's dataFolderName is .vscode-oss): a provider there registers servers at run time.
  codeProviders: {
    manifests: [
      '~/.vscode-oss/extensions/*/package.json', '~/.vscodium-insiders/extensions/*/package.json',
      // The Flathub packages' own extensions folders (FLATPAK_EXTENSIONS).
      '~/.var/app/com.vscodium.codium/data/codium/extensions/*/package.json', '~/.var/app/com.vscodium.codium-insiders/data/codium-insiders/extensions/*/package.json',
    ],
    key: ['contributes', 'mcpServerDefinitionProviders'], format: 'jsonc',
    folderOption: { program: 'codium', option: '--extensions-dir', prefix: '~/.vscode-oss/extensions', source: EXTENSIONS_PATH },
    source: `VS Code docs https://code.visualstudio.com/api/extension-guides/ai/mcp (contributes.mcpServerDefinitionProviders); microsoft/vscode src/vs/platform/environment/common/environmentService.ts (extensionsPath = userHome/dataFolderName/extensions); ${INSIDERS}; ${FLATPAK_EXTENSIONS}`,
  },
  variables: { form: 'vscode', fields: ['command', 'args', 'env', 'url', 'headers', 'cwd'], source: 'VS Code docs https://code.visualstudio.com/docs/copilot/reference/mcp-configuration' },
} as const satisfies HostDefinition;
