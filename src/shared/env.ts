import os from 'node:os';

/** The platform whose host-config layout is audited. Injectable so all three are tested on Linux. */
export type Platform = 'linux' | 'darwin' | 'win32';

export type HomeSource = 'passwd' | 'root-flag' | 'user-flag';

/** The trusted home: never from $HOME / USERPROFILE / XDG. */
export interface TrustedHome {
  readonly path: string;
  readonly source: HomeSource;
  readonly user: string;
  readonly uid: number | undefined;
}

/**
 * Everything the audit reads from the outside world besides files: platform, process environment
 * (used only to *report* disagreements and, for --probe, to launch like the host), cwd, clock.
 * Files are read with node:fs against real paths; tests point --root at fixture homes.
 */
export interface Env {
  readonly platform: Platform;
  /** The process environment. Never used to locate the home; values never printed. */
  readonly vars: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly uid: number | undefined;
  now(): Date;
}

export function currentPlatform(): Platform {
  const p = process.platform;
  return p === 'darwin' || p === 'win32' ? p : 'linux';
}

export function processEnv(overrides: Partial<Pick<Env, 'platform' | 'cwd'>> = {}): Env {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  return {
    platform: overrides.platform ?? currentPlatform(),
    vars: process.env,
    cwd: overrides.cwd ?? process.cwd(),
    uid,
    now: () => new Date(),
  };
}

/** The current user's home from the password database (getpwuid_r via libuv), ignoring $HOME. */
export function passwdHome(): TrustedHome {
  const info = os.userInfo();
  return { path: info.homedir, source: 'passwd', user: info.username, uid: info.uid >= 0 ? info.uid : undefined };
}
