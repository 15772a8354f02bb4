import { constants, promises as fs } from 'node:fs';
import path from 'node:path';

/** Files larger than this are never read into memory. */
export const MAX_STORE_BYTES = 16 * 1024 * 1024;

export type FileKind = 'file' | 'symlink' | 'fifo' | 'socket' | 'device' | 'directory' | 'other';

/** What lstat says about a path, without ever opening a non-regular file. */
export type FileState =
  | { readonly kind: 'missing' }
  | { readonly kind: 'error'; readonly reason: string }
  | { readonly kind: Exclude<FileKind, 'file'> }
  | { readonly kind: 'file'; readonly mode: number; readonly uid: number; readonly size: number; readonly nlink: number };

function kindOf(st: import('node:fs').Stats): FileKind {
  if (st.isFile()) return 'file';
  if (st.isSymbolicLink()) return 'symlink';
  if (st.isFIFO()) return 'fifo';
  if (st.isSocket()) return 'socket';
  if (st.isBlockDevice() || st.isCharacterDevice()) return 'device';
  if (st.isDirectory()) return 'directory';
  return 'other';
}

function errorCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : 'EUNKNOWN';
}

export async function fileState(p: string): Promise<FileState> {
  try {
    const st = await fs.lstat(p);
    const kind = kindOf(st);
    if (kind === 'file') return { kind, mode: st.mode & 0o7777, uid: st.uid, size: st.size, nlink: st.nlink };
    return { kind };
  } catch (e: unknown) {
    const code = errorCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'error', reason: code };
  }
}

/** Reads a regular file known to be small enough; never follows a FIFO (O_NOFOLLOW | O_NONBLOCK). */
export async function readSmallFile(p: string): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  let handle: import('node:fs/promises').FileHandle | undefined;
  try {
    handle = await fs.open(p, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const st = await handle.stat();
    if (!st.isFile()) return { ok: false, reason: 'not a regular file' };
    if (st.size > MAX_STORE_BYTES) return { ok: false, reason: `larger than ${MAX_STORE_BYTES} bytes` };
    const buf = await handle.readFile();
    const text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch (e: unknown) {
    const code = errorCode(e);
    if (code === 'EACCES' || code === 'EPERM') return { ok: false, reason: 'permission denied' };
    if (e instanceof TypeError) return { ok: false, reason: 'not valid UTF-8' };
    return { ok: false, reason: code };
  } finally {
    await handle?.close();
  }
}

/** Who besides the owner may write: 'group', 'others', 'group and others', or undefined. */
export function extraWriters(mode: number): string | undefined {
  const g = (mode & 0o020) !== 0;
  const o = (mode & 0o002) !== 0;
  if (g && o) return 'group and others';
  if (g) return 'group';
  if (o) return 'others';
  return undefined;
}

/** lstat of one directory on the way to a store: a symlink is reported as such, never followed. */
export type DirState =
  | { readonly path: string; readonly kind: 'directory'; readonly mode: number; readonly uid: number }
  | { readonly path: string; readonly kind: Exclude<FileKind, 'directory'> | 'missing' | 'error' };

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

async function dirState(dir: string): Promise<DirState> {
  try {
    const st = await fs.lstat(dir);
    const kind = kindOf(st);
    return kind === 'directory' ? { path: dir, kind, mode: st.mode & 0o7777, uid: st.uid } : { path: dir, kind };
  } catch (e: unknown) {
    const code = errorCode(e);
    return { path: dir, kind: code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'error' };
  }
}

/**
 * The home itself and every directory above it up to `/`: whoever may rename or write any of them
 * can swap the whole tree below (path_resolution(7) checks each component). POSIX only.
 */
export async function homeAncestors(home: string): Promise<DirState[]> {
  if (!path.posix.isAbsolute(home)) return [];
  const out: DirState[] = [];
  for (let dir = path.posix.normalize(home); ; dir = path.posix.dirname(dir)) {
    out.push(await dirState(dir));
    if (dir === '/') return out;
  }
}

/**
 * Every directory from the one holding `p` up to, not including, `home` (only the parent when
 * `p` is not under `home`): whoever can replace or write any of them can swap the store.
 */
export async function dirChain(p: string, home: string): Promise<DirState[]> {
  const out: DirState[] = [];
  let dir = path.dirname(p);
  for (;;) {
    try {
      const st = await fs.lstat(dir);
      const kind = kindOf(st);
      out.push(kind === 'directory' ? { path: dir, kind, mode: st.mode & 0o7777, uid: st.uid } : { path: dir, kind });
    } catch (e: unknown) {
      const code = errorCode(e);
      out.push({ path: dir, kind: code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'error' });
    }
    const up = path.dirname(dir);
    if (!inside(up, home) || up === dir) break;
    dir = up;
  }
  return out;
}
