/**
 * What the program and version claims read about the files a launch runs: never followed past what
 * is asked, never executed, size-capped. lstat for a path's own state, stat for what the kernel
 * opens (execve follows symlinks), realpath for where an install really lies, and sha256 of a
 * launcher's bytes.
 */
import { createHash } from 'node:crypto';
import { constants, lstatSync, promises as fs, readdirSync } from 'node:fs';
import type { PathState } from '../../proxies/store-types.js';
import { readSmallFile } from './file-state.js';

/** A file larger than this (a launcher, or a recorded file of an installed package) is not hashed. */
const MAX_HASHED_BYTES = 256 * 1024 * 1024;

export interface ArtifactFiles {
  lstat(p: string): Promise<PathState>;
  /** The state of what `p` resolves to (symlinks followed), as execve opens it. */
  stat(p: string): Promise<PathState>;
  realpath(p: string): Promise<string | undefined>;
  /** A symlink's own target, as written (readlink(2)); undefined for anything else. */
  readlink(p: string): Promise<string | undefined>;
  /** The first `bytes` bytes of a plain file (no symlink followed), e.g. to tell a `#!` script from a binary. */
  head(p: string, bytes: number): Promise<Buffer | undefined>;
  readDir(p: string): Promise<readonly string[] | undefined>;
  /**
   * lstat and readdir without a trip through the thread pool, for walks of whole trees (a runner's
   * cache holds 10^5 entries; one promise per entry costs ten times the system calls themselves).
   */
  lstatSync(p: string): PathState;
  readDirSync(p: string): readonly string[] | undefined;
  readText(p: string): Promise<string | undefined>;
  sha256(p: string): Promise<string | undefined>;
}

function errorCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : 'EUNKNOWN';
}

function stateOf(st: import('node:fs').Stats): PathState {
  const kind = st.isFile() ? 'file' : st.isDirectory() ? 'directory' : st.isSymbolicLink() ? 'symlink' : st.isFIFO() ? 'fifo'
    : st.isSocket() ? 'socket' : st.isBlockDevice() || st.isCharacterDevice() ? 'device' : 'other';
  return { kind, mode: st.mode & 0o7777, uid: st.uid };
}

function stateNow(p: string): PathState {
  try {
    return stateOf(lstatSync(p));
  } catch (e: unknown) {
    const code = errorCode(e);
    return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : { kind: 'error', reason: code };
  }
}

async function stateWith(how: (p: string) => Promise<import('node:fs').Stats>, p: string): Promise<PathState> {
  try {
    return stateOf(await how(p));
  } catch (e: unknown) {
    const code = errorCode(e);
    return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : { kind: 'error', reason: code };
  }
}

export const ARTIFACT_FILES: ArtifactFiles = {
  lstat: (p) => stateWith((x) => fs.lstat(x), p),
  stat: (p) => stateWith((x) => fs.stat(x), p),
  async realpath(p) {
    try {
      return await fs.realpath(p);
    } catch {
      return undefined;
    }
  },
  async readlink(p) {
    try {
      return await fs.readlink(p);
    } catch {
      return undefined;
    }
  },
  async head(p, bytes) {
    let handle: import('node:fs/promises').FileHandle | undefined;
    try {
      handle = await fs.open(p, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
      if (!(await handle.stat()).isFile()) return undefined;
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } catch {
      return undefined;
    } finally {
      await handle?.close();
    }
  },
  async readDir(p) {
    try {
      return await fs.readdir(p);
    } catch {
      return undefined;
    }
  },
  lstatSync: stateNow,
  readDirSync(p) {
    try {
      return readdirSync(p);
    } catch {
      return undefined;
    }
  },
  async readText(p) {
    const r = await readSmallFile(p);
    return r.ok ? r.text : undefined;
  },
  async sha256(p) {
    let handle: import('node:fs/promises').FileHandle | undefined;
    try {
      // O_NOFOLLOW is not asked: the kernel runs what the path resolves to, so that is what is hashed.
      handle = await fs.open(p, 'r');
      const st = await handle.stat();
      if (!st.isFile() || st.size > MAX_HASHED_BYTES) return undefined;
      const hash = createHash('sha256');
      const chunk = Buffer.alloc(1024 * 1024);
      for (let at = 0; ;) {
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, at);
        if (bytesRead === 0) break;
        hash.update(chunk.subarray(0, bytesRead));
        at += bytesRead;
      }
      return hash.digest('hex');
    } catch {
      return undefined;
    } finally {
      await handle?.close();
    }
  },
};
