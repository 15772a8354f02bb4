/**
 * Deno (`deno run`): https://docs.deno.com/runtime/reference/env_variables/ and
 * https://docs.deno.com/runtime/fundamentals/configuration/ (deno.json / deno.jsonc found from the
 * working directory up; an import map in it remaps what a specifier loads), and Deno's npm support
 * reading `.npmrc` (https://docs.deno.com/runtime/fundamentals/node/#private-registries).
 */
import type { Inventory } from '../../shared/inventory.js';
import { each } from './build.js';

const ENV = 'https://docs.deno.com/runtime/reference/env_variables/';
const CONF = 'https://docs.deno.com/runtime/fundamentals/configuration/';

export const denoInventory: Inventory = {
  component: 'deno',
  source: `${ENV}; ${CONF}`,
  items: [
    ...each('env', 'changes-source', ['DENO_DIR', 'DENO_CERT', 'DENO_TLS_CA_STORE', 'NPM_CONFIG_REGISTRY', 'DENO_AUTH_TOKENS', 'HTTPS_PROXY', 'HTTP_PROXY',
      'DENO_NO_PACKAGE_JSON', 'DENO_INSTALL_ROOT', 'DENO_UNSAFELY_IGNORE_CERTIFICATE_ERRORS'], 'where modules come from, the module cache, or whom TLS trusts', ENV),
    ...each('env', 'runs-code', ['DENO_V8_FLAGS', 'DENO_FUTURE'], 'V8 flags and future defaults change what runs', ENV),
    ...each('env', 'benign', ['DENO_NO_PROMPT', 'DENO_NO_UPDATE_CHECK', 'NO_COLOR', 'NO_PROXY', 'DENO_JOBS'], 'prompts, update checks, output', ENV),
    { kind: 'env-family', name: 'DENO_', effect: 'unknown', note: 'any other DENO_* variable: effect not modelled', source: ENV },
    ...each('option', 'runs-code', ['-c', '--config', '--import-map', '--preload', '--env-file', '--allow-all', '-A', '--unstable'], 'another config or import map, preloaded modules, variables from a file', 'https://docs.deno.com/runtime/reference/cli/run/'),
    ...each('option', 'changes-source', ['--lock', '--no-lock', '--cert', '--reload', '-r', '--cached-only', '--node-modules-dir', '--vendor'], 'which module versions or sources are used', 'https://docs.deno.com/runtime/reference/cli/run/'),
    ...each('option', 'benign', ['--quiet', '-q', '--no-prompt', '--allow-read', '--allow-write', '--allow-net', '--allow-env', '--allow-run',
      '--allow-sys', '--allow-ffi', '--deny-read', '--deny-write', '--deny-net', '--deny-env', '--deny-run', '--location', '--seed', '--ext', '--check', '--no-check'],
    'output and permission flags', 'https://docs.deno.com/runtime/reference/cli/run/'),
    ...each('config-key', 'runs-code', ['imports', 'importMap', 'scopes', 'nodeModulesDir', 'vendor', 'unstable', 'links', 'patch', 'workspace'], 'remaps or adds what a specifier loads', CONF),
    ...each('config-key', 'benign', ['compilerOptions', 'fmt', 'lint', 'tasks', 'test', 'bench', 'publish', 'name', 'version', 'exports', 'exclude', 'lock'], 'type checking, tooling and publishing', CONF),
  ],
  configFiles: [
    { path: '<cwd>/deno.json', format: 'json', scope: 'project', walk: 'up-to-root', source: CONF },
    { path: '<cwd>/deno.jsonc', format: 'json', scope: 'project', walk: 'up-to-root', source: CONF },
  ],
};
