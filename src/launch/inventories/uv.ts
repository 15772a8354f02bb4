/**
 * uv (uvx, uv tool run, uv run): its options, `UV_*` variables and uv.toml settings. Sources:
 * https://docs.astral.sh/uv/reference/cli/, https://docs.astral.sh/uv/reference/environment/
 * (generated from astral-sh/uv crates/uv-static/src/env_vars.rs), https://docs.astral.sh/uv/reference/settings/,
 * and https://docs.astral.sh/uv/concepts/configuration-files/ for the files: project
 * (`uv.toml`, `pyproject.toml [tool.uv]` in the working directory or a parent; ignored by tool
 * commands: "For tool commands, which operate at the user level, local configuration files will be
 * ignored"), user (`$XDG_CONFIG_HOME/uv/uv.toml`, `~/.config/uv/uv.toml`; `%APPDATA%\uv\uv.toml`),
 * system (`/etc/uv/uv.toml`; `%PROGRAMDATA%\uv\uv.toml`); `--no-config` / `UV_NO_CONFIG` skip them all.
 */
import type { Inventory } from '../../shared/inventory.js';
import { each, settings } from './build.js';

const CLI = 'https://docs.astral.sh/uv/reference/cli/';
const ENV = 'https://docs.astral.sh/uv/reference/environment/';
const SET = 'https://docs.astral.sh/uv/reference/settings/';
const FILES = 'https://docs.astral.sh/uv/concepts/configuration-files/';
const VERSION_FILES = 'astral-sh/uv@174579cd5e0847c3dab5dbe57051b371f1115288:crates/uv-python/src/version_files.rs (PythonVersionFile::discover, discover_user_config, find_in_directory); https://docs.astral.sh/uv/concepts/python-versions/#python-version-files';

/** Settings that are both a `--option` and a uv.toml key, by effect. */
const SOURCE = ['index', 'index-url', 'extra-index-url', 'default-index', 'find-links', 'no-index', 'index-strategy', 'allow-insecure-host',
  'cache-dir', 'config-file', 'torch-backend', 'python-install-mirror', 'pypy-install-mirror', 'python-downloads-json-url', 'no-sources',
  'native-tls', 'index-url-strategy'];
const CODE = ['with', 'with-editable', 'with-requirements', 'with-executables-from', 'python', 'env-file', 'config-setting', 'config-settings',
  'keyring-provider', 'no-build-isolation', 'no-build-isolation-package', 'python-preference', 'managed-python', 'no-managed-python',
  'python-downloads', 'no-python-downloads', 'extra-build-dependencies', 'extra-build-variables'];
const RELEASE = ['exclude-newer', 'exclude-newer-package', 'prerelease', 'resolution', 'fork-strategy', 'constraints', 'constraint',
  'overrides', 'override', 'build-constraints', 'build-constraint', 'upgrade', 'upgrade-package', 'reinstall', 'reinstall-package',
  'no-build', 'no-build-package', 'no-binary', 'no-binary-package', 'offline', 'refresh', 'refresh-package', 'no-sync', 'frozen',
  'locked', 'extra', 'all-extras', 'group', 'only-group', 'no-group', 'all-groups', 'no-default-groups', 'dev', 'no-dev', 'only-dev',
  'package', 'all-packages', 'exact', 'inexact', 'no-editable', 'active'];
const CWD = ['directory', 'project'];
const BENIGN = ['quiet', 'verbose', 'no-cache', 'no-progress', 'color', 'compile-bytecode', 'link-mode', 'show-resolution', 'preview',
  'no-config', 'isolated', 'no-env-file', 'concurrent-downloads', 'concurrent-builds', 'concurrent-installs', 'lfs', 'gui-script',
  'script', 'module', 'no-project', 'help'];

export const uvInventory: Inventory = {
  component: 'uv',
  source: `${CLI}; ${ENV}; ${SET}; ${FILES}`,
  items: [
    ...settings('changes-source', SOURCE, 'changes where packages (or the Python build) come from, or whom uv trusts', `${CLI}; ${SET}`),
    ...settings('runs-code', CODE, 'adds packages or code, or picks the interpreter that runs the tool', `${CLI}; ${SET}`),
    ...settings('changes-release', RELEASE, 'changes which releases uv resolves or installs', `${CLI}; ${SET}`),
    ...settings('changes-cwd', CWD, 'runs from another project or directory', CLI),
    ...settings('benign', BENIGN, 'output, caching, performance, or a stricter mode', `${CLI}; ${SET}`),
    ...each('option', 'changes-source', ['-i', '-f'], 'short for --index-url, --find-links', CLI),
    ...each('option', 'runs-code', ['-p', '-C'], 'short for --python, --config-setting', CLI),
    ...each('option', 'changes-release', ['-c', '-b', '-U', '-P'], 'short for --constraints, --build-constraints, --upgrade, --upgrade-package', CLI),
    ...each('option', 'benign', ['-q', '-qq', '-v', '-vv', '-n', '-s', '-m'], 'short for --quiet, --verbose, --no-cache, --script, --module', CLI),
    ...each('option', 'benign', ['--from'], "the package the command comes from: the program claim checks it is the proxy's own", CLI),
    // uv.toml tables and keys that are no CLI option.
    ...each('config-key', 'changes-source', ['sources', 'index', 'dependency-metadata', 'check-url', 'workspace'], 'package sources, indexes and metadata', SET),
    ...each('config-key', 'changes-release', ['override-dependencies', 'constraint-dependencies', 'build-constraint-dependencies', 'dev-dependencies',
      'default-groups', 'environments', 'required-environments', 'conflicts', 'managed', 'required-version', 'cache-keys'], 'what the project resolves to', SET),
    ...each('config-key', 'runs-code', ['build-backend', 'pip'], "the build backend; uv pip's own settings table", SET),
    ...each('config-key', 'benign', ['publish-url', 'trusted-publishing', 'add-bounds', 'http-timeout', 'python-version'], 'publishing and editing commands', SET),
    // Variables (docs reference/environment), by effect.
    ...each('env', 'changes-source', ['UV_INDEX', 'UV_INDEX_URL', 'UV_EXTRA_INDEX_URL', 'UV_DEFAULT_INDEX', 'UV_FIND_LINKS', 'UV_NO_INDEX',
      'UV_INDEX_STRATEGY', 'UV_INSECURE_HOST', 'UV_NATIVE_TLS', 'UV_CACHE_DIR', 'UV_CONFIG_FILE', 'UV_TORCH_BACKEND', 'UV_PYTHON_INSTALL_MIRROR',
      'UV_PYPY_INSTALL_MIRROR', 'UV_PYTHON_DOWNLOADS_JSON_URL', 'UV_ASTRAL_MIRROR_URL', 'UV_NO_SOURCES', 'UV_PYTHON_CACHE_DIR',
      'SSL_CERT_FILE', 'SSL_CERT_DIR', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy', 'UV_HTTP_PROXY', 'UV_HTTPS_PROXY'],
    'same as the option or setting: where packages come from, or whom uv trusts', ENV),
    ...each('env', 'runs-code', ['UV_ENV_FILE', 'UV_PYTHON', 'UV_PYTHON_PREFERENCE', 'UV_MANAGED_PYTHON', 'UV_NO_MANAGED_PYTHON', 'UV_PYTHON_DOWNLOADS',
      'UV_PYTHON_INSTALL_DIR', 'UV_PYTHON_BIN_DIR', 'UV_TOOL_DIR', 'UV_PROJECT_ENVIRONMENT', 'UV_KEYRING_PROVIDER', 'UV_NO_BUILD_ISOLATION',
      'UV_NO_BUILD_ISOLATION_PACKAGE', 'UV_WITH', 'UV_PYTHON_INSTALL_REGISTRY', 'VIRTUAL_ENV', 'CONDA_PREFIX'],
    'picks the interpreter or environment the tool runs in, loads variables, or runs a helper', ENV),
    ...each('env', 'changes-release', ['UV_EXCLUDE_NEWER', 'UV_PRERELEASE', 'UV_RESOLUTION', 'UV_FORK_STRATEGY', 'UV_CONSTRAINT', 'UV_OVERRIDE',
      'UV_BUILD_CONSTRAINT', 'UV_NO_BINARY', 'UV_NO_BINARY_PACKAGE', 'UV_NO_BUILD', 'UV_NO_BUILD_PACKAGE', 'UV_OFFLINE', 'UV_NO_SYNC', 'UV_FROZEN',
      'UV_LOCKED', 'UV_REFRESH', 'UV_UPGRADE', 'UV_REINSTALL', 'UV_NO_DEV', 'UV_DEV', 'UV_NO_EDITABLE', 'UV_NO_GROUP', 'UV_NO_DEFAULT_GROUPS'],
    'changes which releases uv resolves or installs', ENV),
    ...each('env', 'changes-cwd', ['UV_PROJECT', 'UV_WORKING_DIRECTORY'], 'runs from another project or directory', ENV),
    ...each('env', 'benign', ['UV_NO_CONFIG', 'UV_NO_CACHE', 'UV_NO_PROGRESS', 'UV_NO_WRAP', 'UV_NO_ENV_FILE', 'UV_LINK_MODE', 'UV_COMPILE_BYTECODE',
      'UV_CONCURRENT_DOWNLOADS', 'UV_CONCURRENT_BUILDS', 'UV_CONCURRENT_INSTALLS', 'UV_HTTP_TIMEOUT', 'UV_REQUEST_TIMEOUT', 'UV_HTTP_RETRIES',
      'UV_LOG_CONTEXT', 'UV_STACK_SIZE', 'UV_ISOLATED', 'UV_TOOL_BIN_DIR', 'UV_GITHUB_TOKEN', 'UV_CUSTOM_COMPILE_COMMAND', 'UV_SHOW_RESOLUTION',
      'UV_INSTALL_DIR', 'UV_UNMANAGED_INSTALL', 'UV_NO_MODIFY_PATH', 'UV', 'NO_COLOR', 'FORCE_COLOR', 'CLICOLOR_FORCE', 'RUST_LOG', 'NO_PROXY', 'no_proxy'],
    'output, caching, timeouts, or a stricter mode', ENV),
    ...each('env', 'benign', ['UV_THREADPOOL_SIZE', 'UV_USE_IO_URING'], "libuv's (Node's), not uv's", 'https://nodejs.org/api/cli.html#uv_threadpool_sizesize'),
    ...each('env', 'unknown', ['UV_PREVIEW', 'UV_PREVIEW_FEATURES'], 'preview features change behaviour release to release', ENV),
    { kind: 'env', name: 'PATH', effect: 'runs-code', note: "uv's Python discovery searches PATH for the interpreter the tool environment is built on and runs with", source: 'https://docs.astral.sh/uv/concepts/python-versions/#discovery-of-python-versions' },
    { kind: 'env', name: 'XDG_CONFIG_HOME', effect: 'moves-home', benignWhen: { kind: 'home-relative', relative: '.config' }, note: 'moves the user uv.toml', source: FILES },
    { kind: 'env', name: 'XDG_DATA_HOME', effect: 'runs-code', benignWhen: { kind: 'home-relative', relative: '.local/share' }, note: "moves uv's data folder: the tool installs uvx may reuse and the managed Pythons it runs on (uv-dirs user_state_dir)", source: 'astral-sh/uv crates/uv-dirs/src/lib.rs (XDG_DATA_HOME/uv); crates/uv-state/src/lib.rs' },
    { kind: 'env', name: 'XDG_CONFIG_DIRS', effect: 'changes-source', benignWhen: { kind: 'one-of', values: ['/etc/xdg'] }, note: 'moves the system uv.toml', source: FILES },
    { kind: 'config-key', name: 'version-request', effect: 'benign', note: 'a version file line that is a bare version: uv looks for a matching interpreter where it looks without one (managed installs, PATH: judged on their own)', source: VERSION_FILES },
    { kind: 'config-key', name: 'interpreter-request', effect: 'runs-code', note: 'a version file line naming a path or an executable: that interpreter builds and runs the environment', source: VERSION_FILES },
    { kind: 'env-family', name: 'UV_', effect: 'unknown', note: 'any other UV_* variable: read by uv, effect not modelled', source: ENV },
  ],
  configFiles: [
    { path: '<cwd>/uv.toml', format: 'toml', scope: 'project', walk: 'up-to-root', onlyIn: ['uv-run'], skippedBy: ['--no-config'], source: FILES },
    { path: '<cwd>/pyproject.toml', format: 'toml', section: ['tool', 'uv'], scope: 'project', walk: 'up-to-root', onlyIn: ['uv-run'], skippedBy: ['--no-config'], source: FILES },
    { path: '~/.config/uv/uv.toml', format: 'toml', scope: 'user', os: ['linux', 'darwin'], skippedBy: ['--no-config'], source: FILES },
    { path: '%APPDATA%/uv/uv.toml', format: 'toml', scope: 'user', os: ['win32'], skippedBy: ['--no-config'], source: FILES },
    { path: '/etc/uv/uv.toml', format: 'toml', scope: 'system', os: ['linux', 'darwin'], skippedBy: ['--no-config'], source: FILES },
    { path: '/etc/xdg/uv/uv.toml', format: 'toml', scope: 'system', os: ['linux', 'darwin'], skippedBy: ['--no-config'], source: `${FILES} ($XDG_CONFIG_DIRS/uv/uv.toml, default /etc/xdg)` },
    { path: '%PROGRAMDATA%/uv/uv.toml', format: 'toml', scope: 'system', os: ['win32'], skippedBy: ['--no-config'], source: FILES },
    // Version files: the nearest in the working directory or a parent for project commands, else the
    // user config directory's (`find_nearest`, then `discover_user_config`; `no_config` skips both).
    { path: '<cwd>/.python-version', format: 'python-version', scope: 'project', walk: 'up-to-root', onlyIn: ['uv-run'], skippedBy: ['--no-config'], source: VERSION_FILES },
    { path: '<cwd>/.python-versions', format: 'python-version', scope: 'project', walk: 'up-to-root', onlyIn: ['uv-run'], skippedBy: ['--no-config'], source: VERSION_FILES },
    { path: '~/.config/uv/.python-version', format: 'python-version', scope: 'user', os: ['linux', 'darwin'], skippedBy: ['--no-config'], source: VERSION_FILES },
    { path: '~/.config/uv/.python-versions', format: 'python-version', scope: 'user', os: ['linux', 'darwin'], skippedBy: ['--no-config'], source: VERSION_FILES },
    { path: '%APPDATA%/uv/.python-version', format: 'python-version', scope: 'user', os: ['win32'], skippedBy: ['--no-config'], source: VERSION_FILES },
    { path: '%APPDATA%/uv/.python-versions', format: 'python-version', scope: 'user', os: ['win32'], skippedBy: ['--no-config'], source: VERSION_FILES },
  ],
};
