import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBenchHome } from './scan.js';

/**
 * The whole-process scan against npm `mcp-scan@2.0.8 ls` (it lists servers and grades none) on
 * the bench's generated home, in paired runs (ours, then theirs, alternating, so a change of
 * machine load hits both): the median of the per-pair ratios, on each Node line found here (this
 * Node, and those `.ci/run` installs under $MCP_AUDIT_NODE_DIR, default /opt/mcp-audit-node, or
 * the binaries listed in $MCP_AUDIT_BENCH_NODES, separated by `:`). Both programs run on the line
 * measured, with no V8 flag.
 *
 * Per line, ours runs from a copy of the bundle with a code cache that line's Node made (as an
 * install that built on it has: a git install, `npm ci` in a checkout), and again with a cache
 * made by another Node (as a tarball packed elsewhere has), where Node 22 and 24 use their own
 * compile cache (warm: one run first) and Node 20 compiles the bundle from source.
 * mcp-scan is installed with npm into a temp dir the first time and reused while it holds that
 * version; if it cannot be installed, the reason is printed instead of a ratio.
 */
const BIN = fileURLToPath(new URL('../../src/cli/bin.cjs', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../src/cli/main.cjs', import.meta.url));
const MAKE_CACHE = fileURLToPath(new URL('../../build-code-cache.mjs', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const PEER = 'mcp-scan@2.0.8';
const PEER_DIR = path.join(os.tmpdir(), 'mcp-audit-bench-mcp-scan-2.0.8');
const PAIRS = 9;

function installedPeer(): string | { readonly why: string } {
  const entry = path.join(PEER_DIR, 'node_modules', 'mcp-scan', 'dist', 'index.js');
  const manifest = path.join(PEER_DIR, 'node_modules', 'mcp-scan', 'package.json');
  const has = (): boolean => {
    if (!existsSync(entry) || !existsSync(manifest)) return false;
    const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && 'version' in parsed && parsed.version === '2.0.8';
  };
  if (has()) return entry;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--prefix', PEER_DIR, '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', PEER], {
    encoding: 'utf8', timeout: 300_000,
  });
  if (r.error !== undefined) return { why: `npm install ${PEER} failed: ${r.error.message}` };
  if (r.status !== 0) return { why: `npm install ${PEER} exited ${String(r.status)}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}` };
  return has() ? entry : { why: `npm install ${PEER} left no ${entry}` };
}

/**
 * A preloaded script that hands the process's CPU time (every thread, user + system) back on fd 3
 * as it exits: on a loaded machine (other jobs on the same cores) CPU time moves far less than
 * wall time, so it is printed beside it.
 */
const CPU_PRELOAD = path.join(os.tmpdir(), 'mcp-audit-bench-cpu.cjs');

function timed(node: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): { ms: number; cpuMs: number; stdout: string; status: number | null } {
  if (!existsSync(CPU_PRELOAD)) {
    writeFileSync(CPU_PRELOAD, "process.on('exit', () => { const u = process.cpuUsage(); try { require('node:fs').writeSync(3, String((u.user + u.system) / 1000)); } catch {} });\n");
  }
  const start = performance.now();
  const r = spawnSync(node, ['--require', CPU_PRELOAD, ...args], { encoding: 'utf8', cwd, env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
  const ms = performance.now() - start;
  const fd3: unknown = r.output[3];
  return { ms, cpuMs: Number(typeof fd3 === 'string' ? fd3 : NaN), stdout: r.stdout, status: r.status };
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The Node binaries to measure on: this one first, then one per other major line found. */
function nodeLines(): string[] {
  const listed = process.env.MCP_AUDIT_BENCH_NODES;
  const dir = process.env.MCP_AUDIT_NODE_DIR ?? '/opt/mcp-audit-node';
  const candidates = listed !== undefined && listed !== ''
    ? listed.split(':')
    : ['20', '22', '24'].map((major) => path.join(dir, major, 'node_modules', 'node', 'bin', 'node'));
  const seen = new Set([process.versions.node.split('.')[0]]);
  const out = [process.execPath];
  for (const node of candidates) {
    if (!existsSync(node)) continue;
    const version = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    const major = version.split('.')[0];
    if (version === '' || seen.has(major)) continue;
    seen.add(major);
    out.push(node);
  }
  return out;
}

/** A copy of the bundle with a code cache made by `cacheBy` (a Node binary), in a folder of its own. */
function bundleWithCache(cacheBy: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-bench-bundle-'));
  copyFileSync(BIN, path.join(dir, 'bin.cjs'));
  copyFileSync(BUNDLE, path.join(dir, 'main.cjs'));
  const r = spawnSync(cacheBy, [MAKE_CACHE, path.join(dir, 'main.cjs')], { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`making the code cache with ${cacheBy} failed: ${r.stderr}`);
  return path.join(dir, 'bin.cjs');
}

interface Paired { readonly ours: number; readonly theirs: number; readonly ratio: number; readonly cpuRatio: number; readonly graded: number; readonly listed: string }

function paired(node: string, bin: string, peer: string, home: string): Paired {
  const peerEnv = { ...process.env, HOME: home, USERPROFILE: home, NO_COLOR: '1', NO_UPDATE_NOTIFIER: '1' };
  const ours: number[] = [];
  const theirs: number[] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  let peerOut = '';
  let ourOut = '';
  // One run each first: Node's compile cache (22, 24) is written by the first run, as on a user's machine.
  timed(node, [bin, 'scan', '--root', home, '--format', 'json'], home, process.env);
  timed(node, [peer, 'ls'], home, peerEnv);
  for (let i = 0; i < PAIRS; i++) {
    const a = timed(node, [bin, 'scan', '--root', home, '--format', 'json'], home, process.env);
    const b = timed(node, [peer, 'ls'], home, peerEnv);
    if (a.status !== 0 && a.status !== 1) throw new Error(`mcp-audit scan exited ${String(a.status)}`);
    if (b.status !== 0) throw new Error(`mcp-scan ls exited ${String(b.status)}`);
    ours.push(a.ms);
    theirs.push(b.ms);
    ratios.push(a.ms / b.ms);
    cpuRatios.push(a.cpuMs / b.cpuMs);
    peerOut = b.stdout;
    ourOut = a.stdout;
  }
  const parsed: unknown = JSON.parse(ourOut);
  const graded = typeof parsed === 'object' && parsed !== null && 'entries' in parsed && Array.isArray(parsed.entries) ? parsed.entries.length : -1;
  return { ours: median(ours), theirs: median(theirs), ratio: median(ratios), cpuRatio: median(cpuRatios), graded, listed: /Total servers detected:\s*(\d+)/.exec(peerOut)?.[1] ?? '?' };
}

export async function bench(): Promise<void> {
  const peer = installedPeer();
  if (typeof peer !== 'string') {
    process.stdout.write(`  no ratio: ${peer.why}\n`);
    return;
  }
  const home = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-peer-'));
  const made: string[] = [];
  try {
    writeBenchHome(home);
    const lines = nodeLines();
    process.stdout.write(`  ${PAIRS} paired runs per figure on the bench home; load average ${os.loadavg()[0]?.toFixed(1) ?? '?'}; target <= 0.8\n`);
    for (const [i, node] of lines.entries()) {
      const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
      const own = bundleWithCache(node);
      made.push(path.dirname(own));
      const mine = paired(node, own, peer, home);
      process.stdout.write(`  Node ${version}: mcp-audit scan --format json ${mine.ours.toFixed(0)} ms (${mine.graded} entries graded), ${PEER} ls ${mine.theirs.toFixed(0)} ms (${mine.listed} listed): ratio ${mine.ratio.toFixed(2)} ${mine.ratio <= 0.8 ? 'met' : 'MISSED'} (CPU time ratio ${mine.cpuRatio.toFixed(2)})\n`);
      const other = lines[(i + 1) % lines.length];
      if (other === undefined || other === node) continue;
      const foreign = bundleWithCache(other);
      made.push(path.dirname(foreign));
      const theirs = paired(node, foreign, peer, home);
      const how = version.startsWith('v20.') ? 'compiled from source' : "Node's compile cache";
      process.stdout.write(`  Node ${version}, code cache from another Node (${how}): ratio ${theirs.ratio.toFixed(2)} (${theirs.ours.toFixed(0)} vs ${theirs.theirs.toFixed(0)} ms; CPU time ratio ${theirs.cpuRatio.toFixed(2)})\n`);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  }
}
