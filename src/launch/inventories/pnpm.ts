/**
 * pnpm dlx: https://pnpm.io/cli/dlx, https://pnpm.io/npmrc (pnpm reads npm's `.npmrc` files, the
 * project's and the user's, and its own global `rc`), https://pnpm.io/settings (pnpm-workspace.yaml
 * settings, pnpm 10), `npm_config_*` / `pnpm_config_*` variables. pnpm-specific keys beyond npm's are
 * not modelled: a key npm does not have is not proven.
 */
import type { Inventory } from '../../shared/inventory.js';
import { each } from './build.js';

const DLX = 'https://pnpm.io/cli/dlx';
const RC = 'https://pnpm.io/npmrc';

export const pnpmInventory: Inventory = {
  component: 'pnpm',
  source: `${DLX}; ${RC}; https://pnpm.io/settings`,
  items: [
    ...each('option', 'benign', ['--package'], "the package the bin comes from: the program claim checks it is the proxy's own", DLX),
    ...each('option', 'changes-source', ['--registry'], 'the registry', DLX),
    ...each('option', 'runs-code', ['--allow-build', '-c', '--shell-mode'], "runs the package's build scripts; runs the command through a shell", DLX),
    ...each('option', 'changes-cwd', ['--dir', '-C'], 'runs in another directory', 'https://pnpm.io/pnpm-cli#-c-path---dir-path'),
    ...each('option', 'benign', ['--reporter', '--silent', '-s'], 'output', DLX),
    { kind: 'env-family', name: 'npm_config_', effect: 'unknown', configKeys: 'dashed', benignWhen: { kind: 'empty' }, note: 'npm_config_<key> sets <key>', source: RC },
    { kind: 'env-family', name: 'pnpm_config_', effect: 'unknown', note: 'pnpm_config_<key>: pnpm settings, effect not modelled', source: 'https://pnpm.io/settings' },
    { kind: 'env', name: 'PNPM_HOME', effect: 'changes-source', note: 'where pnpm keeps its global store and bins', source: 'https://pnpm.io/installation' },
    { kind: 'env', name: 'PATH', effect: 'changes-lookup', note: 'the bin runs through a shell with this PATH', source: DLX },
  ],
  configFiles: [
    { path: '<cwd>/.npmrc', format: 'npmrc', scope: 'project', walk: 'npm-prefix', source: RC },
    { path: '<cwd>/pnpm-workspace.yaml', format: 'yaml', scope: 'project', walk: 'up-to-root', source: 'https://pnpm.io/settings' },
    { path: '~/.npmrc', format: 'npmrc', scope: 'user', source: RC },
    { path: '~/.config/pnpm/rc', format: 'npmrc', scope: 'user', os: ['linux'], source: `${RC} (global config: $XDG_CONFIG_HOME/pnpm/rc)` },
    { path: '~/Library/Preferences/pnpm/rc', format: 'npmrc', scope: 'user', os: ['darwin'], source: `${RC} (global config on macOS)` },
    { path: '%LOCALAPPDATA%/pnpm/config/rc', format: 'npmrc', scope: 'user', os: ['win32'], source: `${RC} (global config on Windows)` },
  ],
};
