import { promises as fs } from 'node:fs';
import path from 'node:path';
import { errnoText, IoError } from './errors.js';
import { writeAhead } from './write-ahead.js';

/**
 * `--output FILE`, for every command that writes a report or a listing to a file the operator named.
 *
 * Where `-o FILE` writes, decided before anything is opened (lstat): `new` when nothing is
 * there, else `existing` (a file, a link, a device such as /dev/stdout or /dev/full, a FIFO).
 * An existing target is opened and written in place, as the shell's `>` does (its permissions,
 * owner, links and folder rules apply; a write-beside-and-rename breaks long
 * names, sticky folders, 0444 files and hard links). Nothing this run did not create is ever
 * removed: before, a failed write removed whatever FILE named, so `-o /dev/full` as root deleted
 * the device node.
 */
interface OutputTarget {
  readonly kind: 'new' | 'existing';
  readonly path: string;
  /** For a link that names nothing yet: the file the open will create at the end of its chain. */
  readonly creates?: string;
}

const isMissing = (e: unknown): boolean => typeof e === 'object' && e !== null && Reflect.get(e, 'code') === 'ENOENT';

async function outputTarget(file: string): Promise<OutputTarget> {
  const st = await fs.lstat(file).catch((e: unknown) => {
    if (isMissing(e)) return undefined;
    throw e;
  });
  if (st === undefined) return { kind: 'new', path: file };
  const creates = st.isSymbolicLink() ? await createdThrough(file) : undefined;
  return creates !== undefined ? { kind: 'existing', path: file, creates } : { kind: 'existing', path: file };
}

/** The missing path a chain of links ends at (what opening the link for writing creates), if any. */
async function createdThrough(link: string): Promise<string | undefined> {
  let at = link;
  for (let hop = 0; hop < 40; hop++) {
    const st = await fs.lstat(at).catch(() => undefined);
    if (st === undefined) return at;
    if (!st.isSymbolicLink()) return undefined;
    at = path.resolve(path.dirname(at), await fs.readlink(at));
  }
  return undefined;
}

/**
 * Writes a report to FILE piece by piece (one write in flight while the next piece is made). The
 * first piece is made before the file is opened, so a reporter that fails at once touches nothing.
 * A later failure removes the file if this run created it; a regular file that was there is left
 * empty rather than holding part of a report (a device or FIFO is left as it is). Either way the
 * reporter's own error is thrown; only the file's errors become "cannot write it".
 */
export async function writePieces(file: string, named: string, pieces: Iterable<string | Uint8Array>): Promise<void> {
  const it = pieces[Symbol.iterator]();
  const first = it.next();
  const cannot = (e: unknown): IoError => new IoError(`--output ${named}: cannot write it: ${errnoText(e)}`, { cause: e });
  const target = await outputTarget(file).catch((e: unknown) => { throw cannot(e); });
  // 'wx' for a new file: if one appears between the lstat and the open, it is not ours to write.
  const handle = await fs.open(target.path, target.kind === 'new' ? 'wx' : 'w').catch((e: unknown) => { throw cannot(e); });
  function* all(): Generator<string | Uint8Array> {
    if (first.done !== true) yield first.value;
    for (let step = it.next(); step.done !== true; step = it.next()) yield step.value;
  }
  let complete = false;
  try {
    await writeAhead(all(), async (bytes) => {
      try {
        return (await handle.write(bytes)).bytesWritten;
      } catch (e: unknown) {
        throw cannot(e);
      }
    });
    complete = true;
  } finally {
    if (!complete && target.kind === 'existing' && target.creates === undefined) {
      // Part of a report is not left where a report was: emptied, when it is a regular file.
      const st = await handle.stat().catch(() => undefined);
      if (st?.isFile() === true) await handle.truncate(0).catch(() => undefined);
    }
    await handle.close().catch((e: unknown) => { if (complete) throw cannot(e); });
    // Only what this run created is removed: the new file, or the one a dangling link led it to make.
    if (!complete && target.kind === 'new') await fs.rm(target.path, { force: true });
    if (!complete && target.creates !== undefined) await fs.rm(target.creates, { force: true });
  }
}

