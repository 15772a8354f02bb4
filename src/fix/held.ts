/**
 * Steps 6 and 7 of a write (write.ts): the config is taken off its path by rename(2) to a held
 * name of this run's own, checked to be the very file the plan was made on, and the new text is
 * linked to the path with link(2), which never replaces anything. And the recovery of a config a
 * writer that died there left under its held name.
 */
import { promises as fs, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { keepAside } from './backups.js';
import { markState } from './process-mark.js';
import { changed, codeOf, refuse, sameBytes } from './refusal.js';
import type { Seam } from './seam.js';
import { heldTarget, hold, release, tempOwner } from './temp-files.js';

/** A config a writer that died left set aside (write.ts step 6), and what became of it. */
export interface Recovered {
  /** The held name it was found under. */
  readonly name: string;
  /** The name it has now: the config's own (put back), or a numbered backup (a file was at the path). */
  readonly as: string;
  readonly putBack: boolean;
}

/** The same file, unchanged: device, inode, size, mtime (not ctime: a rename sets it). */
function sameFile(a: BigIntStats, b: BigIntStats): string | undefined {
  if (a.dev !== b.dev || a.ino !== b.ino) return 'it was replaced by another file (inode)';
  if (a.size !== b.size) return 'its size changed';
  if (a.mtimeNs !== b.mtimeNs) return 'it was written (mtime)';
  return undefined;
}

/** Why the write stopped after the file was taken off its path (steps 6-8), the file handled. */
export type Placed = { readonly placed: true } | { readonly placed: false; readonly reason: string; readonly keepBackup: boolean };

/**
 * Steps 6 and 7: takes the file off its path to `held` and links the new text (`tmp`) there,
 * never over anything; a file that is not the one the plan was made on is put back.
 */
export async function placeByLink(file: string, tmp: string, held: string, st: BigIntStats, original: Uint8Array, seam: Seam | undefined): Promise<Placed> {
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
      // original, whose bytes are the backup; were it written meanwhile too, it is kept beside.
      if (sameBytes(await fs.readFile(held), original)) {
        await fs.unlink(held);
        release(held);
        return { placed: false, reason: 'a save wrote the file while mcp-audit was replacing it: that save is kept and this edit was not made', keepBackup: true };
      }
      const kept = await keepAside(held, file);
      return { placed: false, reason: `two saves reached the file while mcp-audit was replacing it: the one at the path is kept, the other as ${kept}; this edit was not made (check them and run again)`, keepBackup: true };
    }
    // Not expected after the backup was linked: the original goes back to its path.
    await fs.link(held, file).then(() => fs.unlink(held), () => fs.rename(held, file));
    release(held);
    return refuse(`could not write: ${code}`);
  }
  return { placed: true };
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
