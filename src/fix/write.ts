/**
 * The one place `fix`, `wrap` and `unwrap` write a config file. The edit was computed on the
 * exact bytes the audit read (`original`); the write goes through these steps, and any surprise
 * refuses it with the reason, leaving the file as it is:
 *
 * 1. The lock beside the file is taken (lock.ts): concurrent mcp-audit writers exclude each other.
 *    Temporary files earlier runs left there are removed (temp-files.ts).
 * 2. The file is opened (non-blocking, no link followed: it is the real path) and must be a
 *    regular file with one link that its owner may write; its bytes must be `original`.
 * 3. The new text goes to a temporary file beside it, created 0600 with O_EXCL, synced, then given
 *    the original's owner and mode.
 * 4. The file is read again and compared with the first read: bytes, size, mtime, ctime, inode.
 * 5. Only then is the backup written, under a name no earlier backup has (`<file>.mcp-audit.bak`,
 *    then `.mcp-audit.2.bak` …: an earlier backup is never replaced), and the path is compared
 *    once more (size, mtime, ctime, inode), right before the rename.
 * 6. After the rename the result is verified: the new file holds the new bytes, and the replaced
 *    file (still open) was not written in the meantime; an in-place save that landed between
 *    the last comparison and the rename is put back, and the write is reported refused.
 *
 * What remains: a save that *replaces* the file (write elsewhere, rename over it) in the
 * microseconds between the last comparison and the rename is lost, since Node offers no atomic
 * exchange (renameat2 RENAME_EXCHANGE); README.md says so.
 */
import { constants, promises as fs, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { toError } from '../shared/errors.js';
import { acquireLock, releaseLock } from './lock.js';
import type { Seam } from './seam.js';
import { discard, release, sweepStale, tempName, track } from './temp-files.js';

export const BACKUP_SUFFIX = '.mcp-audit.bak';
/** Backups after the first: `<file>.mcp-audit.N.bak`, N = 2, 3, … */
export const backupName = (file: string, n: number): string => (n <= 1 ? `${file}${BACKUP_SUFFIX}` : `${file}.mcp-audit.${n}.bak`);
const MAX_BACKUPS = 10_000;

export interface WriteRequest {
  /** The file to replace (the real path when the config path is a link). */
  readonly file: string;
  /** The bytes the edit was computed on (the audit's own read). */
  readonly original: Uint8Array;
  readonly text: string;
  /** Test seam (seam.ts). */
  readonly seam?: Seam;
}

export type WriteOutcome =
  | { readonly ok: true; readonly backup: string; readonly swept: readonly string[] }
  | { readonly ok: false; readonly reason: string; readonly swept?: readonly string[] };

const codeOf = (e: unknown): string => {
  const err = toError(e);
  return 'code' in err && typeof err.code === 'string' ? err.code : err.message;
};

class Refused extends Error {}
const refuse = (reason: string): never => {
  throw new Refused(reason);
};

/** What differs between two stats of what should be one unchanged file, or undefined. */
function difference(a: BigIntStats, b: BigIntStats): string | undefined {
  if (a.dev !== b.dev || a.ino !== b.ino) return 'it was replaced by another file (inode)';
  if (a.size !== b.size) return 'its size changed';
  if (a.mtimeNs !== b.mtimeNs) return 'it was written (mtime)';
  if (a.ctimeNs !== b.ctimeNs) return 'its metadata changed (ctime)';
  return undefined;
}

const changed = (what: string): string => `the file changed since mcp-audit read it (${what}); nothing was written (run again)`;

/** Past this a file being read is refused (a config that keeps growing while it is read). */
const MAX_READ_BYTES = 64 * 1024 * 1024;

/** Every byte of an open file, by positional reads from its start. */
async function readAll(fh: fs.FileHandle, sizeHint: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let pos = 0;
  for (;;) {
    const buf = Buffer.alloc(Math.max(sizeHint + 1, 64 * 1024));
    const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
    if (bytesRead === 0) return Buffer.concat(chunks);
    chunks.push(buf.subarray(0, bytesRead));
    pos += bytesRead;
    if (pos > MAX_READ_BYTES) return refuse('it keeps growing while it is read');
  }
}

/** Opens the real path without following a link or blocking on a FIFO, and checks it is a plain file. */
async function openRegular(file: string): Promise<{ fh: fs.FileHandle; st: BigIntStats; bytes: Buffer }> {
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (e: unknown) {
    const code = codeOf(e);
    return refuse(code === 'ENOENT' ? changed('it is gone') : code === 'ELOOP' ? changed('it became a symbolic link') : `cannot open it: ${code}`);
  }
  try {
    const st = await fh.stat({ bigint: true });
    if (!st.isFile()) refuse('it is not a regular file');
    return { fh, st, bytes: await readAll(fh, Number(st.size)) };
  } catch (e: unknown) {
    await fh.close();
    throw e;
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

/** Writes `bytes` to a new backup name (never an existing one) and returns it. */
async function writeBackup(file: string, bytes: Uint8Array): Promise<string> {
  const staging = tempName(file, 'bak.tmp');
  track(staging);
  try {
    const fh = await fs.open(staging, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    for (let n = 1; n <= MAX_BACKUPS; n++) {
      const name = backupName(file, n);
      try {
        // link(2) never replaces what is at the name (a backup, or a link planted there).
        await fs.link(staging, name);
        return name;
      } catch (e: unknown) {
        const code = codeOf(e);
        if (code === 'EEXIST') continue;
        if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
        // No hard links on this file system: an exclusive create of the name.
        try {
          await fs.writeFile(name, bytes, { flag: 'wx', mode: 0o600 });
          return name;
        } catch (e2: unknown) {
          if (codeOf(e2) === 'EEXIST') continue;
          throw e2;
        }
      }
    }
    return refuse(`no free backup name (${MAX_BACKUPS} backups exist)`);
  } finally {
    await discard(staging);
  }
}

async function syncDir(dir: string): Promise<void> {
  try {
    const d = await fs.open(dir, constants.O_RDONLY);
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  } catch {
    // not every platform or file system syncs a directory
  }
}

/** Puts back what an in-place save wrote to the replaced file, as a new file at its path. */
async function restore(file: string, bytes: Uint8Array, mode: number): Promise<void> {
  const tmp = tempName(file, 'restore.tmp');
  track(tmp);
  try {
    await fs.writeFile(tmp, bytes, { flag: 'wx', mode: 0o600 });
    await fs.chmod(tmp, mode);
    await fs.rename(tmp, file);
    release(tmp);
  } finally {
    await discard(tmp);
  }
}

export async function writeSafely(req: WriteRequest): Promise<WriteOutcome> {
  const { file } = req;
  const dir = path.dirname(file);
  const lock = await acquireLock(file);
  if (typeof lock === 'string') return { ok: false, reason: lock };
  let swept: string[] = [];
  let opened: { fh: fs.FileHandle; st: BigIntStats; bytes: Buffer } | undefined;
  const tmp = tempName(file, 'tmp');
  let backup: string | undefined;
  let renamed = false;
  try {
    swept = await sweepStale(dir, typeof process.getuid === 'function' ? process.getuid() : undefined);
    await req.seam?.('locked', file);
    opened = await openRegular(file);
    const { st } = opened;
    if (st.nlink > 1n) refuse(`it has ${st.nlink} hard links: replacing it would leave the other names with the old text; mcp-audit does not edit it`);
    if ((st.mode & 0o200n) === 0n) refuse('it is read-only (its owner has no write permission): mcp-audit leaves it as it is');
    if (!sameBytes(opened.bytes, req.original)) refuse(changed('its content'));
    const mode = Number(st.mode & 0o7777n);
    track(tmp);
    const out = await fs.open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      await out.writeFile(req.text, 'utf8');
      await out.sync();
      const mine = await out.stat();
      if (BigInt(mine.uid) !== st.uid || BigInt(mine.gid) !== st.gid) {
        try {
          await out.chown(Number(st.uid), Number(st.gid));
        } catch {
          refuse('cannot give the new file the owner of the original');
        }
      }
      await out.chmod(mode);
    } finally {
      await out.close();
    }
    await req.seam?.('staged', file);
    const again = await openRegular(file);
    try {
      const why = difference(st, again.st) ?? (sameBytes(again.bytes, req.original) ? undefined : 'its content');
      if (why !== undefined) refuse(changed(why));
    } finally {
      await again.fh.close();
    }
    backup = await writeBackup(file, req.original);
    const last = await fs.lstat(file, { bigint: true }).catch(() => undefined);
    const lastWhy = last === undefined ? 'it is gone' : difference(st, last);
    if (lastWhy !== undefined) refuse(changed(lastWhy));
    await req.seam?.('before-rename', file);
    await fs.rename(tmp, file);
    renamed = true;
    release(tmp);
    await syncDir(dir);
    await req.seam?.('renamed', file);
    // The replaced file is still open: a save written into it in place since the last check shows.
    const old = await opened.fh.stat({ bigint: true });
    if (old.size !== st.size || old.mtimeNs !== st.mtimeNs) {
      const theirs = await readAll(opened.fh, Number(old.size));
      if (!sameBytes(theirs, req.original)) {
        await restore(file, theirs, mode);
        await discard(backup);
        backup = undefined;
        return { ok: false, reason: 'a save reached the file while mcp-audit replaced it: that save was put back and this edit was not made (run again)', swept };
      }
    }
    const now = await openRegular(file).catch(() => undefined);
    if (now === undefined) return { ok: false, reason: 'the file was removed right after mcp-audit wrote it', swept };
    try {
      if (!sameBytes(now.bytes, Buffer.from(req.text, 'utf8'))) {
        return { ok: false, reason: `the file was replaced again right after mcp-audit wrote it (its previous content is in ${backup}): check it and run again`, swept };
      }
    } finally {
      await now.fh.close();
    }
    return { ok: true, backup, swept };
  } catch (e: unknown) {
    // A backup made for a write that did not happen is removed; earlier backups are never touched.
    if (!renamed && backup !== undefined) await discard(backup);
    if (e instanceof Refused) return { ok: false, reason: e.message, swept };
    return { ok: false, reason: `could not write: ${codeOf(e)}`, swept };
  } finally {
    await opened?.fh.close();
    if (!renamed) await discard(tmp);
    await releaseLock(lock);
  }
}
