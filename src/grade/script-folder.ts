/**
 * The folder of a console script, as the import system sees it. Running `python script` puts
 * "the script's directory" first on sys.path, symbolic links resolved
 * (docs.python.org/3/library/sys.html#sys.path), ahead of site-packages and of the standard
 * library: anything importable there is imported in place of the recorded package and of every
 * module the proxy imports, `json` or `asyncio` included. Only `-P` or `-I` (which implies it)
 * leaves that folder out (docs.python.org/3/using/cmdline.html#cmdoption-P, #cmdoption-I).
 */
import path from 'node:path';
import type { Trust, TrustContext } from './trusted-path.js';

/**
 * What virtualenv builders themselves write into `bin/` that an import could find: uv writes the
 * activation scripts, of which only `activate_this.py` is a module (astral-sh/uv@26a9dd4b2125bc271b47855e1fa0c49af3365db5:
 * crates/uv-virtualenv/src/virtualenv.rs ACTIVATE_TEMPLATES), as virtualenv does
 * (pypa/virtualenv@95fa487de3937963367768e18903f83fee40a3d1:src/virtualenv/activation/python/activate_this.py);
 * the standard library's venv writes no module there. A module named `activate_this` shadows no
 * module a proxy imports.
 */
const BUILDER_MODULES: readonly string[] = ['activate_this.py'];

/**
 * The suffixes the path-based finder loads a module from: extension modules, source, bytecode
 * (python/cpython@001707176fd0c19e2f54c1ddef997b6489419e50:Lib/importlib/_bootstrap_external.py
 * `_get_supported_file_loaders`: EXTENSION_SUFFIXES such as `.cpython-312-x86_64-linux-gnu.so`,
 * `.abi3.so`, `.so` or `.pyd`, SOURCE_SUFFIXES `.py` and, on Windows, `.pyw`, BYTECODE_SUFFIXES `.pyc`).
 */
const MODULE_SUFFIXES: readonly string[] = ['.py', '.pyw', '.pyc', '.so', '.pyd'];

const OPTION_WITH_VALUE = new Set(['c', 'm', 'W', 'X']);

/**
 * Whether the script's `#!` line hands the interpreter `-P` or `-I`. Linux passes everything after
 * the interpreter's path as one argument (execve(2), "Interpreter scripts"), so only a single
 * cluster of one-letter options is read: `-sI`, `-I`; letters after one that takes a value (`-c`,
 * `-m`, `-W`, `-X`) are that value, not options. The `/bin/sh` form installers write for long paths
 * (`'''exec' '<python>' "$0" "$@"`) passes none.
 */
export function shebangSafePath(text: string): boolean {
  const first = text.split('\n', 1)[0] ?? '';
  if (!first.startsWith('#!')) return false;
  const words = first.slice(2).trim().split(/[ \t]+/);
  if (words.length !== 2 || words[0] === '/bin/sh') return false;
  const m = /^-([A-Za-z]+)$/.exec(words[1] ?? '');
  if (m?.[1] === undefined) return false;
  for (const letter of m[1]) {
    if (letter === 'I' || letter === 'P') return true;
    if (OPTION_WITH_VALUE.has(letter)) return false;
  }
  return false;
}

/** The first entry of `dir` an import of its name could load, or undefined when there is none. */
async function importableIn(dir: string, ctx: TrustContext): Promise<{ readonly entry?: string; readonly unlisted?: true }> {
  const names = await ctx.files.readDir(dir);
  if (names === undefined) return { unlisted: true };
  for (const n of [...names].sort()) {
    const p = path.posix.join(dir, n);
    const own = await ctx.files.lstat(p);
    const st = own.kind === 'symlink' ? await ctx.files.stat(p) : own;
    // A folder is a package (with an __init__) or a namespace portion (without one): both import.
    if (st.kind === 'directory') return { entry: `${p}/ (a folder, imported as the package or namespace ${n})` };
    if (BUILDER_MODULES.includes(n) && own.kind === 'file') continue;
    if (MODULE_SUFFIXES.some((s) => n.endsWith(s))) return { entry: `${p} (imported as the module ${n.split('.')[0] ?? n})` };
  }
  return {};
}

/**
 * The folder Python puts first on sys.path when it runs `script` (its own folder and, for a
 * symlinked script, the folder of the file it resolves to) holds nothing importable but what venv
 * builders write there, unless the `#!` line passes `-I` or `-P`. `text` is the script's content.
 */
export async function scriptFolderClean(script: string, text: string, ctx: TrustContext): Promise<Trust> {
  if (shebangSafePath(text)) return { ok: true, fact: `${script}'s #! line passes -I or -P, so Python does not put its folder on sys.path` };
  const real = (await ctx.files.realpath(script)) ?? script;
  const dirs = [...new Set([path.posix.dirname(script), path.posix.dirname(real)])];
  for (const dir of dirs) {
    const found = await importableIn(dir, ctx);
    if (found.unlisted === true) return { ok: false, why: `${dir}, which Python puts first on sys.path when it runs ${script}, could not be listed: what it imports from there is not known` };
    if (found.entry !== undefined) {
      return { ok: false, why: `${found.entry} sits in ${dir}, which Python puts first on sys.path when it runs ${script} (its #! line passes neither -I nor -P): it is imported before site-packages and the standard library, so code no RECORD hash covers may run in place of the proxy's` };
    }
  }
  return { ok: true, fact: `${dirs.join(' and ')}, first on sys.path when ${script} runs, ${dirs.length > 1 ? 'were' : 'was'} listed and hold${dirs.length > 1 ? '' : 's'} no module or package but what venv builders write (activate_this.py)` };
}
