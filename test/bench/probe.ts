/**
 * Probing 8 fixture servers concurrently (jobs 8) against the slowest of them probed alone.
 * Target: total wall time / slowest single ≤ 1.5. Each server is first probed alone, after one
 * warm-up probe that pays the one-time SDK schema import.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { probe, probeAll } from '../../src/probe/probe.js';
import type { ProbeTarget } from '../../src/probe/types.js';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVERS = join(DIST, 'fixtures', 'servers');
const EVERYTHING = join(DIST, '..', 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

const node = (script: string, ...args: string[]): ProbeTarget => ({ kind: 'stdio', program: process.execPath, args: [script, ...args] });

const TARGETS: readonly { readonly label: string; readonly target: ProbeTarget }[] = [
  { label: 'normal', target: node(join(SERVERS, 'normal.js')) },
  { label: 'normal (2)', target: node(join(SERVERS, 'normal.js')) },
  { label: 'python-style', target: node(join(SERVERS, 'python-style.js')) },
  { label: 'python-style --deviant', target: node(join(SERVERS, 'python-style.js'), '--deviant') },
  { label: 'changing rev 1', target: { kind: 'stdio', program: process.execPath, args: [join(SERVERS, 'changing.js')], env: { FIXTURE_REVISION: '1' } } },
  { label: 'changing rev 2', target: { kind: 'stdio', program: process.execPath, args: [join(SERVERS, 'changing.js')], env: { FIXTURE_REVISION: '2' } } },
  { label: 'server-everything', target: node(EVERYTHING, 'stdio') },
  { label: 'server-everything (2)', target: node(EVERYTHING, 'stdio') },
];

const OPTIONS = { timeoutMs: 20_000, graceMs: 1_000, hostEnv: { PATH: process.env['PATH'] } };

/** CPU seconds used by reaped children so far (Linux /proc/self/stat cutime + cstime, 100 Hz ticks). */
function childCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ readonly ms: number; readonly value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

const ROUNDS = 3;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** 8 servers that wait on a backend (400 ms per answer, little CPU): isolates the probe's own concurrency. */
const BACKEND = Array.from({ length: 8 }, (_, i) => ({ label: `backend ${i + 1}`, target: node(join(SERVERS, 'backend.js'), '400') }));

async function ratioOf(title: string, targets: readonly { readonly label: string; readonly target: ProbeTarget }[], verbose: boolean):
  Promise<{ readonly slowest: { label: string; ms: number }; readonly totalMs: number }> {
  let slowest = { label: '', ms: 0 };
  for (const { label, target } of targets) {
    const samples: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { ms, value } = await timed(() => probe(target, OPTIONS));
      if (!value.ok) throw new Error(`${label} failed alone: ${value.reason}: ${value.detail}`);
      samples.push(ms);
    }
    const ms = median(samples);
    if (verbose) process.stdout.write(`  alone  ${label.padEnd(24)} ${ms.toFixed(0).padStart(6)} ms (median of ${ROUNDS})\n`);
    if (ms > slowest.ms) slowest = { label, ms };
  }
  const together: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const all = await timed(() => probeAll(targets.map((t) => t.target), { ...OPTIONS, jobs: targets.length }));
    if (all.value.some((c) => !c.ok)) throw new Error(`${title}: a probe failed when run together`);
    together.push(all.ms);
  }
  const totalMs = median(together);
  process.stdout.write(`  ${title}: ${targets.length} concurrently ${totalMs.toFixed(0)} ms, slowest alone (${slowest.label}) ${slowest.ms.toFixed(0)} ms: ratio ${(totalMs / slowest.ms).toFixed(2)} (target ≤ 1.5)\n`);
  return { slowest, totalMs };
}

export async function bench(): Promise<void> {
  await ratioOf('backend-bound servers (probe concurrency)', BACKEND, false);
  await probe(TARGETS[2]?.target ?? node(join(SERVERS, 'python-style.js')), OPTIONS);
  const cpuBefore = childCpuMs();
  const { slowest } = await ratioOf('SDK and published servers (CPU-bound start-up)', TARGETS, true);
  const cpuAfter = childCpuMs();
  if (cpuBefore !== undefined && cpuAfter !== undefined) {
    // The servers' own CPU (alone and together rounds) divided over the cores: no scheduler can
    // finish the concurrent round faster than half of one round's CPU on 2 cores.
    const cpuMs = (cpuAfter - cpuBefore) / (2 * ROUNDS);
    const floorMs = Math.max(slowest.ms, cpuMs / availableParallelism());
    process.stdout.write(`  servers' CPU ~${cpuMs.toFixed(0)} ms per round on ${availableParallelism()} cores: floor ratio ${(floorMs / slowest.ms).toFixed(2)}\n`);
  }
  process.stdout.write(`  load average ${loadavg().map((n) => n.toFixed(1)).join(' ')} (the cores are shared)\n`);
}
