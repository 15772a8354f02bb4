/**
 * pipx run and the pip it runs to install the package. pipx: https://pipx.pypa.io/stable/docs/
 * (`pipx run --help`, environment variables PIPX_*); pip: its options, each also a `PIP_<NAME>`
 * variable and a `name = value` key of pip.conf (https://pip.pypa.io/en/stable/topics/configuration/),
 * files as pypa/pip@23.2.1:src/pip/_internal/configuration.py get_configuration_files and
 * iter_config_files list them: global (`$XDG_CONFIG_DIRS/pip/pip.conf`, `/etc/pip.conf`), user
 * (`~/.pip/pip.conf`, `~/.config/pip/pip.conf`), site (`<venv>/pip.conf`); `PIP_CONFIG_FILE` adds one.
 */
import type { Inventory } from '../../shared/inventory.js';
import { each, settings } from './build.js';

const PIPX = 'https://pipx.pypa.io/stable/docs/';
const PIP = 'https://pip.pypa.io/en/stable/cli/pip_install/';
const CONF = 'pypa/pip@23.2.1:src/pip/_internal/configuration.py';

export const pipxInventory: Inventory = {
  component: 'pipx',
  source: PIPX,
  items: [
    ...each('option', 'changes-source', ['--index-url', '-i', '--pip-args', '--backend', '--fetch-missing-python'], 'where the package comes from, or how it is installed', PIPX),
    ...each('option', 'benign', ['--spec'], "the package the app comes from: the program claim checks it is the proxy's own", PIPX),
    ...each('option', 'runs-code', ['--python', '--system-site-packages', '--editable', '-e', '--preinstall'], 'another interpreter or more packages in the tool environment', PIPX),
    ...each('option', 'benign', ['--no-cache', '--path', '--pypackages', '-q', '--quiet', '-v', '--verbose'], 'cache use, output', PIPX),
    ...each('env', 'runs-code', ['PIPX_HOME', 'PIPX_SHARED_LIBS', 'PIPX_DEFAULT_PYTHON', 'PIPX_GLOBAL_HOME', 'PIPX_GLOBAL_SHARED_LIBS'], 'where the tool environments and the shared pip live, or which Python builds them', PIPX),
    ...each('env', 'changes-source', ['PIPX_FETCH_MISSING_PYTHON', 'PIPX_STANDALONE_PYTHON_CACHE_DIR', 'PIPX_DEFAULT_BACKEND'], 'where a Python build or the installer comes from', PIPX),
    ...each('env', 'benign', ['PIPX_BIN_DIR', 'PIPX_MAN_DIR', 'PIPX_GLOBAL_BIN_DIR', 'PIPX_GLOBAL_MAN_DIR', 'PIPX_USE_EMOJI', 'USE_EMOJI', 'PIPX_HOME_ALLOW_SPACE', 'PIPX_MAX_LOGS'], 'where `pipx install` links apps; output', PIPX),
    { kind: 'env', name: 'PATH', effect: 'changes-lookup', note: 'pipx finds a --python given by name on PATH', source: PIPX },
    { kind: 'env-family', name: 'PIPX_', effect: 'unknown', note: 'any other PIPX_* variable: effect not modelled', source: PIPX },
  ],
  configFiles: [],
};

const PIP_SOURCE = ['index-url', 'extra-index-url', 'no-index', 'find-links', 'trusted-host', 'cert', 'client-cert', 'proxy', 'cache-dir', 'index'];
const PIP_CODE = ['keyring-provider', 'editable', 'use-pep517', 'no-use-pep517', 'no-build-isolation', 'config-settings', 'global-option',
  'user', 'target', 'prefix', 'root', 'src', 'python', 'use-feature', 'use-deprecated'];
const PIP_RELEASE = ['pre', 'only-binary', 'no-binary', 'prefer-binary', 'constraint', 'requirement', 'upgrade', 'upgrade-strategy',
  'force-reinstall', 'ignore-installed', 'no-deps', 'ignore-requires-python'];
const PIP_BENIGN = ['no-cache-dir', 'disable-pip-version-check', 'no-color', 'progress-bar', 'log', 'verbose', 'quiet', 'timeout', 'retries',
  'exists-action', 'no-input', 'isolated', 'require-hashes', 'require-virtualenv', 'break-system-packages', 'root-user-action',
  'no-python-version-warning', 'report', 'dry-run', 'check-build-dependencies', 'no-compile', 'compile', 'no-warn-script-location',
  'no-warn-conflicts', 'progress'];

export const pipInventory: Inventory = {
  component: 'pip',
  source: `${PIP}; https://pip.pypa.io/en/stable/topics/configuration/; ${CONF}`,
  items: [
    ...settings('changes-source', PIP_SOURCE, 'where pip fetches the package, or whom it trusts', PIP),
    ...settings('runs-code', PIP_CODE, 'builds, installs or imports other code', PIP),
    ...settings('changes-release', PIP_RELEASE, 'which releases pip installs', PIP),
    ...settings('benign', PIP_BENIGN, 'output, caching, checks', PIP),
    { kind: 'env', name: 'PIP_CONFIG_FILE', effect: 'changes-source', note: 'one more pip.conf, read first (os.devnull: none at all)', source: `${CONF} iter_config_files` },
    ...each('env', 'changes-source', ['XDG_CONFIG_DIRS'], 'moves the global pip.conf', `${CONF} get_configuration_files`),
    { kind: 'env-family', name: 'PIP_', effect: 'unknown', configKeys: 'dashed', note: 'PIP_<NAME> sets option --<name> (lower-cased, `_` → `-`)', source: `${CONF} _load_environment_vars` },
  ],
  assumes: ["pip's site pip.conf lives in the environment pip runs in: taken to be pipx's shared environment under ~/.local/share/pipx (or ~/.local/pipx); PIPX_HOME elsewhere is not followed"],
  configFiles: [
    { path: '/etc/xdg/pip/pip.conf', format: 'ini', scope: 'system', os: ['linux'], source: `${CONF} get_configuration_files (site_config_dirs)` },
    { path: '/etc/pip.conf', format: 'ini', scope: 'system', os: ['linux', 'darwin'], source: `${CONF} get_configuration_files` },
    { path: '/Library/Application Support/pip/pip.conf', format: 'ini', scope: 'system', os: ['darwin'], source: `${CONF} get_configuration_files (site_data_dir)` },
    { path: '%PROGRAMDATA%/pip/pip.ini', format: 'ini', scope: 'system', os: ['win32'], source: `${CONF} get_configuration_files` },
    { path: '~/.pip/pip.conf', format: 'ini', scope: 'user', os: ['linux', 'darwin'], source: `${CONF} get_configuration_files (legacy)` },
    { path: '~/.config/pip/pip.conf', format: 'ini', scope: 'user', os: ['linux', 'darwin'], source: `${CONF} get_configuration_files (user_config_dir)` },
    { path: '~/Library/Application Support/pip/pip.conf', format: 'ini', scope: 'user', os: ['darwin'], source: 'pypa/pip@23.2.1:src/pip/_internal/utils/appdirs.py _macos_user_config_dir' },
    { path: '~/pip/pip.ini', format: 'ini', scope: 'user', os: ['win32'], source: `${CONF} get_configuration_files (legacy)` },
    { path: '%APPDATA%/pip/pip.ini', format: 'ini', scope: 'user', os: ['win32'], source: `${CONF} get_configuration_files (user_config_dir)` },
    { path: '~/.local/share/pipx/shared/pip.conf', format: 'ini', scope: 'project', os: ['linux'], source: `${CONF} get_configuration_files (site: sys.prefix of the pipx shared environment that runs pip)` },
    { path: '~/.local/pipx/shared/pip.conf', format: 'ini', scope: 'project', os: ['linux', 'darwin'], source: `${CONF} get_configuration_files (site, pipx before 1.3)` },
  ],
};
