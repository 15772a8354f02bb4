/**
 * Bun (bunx, bun x): https://bun.sh/docs/runtime/bunfig (bunfig.toml: `<cwd>/bunfig.toml`,
 * `$XDG_CONFIG_HOME/.bunfig.toml`, `~/.bunfig.toml`), https://bun.sh/docs/runtime/env (Bun loads
 * `.env`, `.env.$NODE_ENV` and `.env.local` from the working directory into its own environment),
 * https://bun.sh/docs/install/npmrc (it reads .npmrc's registry settings), https://bun.sh/docs/cli/bunx.
 */
import type { Inventory } from '../../shared/inventory.js';
import { each } from './build.js';

const BUNFIG = 'https://bun.sh/docs/runtime/bunfig';
const ENV = 'https://bun.sh/docs/runtime/env';

export const bunInventory: Inventory = {
  component: 'bun',
  source: `${BUNFIG}; ${ENV}; https://bun.sh/docs/cli/bunx`,
  items: [
    ...each('option', 'benign', ['-p', '--package'], "the package the bin comes from: the program claim checks it is the proxy's own", 'https://bun.sh/docs/cli/bunx'),
    ...each('option', 'runs-code', ['--bun'], 'runs the bin with Bun instead of the node its shebang names', 'https://bun.sh/docs/cli/bunx'),
    ...each('option', 'benign', ['--silent', '--verbose', '--no-install'], 'output; refuse to install', 'https://bun.sh/docs/cli/bunx'),
    ...each('env', 'changes-source', ['BUN_CONFIG_REGISTRY', 'NPM_CONFIG_REGISTRY', 'npm_config_registry', 'BUN_INSTALL_CACHE_DIR', 'BUN_INSTALL', 'NODE_TLS_REJECT_UNAUTHORIZED'], 'where packages come from, or whom TLS trusts', ENV),
    ...each('env', 'runs-code', ['BUN_OPTIONS', 'NODE_OPTIONS'], 'more command-line options for every bun process', ENV),
    ...each('env', 'benign', ['NO_COLOR', 'FORCE_COLOR', 'DO_NOT_TRACK', 'BUN_RUNTIME_TRANSPILER_CACHE_PATH', 'TMPDIR'], 'output, telemetry, caches of its own output', ENV),
    { kind: 'env-family', name: 'BUN_', effect: 'unknown', note: 'any other BUN_* variable: effect not modelled', source: ENV },
    ...each('config-key', 'runs-code', ['preload', 'run.shell', 'run.bun', 'loader', 'define', 'jsx', 'serve.static.plugins', 'test.preload'], 'preloads or transforms code, or picks the shell', BUNFIG),
    ...each('config-key', 'changes-source', ['install.registry', 'install.scopes', 'install.cache', 'install.globalDir', 'install.globalBinDir', 'install.ca', 'install.cafile', 'install.lockfile', 'install.linker'], 'where packages come from', BUNFIG),
    ...each('config-key', 'changes-release', ['install.production', 'install.optional', 'install.dev', 'install.peer', 'install.exact', 'install.frozenLockfile', 'install.minimumReleaseAge'], 'which releases are installed', BUNFIG),
    ...each('config-key', 'benign', ['logLevel', 'telemetry', 'smol', 'install.auto', 'install.saveTextLockfile', 'install.dryRun', 'run.silent', 'test.coverage', 'console.depth'], 'output and tooling', BUNFIG),
  ],
  configFiles: [
    { path: '<cwd>/bunfig.toml', format: 'toml', scope: 'project', source: BUNFIG },
    { path: '~/.config/.bunfig.toml', format: 'toml', scope: 'user', os: ['linux', 'darwin'], source: `${BUNFIG} ($XDG_CONFIG_HOME/.bunfig.toml)` },
    { path: '~/.bunfig.toml', format: 'toml', scope: 'user', source: BUNFIG },
    { path: '<cwd>/.env', format: 'dotenv', scope: 'project', source: ENV },
    { path: '<cwd>/.env.local', format: 'dotenv', scope: 'project', source: ENV },
    { path: '<cwd>/.env.development', format: 'dotenv', scope: 'project', source: `${ENV} (.env.$NODE_ENV, development by default)` },
    { path: '<cwd>/.env.production', format: 'dotenv', scope: 'project', source: `${ENV} (.env.$NODE_ENV)` },
    { path: '<cwd>/.npmrc', format: 'npmrc', scope: 'project', source: 'https://bun.sh/docs/install/npmrc' },
    { path: '~/.npmrc', format: 'npmrc', scope: 'user', source: 'https://bun.sh/docs/install/npmrc' },
  ],
};
