/**
 * Launch options that decide what code answers as the proxy: a runner told to fetch from another
 * index or registry, to add packages or preload code, to run from another project or directory;
 * the proxy's binary taken from a package that is not the proxy's; a shell start-up file; an
 * entry `cwd` in front of `python -m`. Reads the runner options the launch stage records per frame.
 */
import { isPythonName } from '../launch/program-name.js';
import type { Frame, LaunchChain } from '../launch/types.js';
import type { PinningProxy } from '../proxies/types.js';
import { ownPackage } from './release.js';
import type { Platform } from '../shared/env.js';
import type { ServerEntry } from '../parse/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { launchOptionInjection } from '../rules/launch-option-injection.js';
import { runnerReleaseCutoff } from '../rules/runner-release-cutoff.js';
import { append } from '../shared/lists.js';

type Effect = 'changes where the package comes from' | 'adds code to the runtime' | 'changes the project or working directory';

const SOURCE: Effect = 'changes where the package comes from';
const CODE: Effect = 'adds code to the runtime';
const DIR: Effect = 'changes the project or working directory';

/** uv (uvx, uv tool run, uv run) options and their effect on what runs. */
const UV: Readonly<Record<string, Effect>> = {
  '--index': SOURCE, '--index-url': SOURCE, '-i': SOURCE, '--extra-index-url': SOURCE, '--default-index': SOURCE,
  '--find-links': SOURCE, '-f': SOURCE, '--allow-insecure-host': SOURCE, '--config-file': SOURCE, '--overrides': SOURCE,
  '--constraints': SOURCE, '-c': SOURCE, '--build-constraints': SOURCE, '-b': SOURCE, '--cache-dir': SOURCE,
  '--index-strategy': SOURCE, '--torch-backend': SOURCE,
  '--with': CODE, '--with-editable': CODE, '--with-requirements': CODE, '--with-executables-from': CODE,
  '--python': CODE, '-p': CODE, '--env-file': CODE, '--config-setting': CODE, '-C': CODE,
  '--directory': DIR, '--project': DIR,
};
const PIPX: Readonly<Record<string, Effect>> = {
  '--index-url': SOURCE, '-i': SOURCE, '--pip-args': SOURCE, '--python': CODE, '--system-site-packages': CODE,
  '--editable': CODE, '-e': CODE, '--preinstall': CODE,
};
const NPM: Readonly<Record<string, Effect>> = {
  '--registry': SOURCE, '--userconfig': SOURCE, '--cache': SOURCE, '--prefix': SOURCE,
  '--node-options': CODE, '--script-shell': CODE, '--allow-build': CODE,
  '-w': DIR, '--workspace': DIR, '--dir': DIR, '-C': DIR,
};

const POSIX_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh']);

/**
 * The launch stage names a frame after dropping `.exe/.cmd/.bat/.com/.sh` (programName). That
 * name is only the program's own where the suffix means nothing: a Windows suffix when auditing
 * Windows, a script suffix where the proxy documents its launcher so. On Linux
 * `mcpindex-proxy.exe` is another file than `mcpindex-proxy`.
 */
function strippedSuffix(f: Frame, proxy: PinningProxy, platform: Platform | undefined): string | undefined {
  const base = f.program.split(/[\\/]/).pop() ?? f.program;
  if (base.length <= f.name.length) return undefined;
  const suffix = base.slice(f.name.length);
  const windows = /^\.(exe|cmd|bat|com)$/i.test(suffix);
  if (windows && platform === 'win32') return undefined;
  // A launcher the proxy released under this very file name (mcp-context-protector.sh) is its own.
  const released = proxy.launchers.some((l) => l.file === base);
  if ((/^\.sh$/i.test(suffix) || /^\.bat$/i.test(suffix)) && released && (platform === 'win32' || !windows)) return undefined;
  return `runs ${base}, which is ${f.name} only once ${suffix} is dropped${windows && platform !== undefined ? ` (a Windows suffix on ${platform})` : ''}`;
}

function tableFor(f: Frame): Readonly<Record<string, Effect>> | undefined {
  if (f.name === 'uv' || f.name === 'uvx') return UV;
  if (f.name === 'pipx') return PIPX;
  if (f.kind === 'package-runner') return NPM;
  return undefined;
}

/** What a runner frame's own options do to the proxy it starts. */
function runnerOptions(f: Frame, proxy: PinningProxy): string[] {
  const table = tableFor(f);
  if (table === undefined) return [];
  const out: string[] = [];
  for (const o of f.options ?? []) {
    const effect = Object.hasOwn(table, o.flag) ? table[o.flag] : undefined;
    if (effect !== undefined) out.push(`passes ${o.flag} to ${f.name}, which ${effect}`);
    // npm runners: every extra `-p`/`--package` is installed beside the proxy and can shadow its bin.
    if (table === NPM && (o.flag === '-p' || o.flag === '--package') && o.value !== undefined && !ownPackage(proxy, 'npm', npmName(o.value))) {
      out.push(`adds package ${npmName(o.value)} to ${f.name}, which ${CODE}`);
    }
  }
  return out;
}

function npmName(spec: string): string {
  const at = spec.startsWith('@') ? spec.indexOf('@', 1) : spec.indexOf('@');
  return at <= 0 ? spec : spec.slice(0, at);
}

/** `bash --rcfile F -i -c …` / `--init-file F`: an interactive shell runs that file before the command. */
function shellStartup(f: Frame): string | undefined {
  if (f.kind !== 'shell' || !POSIX_SHELLS.has(f.name)) return undefined;
  let rc: string | undefined;
  let interactive = false;
  for (let i = 0; i < f.args.length; i++) {
    const a = f.args[i] ?? '';
    if (a === '--rcfile' || a === '--init-file') { rc = a; i++; continue; }
    if (a === '-o' || a === '+o' || a === '-O' || a === '+O') { i++; continue; }
    if (a === '--' || !a.startsWith('-')) break;
    if (/^-[A-Za-z]+$/.test(a) && a.includes('i')) interactive = true;
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(a)) break; // the command string follows: no more shell options
  }
  return rc !== undefined && interactive ? `starts ${f.name} with ${rc} and -i, which runs that file first` : undefined;
}

/**
 * Interpreter flags before the module or script that run other code first: Python `-W` (a warnings
 * filter imports the module it names) and `-X pycache_prefix=` (bytecode from a chosen directory);
 * Node `--require` / `--import` / `--loader` / `--experimental-loader`.
 */
function interpreterInjection(f: Frame): string | undefined {
  if (f.kind !== 'interpreter') return undefined;
  const stop = f.module ?? f.script;
  const end = stop === undefined ? f.args.length : Math.max(0, f.args.indexOf(stop));
  const before = f.args.slice(0, end);
  if (isPythonName(f.name)) {
    for (let i = 0; i < before.length; i++) {
      const a = before[i] ?? '';
      if (a === '-W' || (a.startsWith('-W') && a.length > 2)) return `starts ${f.name} with a -W warnings filter, which imports the module it names`;
      const x = a === '-X' ? before[i + 1] ?? '' : a.startsWith('-X') ? a.slice(2) : undefined;
      if (x !== undefined && x.startsWith('pycache_prefix')) return `starts ${f.name} with -X pycache_prefix, which loads bytecode from that directory`;
    }
    return undefined;
  }
  const hook = before.find((a) => /^(--require|-r|--import|--loader|--experimental-loader)(=|$)/.test(a));
  return hook === undefined ? undefined : `starts ${f.name} with ${hook.split('=')[0] ?? hook}, which runs other code first`;
}

/** One finding per distinct way the launch line can swap or extend the proxy. */
/**
 * Runner options that pick the release by date: uv `--exclude-newer` (docs.astral.sh/uv/reference/cli/,
 * also per package `--exclude-newer-package`), npm `--before` (docs.npmjs.com/cli/v10/using-npm/config#before).
 * The version claim: the proxy release that runs is then any older one.
 */
function releaseCutoffs(chain: LaunchChain): { launcher: string; option: string }[] {
  const out: { launcher: string; option: string }[] = [];
  for (const f of chain.frames) {
    const uv = f.name === 'uv' || f.name === 'uvx';
    const npm = f.kind === 'package-runner' && !uv && f.name !== 'pipx';
    for (const o of f.options ?? []) {
      if ((uv && o.flag.startsWith('--exclude-newer')) || (npm && o.flag === '--before')) out.push({ launcher: f.name, option: o.flag });
    }
  }
  return out;
}

/**
 * A runner told to resolve from its cache only, so `@latest` is the newest release it cached, not
 * the index's: uv `--offline` / `UV_OFFLINE` ("only use locally cached data",
 * docs.astral.sh/uv/reference/cli/, reference/environment/), npm `--offline` / `--prefer-offline`
 * ("staleness checks for cached data will be bypassed", docs.npmjs.com/cli/v10/using-npm/config)
 * and their `npm_config_*` forms. Returns how, or undefined.
 */
export function cacheOnlyResolution(chain: LaunchChain): string | undefined {
  for (const f of chain.frames) {
    const uv = f.name === 'uv' || f.name === 'uvx';
    const npm = f.kind === 'package-runner' && !uv && f.name !== 'pipx';
    for (const o of f.options ?? []) {
      if ((uv && o.flag === '--offline') || (npm && (o.flag === '--offline' || o.flag === '--prefer-offline'))) return `${f.name} ${o.flag}`;
    }
  }
  const uvRuns = chain.frames.some((f) => f.name === 'uv' || f.name === 'uvx');
  const npmRuns = chain.frames.some((f) => f.kind === 'package-runner' && f.name !== 'uv' && f.name !== 'uvx' && f.name !== 'pipx');
  for (const a of chain.env) {
    if (a.cleared === true || a.value === null || a.value === '') continue;
    const name = a.name.toUpperCase();
    if (uvRuns && a.name === 'UV_OFFLINE') return 'UV_OFFLINE';
    if (npmRuns && (name === 'NPM_CONFIG_OFFLINE' || name === 'NPM_CONFIG_PREFER_OFFLINE')) return a.name;
  }
  return undefined;
}

type LaunchEntry = Pick<ServerEntry, 'name' | 'cwd' | 'launchCwd'>;

export function launchOptionFindings(chain: LaunchChain, proxy: PinningProxy, entry: LaunchEntry,
  where: { readonly platform?: Platform; readonly home?: string } = {}): Finding[] {
  const platform = where.platform;
  const whats: string[] = [];
  for (const f of chain.frames) {
    const suffix = strippedSuffix(f, proxy, platform);
    if (suffix !== undefined) whats.push(suffix);
    append(whats, runnerOptions(f, proxy));
    const rc = shellStartup(f);
    if (rc !== undefined) whats.push(rc);
    const hook = interpreterInjection(f);
    if (hook !== undefined) whats.push(hook);
  }
  const cutoffs = releaseCutoffs(chain).map((c) => finding(runnerReleaseCutoff, { server: entry.name, proxy: proxy.id, launcher: c.launcher, option: c.option }));
  return [...[...new Set(whats)].map((what) => finding(launchOptionInjection, { server: entry.name, what, proxy: proxy.id })), ...cutoffs];
}
