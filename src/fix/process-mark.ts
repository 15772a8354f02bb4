/**
 * Who made a temporary or lock file: the process id and a start mark that tells a reused pid
 * apart. On Linux the mark is field 22 of /proc/PID/stat (the start time in clock ticks since
 * boot, proc(5) "starttime"); elsewhere it is '0' (not known), and a live pid then counts as the
 * writer still running.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { toError } from '../shared/errors.js';

export interface ProcessMark {
  readonly pid: number;
  /** Decimal start ticks, or '0' when this system does not tell. */
  readonly start: string;
}

/** The start mark of a running process, or undefined when it cannot be read. */
export function startOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name (field 2) is in parentheses and may hold spaces: fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields[19];
    return ticks !== undefined && /^\d+$/.test(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

let self: ProcessMark | undefined;

export function selfMark(): ProcessMark {
  self ??= { pid: process.pid, start: startOf(process.pid) ?? '0' };
  return self;
}

export const thisHost = (): string => hostname();

/**
 * Whether the process that left a mark still runs: 'dead' only when that is known (no such pid,
 * or the pid now belongs to a process started at another time).
 */
export function markState(mark: ProcessMark): 'alive' | 'dead' {
  // kill(0, …) would signal our own process group: a pid below 1 is not one this code wrote.
  if (!Number.isSafeInteger(mark.pid) || mark.pid < 1) return 'alive';
  if (mark.pid === process.pid) return mark.start === selfMark().start ? 'alive' : 'dead';
  try {
    process.kill(mark.pid, 0);
  } catch (e: unknown) {
    const err = toError(e);
    // EPERM: the pid exists but belongs to another user.
    if ('code' in err && err.code === 'ESRCH') return 'dead';
  }
  if (mark.start === '0') return 'alive';
  const now = startOf(mark.pid);
  return now !== undefined && now !== mark.start ? 'dead' : 'alive';
}
