/**
 * Whose identity a probe runs another account's servers under. A server configured in bob's home
 * is bob's code: run as root it could read every home and rewrite the audit's own evidence. So a
 * probe of another account's entries runs them AS that account or not at all:
 * - POSIX, running as root: spawn with the account's uid and primary gid (Node `spawn({ uid, gid })`;
 *   libuv src/unix/process.c `uv__process_child_init` calls setgroups(0, NULL) before setgid/setuid,
 *   so none of root's supplementary groups reach the server, nor the account's own), and a clean
 *   environment naming only that account (HOME, USER, LOGNAME, PATH): nothing of root's environment.
 * - not root: another uid cannot be taken, so the probe is refused.
 * - Windows: no uid to switch to (running as another user needs its token, CreateProcessAsUser), so refused.
 */
import type { Platform } from '../shared/env.js';

export interface RunAs {
  readonly uid: number;
  readonly gid: number;
  readonly user: string;
  /** The account's home: the working directory of a server whose entry names none. */
  readonly home: string;
  /** The only environment the server's launch starts from (the entry's env goes on top). */
  readonly env: Readonly<Record<string, string>>;
}

export type ProbeIdentity =
  | { readonly kind: 'self' }
  | { readonly kind: 'account'; readonly runAs: RunAs }
  | { readonly kind: 'refused'; readonly why: string };

/**
 * The PATH a host started by that account's login session would have by default, not root's:
 * Linux login.defs(5) ENV_PATH (shadow-maint/shadow etc/login.defs: `PATH=/usr/local/bin:/usr/bin:/bin`);
 * macOS launchd's default user PATH (`/usr/bin:/bin:/usr/sbin:/sbin`, launchctl(1) `config user path`), plus Homebrew's prefixes.
 */
export function accountPath(platform: Platform): string {
  return platform === 'darwin' ? '/usr/bin:/bin:/usr/sbin:/sbin:/usr/local/bin:/opt/homebrew/bin' : '/usr/local/bin:/usr/bin:/bin';
}

export interface AccountIdentity {
  readonly user: string;
  readonly uid: number | undefined;
  readonly home: string;
  /** The account's primary group, when the account database says (accounts.ts primaryGroup). */
  readonly gid: number | undefined;
}

/** How (or whether) `account`'s servers may be probed by a process running as `processUid` on `platform`. */
export function probeIdentity(account: AccountIdentity, processUid: number | undefined, platform: Platform): ProbeIdentity {
  if (platform === 'win32') {
    return { kind: 'refused', why: `probing another account's servers on Windows would run them as this account, not as ${account.user}` };
  }
  if (account.uid !== undefined && account.uid === processUid) return { kind: 'self' };
  if (account.uid === undefined) return { kind: 'refused', why: `the account database gives no uid for ${account.user}` };
  if (processUid !== 0) return { kind: 'refused', why: `running ${account.user}'s servers as ${account.user} needs root; they are never run as another account` };
  if (account.gid === undefined) return { kind: 'refused', why: `the primary group of ${account.user} is unknown (id -g)` };
  return {
    kind: 'account',
    runAs: {
      uid: account.uid, gid: account.gid, user: account.user, home: account.home,
      env: { HOME: account.home, USER: account.user, LOGNAME: account.user, PATH: accountPath(platform) },
    },
  };
}
