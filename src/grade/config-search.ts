/**
 * Where a component's config files are, as its own search finds them: `~/…` under the trusted
 * home, `<cwd>/…` in the component's working directory (and its parents for a walk, or npm's
 * local-prefix search), system paths on this machine or, under --root, below `<root>/_system/`
 * (discover/paths.ts expandTemplate). A file whose place cannot be known (the working directory is
 * not, a registry value) is a candidate not examined, never skipped.
 */
import path from 'node:path';
import type { ReadOutcome } from '../discover/read-file.js';
import { SYSTEM_DIR, expandTemplate } from '../discover/paths.js';
import type { ConfigFileSpec } from '../shared/inventory.js';
import type { Platform } from '../shared/env.js';
import { isInside } from '../shared/paths.js';

export interface SearchContext {
  readonly home: string;
  readonly platform: Platform;
  readonly auditRoot: boolean;
  readonly read: (p: string) => Promise<ReadOutcome>;
}

export type Candidate =
  | { readonly kind: 'path'; readonly path: string; readonly dirIndex: number }
  | { readonly kind: 'not-examined'; readonly display: string; readonly why: string };

/**
 * The folders from `cwd` up to the root. Under --root the home's own parents are not part of the
 * audited tree: they are read below `<root>/_system/` (the home taken to be /home/<user> or
 * /Users/<user>), which the caller states as an assumption (`standIns`).
 */
export function walkUp(cwd: string, ctx: Pick<SearchContext, 'home' | 'platform' | 'auditRoot'>): { dirs: string[]; standIns: boolean } {
  const dirs: string[] = [];
  const system = path.join(ctx.home, SYSTEM_DIR);
  if (ctx.auditRoot && within(cwd, system)) {
    for (let d = cwd; ; d = path.dirname(d)) { dirs.push(d); if (d === system || d === path.dirname(d)) break; }
    return { dirs, standIns: false };
  }
  if (ctx.auditRoot && within(cwd, ctx.home)) {
    for (let d = cwd; ; d = path.dirname(d)) { dirs.push(d); if (d === ctx.home || d === path.dirname(d)) break; }
    dirs.push(path.join(system, ctx.platform === 'darwin' ? 'Users' : 'home'), system);
    return { dirs, standIns: true };
  }
  for (let d = cwd; ; d = path.dirname(d)) { dirs.push(d); if (d === path.dirname(d)) break; }
  return { dirs, standIns: false };
}

/** `p` is `dir` or lies below it. */
const within = (p: string, dir: string): boolean => p === dir || isInside(p, dir);

const exists = async (p: string, ctx: SearchContext): Promise<boolean> => (await ctx.read(p)).kind !== 'absent';

/**
 * npm's loadLocalPrefix: the nearest folder with a package.json or a node_modules, then each
 * folder above it with a package.json (a workspace root npm may move to), else the cwd itself.
 */
async function npmPrefixes(dirs: readonly string[], ctx: SearchContext): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i] ?? '';
    const pkg = await exists(path.join(d, 'package.json'), ctx);
    if (out.length === 0 ? pkg || await exists(path.join(d, 'node_modules'), ctx) : pkg) out.push(i);
  }
  return out.length === 0 ? [0] : out;
}

/** The files one spec names for a component whose working directory is `cwd`. */
export async function candidates(spec: ConfigFileSpec, cwd: { readonly path: string } | { readonly unknown: string }, ctx: SearchContext):
  Promise<{ list: Candidate[]; standIns: boolean }> {
  if (/^HK(CU|LM)\//.test(spec.path)) {
    return { list: [{ kind: 'not-examined', display: spec.path.replace(/\//g, '\\'), why: 'a registry value: mcp-audit reads files only' }], standIns: false };
  }
  if (spec.path.startsWith('<cwd>/')) {
    const rest = spec.path.slice('<cwd>/'.length);
    if ('unknown' in cwd) return { list: [{ kind: 'not-examined', display: spec.path, why: `the working directory is ${cwd.unknown}` }], standIns: false };
    if (spec.walk === undefined) return { list: [{ kind: 'path', path: path.join(cwd.path, rest), dirIndex: 0 }], standIns: false };
    const { dirs, standIns } = walkUp(cwd.path, ctx);
    const at = spec.walk === 'npm-prefix' ? await npmPrefixes(dirs, ctx) : dirs.map((_d, i) => i);
    return { list: at.map((i) => ({ kind: 'path', path: path.join(dirs[i] ?? cwd.path, rest), dirIndex: i })), standIns };
  }
  const expanded = expandTemplate(spec.path, { platform: ctx.platform, home: ctx.home, auditRoot: ctx.auditRoot });
  if (expanded === undefined) return { list: [{ kind: 'not-examined', display: spec.path, why: 'its location is not known for this audit' }], standIns: false };
  return { list: [{ kind: 'path', path: expanded.base, dirIndex: 0 }], standIns: false };
}
