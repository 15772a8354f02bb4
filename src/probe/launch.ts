/**
 * Launch a stdio server like the host does, in its own process group, and make sure everything it
 * started is gone afterwards: on completion, on timeout, and when mcp-audit itself exits (the exit
 * handler uses the same mechanism, synchronously). On Linux that is the group, plus every process
 * carrying the launch's environment marker, plus descendants seen leaving the group and holders of
 * its stdio pipes (descendants.ts says what each catches and what a hostile server can still do).
 * On Windows there are no process groups: the tree is ended with `taskkill /T /F` (Microsoft,
 * taskkill documentation: /T ends the process and any child processes started by it), which walks
 * parent links, so a child whose parent already exited is not reached; a Job Object would be, but
 * Node has no API for one.
 */
import { execFile, spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { anyAlive, markedProcesses, PROBE_MARKER_VARIABLE, signalRecorded, watchDescendants, type DescendantWatch } from './descendants.js';

export interface LaunchSpec {
  readonly program: string;
  readonly args: readonly string[];
  /** The entry's env; `null` removes a variable from the host environment. NEVER printed. */
  readonly env?: Readonly<Record<string, string | null>>;
  /** The host environment (Env.vars) the entry's env is merged onto. */
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
  /** POSIX: start the server as this uid/gid (run-as.ts); hostEnv is then that account's clean env. */
  readonly runAs?: { readonly uid: number; readonly gid: number };
}

export interface LaunchedGroup {
  readonly child: ChildProcessWithoutNullStreams;
  /** The process group id (the leader's pid); undefined when the spawn failed. */
  readonly pgid: number | undefined;
  /**
   * End the launch: optionally close stdin and give the leader up to 200 ms to exit on its own, then
   * SIGTERM the group and every process carrying the launch's marker (or that was seen leaving), then
   * SIGKILL whatever is left after `graceMs`. Resolves once none of them is alive (zombies do not
   * count), or after a final bounded wait. On Windows: `taskkill /T /F` on the leader's tree.
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
const EXIT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** Rounds of find-and-SIGKILL in the synchronous exit handler (each a pass over /proc). */
const EXIT_KILL_ROUNDS = 50;
const WINDOWS = process.platform === 'win32';

/** One launched server not yet confirmed gone: its group, its environment marker, its watch. */
interface Launch {
  readonly pgid: number;
  readonly markerId: string;
  readonly watch: DescendantWatch;
}

const LIVE = new Map<number, Launch>();

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** taskkill.exe from the system directory, never from $PATH. */
function taskkillPath(): string {
  return path.win32.join(process.env['SystemRoot'] ?? 'C:\\Windows', 'System32', 'taskkill.exe');
}

const TASKKILL_ARGS = (pid: number): string[] => ['/T', '/F', '/PID', String(pid)];

/** Synchronous: the process-exit path, where nothing asynchronous runs any more. */
function killLaunchNow(launch: Launch): void {
  if (WINDOWS) {
    spawnSync(taskkillPath(), TASKKILL_ARGS(launch.pgid), { stdio: 'ignore', windowsHide: true });
    return;
  }
  signalGroup(launch.pgid, 'SIGKILL');
  signalRecorded(launch.watch.finish(), 'SIGKILL');
  for (let round = 0; round < EXIT_KILL_ROUNDS; round++) {
    const marked = markedProcesses(launch.markerId);
    if (marked.size === 0) break;
    signalRecorded(marked, 'SIGKILL');
  }
}

function killAllNow(): void {
  for (const launch of LIVE.values()) killLaunchNow(launch);
}

function onSignal(signal: NodeJS.Signals): void {
  killAllNow();
  LIVE.clear();
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

function track(launch: Launch): void {
  if (LIVE.size === 0) install();
  LIVE.set(launch.pgid, launch);
}

function untrack(pgid: number): void {
  if (LIVE.delete(pgid) && LIVE.size === 0) uninstall();
}

/** Process groups launched by this process and not yet confirmed gone. */
export function liveGroups(): readonly number[] {
  return [...LIVE.keys()];
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
  // Random, not secret: it only names this launch's processes. Set last, so no entry overrides it.
  const markerId = randomBytes(16).toString('hex');
  const child = spawn(spec.program, [...spec.args], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...mergeEnv(spec.hostEnv ?? {}, spec.env ?? {}), [PROBE_MARKER_VARIABLE]: markerId },
    windowsHide: true,
    ...(spec.cwd !== undefined ? { cwd: spec.cwd } : {}),
    ...(spec.runAs !== undefined ? { uid: spec.runAs.uid, gid: spec.runAs.gid } : {}),
  });
  const pgid = child.pid;
  // Children that leave the group (detached, setsid) are also recorded while the probe runs (Linux).
  const watch = pgid !== undefined ? watchDescendants(pgid) : undefined;
  if (pgid !== undefined && watch !== undefined) track({ pgid, markerId, watch });
  let leaderExited = false;
  child.once('exit', () => { leaderExited = true; });
  // Errors on our ends of the pipes (EPIPE after a crash) are seen through 'exit'; never unhandled.
  child.stdin.on('error', () => undefined);
  child.stdout.on('error', () => undefined);
  child.stderr.on('error', () => undefined);

  let stopping: Promise<void> | undefined;
  const stop = async ({ graceful, graceMs }: { readonly graceful: boolean; readonly graceMs: number }): Promise<void> => {
    if (pgid === undefined || watch === undefined) return;
    watch.poll();
    if (graceful && !leaderExited) {
      child.stdin.end();
      await waitUntil(() => leaderExited, Math.min(graceMs, STDIN_CLOSE_WAIT_MS));
    }
    if (WINDOWS) await endTreeWindows(pgid, () => leaderExited);
    else await endGroupPosix(pgid, markerId, watch, graceMs, () => leaderExited);
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

/**
 * SIGTERM, then after `graceMs` SIGKILL, to the group and to every survivor: recorded escapees still
 * alive and every process carrying the marker, found afresh on each check (so a process started
 * while the others die is found too). Resolves when none is left, or after a final bounded wait.
 */
async function endGroupPosix(pgid: number, markerId: string, watch: DescendantWatch, graceMs: number, leaderExited: () => boolean): Promise<void> {
  // Recorded before the group is signalled: a killed leader's children are orphaned (ppid 1).
  // Every process found is kept until it is dead: a process that is exiting after SIGKILL has already
  // released its memory, so /proc/<pid>/environ reads empty (environ_read returns 0 without an mm,
  // torvalds/linux@v6.6:fs/proc/base.c) and a fresh scan no longer finds its marker, while its stat
  // still shows it running until it becomes a zombie. Waiting on the recorded pid and start time
  // covers that window.
  const found = watch.finish();
  const survivors = (): Map<number, string> => {
    for (const [pid, start] of markedProcesses(markerId)) found.set(pid, start);
    return found;
  };
  const end = (signal: NodeJS.Signals): Map<number, string> => {
    signalGroup(pgid, signal);
    const left = survivors();
    signalRecorded(left, signal);
    return left;
  };
  // While the leader runs the group is alive; only afterwards is /proc worth scanning.
  const alive = (): boolean => !leaderExited() || groupAlive(pgid) || anyAlive(survivors());
  if (!alive()) return;
  end('SIGTERM');
  if (await waitUntil(() => !alive(), graceMs)) return;
  await waitUntil(() => !anyAlive(end('SIGKILL')) && leaderExited() && !groupAlive(pgid), 2_000);
}

async function endTreeWindows(pid: number, leaderExited: () => boolean): Promise<void> {
  if (leaderExited()) return;
  await new Promise<void>((resolve) => {
    execFile(taskkillPath(), TASKKILL_ARGS(pid), { windowsHide: true, timeout: 5_000 }, () => resolve());
  });
  await waitUntil(leaderExited, 2_000);
}
