/**
 * Which launch frames resolve what they run against the working directory: the one place that
 * knowledge lives. The grader's `program` claim is proven for such a chain only when the host's
 * working directory for the entry is proven to be the trusted home.
 */
import { isBareName, isPythonName } from './program-name.js';
import type { Frame } from './types.js';

/** The frame whose resolution depends on the working directory, and what it resolves there. */
export interface CwdSensitivity {
  readonly runner: string;
  readonly resolves: string;
  /**
   * Set when an `env -C DIR` frame before it changed the working directory: the directory it
   * resolves against (relative: to the host's working directory), instead of the host's.
   */
  readonly cwd?: string;
  /**
   * npm-family runners: the local tree they run from and put on PATH. npx runs a copy in the
   * nearest node_modules (the working directory or any parent) whose version satisfies the spec
   * instead of fetching it (npm/cli workspaces/libnpmexec/lib/index.js missingFromTree), and
   * every `node_modules/.bin` from there up is put before PATH (npm/cli
   * node_modules/@npmcli/run-script/lib/set-path.js setPATH).
   */
  readonly localTree?: 'node_modules';
  /**
   * Windows: the program is a bare name, which is looked up in the working directory before PATH
   * ("If there's really only a filename, check the current directory for file, then search all
   * path directories", libuv/libuv@b489fc3:src/win/process.c search_path, trying the name, then
   * .com and .exe; cmd.exe, which hosts use for .cmd shims, also searches the current directory
   * first: learn.microsoft.com/windows-server/administration/windows-commands/cmd). The names
   * a file there could take.
   */
  readonly windowsLookup?: readonly string[];
}

const isRelativePath = (p: string): boolean => !isBareName(p) && !p.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(p) && !p.startsWith('\\\\');

/** Python `-P` (3.11+) or `-I` before the module: the working directory is not put on sys.path (docs.python.org/3/using/cmdline.html#cmdoption-P). */
function safePathFlag(f: Frame): boolean {
  const module = f.module ?? '';
  const before = f.args.slice(0, Math.max(0, f.args.indexOf(module)));
  return before.some((a) => /^-[A-Za-z]*[PI][A-Za-z]*$/.test(a));
}

function sensitivity(frame: Frame): string | undefined {
  if (frame.kind === 'package-runner' && frame.package?.ecosystem === 'npm') {
    // npm docs, commands/npm-exec (v10): a bin of the local project's dependencies runs first
    // ("If any requested packages are not present in the local project dependencies …"), and
    // configuring-npm/npmrc: the per-project `.npmrc` (registry, scripts) is read from the project
    // root. pnpm dlx reads the same `.npmrc`; yarn dlx reads `.yarnrc.yml` (yarnpkg.com/configuration/yarnrc);
    // bunx prefers a locally installed package (bun.sh/docs/cli/bunx).
    return "runs the working directory's node_modules/.bin first and reads its .npmrc";
  }
  // uv docs, concepts/configuration-files: "For tool commands, which operate at the user level, local
  // configuration files will be ignored" — uvx / uv tool run read user and system uv.toml only.
  // pipx run: pip reads global, user and site configuration, none from the working directory
  // (pip.pypa.io/en/stable/topics/configuration/).
  if (frame.kind === 'package-runner') return undefined;
  if (frame.kind === 'uv-run' && !(frame.options ?? []).some((o) => o.flag === '--directory' || o.flag === '--project')) {
    // `--directory` / `--project` move that discovery elsewhere (reported as runner options).
    // uv docs, concepts/projects and configuration-files: `uv run` discovers the project
    // (pyproject.toml, uv.toml, .venv) from the working directory up.
    return "discovers the project (pyproject.toml, uv.toml, .venv) from the working directory";
  }
  if (frame.kind === 'interpreter' && frame.module !== undefined && isPythonName(frame.name) && !safePathFlag(frame)) {
    // docs.python.org/3/using/cmdline.html#cmdoption-m: with -m "the current directory will be added
    // to the start of sys.path", so a module directory there shadows the installed one.
    return `puts the working directory first on sys.path before importing ${frame.module}`;
  }
  if (frame.kind === 'interpreter' && frame.script !== undefined && isRelativePath(frame.script)) {
    return `opens the relative script ${frame.script} in the working directory`;
  }
  if (isRelativePath(frame.program)) return `is the relative path ${frame.program}, resolved in the working directory`;
  if (frame.kind === 'env' && frame.lookup !== undefined && !isAbsolute(frame.lookup)) {
    return `looks its program up in the relative directory ${frame.lookup} (env -P)`;
  }
  return undefined;
}

const isAbsolute = (p: string): boolean => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');

/**
 * The working directory after `env -C` frames, as far as the chain says: undefined while it is
 * the host's; a later relative `-C` is joined onto an earlier one (env(1): chdir(2) from the
 * current directory).
 */
export function chdirAfter(frames: readonly Frame[], index: number): string | undefined {
  let cwd: string | undefined;
  for (const f of frames.slice(0, index)) {
    if (f.chdir === undefined) continue;
    cwd = isAbsolute(f.chdir) || cwd === undefined ? f.chdir : `${cwd.replace(/[\\/]+$/, '')}/${f.chdir}`;
  }
  return cwd;
}

/** The files a bare program name can be found as in a Windows working directory. */
const windowsNames = (name: string): string[] => (/\.[A-Za-z0-9]{1,4}$/.test(name) ? [name] : [name, `${name}.com`, `${name}.exe`, `${name}.bat`, `${name}.cmd`]);

/** Every frame of a chain that resolves against the working directory, outermost first; `win32`: where the host runs on Windows. */
export function cwdSensitiveFrames(frames: readonly Frame[], platform?: string): CwdSensitivity[] {
  const out: CwdSensitivity[] = [];
  frames.forEach((f, i) => {
    // A runner's bins are run by path from the runner's own environment, not looked up by name.
    const byRunner = i > 0 && ['package-runner', 'uv-run'].includes(frames[i - 1]?.kind ?? '');
    if (platform === 'win32' && isBareName(f.program) && f.lookup === undefined && !byRunner) {
      const cwd = chdirAfter(frames, i);
      const base = { runner: f.name, resolves: `is looked up in the working directory before PATH (Windows)`, windowsLookup: windowsNames(f.program) };
      out.push(cwd === undefined ? base : { ...base, cwd });
    }
    const resolves = sensitivity(f);
    if (resolves === undefined) return;
    const cwd = chdirAfter(frames, i);
    const base = cwd === undefined ? { runner: f.name, resolves } : { runner: f.name, resolves, cwd };
    out.push(f.kind === 'package-runner' && f.package?.ecosystem === 'npm' ? { ...base, localTree: 'node_modules' } : base);
  });
  return out;
}
