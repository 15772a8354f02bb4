/**
 * What on the launch line decides which program answers as the proxy: the proxy's binary taken
 * from a package that is not one of its own (the module's `packages` and `programs`), an extra npm
 * package beside it, a suffix that makes it another file, an rc file an interactive shell runs; and
 * whether a runner resolves from its cache only. The effects of runner, shell and interpreter
 * options live in their inventories (src/launch/inventories/) and are judged by environment.ts.
 */
import { pypiName } from '../launch/package-spec.js';
import type { Frame, LaunchChain } from '../launch/types.js';
import type { PinningProxy } from '../proxies/types.js';
import type { Platform } from '../shared/env.js';
import type { ServerEntry } from '../parse/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { launchOptionInjection } from '../rules/launch-option-injection.js';
import { append } from '../shared/lists.js';

const POSIX_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh']);

/**
 * The launch stage names a frame after dropping `.exe/.cmd/.bat/.com/.sh` (programName). That
 * name is only the program's own where the suffix means nothing: a Windows suffix when auditing
 * Windows, a script suffix where the proxy documents its launcher so. On Linux
 * `mcpindex-proxy.exe` is another file than `mcpindex-proxy`.
 */
function strippedSuffix(f: Frame, platform: Platform | undefined, by: PinningProxy): string | undefined {
  const base = f.program.split(/[\\/]/).pop() ?? f.program;
  if (base.length <= f.name.length) return undefined;
  const suffix = base.slice(f.name.length);
  const windows = /^\.(exe|cmd|bat|com)$/i.test(suffix);
  if (windows && platform === 'win32') return undefined;
  // A launcher the proxy released under that file name (mcp-context-protector.sh) is its own.
  if ((/^\.sh$/i.test(suffix) || /^\.bat$/i.test(suffix)) && documentedScript(by, f.name) && (platform === 'win32' || !windows)) return undefined;
  return `runs ${base}, which is ${f.name} only once ${suffix} is dropped${windows && platform !== undefined ? ` (a Windows suffix on ${platform})` : ''}`;
}

const samePackage = (eco: 'npm' | 'pypi', a: string, b: string): boolean => (eco === 'pypi' ? pypiName(a) === pypiName(b) : a === b);

/** npm runners: every extra `-p`/`--package` is installed beside the proxy and can shadow its bin. */
function extraPackages(f: Frame, by: PinningProxy): string[] {
  const own = by.packages.npm;
  if (f.kind !== 'package-runner' || f.package?.ecosystem !== 'npm' || own.length === 0) return [];
  const out: string[] = [];
  const ownSpecs = new Set<string>();
  for (const o of f.options ?? []) {
    if ((o.flag !== '-p' && o.flag !== '--package') || o.value === undefined) continue;
    if (!own.some((n) => samePackage('npm', npmName(o.value ?? ''), n))) {
      out.push(`adds package ${npmName(o.value)} to ${f.name}, which adds code to the runtime`);
    } else {
      ownSpecs.add(o.value.trim());
    }
  }
  // Every -p is installed into one tree, each spec written to the same dependency name as its
  // manifest resolves (npm/cli@v11.6.2 workspaces/libnpmexec/lib/index.js exec: needInstall, then
  // workspaces/arborist/lib/add-rm-pkg-deps.js add: `pkg[depType][name] = rawSpec`): which of
  // several specs of the proxy's package ends up installed is a race.
  if (ownSpecs.size > 1) out.push(`names ${[...ownSpecs].map((v) => npmName(v))[0] ?? 'the proxy package'} more than once (${[...ownSpecs].join(', ')}): which spec is installed depends on the order their manifests resolve`);
  return out;
}

/** The proxy released a launcher script of this name (`mcp-context-protector` for mcp-context-protector.sh). */
function documentedScript(by: PinningProxy, name: string): boolean {
  return by.launchers.some((l) => l.file.replace(/\.(sh|bat)$/i, '') === name);
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

/**
 * One finding per distinct way the launch line swaps or extends the proxy's program: a suffix that
 * makes it another file, an extra npm package (a runner package that is not the proxy's is the program claim's: artifact.ts), an rc file
 * an interactive shell runs. Runner, shell and interpreter options are judged against their
 * inventories by the environment claim (environment.ts).
 */
export function launchOptionFindings(chain: LaunchChain, by: PinningProxy, entry: LaunchEntry,
  where: { readonly platform?: Platform; readonly home?: string } = {}): Finding[] {
  const platform = where.platform;
  const whats: string[] = [];
  for (const f of chain.frames) {
    const suffix = strippedSuffix(f, platform, by);
    if (suffix !== undefined) whats.push(suffix);
    append(whats, extraPackages(f, by));
    const rc = shellStartup(f);
    if (rc !== undefined) whats.push(rc);
  }
  return [...new Set(whats)].map((what) => finding(launchOptionInjection, { server: entry.name, what, proxy: by.id }));
}
