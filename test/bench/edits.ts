/**
 * Edits at scale and how often they are refused:
 *
 * 1. The many-entries series: `fix --apply` (in this process, the real pipeline) on one
 *    ~/.cursor/mcp.json of N servers, k of them with a planted store to mend. The time to the
 *    first write (audit + plan + every entry's edit and proof) less the audit alone is the
 *    edit cost; its slope per entry edited, (cost(k2) − cost(k1)) / (k2 − k1), must stay flat as
 *    the file grows (an edit that re-proved the whole file per entry grew with N: 367 s for 200
 *    entries of 20,000). Fixed per-file costs (one parse for the spans, one final proof) are
 *    printed apart.
 * 2. Refusal rates of wrap / fix on the generated corpus (test/fix/corpus.ts) per format, with
 *    the reasons.
 * 3. Hostile gate files: the real CLI's time to exit 2 on each.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFix } from '../../src/fix/fix.js';
import { cursor } from '../../src/hosts/cursor.js';
import { processEnv } from '../../src/shared/env.js';
import type { SeamPoint } from '../../src/fix/seam.js';
import { corpus, type CorpusFormat } from '../fix/corpus.js';
import { runCase } from '../fix/corpus-run.js';

const env = processEnv();
const BIN = fileURLToPath(new URL('../../src/cli/bin.cjs', import.meta.url));

const PLANTED = (i: number): string => `{"command":"uvx","args":["--from","mcpindex-gate","mcpindex-proxy","--mcpindex-stdio","--pin-store","/tmp/p${i}.json","--upstream-command","npx","--upstream-arg=-y","--upstream-arg=@example/s${i}"]}`;
const PLAIN = (i: number): string => `{"command":"npx","args":["-y","@example/s${i}"],"env":{"K":"v"}}`;

/** N servers, k planted ones spread evenly, pretty-printed one member per line as editors write it. */
function cursorFile(n: number, k: number): string {
  const every = k === 0 ? Infinity : Math.floor(n / k);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(`    "s${i}": ${i % every === 0 && i / every < k ? PLANTED(i) : PLAIN(i)}`);
  return `{\n  "mcpServers": {\n${lines.join(',\n')}\n  }\n}\n`;
}

const gc = (): void => { (globalThis as { gc?: () => void }).gc?.(); };
const ms = (ns: bigint): number => Number(ns) / 1e6;
/** CPU time of this process (user + system, every thread) in ms: steadier than wall time on a shared machine. */
const cpu = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

interface Point { n: number; k: number; auditMs: number; editMs: number; totalMs: number; totalWallMs: number; written: number }

/**
 * The fastest of `runs` runs of each point of one file size (each figure its own minimum), the
 * points taken in turn (k1, k2, k1, k2 …) so that a stretch of load on a shared machine falls on
 * both: the others carry that load, and the slope is a difference of two of them.
 */
async function best(n: number, ks: readonly number[], runs = 5): Promise<Point[]> {
  const all = ks.map((): Point[] => []);
  for (let i = 0; i < runs; i++) for (const [j, k] of ks.entries()) all[j]?.push(await point(n, k));
  return all.map((pts) => {
    const min = (f: (p: Point) => number): number => Math.min(...pts.map(f));
    const first = pts[0];
    if (first === undefined) throw new Error('no runs');
    return { ...first, auditMs: min((p) => p.auditMs), editMs: min((p) => p.editMs), totalMs: min((p) => p.totalMs), totalWallMs: min((p) => p.totalWallMs) };
  });
}

async function point(n: number, k: number): Promise<Point> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-bench-edits-'));
  try {
    mkdirSync(path.join(home, '.cursor'), { recursive: true });
    writeFileSync(path.join(home, '.cursor', 'mcp.json'), cursorFile(n, k));
    const discover = { root: home, platform: 'linux' as const, projectScan: false, hosts: [cursor] };
    const at: Partial<Record<SeamPoint, number>> = {};
    // Each run starts from a collected heap, so one run's garbage is not another's cost.
    gc();
    const wall = process.hrtime.bigint();
    const c = cpu();
    const out = await runFix({ discover, servers: [], apply: true, includeProject: false, seam: async (p) => { at[p] ??= cpu(); } }, env);
    const end = cpu();
    const written = out.files.reduce((a, f) => a + f.servers.length, 0);
    return {
      n, k, auditMs: (at.audited ?? end) - c, editMs: (at.planned ?? end) - (at.audited ?? c), totalMs: end - c,
      totalWallMs: ms(process.hrtime.bigint() - wall), written,
    };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

async function manyEntries(): Promise<void> {
  const sizes = [2_000, 5_000, 20_000];
  const ks = [20, 1000];
  await point(2_000, 50); // warm-up (JIT), not shown
  process.stdout.write('many entries of one ~/.cursor/mcp.json: fix --apply (audit, plan, edit and prove each entry, write, re-audit); CPU ms, best of 5\n');
  process.stdout.write('  servers  edited  audit  plan+edit+prove (audited → first write)  fix --apply total (wall)  entries mended\n');
  const slopes: { n: number; usPerEntry: number; fixedMs: number }[] = [];
  for (const n of sizes) {
    const pts = await best(n, ks);
    for (const p of pts) {
      process.stdout.write(`  ${String(n).padStart(7)}  ${String(p.k).padStart(6)}  ${p.auditMs.toFixed(0).padStart(5)}  ${p.editMs.toFixed(0).padStart(40)}  ${`${p.totalMs.toFixed(0)} (${p.totalWallMs.toFixed(0)})`.padStart(24)}  ${String(p.written).padStart(14)}\n`);
    }
    const [a, b] = pts;
    if (a !== undefined && b !== undefined) {
      const us = ((b.editMs - a.editMs) / (b.k - a.k)) * 1000;
      slopes.push({ n, usPerEntry: us, fixedMs: a.editMs - (us / 1000) * a.k });
    }
  }
  for (const s of slopes) process.stdout.write(`  ${s.n} servers: ${s.usPerEntry.toFixed(0)} µs per entry edited (slope ${ks.join(' → ')}), ${s.fixedMs.toFixed(0)} ms fixed per file\n`);
  const us = slopes.map((s) => Math.max(s.usPerEntry, 1));
  // Flat within 2x: the per-entry cost of the largest and the smallest per-entry figure over all
  // file sizes. Quadratic edits show as a per-entry cost that grows with the file.
  const spread = Math.max(...us) / Math.min(...us);
  const growth = (us[us.length - 1] ?? 1) / (us[0] ?? 1);
  process.stdout.write(`  per-entry cost ratio, max/min over file sizes: ${spread.toFixed(2)}x (largest file / smallest: ${growth.toFixed(2)}x) — flat within 2x: ${spread <= 2 ? 'yes' : 'NO'}\n`);
  const [target] = await best(20_000, [200], 3);
  if (target === undefined) return;
  process.stdout.write(`  200 entries of a 20,000-entry file: fix --apply ${target.totalWallMs.toFixed(0)} ms wall (${target.totalMs.toFixed(0)} ms CPU), ${target.written} mended — under 5 s: ${target.totalWallMs < 5000 ? 'yes' : 'NO'}\n`);
}

async function refusalRates(): Promise<void> {
  const perFormat = 100;
  const tally = new Map<CorpusFormat, { edited: number; refused: number; reasons: Map<string, number> }>();
  const t = process.hrtime.bigint();
  for (const c of corpus(2027, perFormat)) {
    const out = await runCase(c);
    const row = tally.get(c.format) ?? { edited: 0, refused: 0, reasons: new Map<string, number>() };
    row[out.kind]++;
    if (out.kind === 'refused') {
      const key = out.reason.replace(/\bline \d+\b/g, 'line N').replace(/srv\d+/g, 'srvN').replace(/\(line \d+\)/g, '(line N)');
      row.reasons.set(key, (row.reasons.get(key) ?? 0) + 1);
    }
    tally.set(c.format, row);
  }
  process.stdout.write(`\nrefusal rate of wrap (plain entries) and fix (planted stores) on a generated corpus, ${perFormat} files per format (${ms(process.hrtime.bigint() - t).toFixed(0)} ms):\n`);
  for (const [format, row] of tally) {
    const total = row.edited + row.refused;
    process.stdout.write(`  ${format.padEnd(5)} ${row.refused}/${total} refused (${((100 * row.refused) / total).toFixed(1)}%)\n`);
    for (const [why, count] of [...row.reasons].sort((x, y) => y[1] - x[1])) process.stdout.write(`        ${count} × ${why}\n`);
  }
}

function hostileGates(): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-bench-gates-'));
  const home = path.join(dir, 'home');
  mkdirSync(path.join(home, '.cursor'), { recursive: true });
  writeFileSync(path.join(home, '.cursor', 'mcp.json'), '{"mcpServers":{"f":{"command":"uvx","args":["mcp-server-fetch"]}}}\n');
  const files: [string, string, () => void][] = [
    ['--policy', 'FIFO', () => execFileSync('mkfifo', [path.join(dir, 'FIFO')])],
    ['--baseline', 'FIFO', () => undefined],
    ['--policy', 'deep-block.yaml', () => writeFileSync(path.join(dir, 'deep-block.yaml'), `${'- '.repeat(100_000)}x\n`)],
    ['--policy', 'deep-flow.json', () => writeFileSync(path.join(dir, 'deep-flow.json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`)],
    ['--baseline', 'deep-flow.json', () => undefined],
    ['--policy', 'bomb.yaml', () => writeFileSync(path.join(dir, 'bomb.yaml'), ['version: 1', 'a: &a [x,x,x,x,x,x,x,x,x]', ...'bcdefgh'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefgh'[i] ?? 'a'}`).join(',')}]`)].join('\n'))],
    ['--policy', 'latin1.yaml', () => writeFileSync(path.join(dir, 'latin1.yaml'), Buffer.from('version: 1\ndeny-servers: [caf\u00e9]\n', 'latin1'))],
    ['--baseline', 'dup-keys.json', () => writeFileSync(path.join(dir, 'dup-keys.json'), '{\n  "schemaVersion": "1.0.0",\n  "schemaVersion": "1.9.0",\n  "trustedHome": { "path": "/h" }, "entries": [], "findings": []\n}\n')],
  ];
  process.stdout.write('\nhostile gate files through the real CLI (exit code, wall ms):\n');
  try {
    for (const [flag, name, make] of files) {
      make();
      const t = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '--no-project-scan', flag, path.join(dir, name)], { encoding: 'utf8', timeout: 60_000 });
      const wall = ms(process.hrtime.bigint() - t);
      const msg = (r.stderr.split('\n')[0] ?? '').replace(dir, '<dir>');
      process.stdout.write(`  ${flag} ${name.padEnd(16)} exit ${String(r.status)} in ${wall.toFixed(0).padStart(5)} ms  ${msg.slice(0, 110)}\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function bench(): Promise<void> {
  await manyEntries();
  await refusalRates();
  hostileGates();
}
