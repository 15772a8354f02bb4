/**
 * Who may change a file a launch runs, read from the file system: the file and every directory
 * above it owned by root or the audited account and writable by no one else (a sticky directory,
 * such as /tmp, only lets each account rename its own entries, so its other-write bit is allowed).
 * One set of rules for the program a host execs, the interpreter its `#!` line names, and the
 * directories of a Python environment.
 */
import path from 'node:path';
import type { ArtifactFiles } from './stores/artifact-files.js';
import { extraWriters } from './stores/file-state.js';

export interface TrustContext {
  readonly uid: number | undefined;
  readonly files: ArtifactFiles;
  /** Windows layouts: owner and mode bits prove nothing there. */
  readonly posix: boolean;
}

export type Trust = { readonly ok: true; readonly fact: string } | { readonly ok: false; readonly why: string };

const trustedUid = (ctx: TrustContext, uid: number): boolean => uid === 0 || (ctx.uid !== undefined && uid === ctx.uid);

/**
 * `dir` (a real path: no component a symlink) and every directory above it, each lstat'ed once
 * per `seen` (directories already found sound are skipped, so an environment's thousands of
 * files cost one walk per distinct directory). `above` names what the walk is for, in messages
 * (`dir` itself when the directory is the subject).
 */
export async function trustedDirs(dir: string, ctx: TrustContext, above: string, seen: Set<string> = new Set()): Promise<Trust> {
  if (!ctx.posix) return { ok: false, why: `${dir} is on Windows, where who may write it comes from its ACL, which is not read here` };
  for (let d = dir; !seen.has(d); d = path.posix.dirname(d)) {
    const st = await ctx.files.lstat(d);
    const at = d === above ? d : `${d}, above ${above},`;
    if (st.kind !== 'directory') return { ok: false, why: `${at} is not a plain directory (${st.kind})` };
    const sticky = (st.mode & 0o1000) !== 0;
    const dw = extraWriters(st.mode);
    if (dw !== undefined && !sticky) return { ok: false, why: `${at} can be written by ${dw}` };
    if (!trustedUid(ctx, st.uid)) return { ok: false, why: `${at} is owned by uid ${st.uid}` };
    seen.add(d);
    if (d === '/') break;
  }
  return { ok: true, fact: `${dir} and every directory above it are owned by root or the audited account and writable by no one else` };
}

/** Owner and write bits of a plain file as lstat reads it (no symlink followed). */
export async function trustedFileItself(file: string, ctx: TrustContext): Promise<Trust> {
  const st = await ctx.files.lstat(file);
  if (st.kind === 'missing') return { ok: false, why: `${file} does not exist on this machine` };
  if (st.kind === 'error') return { ok: false, why: `${file} could not be read (${st.reason})` };
  if (st.kind !== 'file') return { ok: false, why: `${file} is a ${st.kind}, not a plain file` };
  const who = extraWriters(st.mode);
  if (who !== undefined) return { ok: false, why: `${file} can be written by ${who}` };
  if (!trustedUid(ctx, st.uid)) return { ok: false, why: `${file} is owned by uid ${st.uid}, neither root nor the audited account` };
  return { ok: true, fact: `${file} is owned by root or the audited account and writable by no one else` };
}

/** Owner and write bits of a file and every directory above it, as facts, or the first that fails. */
export async function trustedPath(file: string, ctx: TrustContext): Promise<Trust> {
  const st = await ctx.files.stat(file);
  if (st.kind === 'missing') return { ok: false, why: `${file} does not exist on this machine` };
  if (st.kind === 'error') return { ok: false, why: `${file} could not be read (${st.reason})` };
  if (st.kind !== 'file') return { ok: false, why: `${file} is a ${st.kind}, not a program file` };
  if (!ctx.posix) return { ok: false, why: `${file} exists, but on Windows its owner and who may write it come from its ACL, which is not read here` };
  const who = extraWriters(st.mode);
  if (who !== undefined) return { ok: false, why: `${file} can be written by ${who}` };
  if (!trustedUid(ctx, st.uid)) return { ok: false, why: `${file} is owned by uid ${st.uid}, neither root nor the audited account` };
  const real = (await ctx.files.realpath(file)) ?? file;
  const dirs = await trustedDirs(path.posix.dirname(real), ctx, file);
  if (!dirs.ok) return dirs;
  return { ok: true, fact: `${real === file ? file : `${file} (really ${real})`} exists; it and every directory above it are owned by root or the audited account and writable by no one else` };
}

/** execve(2) gives up after this many symbolic links (Linux: ELOOP past 40). */
const MAX_LINKS = 40;

/**
 * A path the kernel follows to a file (an interpreter `#!` names): every symlink on the way lies
 * in a directory that passes `trustedDirs` (whoever may write that directory may repoint the
 * link), and the file it ends at passes `trustedPath`. Returns the real file on success.
 */
export async function trustedLinkChain(start: string, ctx: TrustContext): Promise<Trust & { readonly real?: string }> {
  const hops: string[] = [];
  let at = start;
  for (let i = 0; i <= MAX_LINKS; i++) {
    const st = await ctx.files.lstat(at);
    if (st.kind !== 'symlink') break;
    // The link's own directory, resolved (the link itself is what lies in it).
    const dir = (await ctx.files.realpath(path.posix.dirname(at))) ?? path.posix.dirname(at);
    const dirs = await trustedDirs(dir, ctx, at);
    if (!dirs.ok) return { ok: false, why: `the symlink ${at}: ${dirs.why}` };
    const target = await ctx.files.readlink(at);
    if (target === undefined) return { ok: false, why: `the symlink ${at} could not be read` };
    hops.push(at);
    at = path.posix.resolve(dir, target);
    if (i === MAX_LINKS) return { ok: false, why: `${start} goes through more than ${MAX_LINKS} symlinks` };
  }
  const file = await trustedPath(at, ctx);
  if (!file.ok) return file;
  const real = (await ctx.files.realpath(at)) ?? at;
  return {
    ok: true, real,
    fact: hops.length === 0 ? file.fact : `${start} is a symlink (through ${hops.length} link(s), each in a directory owned by root or the audited account and writable by no one else) to ${real}; ${file.fact}`,
  };
}
