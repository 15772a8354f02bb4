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
 *    once more (size, mtime, ctime, inode).
 * 6. The file is taken off its path: renamed to a name of this run's own beside it (`held`).
 *    rename(2) is atomic, so `held` is now whatever was at the path at that instant; it must be
 *    the very file the plan was made on (inode, size, mtime). If it is not, an editor replaced the
 *    config (wrote a new file and renamed it over) after the last comparison: it is put back with
 *    link(2) and the write refused.
 * 7. The new text is linked to the path. link(2) never replaces: if a save created the path while
 *    it was empty, that save is kept and the write refused (the original is in the backup).
 * 8. The file set aside is read again: a save written into it in place since the plan's read is
 *    put back at the path (rename), and the write reported refused. Else it is removed (its bytes
 *    are the backup), and the path is verified to hold the new bytes.
 *
 * Between 6 and 7 (a few system calls) the path is absent: a reader sees ENOENT. A run killed
 * there (kill -9) leaves the config under its held name; the next --apply puts it back
 * (`recoverHeld`). Where the file system has no hard links (link fails: FAT, some network
 * shares), steps 6-7 are one rename(2) of the new text over the path, as before; there a save that
 * replaces the file in the microseconds between the last comparison and that rename is lost,
 * since Node offers no atomic exchange (renameat2 RENAME_EXCHANGE). README.md says both.
 */
import { constants, promises as fs, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { acquireLock, releaseLock } from './lock.js';
import type { Seam } from './seam.js';
import { writeBackup } from './backups.js';
import { placeByLink, recoverHeld, type Recovered } from './held.js';
import { changed, codeOf, Refused, refuse, sameBytes } from './refusal.js';
import { discard, putBackHeld, release, sweepStale, tempName, track } from './temp-files.js';

export { BACKUP_SUFFIX, backupName } from './backups.js';
export { recoverHeld, type Recovered } from './held.js';

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
  | { readonly ok: true; readonly backup: string; readonly swept: readonly string[]; readonly recovered?: readonly Recovered[] }
  | { readonly ok: false; readonly reason: string; readonly swept?: readonly string[]; readonly recovered?: readonly Recovered[] };

/** What differs between two stats of what should be one unchanged file, or undefined. */
function difference(a: BigIntStats, b: BigIntStats): string | undefined {
  if (a.dev !== b.dev || a.ino !== b.ino) return 'it was replaced by another file (inode)';
  if (a.size !== b.size) return 'its size changed';
  if (a.mtimeNs !== b.mtimeNs) return 'it was written (mtime)';
  if (a.ctimeNs !== b.ctimeNs) return 'its metadata changed (ctime)';
  return undefined;
}

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
  let recovered: Recovered[] = [];
  let opened: { fh: fs.FileHandle; st: BigIntStats; bytes: Buffer } | undefined;
  const tmp = tempName(file, 'tmp');
  const held = tempName(file, 'held.tmp');
  let backup: string | undefined;
  let renamed = false;
  let placedAside = false;
  try {
    recovered = await recoverHeld(dir);
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
    const made = await writeBackup(file, req.original);
    backup = made.name;
    // Until the new text is at the path, the backup is of a write that has not happened: removed
    // on the way out (signals included), like the temporary files.
    track(backup);
    const last = await fs.lstat(file, { bigint: true }).catch(() => undefined);
    const lastWhy = last === undefined ? 'it is gone' : difference(st, last);
    if (lastWhy !== undefined) refuse(changed(lastWhy));
    await req.seam?.('before-rename', file);
    if (made.linked) {
      const placed = await placeByLink(file, tmp, held, st, req.original, req.seam);
      if (!placed.placed) {
        if (placed.keepBackup) release(backup);
        else await discard(backup);
        const kept = placed.keepBackup ? ` (the previous content is in ${backup})` : '';
        backup = undefined;
        return { ok: false, reason: `${placed.reason}${kept}`, swept, recovered };
      }
      placedAside = true;
      release(backup);
      await discard(tmp);
    } else {
      // No hard links here: one rename of the new text over the path (the window README.md names).
      await fs.rename(tmp, file);
      release(backup);
      release(tmp);
    }
    renamed = true;
    await syncDir(dir);
    await req.seam?.('renamed', file);
    // The replaced file is still open (and, with hard links, still at `held`): a save written
    // into it in place since the plan's read shows in its bytes.
    const old = await opened.fh.stat({ bigint: true });
    const theirs = await readAll(opened.fh, Number(old.size));
    if (!sameBytes(theirs, req.original)) {
      if (placedAside) {
        // Their file itself goes back (an editor keeping it open goes on writing to the config).
        await fs.rename(held, file);
        release(held);
      } else {
        await restore(file, theirs, mode);
      }
      await discard(backup);
      backup = undefined;
      return { ok: false, reason: 'a save reached the file while mcp-audit replaced it: that save was put back and this edit was not made (run again)', swept, recovered };
    }
    if (placedAside) {
      await fs.unlink(held);
      release(held);
    }
    const now = await openRegular(file).catch(() => undefined);
    if (now === undefined) return { ok: false, reason: 'the file was removed right after mcp-audit wrote it', swept, recovered };
    try {
      if (!sameBytes(now.bytes, Buffer.from(req.text, 'utf8'))) {
        return { ok: false, reason: `the file was replaced again right after mcp-audit wrote it (its previous content is in ${backup}): check it and run again`, swept, recovered };
      }
    } finally {
      await now.fh.close();
    }
    return { ok: true, backup, swept, recovered };
  } catch (e: unknown) {
    // A backup made for a write that did not happen is removed; earlier backups are never touched.
    if (!renamed && backup !== undefined) await discard(backup);
    if (e instanceof Refused) return { ok: false, reason: e.message, swept, recovered };
    return { ok: false, reason: `could not write: ${codeOf(e)}`, swept, recovered };
  } finally {
    // Whatever stopped the write, a config still set aside goes back to its path.
    putBackHeld(held);
    await opened?.fh.close();
    if (!renamed) await discard(tmp);
    await releaseLock(lock);
  }
}

