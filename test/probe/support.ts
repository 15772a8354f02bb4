import assert from 'node:assert/strict';
import { probe } from '../../src/probe/probe.js';
import type { ProbeFailure } from '../../src/probe/types.js';
/** Shared by the probe tests: fixture paths, targets with a unique marker, and process liveness from /proc. */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StdioTarget } from '../../src/probe/types.js';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVERS = join(DIST, 'fixtures', 'servers');
export const EVERYTHING = join(DIST, '..', 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

/** A fixture server launched with node; the trailing marker argument lets a test find its processes. */
export function fixture(file: string, ...args: string[]): StdioTarget & { readonly marker: string } {
  const marker = `--probe-test-marker=${randomUUID()}`;
  return { kind: 'stdio', program: process.execPath, args: [join(SERVERS, file), ...args, marker], marker };
}

/** Alive = exists and is not a zombie (nobody may reap orphans in a container). */
export function processAlive(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
}

/** Live processes whose command line contains `marker`. */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes(marker) && processAlive(Number(entry))) found.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return found;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const HOSTILE_TIMEOUT_MS = 1_500;
export const HOSTILE_GRACE_MS = 300;
/** Everything, teardown included, ends within the timeout plus SIGTERM grace plus scheduling slack. */
export const HOSTILE_BOUND_MS = HOSTILE_TIMEOUT_MS + HOSTILE_GRACE_MS + 700;
export const HOSTILE_OPTIONS = { timeoutMs: HOSTILE_TIMEOUT_MS, graceMs: HOSTILE_GRACE_MS, hostEnv: { PATH: process.env['PATH'] } };

/** Probes `hostile.js MODE`, which must fail; wall time on the probe's own monotonic clock. */
export async function failingHostile(mode: string): Promise<{ readonly failure: ProbeFailure; readonly wallMs: number; readonly marker: string }> {
  const target = fixture('hostile.js', mode);
  // The same monotonic clock the probe uses for elapsedMs (Date.now() is whole milliseconds and
  // could make a 75.6 ms probe look longer than the 75 ms around it).
  const started = performance.now();
  const capture = await probe(target, HOSTILE_OPTIONS);
  const wallMs = performance.now() - started;
  if (capture.ok) assert.fail(`hostile ${mode} was captured as a success`);
  return { failure: capture, wallMs, marker: target.marker };
}
