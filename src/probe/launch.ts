/**
 * Launch a stdio server like the host does, in its own process group, and make sure that whole
 * group is gone afterwards: on completion, on timeout, and when mcp-audit itself exits. On Linux,
 * descendants that left the group (and processes still holding its stdio pipes) are killed too.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { anyAlive, signalRecorded, watchDescendants } from './descendants.js';

export interface LaunchSpec {
  readonly program: string;
  readonly args: readonly string[];
  /** The entry's env; `null` removes a variable from the host environment. NEVER printed. */
  readonly env?: Readonly<Record<string, string | null>>;
  /** The host environment (Env.vars) the entry's env is merged onto. */
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
}

export interface LaunchedGroup {
  readonly child: ChildProcessWithoutNullStreams;
  /** The process group id (the leader's pid); undefined when the spawn failed. */
  readonly pgid: number | undefined;
  /**
   * End the group: optionally close stdin and give the leader up to 200 ms to exit on its own, then
   * SIGTERM the group, then SIGKILL whatever is left after `graceMs`. Resolves once no live
   * (non-zombie) process remains in the group, or after a final bounded wait.
   */
  stop(options: { readonly graceful: boolean; readonly graceMs: number }): Promise<void>;
}

/** The environment the server sees: host env, then the entry's env on top (`null` deletes). */
export function mergeEnv(
  hostEnv: Readonly<Record<string, string | undefined>>, entryEnv: Readonly<Record<string, string | null>>,
): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(hostEnv)) if (value !== undefined) merged[name] = value;
  for (const [name, value] of Object.entries(entryEnv)) {
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  return merged;
}

/** After closing stdin (the spec's polite shutdown), how long the leader gets before SIGTERM. */
const STDIN_CLOSE_WAIT_MS = 200;
const LIVE_GROUPS = new Set<number>();
const EXIT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

function killAllNow(): void {
  for (const pgid of LIVE_GROUPS) signalGroup(pgid, 'SIGKILL');
}

function onSignal(signal: NodeJS.Signals): void {
  killAllNow();
  LIVE_GROUPS.clear();
  uninstall();
  // Nobody else handles this signal: re-raise it so the default action (exit) still happens.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function install(): void {
  process.on('exit', killAllNow);
  for (const signal of EXIT_SIGNALS) process.on(signal, onSignal);
}

function uninstall(): void {
  process.off('exit', killAllNow);
  for (const signal of EXIT_SIGNALS) process.off(signal, onSignal);
}

function track(pgid: number): void {
  if (LIVE_GROUPS.size === 0) install();
  LIVE_GROUPS.add(pgid);
}

function untrack(pgid: number): void {
  if (LIVE_GROUPS.delete(pgid) && LIVE_GROUPS.size === 0) uninstall();
}

/** Process groups launched by this process and not yet confirmed gone. */
export function liveGroups(): readonly number[] {
  return [...LIVE_GROUPS];
}

/** Pids in the group that are alive, i.e. not zombies (Linux /proc); undefined where /proc is absent. */
export function groupMembers(pgid: number): number[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const members: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue;
    }
    // Fields after the parenthesised command: state ppid pgrp …
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') members.push(Number(entry));
  }
  return members;
}

/** True while any process of the group is alive (zombies, which nobody may reap here, do not count). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
  const members = groupMembers(pgid);
  return members === undefined ? true : members.length > 0;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let pause = 5;
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(pause, Math.max(1, deadline - Date.now())));
    pause = Math.min(pause * 2, 50);
  }
  return true;
}

export function launchGroup(spec: LaunchSpec): LaunchedGroup {
  const child = spawn(spec.program, [...spec.args], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: mergeEnv(spec.hostEnv ?? {}, spec.env ?? {}),
    windowsHide: true,
    ...(spec.cwd !== undefined ? { cwd: spec.cwd } : {}),
  });
  const pgid = child.pid;
  if (pgid !== undefined) track(pgid);
  // Children that leave the group (detached, setsid) are recorded while the probe runs (Linux).
  const watch = pgid !== undefined ? watchDescendants(pgid) : undefined;
  let leaderExited = false;
  child.once('exit', () => { leaderExited = true; });
  // Errors on our ends of the pipes (EPIPE after a crash) are seen through 'exit'; never unhandled.
  child.stdin.on('error', () => undefined);
  child.stdout.on('error', () => undefined);
  child.stderr.on('error', () => undefined);

  let stopping: Promise<void> | undefined;
  const stop = async ({ graceful, graceMs }: { readonly graceful: boolean; readonly graceMs: number }): Promise<void> => {
    if (pgid === undefined) return;
    watch?.poll();
    if (graceful && !leaderExited) {
      child.stdin.end();
      await waitUntil(() => leaderExited, Math.min(graceMs, STDIN_CLOSE_WAIT_MS));
    }
    // Recorded before the group is signalled: a killed leader's children are orphaned (ppid 1).
    const escaped = watch?.finish() ?? new Map<number, string>();
    // While the leader runs the group is alive; only afterwards is /proc worth scanning.
    const alive = (): boolean => !leaderExited || groupAlive(pgid) || anyAlive(escaped);
    if (alive()) {
      signalGroup(pgid, 'SIGTERM');
      signalRecorded(escaped, 'SIGTERM');
      if (!(await waitUntil(() => !alive(), graceMs))) {
        signalGroup(pgid, 'SIGKILL');
        signalRecorded(escaped, 'SIGKILL');
        await waitUntil(() => !alive(), 2_000);
      }
    }
    untrack(pgid);
    child.stdin.destroy();
    child.stdout.destroy();
    child.stderr.destroy();
  };
  return {
    child,
    pgid,
    stop: (options) => (stopping ??= stop(options)),
  };
}
