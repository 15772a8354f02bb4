/**
 * The files `fix`, `wrap` and `unwrap` make beside a config while writing it: their names, their
 * removal on every exit path (signals included), and the removal of ones a killed run left.
 *
 * Every such file is named `.NAME.mcp-audit-PID-START-HEX.KIND` (START: process-mark.ts), so a
 * later run can tell it made it and whether its writer still runs. A stale one is removed only
 * when all of these hold: the name is of that form (or the form of earlier releases,
 * `.NAME.mcp-audit-PID-HEX.tmp[.bak]`), it is a regular file owned by the current user, and its
 * writer is known to be dead. A `held.tmp` name is never removed: it is the config itself, set
 * aside by a writer that died while replacing it (write.ts `recoverHeld` puts it back).
 */
import { randomBytes } from 'node:crypto';
import { linkSync, promises as fs, unlinkSync } from 'node:fs';
import path from 'node:path';
import { markState, selfMark } from './process-mark.js';

export type TempKind = 'tmp' | 'bak.tmp' | 'lock.tmp' | 'stale.tmp' | 'restore.tmp' | 'held.tmp';

const CURRENT = /^\.(.+)\.mcp-audit-(\d{1,10})-(\d{1,20})-[0-9a-f]{12}\.(tmp|bak\.tmp|lock\.tmp|stale\.tmp|restore\.tmp|held\.tmp)$/;
/** `.NAME.mcp-audit-…held.tmp`: the config itself, set aside while it is replaced (write.ts): never removed as a temp file. */
const HELD = /\.held\.tmp$/;
const LEGACY = /^\.(.+)\.mcp-audit-(\d{1,10})-[0-9a-f]{12}\.tmp(\.bak)?$/;

/** A new temporary name beside `file`, unique to this process. */
export function tempName(file: string, kind: TempKind): string {
  const me = selfMark();
  return path.join(path.dirname(file), `.${path.basename(file)}.mcp-audit-${me.pid}-${me.start}-${randomBytes(6).toString('hex')}.${kind}`);
}

/** The writer of a temporary name this code makes (or made in earlier releases), else undefined. */
export function tempOwner(name: string): { pid: number; start: string } | undefined {
  const m = CURRENT.exec(name);
  if (m !== null) return { pid: Number(m[2]), start: m[3] ?? '0' };
  const old = LEGACY.exec(name);
  return old === null ? undefined : { pid: Number(old[2]), start: '0' };
}

/** The config file a held name (`.NAME.mcp-audit-….held.tmp`) was set aside from, or undefined. */
export function heldTarget(dir: string, name: string): string | undefined {
  const m = CURRENT.exec(name);
  return m?.[1] === undefined || !HELD.test(name) ? undefined : path.join(dir, m[1]);
}

// ---- removal on every exit path ----------------------------------------------------------------

const live = new Set<string>();
/** Configs set aside under a held name (held → the config's path): put back, never removed, on the way out. */
const held = new Map<string, string>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Links a config still set aside back to its path (link(2) never replaces) and drops its held name. */
function linkBack(aside: string, file: string): void {
  try {
    linkSync(aside, file);
    unlinkSync(aside);
  } catch {
    // A file is at the path (a save, or the new text): the held one is left for the next run,
    // which keeps it as a numbered backup (write.ts recoverHeld).
  }
}

function removeAllNow(): void {
  for (const [aside, file] of held) linkBack(aside, file);
  held.clear();
  for (const p of live) {
    try {
      unlinkSync(p);
    } catch {
      // already gone
    }
  }
  live.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  removeAllNow();
  uninstall();
  // Dies of the same signal (exit status 128 + n), as it would have without this handler.
  process.kill(process.pid, signal);
}

let installed = false;
function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', removeAllNow);
  for (const s of SIGNALS) process.on(s, onSignal);
}
function uninstall(): void {
  if (!installed) return;
  installed = false;
  process.off('exit', removeAllNow);
  for (const s of SIGNALS) process.off(s, onSignal);
}

/** Marks a path this run created: removed if the process exits or is interrupted before {@link release}. */
export function track(p: string): void {
  live.add(p);
  install();
}

/** The path is gone or has become the config (renamed): no longer removed on exit. */
export function release(p: string): void {
  live.delete(p);
  held.delete(p);
  if (live.size === 0 && held.size === 0) uninstall();
}

/** If `aside` still holds a config (the write stopped between setting it aside and settling it), it goes back now. */
export function putBackHeld(aside: string): void {
  const file = held.get(aside);
  if (file === undefined) return;
  linkBack(aside, file);
  release(aside);
}

/** `aside` now holds the config `file` (renamed there): on exit or a signal it is linked back, never removed. */
export function hold(aside: string, file: string): void {
  held.set(aside, file);
  install();
}

/** Removes a tracked path now (any error but "not there" is reported). */
export async function discard(p: string): Promise<void> {
  try {
    await fs.rm(p, { force: true });
  } finally {
    release(p);
  }
}

/**
 * Removes temporary files earlier runs left in `dir` (killed, or the disk full): only those named
 * as this code names them, regular files owned by `uid`, whose writer is dead. Returns their names.
 */
export async function sweepStale(dir: string, uid: number | undefined): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const owner = tempOwner(name);
    if (owner === undefined || HELD.test(name) || markState(owner) !== 'dead') continue;
    const p = path.join(dir, name);
    try {
      const st = await fs.lstat(p);
      if (!st.isFile() || (uid !== undefined && st.uid !== uid)) continue;
      await fs.unlink(p);
      removed.push(name);
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
  return removed;
}
