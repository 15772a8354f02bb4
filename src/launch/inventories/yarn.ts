/**
 * yarn dlx (Yarn 2+): https://yarnpkg.com/cli/dlx, https://yarnpkg.com/configuration/yarnrc
 * (`.yarnrc.yml` found from the working directory up, and `~/.yarnrc.yml`; every setting also a
 * `YARN_*` variable). Settings are not modelled one by one: any present is not proven.
 */
import type { Inventory } from '../../shared/inventory.js';
import { each } from './build.js';

const RC = 'https://yarnpkg.com/configuration/yarnrc';

export const yarnInventory: Inventory = {
  component: 'yarn',
  source: `https://yarnpkg.com/cli/dlx; ${RC}`,
  items: [
    ...each('option', 'benign', ['-p', '--package'], "the package the bin comes from: the program claim checks it is the proxy's own", 'https://yarnpkg.com/cli/dlx'),
    ...each('option', 'benign', ['-q', '--quiet'], 'output', 'https://yarnpkg.com/cli/dlx'),
    { kind: 'env-family', name: 'YARN_', effect: 'unknown', note: 'YARN_<SETTING> sets a .yarnrc.yml setting: not modelled', source: RC },
    { kind: 'env', name: 'PATH', effect: 'changes-lookup', note: 'the bin runs with this PATH', source: 'https://yarnpkg.com/cli/dlx' },
  ],
  configFiles: [
    { path: '<cwd>/.yarnrc.yml', format: 'yaml', scope: 'project', walk: 'up-to-root', source: RC },
    { path: '~/.yarnrc.yml', format: 'yaml', scope: 'user', source: RC },
  ],
};
