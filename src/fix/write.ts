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
import { toError } from '../shared/errors.js';
import { acquireLock, releaseLock } from './lock.js';
import type { Seam } from './seam.js';
import { discard, heldTarget, hold, putBackHeld, release, sweepStale, tempName, tempOwner, track } from './temp-files.js';
import { markState } from './process-mark.js';

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

/** A config a writer that died left set aside (write.ts step 6), and what became of it. */
export interface Recovered {
  /** The held name it was found under. */
  readonly name: string;
  /** The name it has now: the config's own (put back), or a numbered backup (a file was at the path). */
  readonly as: string;
  readonly putBack: boolean;
}

export type WriteOutcome =
  | { readonly ok: true; readonly backup: string; readonly swept: readonly string[]; readonly recovered?: readonly Recovered[] }
  | { readonly ok: false; readonly reason: string; readonly swept?: readonly string[]; readonly recovered?: readonly Recovered[] };

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

const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Gives the file at `from` a new backup name (never an existing one) by link(2), and returns that
 * name; `undefined` when this file system has no hard links.
 */
async function linkToFreeBackup(from: string, file: string): Promise<string | undefined> {
  for (let n = 1; n <= MAX_BACKUPS; n++) {
    const name = backupName(file, n);
    try {
      // link(2) never replaces what is at the name (a backup, or a link planted there).
      await fs.link(from, name);
      return name;
    } catch (e: unknown) {
      const code = codeOf(e);
      if (code === 'EEXIST') continue;
      if (NO_LINKS.has(code)) return undefined;
      throw e;
    }
  }
  return refuse(`no free backup name (${MAX_BACKUPS} backups exist)`);
}

/** Writes `bytes` to a new backup name (never an existing one); `linked`: this file system has hard links. */
async function writeBackup(file: string, bytes: Uint8Array): Promise<{ name: string; linked: boolean }> {
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
    const name = await linkToFreeBackup(staging, file);
    if (name !== undefined) return { name, linked: true };
    // No hard links on this file system: an exclusive create of each name in turn.
    for (let n = 1; n <= MAX_BACKUPS; n++) {
      const next = backupName(file, n);
      try {
        await fs.writeFile(next, bytes, { flag: 'wx', mode: 0o600 });
        return { name: next, linked: false };
      } catch (e: unknown) {
        if (codeOf(e) === 'EEXIST') continue;
        throw e;
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

/** The same file, unchanged: device, inode, size, mtime (not ctime: a rename sets it). */
function sameFile(a: BigIntStats, b: BigIntStats): string | undefined {
  if (a.dev !== b.dev || a.ino !== b.ino) return 'it was replaced by another file (inode)';
  if (a.size !== b.size) return 'its size changed';
  if (a.mtimeNs !== b.mtimeNs) return 'it was written (mtime)';
  return undefined;
}

/** Moves a file that is not to be at the path (a held save with another save at the path) to a numbered backup name. */
async function keepAside(aside: string, file: string): Promise<string> {
  const name = await linkToFreeBackup(aside, file);
  if (name === undefined) return aside;
  await fs.unlink(aside);
  release(aside);
  return name;
}

/** Why the write stopped after the file was taken off its path (steps 6-8), the file handled. */
type Placed = { readonly placed: true } | { readonly placed: false; readonly reason: string; readonly keepBackup: boolean };

/**
 * Steps 6 and 7: takes the file off its path to `held` and links the new text (`tmp`) there,
 * never over anything; a file that is not the one the plan was made on is put back.
 */
async function placeByLink(file: string, tmp: string, held: string, st: BigIntStats, seam: Seam | undefined): Promise<Placed> {
  hold(held, file);
  try {
    await fs.rename(file, held);
  } catch (e: unknown) {
    release(held);
    const code = codeOf(e);
    return refuse(code === 'ENOENT' ? changed('it is gone') : `could not write: ${code}`);
  }
  await seam?.('held', file);
  const got = await fs.lstat(held, { bigint: true });
  const why = got.isFile() ? sameFile(st, got) : 'it was replaced by something that is not a regular file';
  if (why !== undefined) {
    // An editor's save replaced the file after the last comparison: it goes back to its path.
    try {
      await fs.link(held, file);
      await fs.unlink(held);
      release(held);
      const reason = got.ino === st.ino && got.dev === st.dev
        ? 'a save reached the file while mcp-audit replaced it: that save was put back and this edit was not made (run again)'
        : `a save replaced the file while mcp-audit was writing it (${why}): that save is kept and this edit was not made (run again)`;
      return { placed: false, reason, keepBackup: false };
    } catch (e: unknown) {
      if (codeOf(e) !== 'EEXIST') throw e;
      const kept = await keepAside(held, file);
      return { placed: false, reason: `two saves replaced the file while mcp-audit was writing it: the later one is at the path, the earlier one was kept as ${kept}; this edit was not made (check them and run again)`, keepBackup: false };
    }
  }
  try {
    await fs.link(tmp, file);
  } catch (e: unknown) {
    const code = codeOf(e);
    if (code === 'EEXIST') {
      // A save made the path anew while it was empty: theirs stays. The file set aside is the
      // original unchanged (just compared), whose bytes are the backup.
      await fs.unlink(held);
      release(held);
      return { placed: false, reason: 'a save wrote the file while mcp-audit was replacing it: that save is kept and this edit was not made', keepBackup: true };
    }
    // Not expected after the backup was linked: the original goes back to its path.
    await fs.link(held, file).then(() => fs.unlink(held), () => fs.rename(held, file));
    release(held);
    return refuse(`could not write: ${code}`);
  }
  return { placed: true };
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
      const placed = await placeByLink(file, tmp, held, st, req.seam);
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

/**
 * Configs that a writer which died while replacing them (between steps 6 and 8) left under a
 * held name in `dir`: each goes back to its path (link(2), never over anything); when the path
 * holds a file again (the new text, or a save), the held one is kept as a numbered backup.
 * Only held names of writers known to be dead, regular files owned by this user. Returns what it did.
 */
export async function recoverHeld(dir: string): Promise<Recovered[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const done: Recovered[] = [];
  for (const name of names) {
    const target = heldTarget(dir, name);
    const owner = tempOwner(name);
    if (target === undefined || owner === undefined || markState(owner) !== 'dead') continue;
    const aside = path.join(dir, name);
    try {
      const st = await fs.lstat(aside);
      if (!st.isFile() || (uid !== undefined && st.uid !== uid)) continue;
      try {
        await fs.link(aside, target);
        await fs.unlink(aside);
        done.push({ name, as: path.basename(target), putBack: true });
      } catch (e: unknown) {
        if (codeOf(e) !== 'EEXIST') continue;
        const kept = await keepAside(aside, target);
        done.push({ name, as: path.basename(kept), putBack: false });
      }
    } catch {
      // gone meanwhile, or not ours to move
    }
  }
  return done;
}
