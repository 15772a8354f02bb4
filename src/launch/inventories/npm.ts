/**
 * npm (npx, npm exec, and npx-cli.js run by node): every config key, which npm reads from its
 * command line (`--key`), from `npm_config_*` variables (case-insensitively, `_` → `-`, empty values
 * skipped) and from four npmrc files. Keys and file order from npm 11's own config loader (as published in npm 11.19.1):
 * npm/cli@v11.19.1:workspaces/config/lib/index.js (load: builtin, cli, env, project, user, global;
 * loadLocalPrefix; loadEnv), workspaces/config/lib/definitions/definitions.js (181 keys),
 * workspaces/config/lib/env-replace.js (`${VAR}` and `${VAR?}` in keys and values), parsed with
 * the `ini` package (key[] arrays). Reference: https://docs.npmjs.com/cli/v11/using-npm/config,
 * https://docs.npmjs.com/cli/v11/configuring-npm/npmrc.
 */
import type { Inventory } from '../../shared/inventory.js';
import { each, settings } from './build.js';

const CLI = 'npm/cli@v11.19.1:workspaces/config/lib/definitions/definitions.js';
const LOADER = 'npm/cli@v11.19.1:workspaces/config/lib/index.js';

/** Keys that load or run other code in npx's process or in the package it starts. */
const RUNS_CODE = ['node-options', 'script-shell', 'shell', 'call', 'git', 'node-gyp', 'allow-scripts', 'dangerously-allow-all-scripts',
  'strict-allow-scripts', 'allow-scripts-pending', 'allow-scripts-pin', 'ignore-scripts', 'foreground-scripts', 'rebuild-bundle'];
/** Keys that change where the package (or a dependency of it) comes from, or whom npm trusts to serve it. */
const SOURCE = ['registry', 'replace-registry-host', 'cache', 'prefix', 'globalconfig', 'userconfig', 'ca', 'cafile', 'cert', 'key',
  'strict-ssl', 'https-proxy', 'proxy', 'packages', 'install-links', 'allow-directory', 'allow-file', 'allow-git', 'allow-remote',
  'global', 'location', 'link', 'bin-links'];
/** Keys that change which release of the package runs. */
const RELEASE = ['before', 'offline', 'prefer-offline', 'prefer-online', 'cache-max', 'cache-min', 'tag', 'min-release-age', 'min-release-age-exclude',
  'legacy-peer-deps', 'strict-peer-deps', 'prefer-dedupe', 'install-strategy', 'global-style', 'legacy-bundling', 'force', 'cpu', 'os', 'libc',
  'omit', 'include', 'production', 'dev', 'optional', 'also', 'only', 'engine-strict'];
/** Keys that run the command in other directories (workspaces). */
const CWD = ['workspace', 'workspaces', 'include-workspace-root', 'workspaces-update'];
/** Keys read only by other npm commands (publish, init, version, search, diff, audit …) or only for output, logs and prompts. */
const BENIGN = ['_auth', 'access', 'all', 'allow-same-version', 'audit', 'audit-level', 'auth-type', 'browser', 'bypass-2fa', 'cidr', 'color',
  'commit-hooks', 'depth', 'description', 'diff', 'diff-ignore-all-space', 'diff-name-only', 'diff-no-prefix', 'diff-dst-prefix',
  'diff-src-prefix', 'diff-text', 'diff-unified', 'dry-run', 'editor', 'expect-result-count', 'expect-results', 'expires', 'fetch-retries',
  'fetch-retry-factor', 'fetch-retry-maxtimeout', 'fetch-retry-mintimeout', 'fetch-timeout', 'format-package-lock', 'fund', 'git-tag-version',
  'heading', 'if-present', 'include-staged', 'include-attestations', 'init-author-email', 'init-author-name', 'init-author-url',
  'init-license', 'init-module', 'init-type', 'init-version', 'init-private', 'init.author.email', 'init.author.name', 'init.author.url',
  'init.license', 'init.module', 'init.version', 'json', 'local-address', 'lockfile-version', 'loglevel', 'logs-dir', 'logs-max', 'long',
  'maxsockets', 'message', 'name', 'noproxy', 'omit-lockfile-registry-resolved', 'orgs', 'otp', 'package-lock', 'package-lock-only',
  'pack-destination', 'parseable', 'preid', 'progress', 'provenance', 'provenance-file', 'read-only', 'save', 'save-bundle', 'save-dev',
  'save-exact', 'save-optional', 'save-peer', 'save-prefix', 'save-prod', 'sbom-format', 'sbom-type', 'scope', 'scopes', 'packages-all',
  'packages-and-scopes-permission', 'orgs-permission', 'password', 'token-description', 'searchexclude', 'searchlimit', 'searchopts',
  'searchstaleness', 'shrinkwrap', 'sign-git-commit', 'sign-git-tag', 'tag-version-prefix', 'timing', 'umask', 'unicode', 'update-notifier',
  'usage', 'user-agent', 'version', 'versions', 'viewer', 'which', 'yes'];

export const npmInventory: Inventory = {
  component: 'npm',
  source: `${LOADER}; ${CLI}; https://docs.npmjs.com/cli/v11/using-npm/config`,
  items: [
    ...settings('runs-code', RUNS_CODE, 'runs or loads code: node-options reaches every node process npm starts, script-shell runs the bin', CLI),
    ...settings('changes-source', SOURCE, 'changes where the package or its dependencies are fetched from, or which server npm trusts', CLI),
    ...settings('changes-release', RELEASE, 'changes which release (or which dependency releases) npm resolves', CLI),
    ...settings('changes-cwd', CWD, 'runs the command in workspace directories', CLI),
    ...settings('benign', BENIGN, 'read by other commands, or output, logging and prompts only', CLI),
    ...each('option', 'benign', ['-y', '--no', '-q', '-s', '-d', '-dd', '-ddd', '--silent', '--quiet', '--verbose'], 'prompt and log shorthands', CLI),
    // Listed last: as options, --package / -p name the package npx runs, which the program claim checks is the proxy's own.

    ...each('option', 'runs-code', ['-c'], 'shorthand of --call', CLI),
    ...each('config-key', 'changes-source', ['package'], 'in a file or npm_config_package: one more package npx installs and may run', CLI),
    ...each('option', 'benign', ['-p', '--package'], "the package npx runs: the program claim checks it is the proxy's own (and flags any other beside it)", CLI),
    ...each('option', 'changes-release', ['-f'], 'shorthand of --force', CLI),
    ...each('option', 'changes-cwd', ['-w', '--ws'], 'shorthands of --workspace, --workspaces', CLI),
    ...each('option', 'benign', ['--ignore-existing', '--no-install'], 'legacy npx flags npx-cli.js drops with a warning (npm 7+)', 'npm/cli@v11.19.1:bin/npx-cli.js'),
    // Nerf-darted keys (`//registry.example/:_authToken`) carry credentials for one registry; `@scope:registry` moves a scope.
    ...each('config-key', 'benign', ['//*'], 'per-registry credentials and TLS files (`//host/:_authToken`, `:certfile`)', `${LOADER} checkUnknown (nerfDarts)`),
    ...each('config-key', 'changes-source', ['@*'], '`@scope:registry` fetches every package of that scope (a dependency of the proxy included) from another registry', CLI),
    {
      kind: 'env-family', name: 'npm_config_', effect: 'unknown', configKeys: 'dashed', benignWhen: { kind: 'empty' },
      note: 'npm_config_<key> sets <key> (case-insensitive, `_` → `-`); an empty value is skipped; a name that is no key is not modelled',
      source: `${LOADER} loadEnv`,
    },
    { kind: 'env', name: 'PREFIX', effect: 'changes-source', note: "npm's global prefix, hence its global npmrc and the global packages npx runs", source: `${LOADER} loadGlobalPrefix` },
    { kind: 'env', name: 'PATH', effect: 'runs-code', note: "npm runs the package's bin through a shell with this PATH (node_modules/.bin first); the bin's `#!/usr/bin/env node` finds node on it", source: 'npm/run-script@v10.0.4:lib/set-path.js' },
    { kind: 'env', name: 'NODE_ENV', effect: 'benign', note: 'production makes `omit` default to dev: dependencies of a registry package are unaffected', source: CLI },
    ...each('env', 'benign', ['NO_COLOR', 'CI', 'TERM', 'COLUMNS'], 'colour and CI detection for output', CLI),
    ...each('env', 'changes-source', ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'], 'default of https-proxy / proxy', CLI),
    ...each('env', 'benign', ['NO_PROXY', 'no_proxy'], 'default of noproxy: requests go direct', CLI),
  ],
  assumes: [
    "npm's global and builtin npmrc depend on where the node the host finds is installed: taken to be /usr, /usr/local, Debian's /usr/share/nodejs or Homebrew's prefix (%ProgramFiles%\\nodejs or %APPDATA%\\npm on Windows); a version manager's install (nvm, fnm, volta) keeps its own etc/npmrc, not looked for",
  ],
  configFiles: [
    { path: '<cwd>/.npmrc', format: 'npmrc', scope: 'project', walk: 'npm-prefix', source: `${LOADER} loadProjectConfig, loadLocalPrefix (the nearest folder with package.json or node_modules, a workspace root above it, else the cwd)` },
    { path: '~/.npmrc', format: 'npmrc', scope: 'user', source: `${CLI} userconfig (default ~/.npmrc)` },
    { path: '/etc/npmrc', format: 'npmrc', scope: 'system', os: ['linux'], source: `${CLI} globalconfig (Debian's npm sets globalconfig=/etc/npmrc)` },
    { path: '/usr/etc/npmrc', format: 'npmrc', scope: 'system', os: ['linux'], source: `${CLI} globalconfig (<prefix>/etc/npmrc, node in /usr/bin)` },
    { path: '/usr/local/etc/npmrc', format: 'npmrc', scope: 'system', os: ['linux', 'darwin'], source: `${CLI} globalconfig (<prefix>/etc/npmrc, node in /usr/local/bin)` },
    { path: '/opt/homebrew/etc/npmrc', format: 'npmrc', scope: 'system', os: ['darwin'], source: `${CLI} globalconfig (<prefix>/etc/npmrc, Homebrew on Apple silicon)` },
    { path: '%APPDATA%/npm/etc/npmrc', format: 'npmrc', scope: 'system', os: ['win32'], source: `${CLI} globalconfig (prefix=%APPDATA%\\npm from the builtin npmrc)` },
    { path: '%PROGRAMFILES%/nodejs/etc/npmrc', format: 'npmrc', scope: 'system', os: ['win32'], source: `${LOADER} loadGlobalPrefix (win32: dirname(execPath))` },
    { path: '/usr/lib/node_modules/npm/npmrc', format: 'npmrc', scope: 'builtin', os: ['linux'], source: `${LOADER} loadBuiltinConfig (<npm>/npmrc)` },
    { path: '/usr/share/nodejs/npm/npmrc', format: 'npmrc', scope: 'builtin', os: ['linux'], source: `${LOADER} loadBuiltinConfig (Debian's npm)` },
    { path: '/usr/local/lib/node_modules/npm/npmrc', format: 'npmrc', scope: 'builtin', os: ['linux', 'darwin'], source: `${LOADER} loadBuiltinConfig (<npm>/npmrc)` },
    { path: '/opt/homebrew/lib/node_modules/npm/npmrc', format: 'npmrc', scope: 'builtin', os: ['darwin'], source: `${LOADER} loadBuiltinConfig (<npm>/npmrc)` },
    { path: '%PROGRAMFILES%/nodejs/node_modules/npm/npmrc', format: 'npmrc', scope: 'builtin', os: ['win32'], source: `${LOADER} loadBuiltinConfig (<npm>/npmrc)` },
  ],
};
