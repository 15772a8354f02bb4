/**
 * What every dynamically linked process reads before its own code runs, and the per-user
 * directories every tool derives its defaults from. glibc ld.so(8) (https://man7.org/linux/man-pages/man8/ld.so.8.html),
 * Apple dyld(1), glibc tunables (https://www.gnu.org/software/libc/manual/html_node/Tunables.html),
 * iconv's GCONV_PATH (https://man7.org/linux/man-pages/man3/iconv_open.3.html), OpenSSL's
 * openssl-env(7) (https://docs.openssl.org/3.0/man7/openssl-env/); the home directory as Python
 * (https://docs.python.org/3/library/os.path.html#os.path.expanduser), Node
 * (https://nodejs.org/api/os.html#oshomedir) and the XDG base directory spec
 * (https://specifications.freedesktop.org/basedir-spec/latest/) read it.
 */
import type { Inventory } from '../../shared/inventory.js';
import { each } from './build.js';

const LDSO = 'https://man7.org/linux/man-pages/man8/ld.so.8.html';
const DYLD = 'https://developer.apple.com/library/archive/documentation/Darwin/Reference/ManPages/man1/dyld.1.html';
const OSSL = 'https://docs.openssl.org/3.0/man7/openssl-env/';
const XDG = 'https://specifications.freedesktop.org/basedir-spec/latest/';

export const loaderInventory: Inventory = {
  component: 'dynamic loader',
  source: `${LDSO}; ${DYLD}; ${OSSL}`,
  items: [
    ...each('env', 'runs-code', ['LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'LD_PROFILE', 'GLIBC_TUNABLES', 'GCONV_PATH'], 'loads a shared object (or tunes the loader) before the program runs', LDSO),
    { kind: 'env-family', name: 'LD_', effect: 'unknown', note: 'any other LD_* variable: read by ld.so, effect not modelled', source: LDSO },
    { kind: 'env-family', name: 'DYLD_', effect: 'runs-code', note: 'DYLD_INSERT_LIBRARIES, DYLD_LIBRARY_PATH, DYLD_FRAMEWORK_PATH …: load other code', source: DYLD },
    ...each('env', 'runs-code', ['OPENSSL_CONF', 'OPENSSL_MODULES', 'OPENSSL_ENGINES', 'OPENSSL_CONF_INCLUDE'], 'a config that loads providers or engines, and where they are loaded from', OSSL),
    ...each('env', 'changes-source', ['SSL_CERT_FILE', 'SSL_CERT_DIR'], 'the default CA store', OSSL),
    { kind: 'env-family', name: 'OPENSSL_', effect: 'unknown', note: 'any other OPENSSL_* variable: effect not modelled', source: OSSL },
    ...each('env', 'unknown', ['LOCPATH', 'GETCONF_DIR', 'HOSTALIASES', 'RESOLV_HOST_CONF', 'NLSPATH'], 'glibc data read from a chosen path', 'https://man7.org/linux/man-pages/man7/locale.7.html'),
    { kind: 'env-family', name: 'MALLOC_', effect: 'unknown', note: 'glibc malloc tunables', source: 'https://www.gnu.org/software/libc/manual/html_node/Tunables.html' },
    ...each('env', 'benign', ['LANG', 'LANGUAGE', 'TZ', 'TERM', 'TMPDIR', 'TEMP', 'TMP', 'USER', 'LOGNAME', 'SHELL', 'PWD', 'SHLVL', 'COLORTERM', 'DISPLAY', 'DBUS_SESSION_BUS_ADDRESS'], 'locale, terminal, temporary files, session', 'https://pubs.opengroup.org/onlinepubs/9799919799/basedefs/V1_chap08.html'),
    { kind: 'env-family', name: 'LC_', effect: 'benign', note: 'locale categories (LC_ALL, LC_CTYPE …) from the installed locales', source: 'https://man7.org/linux/man-pages/man7/locale.7.html' },
  ],
  configFiles: [],
};

/** The home and per-user directories every tool derives its default config and store paths from. */
export const userDirsInventory: Inventory = {
  component: 'home and user directories',
  source: `https://docs.python.org/3/library/os.path.html#os.path.expanduser; https://nodejs.org/api/os.html#oshomedir; ${XDG}`,
  items: [
    { kind: 'env', name: 'HOME', effect: 'moves-home', benignWhen: { kind: 'trusted-home' }, note: "the home every default path is derived from (Python's expanduser, Node's os.homedir, npm, uv)", source: 'https://docs.python.org/3/library/os.path.html#os.path.expanduser' },
    { kind: 'env', name: 'USERPROFILE', effect: 'moves-home', benignWhen: { kind: 'trusted-home' }, note: 'the home on Windows', source: 'https://nodejs.org/api/os.html#oshomedir' },
    ...each('env', 'moves-home', ['HOMEDRIVE', 'HOMEPATH', 'APPDATA', 'LOCALAPPDATA', 'PROGRAMDATA', 'ALLUSERSPROFILE', 'XDG_RUNTIME_DIR'], 'per-user and machine directories on Windows, the runtime directory', 'https://learn.microsoft.com/en-us/windows/deployment/usmt/usmt-recognized-environment-variables'),
    { kind: 'env', name: 'XDG_CONFIG_HOME', effect: 'moves-home', benignWhen: { kind: 'home-relative', relative: '.config' }, note: 'user config directory', source: XDG },
    { kind: 'env', name: 'XDG_DATA_HOME', effect: 'moves-home', benignWhen: { kind: 'home-relative', relative: '.local/share' }, note: 'user data directory', source: XDG },
    { kind: 'env', name: 'XDG_STATE_HOME', effect: 'moves-home', benignWhen: { kind: 'home-relative', relative: '.local/state' }, note: 'user state directory', source: XDG },
    { kind: 'env', name: 'XDG_CACHE_HOME', effect: 'moves-home', benignWhen: { kind: 'home-relative', relative: '.cache' }, note: 'user cache directory', source: XDG },
    { kind: 'env-family', name: 'XDG_', effect: 'moves-home', note: 'any other XDG base directory', source: XDG },
  ],
  configFiles: [],
};
