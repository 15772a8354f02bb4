/**
 * Finding every process a launched server started, on Linux through /proc, so none outlives the probe.
 *
 * The mechanism that does not depend on timing is a marker: launch.ts puts `MCP_AUDIT_PROBE_ID=<random>`
 * into the server's environment, every descendant inherits it across fork and exec (setsid, nohup,
 * `sh -c '… &'`, double forks included), and `markedProcesses` finds them all in /proc/<pid>/environ at
 * the end, however briefly their intermediate parents lived. Alongside it, the parent chain is sampled
 * while the probe runs and the holders of the server's stdio pipes are found at the end (they catch a
 * child that was started with a cleared environment but keeps the pipes, or was seen in a poll).
 * Every process is recorded with its start time, so a reused pid is never signalled.
 *
 * What a hostile server can still do (the probe runs its code with the user's privileges; this is
 * containment of sloppy servers, not a sandbox): start a child with an emptied or rewritten
 * environment (`env -i`, execve with its own envp, or overwriting the environment block in memory,
 * which /proc/<pid>/environ reads live) that also leaves the process group and closes the stdio pipes,
 * and that no poll happened to see: it survives. So do work handed to other daemons (cron, at,
 * `systemd-run --user`, a terminal multiplexer). A PID namespace (`unshare --pid --fork`, where the
 * kernel kills every member when its init dies) would close the first gap, but weighed against it:
 * it needs unprivileged user namespaces, which Ubuntu restricts by default since 24.04 through AppArmor
 * (kernel.apparmor_restrict_unprivileged_userns; ubuntu.com/blog/ubuntu-23-10-restricted-unprivileged-
 * user-namespaces) and Docker's default seccomp profile denies without CAP_SYS_ADMIN (moby/profiles
 * seccomp/default.json: clone/unshare with namespace flags; docs.docker.com/engine/security/seccomp), and
 * it makes the server pid 1 of its namespace (SIGTERM without a handler is ignored, /proc disagrees
 * with its pid), which is not how any host launches it. A cgroup (`cgroup.kill`, Linux 5.14) needs a
 * delegated, writable cgroup v2 subtree, which containers and many desktops do not give;
 * PR_SET_CHILD_SUBREAPER needs a native supervisor. Elsewhere (no /proc) every function here finds
 * nothing and launch.ts relies on the process group (POSIX) or `taskkill /T` (Windows).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** A process as /proc shows it: parent, start time (clock ticks since boot) and whether it is a zombie. */
interface ProcStat {
  readonly ppid: number;
  readonly start: string;
  readonly dead: boolean;
}

function procPids(): number[] {
  try {
    return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number);
  } catch {
    return [];
  }
}

function readStat(pid: number): ProcStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // Fields after the parenthesised command: state(3) ppid(4) … starttime(22).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0] ?? '';
  return { ppid: Number(fields[1]), start: fields[19] ?? '', dead: state === 'Z' || state === 'X' };
}

/** Pids whose parent chain leads to `root` (root excluded), each with its start time. */
function descendantsOf(root: number): Map<number, string> {
  const children = new Map<number, { pid: number; start: string }[]>();
  for (const pid of procPids()) {
    const stat = readStat(pid);
    if (stat === undefined || stat.dead) continue;
    const list = children.get(stat.ppid) ?? [];
    list.push({ pid, start: stat.start });
    children.set(stat.ppid, list);
  }
  const found = new Map<number, string>();
  const queue = [root];
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift()) {
    for (const child of children.get(parent) ?? []) {
      if (found.has(child.pid)) continue;
      found.set(child.pid, child.start);
      queue.push(child.pid);
    }
  }
  return found;
}

/** The pipe or socket inodes (`pipe:[123]`, `socket:[456]`; libuv uses socketpairs) on a process's fds 0–2. */
function stdioPipes(pid: number): Set<string> {
  const pipes = new Set<string>();
  for (const fd of [0, 1, 2]) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (link.startsWith('pipe:') || link.startsWith('socket:')) pipes.add(link);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return pipes;
}

/** Pids (not ours) holding any of `pipes` open, with their start times. */
function pipeHolders(pipes: ReadonlySet<string>): Map<number, string> {
  const holders = new Map<number, string>();
  if (pipes.size === 0) return holders;
  for (const pid of procPids()) {
    if (pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let link: string;
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (!pipes.has(link)) continue;
      const stat = readStat(pid);
      if (stat !== undefined && !stat.dead) holders.set(pid, stat.start);
      break;
    }
  }
  return holders;
}

/** The environment variable every launched server and its descendants inherit. */
export const PROBE_MARKER_VARIABLE = 'MCP_AUDIT_PROBE_ID';

/**
 * Live processes (not ours) whose environment holds `MCP_AUDIT_PROBE_ID=<id>`, with their start times.
 * Environments of other users' processes are unreadable and skipped: they are not ours to end.
 */
export function markedProcesses(id: string): Map<number, string> {
  const found = new Map<number, string>();
  if (process.platform !== 'linux') return found;
  const entry = Buffer.from(`${PROBE_MARKER_VARIABLE}=${id}\0`);
  for (const pid of procPids()) {
    if (pid === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${pid}/environ`);
    } catch {
      continue;
    }
    // Only a whole NAME=value entry: at the start, or right after another entry's NUL.
    let at = environ.indexOf(entry);
    while (at > 0 && environ[at - 1] !== 0) at = environ.indexOf(entry, at + 1);
    if (at < 0) continue;
    const stat = readStat(pid);
    if (stat !== undefined && !stat.dead) found.set(pid, stat.start);
  }
  return found;
}

/** True while `pid` is the same live process that was recorded with `start`. */
function sameAlive(pid: number, start: string): boolean {
  const stat = readStat(pid);
  return stat !== undefined && !stat.dead && stat.start === start;
}

export interface DescendantWatch {
  /** Records the leader's current descendants (cheap: one pass over /proc/<pid>/stat). */
  poll(): void;
  /** Stops polling; returns the recorded and current descendants and pipe holders still alive. */
  finish(): Map<number, string>;
}

const POLL_MS = 100;
/** Early polls: a server may start a child and exit within its first milliseconds. */
const EARLY_POLLS_MS = [5, 15, 30, 60];

/** Watches the descendants of `leader` until `finish()`; a no-op without /proc. */
export function watchDescendants(leader: number): DescendantWatch {
  const recorded = new Map<number, string>();
  const linux = process.platform === 'linux' && readStat(leader) !== undefined;
  const pipes = linux ? stdioPipes(leader) : new Set<string>();
  const poll = (): void => {
    if (!linux) return;
    for (const [pid, start] of descendantsOf(leader)) recorded.set(pid, start);
  };
  poll();
  const timers = linux ? EARLY_POLLS_MS.map((ms) => setTimeout(poll, ms)) : [];
  const interval = linux ? setInterval(poll, POLL_MS) : undefined;
  for (const timer of timers) timer.unref();
  interval?.unref();
  return {
    poll,
    finish() {
      for (const timer of timers) clearTimeout(timer);
      if (interval !== undefined) clearInterval(interval);
      if (!linux) return new Map();
      poll();
      for (const [pid, start] of pipeHolders(pipes)) recorded.set(pid, start);
      return new Map([...recorded].filter(([pid, start]) => pid !== leader && sameAlive(pid, start)));
    },
  };
}

/** Sends `signal` to each recorded process that is still the same live process. */
export function signalRecorded(processes: ReadonlyMap<number, string>, signal: NodeJS.Signals): void {
  for (const [pid, start] of processes) {
    if (!sameAlive(pid, start)) continue;
    try {
      process.kill(pid, signal);
    } catch {
      // ESRCH/EPERM: gone, or not ours.
    }
  }
}

/** True while any recorded process is still the same live process. */
export function anyAlive(processes: ReadonlyMap<number, string>): boolean {
  for (const [pid, start] of processes) if (sameAlive(pid, start)) return true;
  return false;
}
