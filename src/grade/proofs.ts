/**
 * Positive evidence for the claims the grader establishes itself (launched, program, environment,
 * store), and the store inspection that cannot fail open: a pinning proxy whose module has no
 * working inspector yields `pin-store-uninspected`, never a pass.
 */
import path from 'node:path';
import { namesPresent } from '../discover/fold-case.js';
import { cwdSensitiveFrames } from '../launch/cwd-sensitive.js';
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import type { InspectContext, PathState, StoreFiles, StoreInspection } from '../proxies/store-types.js';
import type { PinningProxy, Recognition } from '../proxies/types.js';
import { launchUnproven } from '../rules/launch-unproven.js';
import { pinStoreUninspected } from '../rules/pin-store-uninspected.js';
import { runnerCwdUnproven } from '../rules/runner-cwd-unproven.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { launchOptionInjection } from '../rules/launch-option-injection.js';
import { toError } from '../shared/errors.js';
import { isInside } from '../shared/paths.js';
import { walkUp } from './config-search.js';
import { kernelPath, stableKernelPath } from './store-location.js';

export interface LaunchedClaim {
  readonly findings: readonly Finding[];
  readonly proof?: readonly string[];
  /** Why the claim is open without a finding (an entry the host does not launch). */
  readonly open?: string;
  /** True for an entry the host does not launch: listed with the grade it would have, never counted. */
  readonly exempt: boolean;
}

/** `launched`, from discovery's fields (parse/types.ts: state, stateBy, launchDoubts). */
export function launchedClaim(entry: ServerEntry): LaunchedClaim {
  const state = entry.state ?? (entry.disabled ? 'disabled' : 'launched');
  if (state !== 'launched') {
    const by = entry.stateBy?.reason ?? entry.disabledBy;
    return { findings: [], exempt: true, open: `not launched: ${state}${by !== undefined ? ` (${by})` : ''}` };
  }
  const doubts = entry.launchDoubts ?? [];
  if (doubts.length > 0) {
    const findings = doubts.map((d) => finding(launchUnproven, { server: entry.name, host: entry.host, reason: d.reason },
      d.origin !== undefined ? { path: d.origin.file, line: d.origin.line, column: d.origin.column } : undefined));
    return { findings, exempt: false };
  }
  return {
    findings: [], exempt: false,
    proof: [
      `${entry.host} reads ${entry.configPath} and launches this entry: its launch state, from the host's switches and policy as read, is launched${entry.stateBy !== undefined ? ` (${entry.stateBy.reason})` : ''}`,
      `transport ${entry.transport} (${entry.transportSource ?? 'as read'})`,
    ],
  };
}

/**
 * True when `dir` is the trusted home as the kernel resolves it: every symlink is followed before a
 * `..` that comes after it is applied (path_resolution(7)), so `<home>/link/..` is the parent of the
 * link's target, not the home. Both must resolve on disk; a textual match alone proves nothing.
 */
function isHomeDir(dir: string, home: string): boolean {
  // The directory named must keep resolving to the home: through no link another account may repoint.
  const real = stableKernelPath(dir, home);
  const realHome = kernelPath(home, 'linux');
  return real !== undefined && realHome !== undefined && real === realHome;
}

/** Where the host starts the server, as proven or not for a cwd-sensitive runner. */
function cwdOf(entry: ServerEntry, home: string): { proven: true; text: string } | { proven: false; text: string } {
  // The entry's own `cwd` is where the host starts it: normalize reads a cwd field only for hosts whose
  // entry shape has one (hosts/*.ts), so a written cwd is one the host honours.
  const cwd: ServerEntry['launchCwd'] = entry.cwd !== undefined && entry.cwd.trim() !== '' ? { kind: 'explicit', path: entry.cwd } : entry.launchCwd;
  if (cwd === undefined) return { proven: false, text: 'not known (discovery does not model it for this host)' };
  if (cwd.kind === 'home') return { proven: true, text: 'the trusted home' };
  if (cwd.kind === 'explicit' && isHomeDir(cwd.path, home)) return { proven: true, text: `the trusted home (explicit cwd ${cwd.path}, resolved on disk as the kernel does)` };
  if (cwd.kind === 'explicit') return { proven: false, text: `the explicit directory ${cwd.path}` };
  if (cwd.kind === 'project') return { proven: false, text: `the project directory ${cwd.path}` };
  return { proven: false, text: `unknown (${cwd.why})` };
}

/** The directory an `env -C DIR` frame moved to: proven only when it is the trusted home. */
function chdirCwd(dir: string, host: ReturnType<typeof cwdOf>, entry: ServerEntry, home: string): ReturnType<typeof cwdOf> {
  if (dir.startsWith('/')) {
    return isHomeDir(dir, home) ? { proven: true, text: `the trusted home (env -C ${dir}, resolved on disk as the kernel does)` } : { proven: false, text: `the directory ${dir} set by env -C` };
  }
  const base = entry.cwd !== undefined && entry.cwd.startsWith('/') ? entry.cwd : host.proven ? home : undefined;
  if (base === undefined) return { proven: false, text: `${dir} (env -C) below a working directory that is ${host.text}` };
  // Joined as text, not normalized: `..` after a symlink is the kernel's to resolve.
  const joined = `${base.replace(/\/+$/, '')}/${dir}`;
  return isHomeDir(joined, home) ? { proven: true, text: `the trusted home (env -C ${dir}, resolved on disk as the kernel does)` } : { proven: false, text: `the directory ${joined} set by env -C` };
}

/**
 * The first `node_modules` at the home or above it (npm's local prefix and setPATH walk up to the
 * root), and how many folders were looked at. Under --root the home's parents are read as their
 * stand-ins below `<root>/_system/` (config-search.ts walkUp), as every other upward search is.
 */
async function nodeModulesAbove(home: string, lstat: (p: string) => Promise<PathState>, platform: string | undefined, auditRoot: boolean): Promise<{ present?: string; looked: number }> {
  const plat = platform === 'win32' || platform === 'darwin' ? platform : 'linux';
  const dirs = auditRoot ? walkUp(home, { home, platform: plat, auditRoot }).dirs : undefined;
  let looked = 0;
  for (const d of dirs ?? (function* up(): Generator<string> { for (let x = path.posix.normalize(home); ; x = path.posix.dirname(x)) { yield x; if (x === '/') return; } })()) {
    looked++;
    const p = path.join(d, 'node_modules');
    const st = await lstat(p);
    if (st.kind !== 'missing') return { present: p, looked };
  }
  return { looked };
}

/**
 * Programs and scripts of the chain that live inside the entry's project directory: they arrive
 * with the repository (a `git clone` delivers them: project-scoped `.mcp.json` "is designed to be checked into version control", docs.anthropic.com/en/docs/claude-code/mcp#project-scope), so a file there named like the
 * proxy is whatever the repository's author wrote. Compared as written and as the kernel resolves
 * it (a symlink out of the project, or into it).
 */
function projectLaunchers(chain: LaunchChain, entry: ServerEntry, proxy: string): Finding[] {
  const project = entry.project;
  if (project === undefined || !project.startsWith('/')) return [];
  const realProject = kernelPath(project, 'linux') ?? project;
  const out: Finding[] = [];
  for (const f of chain.frames) {
    for (const p of [f.program, f.script]) {
      if (p === undefined || !p.startsWith('/')) continue;
      const real = kernelPath(p, 'linux');
      if (!isInside(p, project) && !(real !== undefined && isInside(real, realProject))) continue;
      out.push(finding(launchOptionInjection, {
        server: entry.name, proxy,
        what: `runs ${p}, a file inside the project directory ${project}, which arrives with the repository rather than with the proxy's install`,
      }));
    }
  }
  return out;
}

/**
 * What can swap the program besides its own file: a program or script of the chain inside the
 * project directory, and a runner that resolves what it runs against a working directory not
 * proven to be the trusted home. Findings, and the positive facts where the cwd is known.
 */
export async function programPlacement(chain: LaunchChain, by: PinningProxy, entry: ServerEntry, home: string,
  lstat: (p: string) => Promise<PathState>, platform?: string, auditRoot = false): Promise<{ findings: Finding[]; proof: string[] }> {
  if (chain.leaf.kind !== 'exec') return { findings: [], proof: [] };
  const inProject = projectLaunchers(chain, entry, by.id);
  const sensitive = cwdSensitiveFrames(chain.frames, platform);
  if (sensitive.length === 0) return { findings: inProject, proof: [] };
  const hostCwd = cwdOf(entry, home);
  const findings: Finding[] = [];
  const proof: string[] = [];
  for (const s of sensitive) {
    // An `env -C DIR` before the runner moves its working directory (GNU coreutils env(1) --chdir).
    const cwd = s.cwd === undefined ? hostCwd : chdirCwd(s.cwd, hostCwd, entry, home);
    if (!cwd.proven) {
      findings.push(finding(runnerCwdUnproven, { server: entry.name, runner: s.runner, resolves: s.resolves, host: entry.host, cwd: cwd.text }));
      continue;
    }
    if (s.windowsLookup !== undefined) {
      // The proven working directory is the trusted home: each name the program could be found as there was looked at.
      // NTFS matches names ignoring case: `Npx.Cmd` in the folder is run for `npx` (a copy read on Linux under --root is listed and folded).
      const looked = namesPresent(home, s.windowsLookup, 'win32');
      const present = 'present' in looked ? looked.present : [`a folder that cannot be listed (${looked.unlisted})`];
      if (present.length > 0) {
        findings.push(finding(runnerCwdUnproven, { server: entry.name, runner: s.runner, resolves: s.resolves, host: entry.host,
          cwd: `${cwd.text}, and ${present.join(', ')} is there: Windows runs it instead of the ${s.runner} on PATH` }));
        continue;
      }
      proof.push(`${s.runner} ${s.resolves}, which is ${cwd.text}: ${s.windowsLookup.join(', ')} were looked for there and are absent`);
      continue;
    }
    if (s.localTree === 'node_modules') {
      // A proven working directory is the trusted home: npx runs from the nearest node_modules at
      // or above it, and puts every node_modules/.bin from there up on PATH.
      const found = await nodeModulesAbove(home, lstat, platform, auditRoot);
      if (found.present !== undefined) {
        findings.push(finding(runnerCwdUnproven, { server: entry.name, runner: s.runner, resolves: s.resolves, host: entry.host,
          cwd: `${cwd.text}, and ${found.present} is there: npx runs a copy from it that satisfies the spec, and puts its .bin before PATH` }));
        continue;
      }
      proof.push(`${s.runner} resolves against the working directory, which is ${cwd.text}; node_modules was looked for there and in each of its ${found.looked - 1} parent(s): absent, so no local copy or .bin can take the proxy's place`);
      continue;
    }
    proof.push(`${s.runner} resolve(s) against the working directory, which is ${cwd.text}`);
  }
  return { findings: [...inProject, ...findings], proof };
}

/** `environment`: which variables were examined (names only, never values). */
export function environmentProof(chain: LaunchChain, by: PinningProxy): string {
  const names = [...new Set(chain.env.map((a) => a.name))].sort();
  if (names.length === 0) return `the entry sets no environment variable; the ${by.runtime} proxy inherits the host's environment`;
  return `examined ${names.length} variable(s) reaching the ${by.runtime} proxy (${names.join(', ')}): none is in a family that reaches its runtime, runner or libraries, or moves its store`;
}

/** `store` facts once resolved (the inspection adds what it checked). */
export function storeProof(p: string, source: 'default' | 'explicit', home: string, noDefault: boolean): string[] {
  const what = source === 'default' ? "the proxy's default store"
    : noDefault ? 'the explicit store path (the proxy has no default location)' : "the proxy's default store, named explicitly";
  return [`${p} is ${what} under the trusted home ${home}`];
}

export interface Inspected {
  readonly ok: boolean;
  readonly findings: readonly Finding[];
  readonly inspection?: StoreInspection;
}

const describe = (e: unknown): string => {
  const err = toError(e);
  const text = `${err.name}: ${err.message}`.replace(/\s+/g, ' ');
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

/** Runs the module's inspector; a missing or failing inspector is a finding, never a pass. */
export async function inspectWith(by: PinningProxy, rec: Recognition, p: string, ctx: Omit<InspectContext, 'files'> & { readonly storeFiles: StoreFiles }): Promise<Inspected> {
  const uninspected = (reason: string): Inspected =>
    ({ ok: false, findings: [finding(pinStoreUninspected, { ...ctx.subject, path: p, reason })] });
  // The type requires an inspector; a module built around the type (plain data, a bad merge) may still lack one.
  const inspector: unknown = Reflect.get(by, 'inspectStore');
  if (typeof inspector !== 'function') return uninspected(`the ${by.id} module provides no store inspector`);
  try {
    const inspection = await by.inspectStore(rec, p, { ...ctx, files: ctx.storeFiles });
    return { ok: true, findings: inspection.findings, inspection };
  } catch (e: unknown) {
    return uninspected(`the ${by.id} store inspector failed (${describe(e)})`);
  }
}
