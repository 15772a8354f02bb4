/**
 * The lock concurrent mcp-audit writers of one config take: `.NAME.mcp-audit.lock` beside it,
 * made atomically (its content is written to a temporary file first and hard-linked to the lock
 * name, which fails when the name exists: the lock is never seen empty; where the file system has
 * no hard links it is created with O_EXCL and written). It records the writer's pid, start mark
 * (process-mark.ts), host and a nonce.
 *
 * A lock whose writer is known to be dead (same host; no such pid, or the pid now started at
 * another time) is stale: it is moved aside under a name of this run's own, checked to be the
 * very lock judged stale (the nonce), and removed. Any other lock (a live writer, another host,
 * content that does not read as a lock) refuses the write with a reason naming the lock file.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { toError } from '../shared/errors.js';
import { markState, selfMark, thisHost } from './process-mark.js';
import { discard, release, tempName, track } from './temp-files.js';

export interface Lock {
  readonly path: string;
  readonly content: string;
}

export const lockPath = (file: string): string => path.join(path.dirname(file), `.${path.basename(file)}.mcp-audit.lock`);

const codeOf = (e: unknown): string => {
  const err = toError(e);
  return 'code' in err && typeof err.code === 'string' ? err.code : err.message;
};

interface LockRecord { pid: number; start: string; host: string; nonce: string }

function parseLock(text: string): LockRecord | undefined {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null) return undefined;
    const pid: unknown = Reflect.get(v, 'pid');
    const start: unknown = Reflect.get(v, 'start');
    const host: unknown = Reflect.get(v, 'host');
    const nonce: unknown = Reflect.get(v, 'nonce');
    if (typeof pid !== 'number' || typeof start !== 'string' || typeof host !== 'string' || typeof nonce !== 'string') return undefined;
    return { pid, start, host, nonce };
  } catch {
    return undefined;
  }
}

/** Why the existing lock is not stale, or undefined when its writer is known to be dead. */
function heldBecause(text: string, at: string): string | undefined {
  const rec = parseLock(text);
  if (rec === undefined) return `${at} exists but does not read as an mcp-audit lock; remove it if no mcp-audit is writing this file`;
  if (rec.host !== thisHost()) return `${at} is held by pid ${rec.pid} on host ${rec.host}; remove it if no mcp-audit runs there`;
  if (markState(rec) === 'alive') return `another mcp-audit (pid ${rec.pid}) is writing this file (lock ${at}); run again when it is done`;
  return undefined;
}

/** Creates the lock file holding `content`; false when the name is taken. */
async function create(at: string, content: string): Promise<boolean> {
  const staging = tempName(at, 'lock.tmp');
  track(staging);
  try {
    await fs.writeFile(staging, content, { flag: 'wx', mode: 0o600 });
    try {
      await fs.link(staging, at);
      track(at);
      return true;
    } catch (e: unknown) {
      const code = codeOf(e);
      if (code === 'EEXIST') return false;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    }
    // No hard links here (FAT, some network file systems): an exclusive create, then the content.
    try {
      await fs.writeFile(at, content, { flag: 'wx', mode: 0o600 });
      track(at);
      return true;
    } catch (e: unknown) {
      if (codeOf(e) === 'EEXIST') return false;
      throw e;
    }
  } finally {
    await discard(staging);
  }
}

/** Takes the lock for `file` (a real path), or says why not. */
export async function acquireLock(file: string): Promise<Lock | string> {
  const at = lockPath(file);
  const me = selfMark();
  const content = `${JSON.stringify({ pid: me.pid, start: me.start, host: thisHost(), nonce: randomBytes(8).toString('hex') })}\n`;
  try {
    // Two rounds: a stale lock is cleared once; a second stale lock in a row is left for the next run.
    for (let round = 0; round < 2; round++) {
      if (await create(at, content)) return { path: at, content };
      let seen: string;
      try {
        seen = await fs.readFile(at, 'utf8');
      } catch (e: unknown) {
        if (codeOf(e) === 'ENOENT') continue;
        throw e;
      }
      const held = heldBecause(seen, at);
      if (held !== undefined) return held;
      // Stale: moved aside under a name of ours, so no other run's fresh lock is ever removed.
      const aside = tempName(at, 'stale.tmp');
      track(aside);
      try {
        await fs.rename(at, aside);
        const moved = await fs.readFile(aside, 'utf8');
        if (moved !== seen) {
          // A new lock was made between the read and the move: put it back and step aside.
          await fs.link(aside, at).catch(() => undefined);
          return `another mcp-audit took the lock ${at} meanwhile; run again when it is done`;
        }
      } catch (e: unknown) {
        if (codeOf(e) !== 'ENOENT') throw e;
      } finally {
        await discard(aside);
      }
    }
    return `the lock ${at} keeps being left by writers that died; remove it and run again`;
  } catch (e: unknown) {
    return `cannot take the lock ${at}: ${codeOf(e)}`;
  }
}

/** Releases the lock if it is still ours. */
export async function releaseLock(lock: Lock): Promise<void> {
  try {
    if ((await fs.readFile(lock.path, 'utf8')) === lock.content) await fs.unlink(lock.path);
  } catch {
    // gone already
  } finally {
    release(lock.path);
  }
}
