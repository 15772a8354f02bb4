/**
 * Probing 8 fixture servers concurrently (jobs 8) against the slowest of them probed alone.
 * Target: total wall time / slowest single ≤ 1.5. Each server is first probed alone, after one
 * warm-up probe that pays the one-time SDK schema import.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

export async function bench(): Promise<void> {
  await probe(TARGETS[2]?.target ?? node(join(SERVERS, 'python-style.js')), OPTIONS);
  let slowest = { label: '', ms: 0 };
  for (const { label, target } of TARGETS) {
    const { ms, value } = await timed(() => probe(target, OPTIONS));
    if (!value.ok) throw new Error(`${label} failed alone: ${value.reason}: ${value.detail}`);
    process.stdout.write(`  alone  ${label.padEnd(24)} ${ms.toFixed(0).padStart(6)} ms\n`);
    if (ms > slowest.ms) slowest = { label, ms };
  }
  const cpuBefore = childCpuMs();
  const all = await timed(() => probeAll(TARGETS.map((t) => t.target), { ...OPTIONS, jobs: TARGETS.length }));
  const failed = all.value.filter((capture) => !capture.ok).length;
  if (failed > 0) throw new Error(`${failed} of ${TARGETS.length} probes failed when run together`);
  process.stdout.write(`  ${TARGETS.length} servers concurrently (jobs ${TARGETS.length}): ${all.ms.toFixed(0)} ms\n`);
  process.stdout.write(`  slowest alone (${slowest.label}): ${slowest.ms.toFixed(0)} ms\n`);
  process.stdout.write(`  ratio total / slowest single: ${(all.ms / slowest.ms).toFixed(2)} (target ≤ 1.5)\n`);
  const cpuAfter = childCpuMs();
  if (cpuBefore !== undefined && cpuAfter !== undefined) {
    // The servers' own start-up CPU divided over the cores: no scheduler can finish before this.
    const floorMs = Math.max(slowest.ms, (cpuAfter - cpuBefore) / availableParallelism());
    process.stdout.write(`  servers' CPU ${(cpuAfter - cpuBefore).toFixed(0)} ms on ${availableParallelism()} cores: floor ratio ${(floorMs / slowest.ms).toFixed(2)}\n`);
  }
}
