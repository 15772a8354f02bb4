/**
 * Whether a whole tree a runner takes code from (its cache, the environments it reuses, the
 * interpreters it builds them on, a global install) is writable by no one but root and the audited
 * account: every entry, at every depth, read with lstat. A runner reuses what it finds there without
 * checking it (uv links cached archives into the environments it builds and runs them, npx runs a
 * `_npx` tree that satisfies the spec, pipx reuses a cached `pipx run` environment), so one entry
 * another account owns or may write, however deep, puts that account's code in the proxy.
 *
 * - A directory in the tree must not be writable by group or others even when sticky: in a sticky
 *   directory others cannot replace the account's entries, but they can add the ones it lacks, and
 *   a cache is a directory of entries a runner looks up by name.
 * - A symlink is judged at its target, since the runner follows it: a target lexically inside the
 *   tree is covered by the walk (its own links are judged where they lie); any other target must
 *   resolve, every directory above it must pass `trustedDirs`, and it is walked as part of the tree.
 * - The walk reads at most `MAX_ENTRIES` entries; a larger tree is not proven (never assumed fine).
 *
 * The directories above the tree's root are the caller's to judge (`privateLocation` does both).
 */
import path from 'node:path';
import type { ArtifactFiles } from './stores/artifact-files.js';
import { extraWriters } from './stores/file-state.js';
import { trustedDirs } from './trusted-path.js';

/** Entries read in one tree (symlink targets included) before the tree is reported as not read in full. */
export const MAX_TREE_ENTRIES = 200_000;

export interface TreeContext {
  readonly uid: number | undefined;
  readonly files: ArtifactFiles;
  /** Walks already made in this audit, by root: every entry of a run shares one cache. */
  readonly walks?: Map<string, Promise<TreeVerdict>>;
}

export type TreeVerdict =
  | { readonly state: 'missing' }
  | { readonly state: 'ok'; readonly entries: number }
  | { readonly state: 'bad'; readonly why: string };

const trustedUid = (ctx: TreeContext, uid: number): boolean => uid === 0 || (ctx.uid !== undefined && uid === ctx.uid);

const inside = (p: string, dir: string): boolean => p === dir || p.startsWith(dir.endsWith('/') ? dir : `${dir}/`);

async function walk(root: string, ctx: TreeContext, limit: number): Promise<TreeVerdict> {
  const top = await ctx.files.lstat(root);
  if (top.kind === 'missing') return { state: 'missing' };
  // What the walk covers: the root as named and, when it is a directory, as resolved (a folder
  // above it may be a link), and each outside target it reaches. A root that is itself a symlink
  // is an entry like any other: judged at its target, which is then walked.
  const real = top.kind === 'directory' ? await ctx.files.realpath(root) : undefined;
  const covered: string[] = [root, ...(real !== undefined && real !== root ? [real] : [])];
  const pending: string[] = [root];
  const trustedAbove = new Set<string>();
  let entries = 0;
  for (let p = pending.pop(); p !== undefined; p = pending.pop()) {
    entries++;
    if (entries > limit) return { state: 'bad', why: `${root} holds more than ${limit} entries (with what its symlinks lead to), so not all of it was read` };
    const st = ctx.files.lstatSync(p);
    // Listed a moment ago and gone now: nothing runs from it.
    if (st.kind === 'missing') continue;
    if (st.kind === 'error') return { state: 'bad', why: `${p} could not be read (${st.reason})` };
    if (st.kind !== 'directory' && st.kind !== 'file' && st.kind !== 'symlink') return { state: 'bad', why: `${p} is a ${st.kind}` };
    if (!trustedUid(ctx, st.uid)) return { state: 'bad', why: `${p} is owned by uid ${st.uid}, neither root nor the audited account` };
    if (st.kind !== 'symlink') {
      const who = extraWriters(st.mode);
      if (who !== undefined) return { state: 'bad', why: `${p} can be written by ${who}` };
    }
    if (st.kind === 'directory') {
      const names = ctx.files.readDirSync(p);
      if (names === undefined) return { state: 'bad', why: `${p} could not be listed` };
      for (const name of [...names].sort().reverse()) pending.push(path.posix.join(p, name));
      continue;
    }
    if (st.kind !== 'symlink') continue;
    const target = await ctx.files.readlink(p);
    if (target === undefined) return { state: 'bad', why: `the symlink ${p} could not be read` };
    const to = path.posix.resolve(path.posix.dirname(p), target);
    if (covered.some((dir) => inside(to, dir))) continue;
    const resolved = await ctx.files.realpath(to);
    if (resolved === undefined) return { state: 'bad', why: `the symlink ${p} points to ${to}, which does not resolve: whoever can create it decides what the link gives` };
    if (covered.some((dir) => inside(resolved, dir))) continue;
    const above = await trustedDirs(path.posix.dirname(resolved), { uid: ctx.uid, files: ctx.files, posix: true }, resolved, trustedAbove);
    if (!above.ok) return { state: 'bad', why: `the symlink ${p} points to ${resolved}: ${above.why}` };
    covered.push(resolved);
    pending.push(resolved);
  }
  return { state: 'ok', entries };
}

/** Every entry of the tree at `root` (see the module comment); walks are shared through `ctx.walks`. */
export function privateTree(root: string, ctx: TreeContext, limit: number = MAX_TREE_ENTRIES): Promise<TreeVerdict> {
  const key = `${limit}\0${root}`;
  const known = ctx.walks?.get(key);
  if (known !== undefined) return known;
  const made = walk(root, ctx, limit);
  ctx.walks?.set(key, made);
  return made;
}

export type LocationVerdict = { readonly ok: true; readonly fact: string } | { readonly ok: false; readonly why: string };

/**
 * A location a runner creates on first use, as the account, or reuses: when it exists, every
 * directory above it passes `trustedDirs` (a sticky one included: others cannot replace the
 * account's entry) and the whole tree is private; when it does not, every directory between it and
 * the home is private too, so no one else can create it first.
 */
export async function privateLocation(root: string, home: string, what: string, creator: string, ctx: TreeContext): Promise<LocationVerdict> {
  const tree = await privateTree(root, ctx);
  if (tree.state === 'bad') return { ok: false, why: `${what}: ${tree.why}` };
  if (tree.state === 'missing') {
    for (let d = path.posix.dirname(root); d !== home && inside(d, home); d = path.posix.dirname(d)) {
      const st = await ctx.files.lstat(d);
      if (st.kind === 'missing') continue;
      if (st.kind !== 'directory') return { ok: false, why: `${what} ${root} is absent and ${d} above it is a ${st.kind}, so what it leads to decides where it is created` };
      if (!trustedUid(ctx, st.uid)) return { ok: false, why: `${what} ${root} is absent and ${d} above it is owned by uid ${st.uid}, so that account can create it first` };
      const who = extraWriters(st.mode);
      if (who !== undefined) return { ok: false, why: `${what} ${root} is absent and ${d} above it can be written by ${who}, so another account can create it first` };
    }
    return { ok: true, fact: `${what} ${root} is absent and the folders above it up to the home are private: ${creator} creates it at launch, as the account` };
  }
  const above = await trustedDirs(path.posix.dirname(root), { uid: ctx.uid, files: ctx.files, posix: true }, root);
  if (!above.ok) return { ok: false, why: `${what} ${root}: ${above.why}` };
  return { ok: true, fact: `${what} ${root} was read: it and all ${tree.entries - 1} entr${tree.entries === 2 ? 'y' : 'ies'} below it (symlink targets included) are owned by root or the account and writable by no one else` };
}
