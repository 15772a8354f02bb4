/**
 * Variable families read by prefix: a runtime, runner or library in the launch chain reads every
 * member, including ones added in later releases, so a family is judged as a whole. A member is
 * harmless only when listed here as such; any other member of a family that reaches the chain is
 * not proven (env-family-unproven). Sources, per family:
 * - Python: docs.python.org/3/using/cmdline.html#environment-variables (every `PYTHON*` is read by CPython).
 * - Node: nodejs.org/api/cli.html#environment-variables (`NODE_*`).
 * - uv: docs.astral.sh/uv/reference/environment/ (`UV_*`, read by uv and uvx).
 * - pip / pipx: pip.pypa.io/en/stable/topics/configuration/#environment-variables (`PIP_<OPTION>`),
 *   pipx.pypa.io/stable/docs/ (`PIPX_*`).
 * - npm: docs.npmjs.com/cli/v10/using-npm/config#environment-variables: "any environment variables
 *   that start with npm_config_ will be interpreted as a configuration parameter", case-insensitively.
 * - glibc ld.so(8) (`LD_*`), Apple dyld(1) (`DYLD_*`): any dynamically linked process.
 * - OpenSSL openssl-env(7): `OPENSSL_CONF` loads providers/engines named in a config file,
 *   `OPENSSL_MODULES` / `OPENSSL_ENGINES` choose where they are loaded from; Python's ssl and Node link it.
 * - glibc iconv_open(3) / gconv: `GCONV_PATH` loads conversion modules (shared objects).
 * - mcpindex: pinning-systems.md §1.8 table of `MCPINDEX_*` variables.
 */
import type { Frame, LaunchChain } from '../launch/types.js';
import { isPythonName } from '../launch/program-name.js';
import type { Recognition } from '../proxies/types.js';

export interface Family {
  readonly family: string;
  /** Who reads it, for the message. */
  readonly reader: string;
  /** Does the name belong to the family (names as the reader compares them). */
  member(name: string): boolean;
  /** Members known to change nothing about which code runs or where pins live. */
  readonly harmless: ReadonlySet<string>;
  /** Does anything in this chain read the family? */
  reaches(chain: LaunchChain, rec: Recognition): boolean;
}

const upper = (s: string): string => s.toUpperCase();
const anyFrame = (chain: LaunchChain, test: (f: Frame) => boolean): boolean => chain.frames.some(test);
const pythonRuns = (chain: LaunchChain, rec: Recognition): boolean =>
  rec.runtime === 'python' || rec.runtime === 'unknown' || anyFrame(chain, (f) => isPythonName(f.name) || f.name === 'uvx' || f.name === 'uv' || f.name === 'pipx');
const nodeRuns = (chain: LaunchChain, rec: Recognition): boolean =>
  rec.runtime === 'node' || rec.runtime === 'unknown' || anyFrame(chain, (f) => ['node', 'npx', 'npm', 'pnpm', 'yarn'].includes(f.name));
const npmRunner = (f: Frame): boolean => f.kind === 'package-runner' && f.package?.ecosystem === 'npm' && f.name !== 'bunx';

export const FAMILIES: readonly Family[] = [
  {
    family: 'PYTHON*', reader: 'the Python interpreter', member: (n) => n.startsWith('PYTHON'),
    harmless: new Set(['PYTHONUNBUFFERED', 'PYTHONIOENCODING', 'PYTHONDONTWRITEBYTECODE', 'PYTHONUTF8', 'PYTHONFAULTHANDLER',
      'PYTHONNOUSERSITE', 'PYTHONSAFEPATH', 'PYTHONHASHSEED', 'PYTHONLEGACYWINDOWSSTDIO']),
    reaches: pythonRuns,
  },
  {
    family: 'NODE_*', reader: 'Node.js', member: (n) => n.startsWith('NODE_'),
    harmless: new Set(['NODE_NO_WARNINGS', 'NODE_DISABLE_COLORS', 'NODE_ENV']),
    reaches: nodeRuns,
  },
  {
    family: 'UV_*', reader: 'uv', member: (n) => n.startsWith('UV_'),
    harmless: new Set(['UV_NO_PROGRESS', 'UV_OFFLINE', 'UV_NO_CACHE']),
    reaches: (chain) => anyFrame(chain, (f) => f.name === 'uv' || f.name === 'uvx'),
  },
  {
    family: 'PIP_* / PIPX_*', reader: 'pipx and the pip it runs', member: (n) => n.startsWith('PIP_') || n.startsWith('PIPX_'),
    harmless: new Set(['PIP_NO_COLOR', 'PIP_DISABLE_PIP_VERSION_CHECK', 'PIP_PROGRESS_BAR']),
    reaches: (chain) => anyFrame(chain, (f) => f.name === 'pipx' || f.name === 'pip'),
  },
  {
    family: 'npm_config_*', reader: 'npm (case-insensitively)', member: (n) => upper(n).startsWith('NPM_CONFIG_'),
    harmless: new Set(['NPM_CONFIG_YES', 'NPM_CONFIG_LOGLEVEL', 'NPM_CONFIG_UPDATE_NOTIFIER', 'NPM_CONFIG_FUND', 'NPM_CONFIG_AUDIT']),
    reaches: (chain) => anyFrame(chain, npmRunner),
  },
  {
    family: 'LD_*', reader: 'the dynamic linker', member: (n) => n.startsWith('LD_'),
    harmless: new Set(), reaches: () => true,
  },
  {
    family: 'DYLD_*', reader: 'the macOS dynamic linker', member: (n) => n.startsWith('DYLD_'),
    harmless: new Set(), reaches: () => true,
  },
  {
    family: 'OPENSSL_*', reader: 'OpenSSL', member: (n) => n.startsWith('OPENSSL_'),
    harmless: new Set(), reaches: (_chain, rec) => rec.runtime !== 'go',
  },
  {
    family: 'glibc loader', reader: 'glibc', member: (n) => n === 'GCONV_PATH' || n === 'LOCPATH' || n === 'GETCONF_DIR' || n === 'HOSTALIASES' || n.startsWith('MALLOC_') || n.startsWith('GLIBC_'),
    harmless: new Set(), reaches: (_chain, rec) => rec.runtime !== 'go',
  },
  {
    family: 'MCPINDEX_*', reader: 'the mcpindex gate', member: (n) => n.startsWith('MCPINDEX_'),
    // Telemetry, notices, installer and project-scan switches (pinning-systems.md §1.8): none touches pins or posture.
    harmless: new Set(['MCPINDEX_DRIFT_TELEMETRY', 'MCPINDEX_AMBIENT_NOTICE', 'MCPINDEX_AMBIENT_NOTICE_MODE', 'MCPINDEX_PROJECT_SCAN',
      'MCPINDEX_RECEIPT_INGEST_ENABLED', 'MCPINDEX_ACTION_CLASSIFICATION_ENABLED', 'MCPINDEX_YES', 'MCPINDEX_NO_BOOTSTRAP', 'MCPINDEX_INSTALL_TEST']),
    reaches: (_chain, rec) => rec.proxy === 'mcpindex-gate',
  },
];

/** The family a variable belongs to, if any. */
export function familyOf(name: string): Family | undefined {
  return FAMILIES.find((f) => f.member(name));
}

/** Variables that make a runner pick a release by date (uv `--exclude-newer`, npm `--before`). */
export function isReleaseCutoffVar(name: string): boolean {
  return name === 'UV_EXCLUDE_NEWER' || upper(name) === 'NPM_CONFIG_BEFORE';
}

/**
 * Why an env key cannot be taken at its word: Node's child_process writes `${key}=${value}`
 * (lib/child_process.js normalizeSpawnArguments), so `A=B` as a key is the variable `A`; a NUL
 * ends the C string; whitespace and an empty name are names no shell or runtime lookup matches.
 */
export function malformedKey(name: string): string | undefined {
  if (name === '') return 'an empty name';
  if (name.includes('=')) return "it contains '=': the child sees the variable before it";
  if (name.includes('\0')) return 'it contains a NUL byte: the name ends there';
  if (/\s/.test(name)) return 'it contains whitespace';
  return undefined;
}
