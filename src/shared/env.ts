import os from 'node:os';
import { systemText } from './system-text.js';

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
  /**
   * Runs a system tool (account lookups, `icacls`): a fixed argv, no shell, an empty environment.
   * Never given anything from a config. Tests replace it with recorded outputs. Default: {@link runCommand}.
   */
  readonly run?: CommandRunner;
  /** This machine's name (os.hostname()), for fleet records. */
  readonly hostname?: string;
}

/** One run of a system tool: its exit code (or why it did not run) and its stdout. */
export type CommandResult =
  | { readonly kind: 'exited'; readonly code: number; readonly stdout: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'failed'; readonly why: string };

export type CommandRunner = (file: string, args: readonly string[]) => Promise<CommandResult>;

const COMMAND_TIMEOUT_MS = 10_000;
const COMMAND_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The real runner: execFile with no shell, an empty environment, a timeout and an output cap.
 * node:child_process is loaded on the first run (it pulls in net, dgram and more): a scan with
 * `--root` runs no tool and never pays for it.
 */
export const runCommand: CommandRunner = async (file, args) => {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    // Bytes, decoded by systemText: a name that is not UTF-8 stays known as such (system-text.ts).
    execFile(file, [...args], { timeout: COMMAND_TIMEOUT_MS, maxBuffer: COMMAND_MAX_BYTES, encoding: 'buffer', env: {}, windowsHide: true },
      (error, stdout) => {
        if (error === null) return resolve({ kind: 'exited', code: 0, stdout: systemText(stdout) });
        if ('code' in error && error.code === 'ENOENT') return resolve({ kind: 'missing' });
        if (typeof error.code === 'number') return resolve({ kind: 'exited', code: error.code, stdout: systemText(stdout) });
        resolve({ kind: 'failed', why: error.killed ? `timed out after ${COMMAND_TIMEOUT_MS} ms` : error.message });
      });
  });
};

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
    run: runCommand,
    hostname: os.hostname(),
  };
}
