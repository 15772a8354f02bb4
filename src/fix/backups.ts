/**
 * Backups of the configs `fix`, `wrap` and `unwrap` replace: `<file>.mcp-audit.bak`, then
 * `<file>.mcp-audit.2.bak` …, each made under a name nothing is at (an earlier backup, or a link
 * planted at the name, is never replaced or written through).
 */
import { constants, promises as fs } from 'node:fs';
import { codeOf, refuse } from './refusal.js';
import { discard, release, tempName, track } from './temp-files.js';

export const BACKUP_SUFFIX = '.mcp-audit.bak';
/** Backups after the first: `<file>.mcp-audit.N.bak`, N = 2, 3, … */
export const backupName = (file: string, n: number): string => (n <= 1 ? `${file}${BACKUP_SUFFIX}` : `${file}.mcp-audit.${n}.bak`);
const MAX_BACKUPS = 10_000;

export const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Gives the file at `from` a new backup name (never an existing one) by link(2), and returns that
 * name; `undefined` when this file system has no hard links.
 */
export async function linkToFreeBackup(from: string, file: string): Promise<string | undefined> {
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
export async function writeBackup(file: string, bytes: Uint8Array): Promise<{ name: string; linked: boolean }> {
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

/** Moves a file that is not to be at the path (a held save with another save at the path) to a numbered backup name. */
export async function keepAside(aside: string, file: string): Promise<string> {
  const name = await linkToFreeBackup(aside, file);
  if (name === undefined) return aside;
  await fs.unlink(aside);
  release(aside);
  return name;
}
