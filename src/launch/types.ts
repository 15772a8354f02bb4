/**
 * A launch chain: what a config entry really runs, seen through wrappers such as npx, uvx,
 * `env VAR=… cmd`, `sh -c "…"`, `cmd /c`. Outermost frame first; the last frame is the leaf.
 * What cannot be resolved (variables, pipes, $(…), container images) is marked opaque, never guessed.
 */
export type LauncherKind =
  | 'exec'          // a program run directly
  | 'package-runner' // npx, npm exec, pnpm dlx, bunx, yarn dlx, uvx, uv tool run, pipx run
  | 'uv-run'        // uv run
  | 'env'           // env [-i] [-u NAME] VAR=val … cmd
  | 'shell'         // sh|bash|zsh -c "…", cmd /c, powershell -Command
  | 'interpreter';  // node script.js, python -m module, python script.py, deno run …

/** A package a runner fetches, e.g. `--from mcpindex-gate==0.9.2` or `npx -y mcp-remote@0.1.15`. */
export interface PackageRef {
  readonly ecosystem: 'npm' | 'pypi';
  readonly name: string;
  /** Version or tag as written (`0.9.2`, `latest`), if any. */
  readonly version?: string;
}

/** Where an environment assignment came from. */
export type EnvSource = 'entry-env' | 'env-prefix' | 'shell';

export interface EnvAssignment {
  readonly name: string;
  /** null = removed (`env -u NAME`, or a `null` value in the entry's env). NEVER print. */
  readonly value: string | null;
  readonly source: EnvSource;
  /** True when a later `env -i` cleared it before the leaf (it still reached the outer frames). */
  readonly cleared?: boolean;
}

/** One option a runner was given: `--index-url https://…` → { flag: '--index-url', value: 'https://…' }. */
export interface RunnerOption {
  readonly flag: string;
  readonly value?: string;
}

export interface Frame {
  readonly kind: LauncherKind;
  /** Program as written (may be a path, may carry .cmd/.exe/.bat/.sh). */
  readonly program: string;
  /** Normalised program name: basename, lower-cased on Windows-style suffixes, suffix stripped. */
  readonly name: string;
  /** Arguments of this frame (for a runner: all its own args, including the package's). */
  readonly args: readonly string[];
  /**
   * For package runners and `uv run`: the runner's own options as parsed (`--from X`,
   * `--registry URL`, `-y`), in order; the package's and the inner command's args are not in it.
   */
  readonly options?: readonly RunnerOption[];
  /** For package runners: the package it fetches and runs. */
  readonly package?: PackageRef;
  /** For `python -m X`: the module. */
  readonly module?: string;
  /** For `node script.js` / `python script.py`: the script path as written. */
  readonly script?: string;
  /** Environment assignments introduced at this frame (env prefix, shell assignment). */
  readonly env?: readonly EnvAssignment[];
  /** True when `env -i` (or equivalent) cleared the inherited environment at this frame. */
  readonly clearsEnv?: boolean;
  /** `env -C DIR` / `--chdir`: the working directory of what this frame starts, as written (relative: to the frame's own). */
  readonly chdir?: string;
  /** BSD `env -P DIR`: the program this frame starts is looked up in DIR instead of PATH. */
  readonly lookup?: string;
}

export interface OpaqueReason {
  readonly reason: string;
  /** The unresolvable text (never an env value). */
  readonly text: string;
}

export interface LaunchChain {
  /**
   * Outermost first. For an exec leaf the last frame is that program (kind 'exec', or
   * 'interpreter' with its module / script); for an opaque leaf it is the wrapper whose payload
   * could not be followed. Empty for remote (URL) entries, and when the entry's own command is
   * unusable (missing, empty, or a variable).
   */
  readonly frames: readonly Frame[];
  /**
   * The innermost thing that runs: an exec (program + args after all wrappers), a URL,
   * or opaque when a wrapper's payload cannot be resolved.
   */
  readonly leaf:
    | { readonly kind: 'exec'; readonly program: string; readonly name: string; readonly args: readonly string[] }
    | { readonly kind: 'url'; readonly url: string }
    | { readonly kind: 'opaque'; readonly why: OpaqueReason };
  /** Every env assignment that reaches the leaf: entry env first, then prefixes/shell in order. */
  readonly env: readonly EnvAssignment[];
  /**
   * Argument words kept as written whose runtime value is unknown: shell variables (quoted or
   * not), tilde, globs, host `${…}` interpolation. Absent when there are none. A recognizer may
   * read a flag value from such a word; grading should not trust it.
   */
  readonly unresolved?: readonly OpaqueReason[];
}
