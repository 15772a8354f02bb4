/**
 * The trees npx runs a package from besides the one it would fetch: its own cache and the global
 * install. A copy there satisfies the spec without a download, so whoever can write into either
 * decides what runs as the proxy; the program claim holds only when each was read and is writable
 * by no one but the audited account or root.
 *
 * - The global tree: with no `-p`, npx runs `<globalBin>/<bin>` when the global tree holds a node
 *   of the package that matches the spec (`missingFromTree(… shallow: true)`: pkgid equal for a
 *   version, any for a bare name), and even before that when `<globalBin>/<command>` exists
 *   (npm/cli@v11.6.2 workspaces/libnpmexec/lib/index.js exec: needPackageCommandSwap). The
 *   global prefix is `dirname(dirname(execPath))` of the node that runs npm
 *   (npm/cli@v11.6.2 workspaces/config/lib/index.js loadGlobalPrefix), which is not readable here:
 *   the prefixes node installs use are looked at, and that is recorded as an assumption.
 * - The cache: npx installs into `<cache>/_npx/<hash>` and reuses a tree there that satisfies the
 *   spec (libnpmexec index.js: `npxArb.loadActual`, `missingFromTree(… isNpxTree: true)`), and
 *   pacote takes tarballs from `<cache>/_cacache` (content-addressed, its index maps a key to the
 *   integrity it checks). The default cache is `~/.npm` (`%LOCALAPPDATA%\npm-cache` on Windows;
 *   docs.npmjs.com/cli/v11/using-npm/config#cache); a `cache` setting is judged by the environment claim.
 */
import path from 'node:path';
import { SYSTEM_DIR } from '../discover/paths.js';
import type { Frame } from '../launch/types.js';
import type { PathState } from '../proxies/store-types.js';
import type { PinningProxy } from '../proxies/types.js';
import type { Platform } from '../shared/env.js';
import { privateLocation, privateTree, type TreeContext } from './private-tree.js';
import { extraWriters } from './stores/file-state.js';
import { trustedDirs } from './trusted-path.js';

export interface NpxTreesContext extends TreeContext {
  readonly home: string;
  readonly platform: Platform;
  readonly auditRoot: boolean;
}

export interface NpxTrees {
  /** Why a tree can put another copy in the proxy's place; empty when every tree was read and is private. */
  readonly open: readonly string[];
  readonly proof: readonly string[];
  readonly assumptions: readonly string[];
}

/** Prefixes node is installed under (its `bin/node` two levels down), per layout. */
const PREFIXES: Readonly<Record<'linux' | 'darwin', readonly string[]>> = {
  linux: ['/usr', '/usr/local'],
  darwin: ['/usr/local', '/opt/homebrew'],
};

/** npx and `npm exec` (the npm CLI's own runner); other runners keep other caches. */
export function isNpmExec(f: Frame): boolean {
  return f.kind === 'package-runner' && f.package?.ecosystem === 'npm' && (f.name === 'npx' || (f.name === 'npm' && (f.args[0] === 'exec' || f.args[0] === 'x')));
}

/** One directory (or file) that must be owned by root or the account and writable by no one else. */
async function privateNode(p: string, ctx: NpxTreesContext, kinds: readonly string[]): Promise<{ state: 'missing' } | { state: 'ok' } | { state: 'bad'; why: string }> {
  const st = await ctx.files.lstat(p);
  if (st.kind === 'missing') return { state: 'missing' };
  if (st.kind === 'error') return { state: 'bad', why: `${p} could not be read (${st.reason})` };
  if (!kinds.includes(st.kind)) return { state: 'bad', why: `${p} is a ${st.kind}` };
  if (st.uid !== 0 && st.uid !== ctx.uid) return { state: 'bad', why: `${p} is owned by uid ${st.uid}, neither root nor the audited account` };
  if (st.kind !== 'symlink') {
    const who = extraWriters(st.mode);
    if (who !== undefined) return { state: 'bad', why: `${p} can be written by ${who}` };
  }
  return { state: 'ok' };
}

/** npm's default registry, the one a published release is fetched from (docs.npmjs.com/cli/v11/using-npm/registry). */
const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

/**
 * A copy of the proxy's package in one `_npx` install: npx reuses it when it satisfies the spec
 * (libnpmexec `missingFromTree`), checking no integrity, so it is proven only by what the install
 * recorded: its package.json names the package (at the spec's version when one is written), and
 * the install's package-lock.json records it `resolved` from the default registry with an
 * `integrity` (arborist's hidden lockfile of the npx tree). The copies so verified are counted; one of
 * another release, which an exact spec does not reuse, is neither checked nor counted.
 */
async function cachedCopy(install: string, names: readonly string[], version: string | undefined, ctx: NpxTreesContext): Promise<{ readonly why: string } | { readonly verified: number }> {
  let verified = 0;
  for (const name of names) {
    const dir = path.join(install, 'node_modules', ...name.split('/'));
    if ((await ctx.files.lstat(dir)).kind === 'missing') continue;
    const pkgText = await ctx.files.readText(path.join(dir, 'package.json'));
    let pkg: unknown;
    try { pkg = pkgText === undefined ? undefined : JSON.parse(pkgText); } catch { pkg = undefined; }
    const field = (o: unknown, k: string): unknown => (typeof o === 'object' && o !== null ? Reflect.get(o, k) : undefined);
    if (field(pkg, 'name') !== name) return { why: `${dir} holds a package.json that does not name ${name}` };
    const v = field(pkg, 'version');
    if (typeof v !== 'string') return { why: `${dir} holds a package.json with no version` };
    // A copy of another release does not satisfy an exact spec: npx does not reuse it.
    if (version !== undefined && /^\d+\.\d+\.\d+(?:[-+].*)?$/.test(version) && v !== version) continue;
    const lockText = (await ctx.files.readText(path.join(install, 'package-lock.json'))) ?? (await ctx.files.readText(path.join(install, 'node_modules', '.package-lock.json')));
    let lock: unknown;
    try { lock = lockText === undefined ? undefined : JSON.parse(lockText); } catch { lock = undefined; }
    const rec = field(field(lock, 'packages'), `node_modules/${name}`);
    const resolved = field(rec, 'resolved');
    const integrity = field(rec, 'integrity');
    if (typeof resolved !== 'string' || !resolved.startsWith(DEFAULT_REGISTRY) || typeof integrity !== 'string') {
      return { why: `${dir} is not recorded as fetched from ${DEFAULT_REGISTRY} with an integrity (${typeof resolved === 'string' ? `resolved ${resolved}` : 'no lockfile record'})` };
    }
    verified++;
  }
  return { verified };
}

/** The cache: the whole tree (`_npx` and every install in it, `_cacache`), and any copy of the proxy's package there. */
async function cacheTree(frame: Frame, by: PinningProxy, ctx: NpxTreesContext): Promise<{ open: string[]; proof: string[]; assumptions: string[] }> {
  const root = path.join(ctx.home, '.npm');
  const tree = await privateLocation(root, ctx.home, "npm's cache", 'npx', ctx);
  if (!tree.ok) return { open: [`${tree.why}: a copy planted there satisfies the spec`], proof: [], assumptions: [] };
  const npx = path.join(root, '_npx');
  const installs = (await ctx.files.readDir(npx)) ?? [];
  const names = [...new Set([frame.package?.name ?? '', ...by.packages.npm].filter((n) => n !== ''))];
  let copies = 0;
  for (const d of installs) {
    const got = await cachedCopy(path.join(npx, d), names, frame.package?.version, ctx);
    if ('why' in got) return { open: [`npm's cache: ${got.why}; npx runs a cached copy that satisfies the spec without checking it`], proof: [], assumptions: [] };
    copies += got.verified;
  }
  // npx runs a cached copy whose lock record satisfies the spec without checking its files against
  // the integrity (npm/cli@v11.19.1:workspaces/libnpmexec/lib/index.js): the record shows where
  // the copy came from, not that its files are still those bytes.
  const assumptions = copies > 0 ? [`program: assumed the files of the cached cop${copies === 1 ? 'y' : 'ies'} of ${names.join('/')} in ${npx} are still the bytes npm fetched: npx does not check them against the recorded integrity at launch, and the account can rewrite them`] : [];
  return { open: [], assumptions, proof: [`${tree.fact}${copies > 0 ? `; its ${copies} cached cop${copies === 1 ? 'y' : 'ies'} of ${names.join('/')} name the package and are recorded as fetched from ${DEFAULT_REGISTRY} with an integrity` : ''}`] };
}

/** Global copies of the package or of its command. */
async function globalTree(frame: Frame, by: PinningProxy, ctx: NpxTreesContext): Promise<{ open: string[]; proof: string[]; assumptions: string[] }> {
  if (ctx.platform === 'win32') {
    return { open: [], proof: [], assumptions: ['program: assumed npm\'s global tree and cache on Windows are writable only by the account (their ACLs are not read)'] };
  }
  const sys = (p: string): string => (ctx.auditRoot ? path.join(ctx.home, SYSTEM_DIR, p) : p);
  const names = [...new Set([frame.package?.name ?? '', ...by.packages.npm].filter((n) => n !== ''))];
  const bins = [...new Set(by.programs.filter((p) => p.kind === 'bin').map((p) => p.name))];
  const open: string[] = [];
  const present: string[] = [];
  const prefixes = PREFIXES[ctx.platform];
  for (const prefix of prefixes) {
    // A copy, and the command linked to it: every file of it, at every depth, and what its links lead to.
    const candidates = [
      ...names.map((n) => sys(path.posix.join(prefix, 'lib', 'node_modules', n))),
      ...bins.map((b) => sys(path.posix.join(prefix, 'bin', b))),
    ];
    for (const c of candidates) {
      const st = await privateTree(c, ctx);
      if (st.state === 'bad') open.push(`npx may run the global copy: ${st.why}`);
      else if (st.state === 'ok') present.push(c);
    }
    // What decides who can add a copy: the directories the global tree lives in, and those above them.
    for (const d of [sys(path.posix.join(prefix, 'lib', 'node_modules')), sys(path.posix.join(prefix, 'bin'))]) {
      const st = await privateNode(d, ctx, ['directory']);
      if (st.state === 'bad') open.push(`npm's global tree: ${st.why}, so anyone there can install a copy npx runs`);
      const above = st.state === 'ok' ? await trustedDirs(path.posix.dirname(d), { uid: ctx.uid, files: ctx.files, posix: true }, d) : undefined;
      if (above !== undefined && !above.ok) open.push(`npm's global tree: ${above.why}, so anyone there can replace it with one holding a copy npx runs`);
    }
  }
  const assumptions = [`program: assumed npm's global prefix is one of ${prefixes.join(', ')} (the node the host finds is not readable)`];
  // npm records no hash of each installed file (only the tarball's integrity, in the lockfile).
  if (present.length > 0) assumptions.push(`program: assumed the global copy's files are those npm unpacked from the release its package.json names (npm keeps no per-file hashes)`);
  if (open.length > 0) return { open, proof: [], assumptions };
  return {
    open: [], assumptions,
    proof: [present.length > 0
      ? `npm's global tree holds ${present.join(', ')}, owned by root or the account and writable by no one else, each read to its last file`
      : `npm's global tree was read under ${prefixes.join(', ')}: it holds no ${names.join('/')} and no ${bins.join('/')} command, and no one but root or the account can add one`],
  };
}

export async function npxTrees(frame: Frame, by: PinningProxy, ctx: NpxTreesContext): Promise<NpxTrees> {
  const global = await globalTree(frame, by, ctx);
  const cache = ctx.platform === 'win32' ? { open: [], proof: [], assumptions: [] } : await cacheTree(frame, by, ctx);
  return { open: [...global.open, ...cache.open], proof: [...global.proof, ...cache.proof], assumptions: [...global.assumptions, ...cache.assumptions] };
}

/** uv's runners (`uvx`, `uv tool run`) and pipx's (`pipx run`): each reuses what its cache holds. */
function pythonRunner(f: Frame): 'uv' | 'pipx' | undefined {
  if (f.kind !== 'package-runner' || f.package?.ecosystem !== 'pypi') return undefined;
  if (f.name === 'uvx' || f.name === 'uv') return 'uv';
  if (f.name === 'pipx') return 'pipx';
  return undefined;
}

export function hasRunnerCache(f: Frame): boolean {
  return pythonRunner(f) !== undefined;
}

/**
 * Where each Python runner takes what it runs from, by its own rules:
 * - uv: its cache (`~/.cache/uv` on Linux and macOS; https://docs.astral.sh/uv/concepts/cache/#cache-directory),
 *   whose archives and cached tool environments `uvx` reuses, and the interpreters it manages
 *   (`~/.local/share/uv/python`), on which it builds those environments first (see `managedPythonHook`).
 * - pipx: its home is `~/.local/pipx` whenever that exists, else the platform's data directory
 *   (`~/.local/share/pipx`; `~/Library/Application Support/pipx` on macOS), with the shared pip
 *   environment in `<home>/shared`, and the `pipx run` environments it reuses for 14 days in
 *   `<home>/.cache` (legacy home) or the platform's cache directory (`~/.cache/pipx`,
 *   `~/Library/Caches/pipx`) (pypa/pipx@0051225:src/pipx/paths.py; platformdirs for the two
 *   directories). Every one of these that exists is walked, whichever pipx release chooses which.
 * Each must be private to its last entry (`privateLocation`). A setting that moves one
 * (UV_CACHE_DIR, UV_PYTHON_INSTALL_DIR, PIPX_HOME, XDG_*) is judged by the environment claim.
 */
function runnerLocations(runner: 'uv' | 'pipx', ctx: NpxTreesContext): readonly { readonly root: string; readonly what: string }[] {
  const at = (...parts: string[]): string => path.join(ctx.home, ...parts);
  if (runner === 'uv') return [{ root: at('.cache', 'uv'), what: "uv's cache" }, { root: at('.local', 'share', 'uv', 'python'), what: "uv's managed interpreters" }];
  return [
    { root: at('.local', 'pipx'), what: "pipx's home" },
    { root: at('.local', 'share', 'pipx'), what: "pipx's home" },
    { root: at('.cache', 'pipx'), what: "pipx's cache" },
    ...(ctx.platform === 'darwin' ? [{ root: at('Library', 'Application Support', 'pipx'), what: "pipx's home" }, { root: at('Library', 'Caches', 'pipx'), what: "pipx's cache" }] : []),
  ];
}

export async function runnerCaches(frame: Frame, ctx: NpxTreesContext): Promise<NpxTrees> {
  const runner = pythonRunner(frame);
  if (runner === undefined) return { open: [], proof: [], assumptions: [] };
  if (ctx.platform === 'win32') return { open: [], proof: [], assumptions: [`program: assumed ${runner}'s cache on Windows is writable only by the account (its ACL is not read)`] };
  if (runner === 'uv') {
    const hook = await managedPythonHook(ctx);
    if (hook !== undefined) return { open: [hook], proof: [], assumptions: [] };
  }
  const proof: string[] = [];
  for (const { root, what } of runnerLocations(runner, ctx)) {
    const verdict = await privateLocation(root, ctx.home, what, runner, ctx);
    if (!verdict.ok) return { open: [`${verdict.why}: what is planted there runs as the proxy`], proof: [], assumptions: [] };
    proof.push(verdict.fact);
  }
  return { open: [], proof, assumptions: [] };
}

/**
 * uv builds the environments uvx runs on the interpreters it manages first (astral-sh/uv
 * crates/uv-python/src/discovery.rs: PythonPreference, default Managed; installed under
 * `~/.local/share/uv/python`, https://docs.astral.sh/uv/concepts/python-versions/#installing-a-python-version).
 * site imports a sitecustomize.py from the standard library at every start
 * (docs.python.org/3/library/site.html): in one of those interpreters it is the account's own
 * start-up hook, and runs in the proxy. Undefined when no managed interpreter holds one.
 */
async function managedPythonHook(ctx: NpxTreesContext): Promise<string | undefined> {
  const base = path.join(ctx.home, '.local', 'share', 'uv', 'python');
  for (const install of (await ctx.files.readDir(base)) ?? []) {
    const lib = path.join(base, install, 'lib');
    // The folder is matched ignoring case: the interpreter opens `lib/python3.X` by that spelling,
    // which a macOS or Windows volume answers with `Python3.X` (stores/case-fold.ts). Only the
    // module's own name is case-checked by the import system (PEP 235), so sitecustomize.py is exact.
    for (const py of ((await ctx.files.readDir(lib)) ?? []).filter((n) => /^python3(\.\d+)?$/i.test(n))) {
      const names = (await ctx.files.readDir(path.join(lib, py))) ?? [];
      if (names.includes('sitecustomize.py')) {
        return `uv prefers the interpreters it manages, and ${path.join(lib, py, 'sitecustomize.py')} in one of them runs at every start of it: what it does is not read`;
      }
    }
  }
  return undefined;
}
