import path from 'node:path';
import type { EnvAssignment, LaunchChain } from '../launch/types.js';
import type { ProxyRuntime, Recognition } from '../proxies/types.js';
import type { Platform } from '../shared/env.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { samePath } from './store-location.js';
import { envCodeInjection } from '../rules/env-code-injection.js';
import { envHomeOverride } from '../rules/env-home-override.js';
import { envOverrideInert } from '../rules/env-override-inert.js';
import { envPackageSource } from '../rules/env-package-source.js';
import { envPathOverride } from '../rules/env-path-override.js';
import { envStoreOverride } from '../rules/env-store-override.js';
import { envFamilyUnproven } from '../rules/env-family-unproven.js';
import { envKeyMalformed } from '../rules/env-key-malformed.js';
import { runnerReleaseCutoff } from '../rules/runner-release-cutoff.js';
import { isBareName } from '../launch/program-name.js';
import { familyOf, isReleaseCutoffVar, malformedKey } from './env-families.js';

/**
 * Which variables an entry can set to relocate or subvert the proxy it launches
 * (pinning-systems.md §12–§13). Values are inspected here and never leave this module.
 */
const HOME_VARS = new Set(['HOME', 'USERPROFILE', 'HOMEDRIVE', 'HOMEPATH', 'APPDATA', 'LOCALAPPDATA']);
const XDG_DEFAULTS: Readonly<Record<string, string>> = {
  XDG_CONFIG_HOME: '.config', XDG_DATA_HOME: '.local/share', XDG_STATE_HOME: '.local/state', XDG_CACHE_HOME: '.cache',
};
const STORE_VARS: Readonly<Record<string, string>> = { MCPINDEX_STATE_DIR: 'mcpindex-gate', MCP_CONFIG: 'mcp-hangar' };
const INJECTION_VARS: Readonly<Record<string, ProxyRuntime | 'any'>> = {
  PYTHONPATH: 'python', PYTHONSTARTUP: 'python', PYTHONHOME: 'python', PYTHONUSERBASE: 'python', PYTHONINSPECT: 'python',
  // A warnings filter imports the module it names (PYTHONWARNINGS=all:0:antigravity.x:0:0 runs $BROWSER);
  // a pycache prefix makes Python load bytecode from a directory the entry chose.
  PYTHONWARNINGS: 'python', PYTHONPYCACHEPREFIX: 'python',
  NODE_OPTIONS: 'node', NODE_PATH: 'node',
  LD_PRELOAD: 'any', LD_LIBRARY_PATH: 'any', LD_AUDIT: 'any',
};
const PACKAGE_VARS = new Set([
  'UV_INDEX_URL', 'UV_EXTRA_INDEX_URL', 'UV_DEFAULT_INDEX', 'UV_INDEX', 'UV_FIND_LINKS', 'UV_INSECURE_HOST', 'UV_TOOL_DIR',
  'PIP_INDEX_URL', 'PIP_EXTRA_INDEX_URL', 'PIP_FIND_LINKS', 'PIP_TRUSTED_HOST', 'PIPX_HOME', 'PIPX_BIN_DIR',
  'NPM_CONFIG_REGISTRY', 'NPM_CONFIG_USERCONFIG', 'NPM_CONFIG_GLOBALCONFIG', 'NPM_CONFIG_PREFIX', 'NPM_CONFIG_CACHE',
  'UV_CONFIG_FILE', 'UV_OVERRIDE', 'UV_CONSTRAINT', 'UV_BUILD_CONSTRAINT', 'UV_CACHE_DIR', 'UV_PROJECT', 'UV_WORKING_DIRECTORY',
  'UV_PYTHON', 'UV_ENV_FILE', 'UV_INDEX_STRATEGY', 'UV_TOOL_BIN_DIR', 'UV_PYTHON_INSTALL_MIRROR',
  'PIP_CONFIG_FILE', 'PIP_INDEX', 'PIPX_DEFAULT_PYTHON', 'PIPX_SHARED_LIBS',
  'NPM_CONFIG_NODE_OPTIONS', 'NPM_CONFIG_SCRIPT_SHELL', 'NPM_CONFIG_WORKSPACE',
  'YARN_REGISTRY', 'YARN_NPM_REGISTRY_SERVER', 'BUN_CONFIG_REGISTRY',
  'SSL_CERT_FILE', 'REQUESTS_CA_BUNDLE', 'NODE_EXTRA_CA_CERTS', 'NODE_TLS_REJECT_UNAUTHORIZED',
  // npm's own TLS and proxy settings, the package it execs, uv's Python download source.
  'NPM_CONFIG_STRICT_SSL', 'NPM_CONFIG_CAFILE', 'NPM_CONFIG_CA', 'NPM_CONFIG_HTTPS_PROXY', 'NPM_CONFIG_PROXY', 'NPM_CONFIG_PACKAGE',
  'UV_PYTHON_DOWNLOADS_JSON_URL', 'UV_PYTHON_DOWNLOADS',
]);

export interface EnvRiskContext {
  readonly home: string;
  readonly platform: Platform;
  readonly server: string;
  /** The host that launches the entry: decides what a `null` env value means. */
  readonly host?: string;
}

/**
 * Hosts that document a `null` env value as "remove the variable": VS Code's extension API
 * (`McpStdioServerDefinition.env`: "overwrite or remove (if null)", hosts.md §env), and the
 * builds that share its MCP code. Elsewhere a null is not proven to unset anything: Node's
 * child_process writes `${value}`, i.e. the string "null", and other hosts do their own thing.
 */
const NULL_UNSETS = new Set(['vscode', 'vscode-insiders', 'vscodium']);

/** The chain's env as the host really passes it: a null the host does not document as unset is an unknown value. */
function hostEnv(chain: LaunchChain, ctx: EnvRiskContext): LaunchChain {
  if (ctx.host === undefined || NULL_UNSETS.has(ctx.host)) return chain;
  if (!chain.env.some((a) => a.source === 'entry-env' && a.value === null)) return chain;
  return { ...chain, env: chain.env.map((a) => (a.source === 'entry-env' && a.value === null ? { ...a, value: 'null' } : a)) };
}

/**
 * Does any frame's program come from a PATH search? A bare name started by the host, `env`, a
 * shell or an interpreter is; the program a package runner starts from its own tool environment
 * (`uvx --from mcpindex-gate mcpindex-proxy`) is not.
 */
export function foundByName(chain: LaunchChain): boolean {
  return chain.frames.some((f, i) => {
    const prev = i > 0 ? chain.frames[i - 1] : undefined;
    const fromRunner = prev !== undefined && (prev.kind === 'package-runner' || prev.kind === 'uv-run');
    return !fromRunner && isBareName(f.program);
  });
}

/** A home variable set to exactly the trusted home (or an XDG var to its default) moves nothing. */
function harmlessHome(name: string, value: string | null, ctx: EnvRiskContext): boolean {
  if (value === null || value === '') return false;
  const isAbs = ctx.platform === 'win32' ? path.win32.isAbsolute(value) : path.posix.isAbsolute(value);
  if (!isAbs) return false;
  if (name === 'HOME' || name === 'USERPROFILE') return samePath(value, ctx.home, ctx.platform);
  const rel = XDG_DEFAULTS[name];
  return rel !== undefined && samePath(value, path.posix.join(ctx.home, rel), ctx.platform);
}

/** Does the proxy get fetched at launch by a package runner (uvx, npx, pipx …)? */
function fetchedByRunner(chain: LaunchChain): string | undefined {
  return chain.frames.find((f) => f.kind === 'package-runner' || f.kind === 'uv-run')?.name;
}

/**
 * The assignment of each variable the proxy really gets: the last one not wiped by a later
 * `env -i` (a later `NAME=` or `-u NAME` overrides an earlier one). On Windows names are
 * case-insensitive; when an entry's env spells one variable several ways, which spelling a host
 * passes on is its own choice (Node keeps the lexicographically first), so each is a candidate.
 */
function effective(chain: LaunchChain, platform: Platform): Map<string, EnvAssignment[]> {
  const out = new Map<string, EnvAssignment[]>();
  for (const a of chain.env) {
    if (a.cleared === true) continue; // wiped by a later `env -i`: never reaches the proxy
    const key = platform === 'win32' ? a.name.toUpperCase() : a.name;
    const prev = out.get(key) ?? [];
    const sameSource = prev.length > 0 && a.source === 'entry-env' && prev.every((p) => p.source === 'entry-env' && p.name !== a.name);
    out.set(key, sameSource ? [...prev, a] : [a]);
  }
  return out;
}

/** Start-up files a POSIX shell runs before its `-c` string: bash `BASH_ENV`, sh `ENV`, zsh `$ZDOTDIR/.zshenv`. */
const SHELL_STARTUP_VARS = new Set(['BASH_ENV', 'ENV', 'ZDOTDIR']);
const POSIX_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh']);

/**
 * A shell start-up variable set before a POSIX shell frame that runs the chain: that file runs
 * first and can rewrite everything the shell then starts, whatever the proxy's runtime.
 */
function shellStartupFindings(chain: LaunchChain, rec: Recognition, ctx: EnvRiskContext): Finding[] {
  const live = new Map<string, string | null>();
  const apply = (a: EnvAssignment): void => { if (SHELL_STARTUP_VARS.has(a.name)) live.set(a.name, a.value); };
  chain.env.filter((a) => a.source === 'entry-env').forEach(apply);
  const out = new Map<string, Finding>();
  for (const f of chain.frames) {
    if (f.kind === 'shell' && POSIX_SHELLS.has(f.name)) {
      for (const [name, value] of live) {
        if (value !== null && value !== '' && !out.has(name)) {
          out.set(name, finding(envCodeInjection, { server: ctx.server, proxy: rec.proxy, name, runtime: `${f.name} start-up file, before ${rec.runtime}` }));
        }
      }
    }
    if (f.clearsEnv === true) live.clear();
    (f.env ?? []).forEach(apply);
  }
  return [...out.values()];
}

/** The findings for every env assignment that reaches a pinning proxy. Disjoint: one finding per variable. */
export function envRiskFindings(given: LaunchChain, rec: Recognition, ctx: EnvRiskContext): Finding[] {
  const chain = hostEnv(given, ctx);
  const out: Finding[] = shellStartupFindings(chain, rec, ctx);
  const runner = fetchedByRunner(chain);
  const malformed = new Set<string>();
  for (const a of chain.env) {
    const why = a.source === 'entry-env' ? malformedKey(a.name) : undefined;
    if (why === undefined || malformed.has(a.name)) continue;
    malformed.add(a.name);
    out.push(finding(envKeyMalformed, { server: ctx.server, proxy: rec.proxy, name: JSON.stringify(a.name), why }));
  }
  for (const [key, candidates] of effective(chain, ctx.platform)) {
    if (candidates.every((a) => malformed.has(a.name))) continue;
    const found = candidates.map((a) => classify(a, key, chain, rec, ctx, runner)).filter((f): f is Finding => f !== undefined);
    const worst = found.find((f) => f.grade !== 'none') ?? found[0];
    if (worst !== undefined) out.push(worst);
  }
  return out;
}

function classify(a: EnvAssignment, key: string, chain: LaunchChain, rec: Recognition, ctx: EnvRiskContext,
  runner: string | undefined): Finding | undefined {
  const base = { server: ctx.server, proxy: rec.proxy, name: a.name };
  const inert = (): Finding => finding(envOverrideInert, { ...base, runtime: rec.runtime });
  if (HOME_VARS.has(key) || key.startsWith('XDG_')) {
    return harmlessHome(key, a.value, ctx) ? undefined : finding(envHomeOverride, base);
  }
  const storeOwner = Object.hasOwn(STORE_VARS, key) ? STORE_VARS[key] : undefined;
  if (storeOwner !== undefined) {
    if (storeOwner !== rec.proxy) return inert();
    // mcpindex ignores MCPINDEX_STATE_DIR when it is empty after trimming; Hangar prefers --config.
    if (key === 'MCPINDEX_STATE_DIR' && (a.value === null || a.value.trim() === '')) return inert();
    if (key === 'MCP_CONFIG' && rec.store.kind === 'explicit' && rec.store.via !== 'env') return inert();
    return finding(envStoreOverride, base);
  }
  const injectionRuntime = INJECTION_VARS[key] ?? (key.startsWith('DYLD_') ? 'any' : undefined);
  if (injectionRuntime !== undefined) {
    if (a.value === null) return inert();
    const reaches = injectionRuntime === 'any' || rec.runtime === 'unknown' || rec.runtime === injectionRuntime;
    return reaches ? finding(envCodeInjection, { ...base, runtime: rec.runtime }) : inert();
  }
  if (key === 'PATH' || (ctx.platform === 'win32' && key === 'PATHEXT')) {
    // Any program of the chain found by name is looked up with the entry's PATH (Node's spawn
    // searches `options.env.PATH`), not only the proxy's own frame.
    return rec.bareName || foundByName(chain) ? finding(envPathOverride, base) : inert();
  }
  if (isReleaseCutoffVar(key)) {
    return runner !== undefined ? finding(runnerReleaseCutoff, { server: ctx.server, proxy: rec.proxy, launcher: runner, option: a.name }) : inert();
  }
  if (PACKAGE_VARS.has(key.toUpperCase())) {
    return runner !== undefined ? finding(envPackageSource, { ...base, launcher: runner }) : inert();
  }
  const family = familyOf(key);
  if (family === undefined || family.harmless.has(key.toUpperCase())) return undefined;
  if (a.value === null) return inert();
  return family.reaches(chain, rec)
    ? finding(envFamilyUnproven, { ...base, family: family.family, reader: family.reader })
    : inert();
}
