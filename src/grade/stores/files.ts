/**
 * The file toolkit store inspectors get (proxies/store-types.ts `StoreFiles`): the shared checks of
 * check-file.ts and file-state.ts, plus lstat and readdir, so proxy modules never import node:fs.
 */
import { promises as fs } from 'node:fs';
import type { PathState, StoreFiles } from '../../proxies/store-types.js';
import { aclFindings, checkStoreFile, dirFindings } from './check-file.js';
import { readSmallFile } from './file-state.js';

function errorCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : 'EUNKNOWN';
}

async function lstat(p: string): Promise<PathState> {
  try {
    const st = await fs.lstat(p);
    const kind = st.isFile() ? 'file' : st.isDirectory() ? 'directory' : st.isSymbolicLink() ? 'symlink' : st.isFIFO() ? 'fifo'
      : st.isSocket() ? 'socket' : st.isBlockDevice() || st.isCharacterDevice() ? 'device' : 'other';
    return { kind, mode: st.mode & 0o7777, uid: st.uid };
  } catch (e: unknown) {
    const code = errorCode(e);
    return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : { kind: 'error', reason: code };
  }
}

async function readDir(p: string): Promise<{ ok: true; names: readonly string[] } | { ok: false; reason: string }> {
  try {
    return { ok: true, names: await fs.readdir(p) };
  } catch (e: unknown) {
    return { ok: false, reason: errorCode(e) };
  }
}

export const STORE_FILES: StoreFiles = { checkStoreFile, dirFindings, aclFindings, readSmallFile, lstat, readDir };
