/**
 * A Python environment (a venv, or the one `uv tool install` makes) whose console script a launch
 * runs: what runs is the script, the interpreter its `#!` line names, the standard library that
 * interpreter finds through `pyvenv.cfg`, and every distribution in site-packages. Each is proven
 * by a fact read here, or the environment is not proven.
 */
import path from 'node:path';
import type { ArtifactFiles } from './stores/artifact-files.js';
import { scriptFolderClean } from './script-folder.js';
import { recordRows, verifySitePackages } from './site-packages.js';
import { trustedDirs, trustedFileItself, trustedLinkChain, trustedPath } from './trusted-path.js';
import type { Trust, TrustContext } from './trusted-path.js';

/**
 * The interpreter a console script's first lines name, as installers write them: `#!<python>`,
 * or, for a path longer than 127 bytes or holding a space, `#!/bin/sh` with `'''exec' '<python>'
 * "$0" "$@"` on the next line (astral-sh/uv@02c8f14:crates/uv-install-wheel/src/wheel.rs
 * format_shebang, after pip's distlib scripts.py). The relocatable form (a path relative to the
 * script's own directory) is not followed.
 */
export function scriptInterpreter(text: string): { readonly python: string; readonly via?: string } | undefined {
  const [first = '', second = ''] = text.split('\n', 2);
  if (!first.startsWith('#!')) return undefined;
  const named = first.slice(2).trim().split(/[ \t]/)[0] ?? '';
  if (named !== '/bin/sh') return named === '' ? undefined : { python: named };
  const m = /^'''exec' '((?:[^']|'\\'')+)' "\$0" "\$@"$/.exec(second);
  return m?.[1] === undefined ? undefined : { python: m[1].split("'\\''").join("'"), via: '/bin/sh' };
}

/** The magic numbers of the executable formats a Python interpreter ships as: ELF, Mach-O (thin, both byte orders) and fat Mach-O. */
const NATIVE_MAGIC = ['7f454c46', 'feedface', 'feedfacf', 'cefaedfe', 'cffaedfe', 'cafebabe'];

/**
 * `pyvenv.cfg` as CPython reads it: `key = value` lines, keys lower-cased, values stripped
 * (docs.python.org/3/library/site.html). Two readers take it: getpath.py, which stops at the first
 * `home` (python/cpython@v3.13.0:Modules/getpath.py, "CHECK FOR pyvenv.cfg"), and site.py, which
 * reads it as a text file (universal newlines: a lone `\r` ends a line too) and keeps the last value
 * of each key (python/cpython@v3.13.0:Lib/site.py `venv`). A file on which they can disagree, a key
 * written twice or a carriage return not followed by a newline, is not read as either: a problem.
 */
function venvConfig(text: string): { readonly values: ReadonlyMap<string, string> } | { readonly problem: string } {
  if (/\r(?!\n)/.test(text)) return { problem: 'holds a carriage return that is not followed by a newline, so site.py and getpath.py split its lines differently' };
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf('=');
    if (at < 0) continue;
    const key = line.slice(0, at).trim().toLowerCase();
    if (out.has(key)) return { problem: `sets ${key} more than once: getpath.py takes the first home, site.py the last value of each key` };
    out.set(key, line.slice(at + 1).trim());
  }
  return { values: out };
}

/**
 * A `._pth` file beside an interpreter replaces its whole sys.path and turns off site
 * (docs.python.org/3/library/sys_path_init.html, "._pth files"; getpath.py looks for one next to
 * the executable on every platform since 3.11). The folders are listed: a file ending in `._pth`
 * there means the path read here is not the one Python uses.
 */
async function pthBeside(dirs: readonly string[], ctx: TrustContext): Promise<{ readonly ok: true; readonly fact: string } | { readonly ok: false; readonly why: string }> {
  for (const dir of [...new Set(dirs)]) {
    const names = await ctx.files.readDir(dir);
    if (names === undefined) return { ok: false, why: `${dir}, the interpreter's folder, could not be listed, so whether a ._pth file replaces its sys.path is not known` };
    // Matched ignoring case: getpath opens `<name>._pth` by that spelling, which a macOS or Windows
    // volume answers with `python._PTH` (grade/stores/case-fold.ts); elsewhere it only fails closed.
    const pth = names.find((n) => n.toLowerCase().endsWith('._pth'));
    if (pth !== undefined) return { ok: false, why: `${path.posix.join(dir, pth)} sits beside the interpreter: it replaces sys.path, so the packages read here are not the ones it imports` };
  }
  return { ok: true, fact: `${[...new Set(dirs)].join(' and ')} ${dirs.length > 1 ? 'were' : 'was'} listed and hold${dirs.length > 1 ? '' : 's'} no ._pth file` };
}

/**
 * The interpreter of the environment at `root`, as the script names it: inside `root/bin` (so
 * Python starts in the environment: "If a file named pyvenv.cfg exists one directory above
 * sys.executable, sys.prefix and sys.exec_prefix are set to that directory",
 * docs.python.org/3/library/site.html), every symlink to it in a sound directory, the file it ends
 * at a native executable (a `#!` script there runs something else) that is sound itself;
 * `pyvenv.cfg` read, its `home` (where the base interpreter and its standard library are looked
 * up, docs.python.org/3/library/venv.html) a sound directory, and no `include-system-site-packages
 * = true` (the base site-packages, not read here, would load too).
 */
async function interpreterOf(root: string, script: string, ctx: TrustContext, py: string): Promise<Trust> {
  const text = await ctx.files.readText(script);
  const named = text === undefined ? undefined : scriptInterpreter(text);
  if (named === undefined) return { ok: false, why: `${script} names no interpreter this audit can follow on its #! line` };
  const facts: string[] = [];
  if (named.via !== undefined) {
    const sh = await trustedLinkChain(named.via, ctx);
    if (!sh.ok) return { ok: false, why: `${script} runs through ${named.via}: ${sh.why}` };
    facts.push(sh.fact);
  }
  if (!path.posix.isAbsolute(named.python)) return { ok: false, why: `${script} names the interpreter ${named.python}, a relative path` };
  const bin = path.posix.join(root, 'bin');
  const realBin = (await ctx.files.realpath(bin)) ?? bin;
  const realNamedDir = (await ctx.files.realpath(path.posix.dirname(named.python))) ?? path.posix.dirname(named.python);
  if (realNamedDir !== realBin) {
    return { ok: false, why: `${script} runs under ${named.python}, not the interpreter in ${bin}: that one imports from its own site-packages, not the environment read here` };
  }
  const chain = await trustedLinkChain(named.python, ctx);
  if (!chain.ok) return { ok: false, why: `the interpreter ${script} names: ${chain.why}` };
  const magic = (await ctx.files.head(chain.real ?? named.python, 4))?.toString('hex');
  if (magic === undefined || !NATIVE_MAGIC.includes(magic)) {
    const what = magic?.startsWith('2321') === true ? 'a #! script' : 'no native executable (ELF or Mach-O)';
    return { ok: false, why: `${named.python}, the interpreter ${script} names, is ${what}, so what runs is not a Python interpreter this audit can identify` };
  }
  facts.push(chain.fact, `${chain.real ?? named.python} is a native executable`);
  const pth = await pthBeside([realBin, path.posix.dirname(chain.real ?? named.python)], ctx);
  if (!pth.ok) return pth;
  facts.push(pth.fact);
  const cfgPath = path.posix.join(root, 'pyvenv.cfg');
  const cfgText = await ctx.files.readText(cfgPath);
  if (cfgText === undefined) return { ok: false, why: `${cfgPath} could not be read: without it ${named.python} does not start in this environment, and imports from its own prefix` };
  const cfgFile = await trustedFileItself(cfgPath, ctx);
  if (!cfgFile.ok) return { ok: false, why: cfgFile.why };
  const read = venvConfig(cfgText);
  if ('problem' in read) return { ok: false, why: `${cfgPath} ${read.problem}` };
  const cfg = read.values;
  const home = cfg.get('home');
  if (home === undefined || !path.posix.isAbsolute(home)) return { ok: false, why: `${cfgPath} names no absolute home, so where the standard library comes from is not read` };
  const realHome = await ctx.files.realpath(home);
  const homeDirs = realHome === undefined ? { ok: false as const, why: `${home} does not exist` } : await trustedDirs(realHome, ctx, realHome);
  if (!homeDirs.ok) return { ok: false, why: `${cfgPath} names the home ${home}: ${homeDirs.why}` };
  if (cfg.get('include-system-site-packages')?.toLowerCase() === 'true') {
    return { ok: false, why: `${cfgPath} sets include-system-site-packages = true: the base interpreter's site-packages, not read here, load too` };
  }
  // site imports sitecustomize from sys.path at every start (docs.python.org/3/library/site.html),
  // the base's standard library included: one that is not root's is the account's own hook.
  const stdlib = path.posix.join(path.posix.dirname(realHome ?? home), 'lib', py);
  const hook = path.posix.join(stdlib, 'sitecustomize.py');
  const hookState = await ctx.files.lstat(hook);
  // Debian links it to /etc/python3.X/sitecustomize.py: the link and the file it ends at must both be root's.
  const hookTarget = hookState.kind === 'symlink' ? await ctx.files.stat(hook) : hookState;
  const rootOwned = (st: typeof hookState): boolean => (st.kind === 'file' || st.kind === 'symlink') && st.uid === 0;
  // Only the distribution's own hook is taken: root's, under /usr or /etc (a managed interpreter
  // under the home, `uv python install`'s, is the account's to change).
  const hookReal = hookState.kind === 'missing' ? undefined : await ctx.files.realpath(hook);
  const systemHook = hookReal !== undefined && /^\/(usr|etc)\//.test(hookReal) && rootOwned(hookState) && hookTarget.kind === 'file' && rootOwned(hookTarget);
  if (hookState.kind !== 'missing' && !systemHook) {
    return { ok: false, why: `${hook}, in the standard library of the interpreter ${cfgPath} names, runs at every start-up and is not a root-owned file of the system's Python (under /usr or /etc): what it does is not read` };
  }
  const version = cfg.get('version_info') ?? cfg.get('version');
  if (version !== undefined && !`${version}.`.startsWith(`${py.slice('python'.length)}.`)) {
    return { ok: false, why: `${cfgPath} says Python ${version}, but the site-packages read are those of ${py}` };
  }
  facts.push(`${cfgPath} was read: home ${home} is owned by root or the audited account and writable by no one else, and include-system-site-packages is not true; ${hookState.kind === 'missing' ? `${hook} was looked up and is absent` : `${hook} is the system Python's own, root's`}`);
  return { ok: true, fact: facts.join('; ') };
}

/** The one `lib/python3.X/site-packages` of an environment: with several, which one runs depends on the interpreter's version. */
export async function sitePackagesOf(root: string, files: ArtifactFiles): Promise<{ readonly site: string; readonly py: string } | { readonly why: string } | undefined> {
  const lib = path.posix.join(root, 'lib');
  const pys = ((await files.readDir(lib)) ?? []).filter((p) => /^python3(\.\d+)?$/.test(p));
  if (pys.length === 0) return undefined;
  const py = pys[0];
  if (pys.length > 1 || py === undefined) return { why: `${lib} holds ${pys.join(', ')}: which one the interpreter reads depends on its version, which is not read` };
  return { site: path.posix.join(lib, py, 'site-packages'), py };
}

/**
 * `<root>/lib64`: a CPython built with `sys.platlibdir` = `lib64` (Fedora, RHEL and openSUSE build
 * theirs so) puts `<prefix>/lib64/python3.X/site-packages` on sys.path ahead of `lib/`'s and runs
 * its .pth files (python/cpython@00b300c39bdf67805735006417e4c9dde562cceb:Lib/site.py
 * `getsitepackages`: `libdirs = [sys.platlibdir]`, then `lib`). The interpreter's platlibdir is
 * not read here, so that folder must be the one verified: absent, or a link that resolves to `lib`,
 * as uv (astral-sh/uv@26a9dd4b2125bc271b47855e1fa0c49af3365db5:crates/uv-virtualenv/src/virtualenv.rs,
 * "create a symlink from `lib64` to `lib`") and the standard library's venv make it; any other
 * `lib64` holding a non-empty `python3*\/site-packages` is code no RECORD was read for.
 */
async function platlibBeside(root: string, ctx: TrustContext): Promise<Trust> {
  const lib64 = path.posix.join(root, 'lib64');
  const st = await ctx.files.lstat(lib64);
  if (st.kind === 'missing') return { ok: true, fact: `${lib64} was looked up and is absent` };
  const real = await ctx.files.realpath(lib64);
  const lib = await ctx.files.realpath(path.posix.join(root, 'lib'));
  if (real !== undefined && real === lib) return { ok: true, fact: `${lib64} resolves to ${lib}, the folder read` };
  const pys = await ctx.files.readDir(lib64);
  if (pys === undefined) return { ok: false, why: `${lib64} could not be listed: an interpreter whose sys.platlibdir is lib64 imports from it before lib/` };
  for (const py of pys.filter((n) => n.startsWith('python3'))) {
    const site = path.posix.join(lib64, py, 'site-packages');
    const held = await ctx.files.readDir(site);
    if (held !== undefined && held.length > 0) {
      return { ok: false, why: `${site} holds ${held.length} entr${held.length === 1 ? 'y' : 'ies'} (${[...held].sort().slice(0, 3).join(', ')}): an interpreter whose sys.platlibdir is lib64 puts that folder on sys.path before lib/ and runs its .pth files, and no RECORD was read for it` };
    }
  }
  return { ok: true, fact: `${lib64} was listed and holds no non-empty python3*/site-packages` };
}

/**
 * The environment at `root` runs `script` as installed: the script is a sound file listed, with a
 * hash, in the RECORD of `distInfo`; every distribution in site-packages matches its RECORD
 * (grade/site-packages.ts); the interpreter is the environment's own and sound.
 */
export async function verifyPythonEnv(env: { readonly root: string; readonly site: string; readonly py: string; readonly distInfo: string; readonly script: string },
  ctx: TrustContext): Promise<{ readonly ok: true; readonly fact: string; readonly assumptions: readonly string[] } | { readonly ok: false; readonly why: string }> {
  const { root, site, py, distInfo, script } = env;
  const packages = await verifySitePackages(site, distInfo, ctx);
  if (!packages.ok) return packages;
  const record = await ctx.files.readText(path.posix.join(site, distInfo, 'RECORD'));
  const rel = path.posix.relative(site, script);
  if (record === undefined || !recordRows(record).some((r) => r.path === rel && r.hash.startsWith('sha256='))) {
    return { ok: false, why: `${script} is not listed with a hash in ${distInfo}/RECORD` };
  }
  const own = await trustedPath(script, ctx);
  if (!own.ok) return own;
  const interpreter = await interpreterOf(root, script, ctx, py);
  if (!interpreter.ok) return interpreter;
  const folder = await scriptFolderClean(script, (await ctx.files.readText(script)) ?? '', ctx);
  if (!folder.ok) return folder;
  const platlib = await platlibBeside(root, ctx);
  if (!platlib.ok) return platlib;
  return { ok: true, fact: `${packages.fact}; ${interpreter.fact}; ${folder.fact}; ${platlib.fact}`, assumptions: packages.assumptions };
}
