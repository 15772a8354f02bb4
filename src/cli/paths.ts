import { accessSync, constants, lstatSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../shared/errors.js';

/**
 * Paths named on the command line are checked before any work: a `--root` that does not exist
 * must not audit an empty home and report "No MCP server entries found" with exit 0. The calls
 * are synchronous, as the config reader's are (src/discover/read-file.ts): a few stats, each an
 * await and a thread-pool trip otherwise.
 */

function reason(e: unknown): string {
  const code: unknown = typeof e === 'object' && e !== null ? Reflect.get(e, 'code') : undefined;
  if (code === 'ENOENT') return 'does not exist: no such file or directory (ENOENT)';
  if (code === 'EACCES' || code === 'EPERM') return `cannot be read: permission denied (${code})`;
  if (code === 'ENOTDIR') return 'does not exist: a parent is not a directory (ENOTDIR)';
  if (code === 'ELOOP') return 'is a symlink loop (ELOOP)';
  return `cannot be read (${typeof code === 'string' ? code : 'unknown error'})`;
}

/** stat(2) of `abs`, or a UsageError naming `p` and the cause. */
async function statOrUsage(abs: string, p: string, label: string): Promise<Stats> {
  try {
    return statSync(abs);
  } catch (e: unknown) {
    throw new UsageError(`${label} ${p} ${reason(e)}`, { cause: e });
  }
}

/** `p` resolved against `cwd`; a UsageError unless it is a directory this process can list. */
export async function requireDirectory(p: string, label: string, cwd: string): Promise<string> {
  const abs = path.resolve(cwd, p);
  const stat = await statOrUsage(abs, p, label);
  if (!stat.isDirectory()) throw new UsageError(`${label} ${p} is not a directory`);
  try {
    accessSync(abs, constants.R_OK | constants.X_OK);
  } catch (e: unknown) {
    throw new UsageError(`${label} ${p} ${reason(e)}`, { cause: e });
  }
  return abs;
}

/** `p` resolved against `cwd`; a UsageError unless it is a regular file (or a symlink to one) this process can read. */
export async function requireFile(p: string, label: string, cwd: string): Promise<string> {
  const abs = path.resolve(cwd, p);
  const stat = await statOrUsage(abs, p, label);
  if (stat.isDirectory()) throw new UsageError(`${label} ${p} is a directory, not a file`);
  if (!stat.isFile()) throw new UsageError(`${label} ${p} is not a regular file`);
  try {
    accessSync(abs, constants.R_OK);
  } catch (e: unknown) {
    throw new UsageError(`${label} ${p} ${reason(e)}`, { cause: e });
  }
  return abs;
}

/** The nearest ancestor of `dir` holding `.git` (a dotfiles repository's root), if any. */
export async function repoRoot(dir: string): Promise<string | undefined> {
  let cur = path.resolve(dir);
  for (;;) {
    let found: boolean;
    try {
      // No entry is the common case: undefined, without an Error built for it.
      found = lstatSync(path.join(cur, '.git'), { throwIfNoEntry: false }) !== undefined;
    } catch {
      found = false;
    }
    if (found) return cur;
    const up = path.dirname(cur);
    if (up === cur) return undefined;
    cur = up;
  }
}

