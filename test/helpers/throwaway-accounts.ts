import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Real accounts for the --all-users tests: created with useradd, removed with userdel -r. Root only. */
export const IS_ROOT = process.getuid?.() === 0;
export const ROOT_ONLY = { skip: !IS_ROOT && 'creates throwaway accounts with useradd: needs root' };

/** The first folder above the checkout that other accounts cannot enter (no search bit for others), if any. */
function closedAncestor(): string | undefined {
  for (let d = process.cwd(); ; d = path.dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return d;
    if (d === path.dirname(d)) return undefined;
  }
}

/** Tests that run the CLI or a server as another account: root, and a checkout that account can reach. */
export function asAnotherAccount(why: string): { skip: string | false } {
  if (!IS_ROOT) return { skip: `${why}: needs root` };
  const closed = closedAncestor();
  return { skip: closed !== undefined && `${why}: the checkout lies below ${closed}, which other accounts cannot enter (mode ${(statSync(closed).mode & 0o777).toString(8)})` };
}

export interface Throwaway {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
  readonly home: string;
}

/** A unique name per run (useradd limits names to 32 characters; these are 13). */
export function uniqueName(tag: string): string {
  return `mcpa${randomBytes(3).toString('hex')}${tag}`;
}

const idOf = (flag: '-u' | '-g', name: string): number => Number(execFileSync('/usr/bin/id', [flag, name], { encoding: 'utf8' }).trim());

/** useradd -m (or with an explicit home not created, `-M -d`). */
export function addAccount(name: string, options: { readonly home?: string } = {}): Throwaway {
  const args = options.home !== undefined ? ['-M', '-d', options.home, '-s', '/bin/sh', name] : ['-m', '-s', '/bin/sh', name];
  execFileSync('/usr/sbin/useradd', args, { stdio: 'pipe' });
  return { name, uid: idOf('-u', name), gid: idOf('-g', name), home: options.home ?? path.join('/home', name) };
}

export function removeAccount(name: string): void {
  try {
    execFileSync('/usr/sbin/userdel', ['-r', name], { stdio: 'pipe' });
  } catch {
    // -r fails when the home is not the account's (the file-home case): remove the account alone.
    try {
      execFileSync('/usr/sbin/userdel', [name], { stdio: 'pipe' });
    } catch {
      // already gone
    }
  }
}

/** Writes `rel` under the account's home with `text`, every created directory and the file owned by the account. */
export function writeOwned(account: Throwaway, rel: string, text: string): string {
  const file = path.join(account.home, rel);
  let dir = account.home;
  for (const part of path.dirname(rel).split('/').filter((p) => p !== '.' && p !== '')) {
    dir = path.join(dir, part);
    mkdirSync(dir, { recursive: true });
    chownSync(dir, account.uid, account.gid);
  }
  writeFileSync(file, text);
  chownSync(file, account.uid, account.gid);
  return file;
}

/** A Cursor config naming one stdio server (no proxy: graded unprotected). */
export function cursorConfig(server: string): string {
  return `${JSON.stringify({ mcpServers: { [server]: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] } } }, null, 2)}\n`;
}
