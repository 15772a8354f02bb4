import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBenchHome } from './scan.js';

/**
 * The whole-process scan against npm `mcp-scan@2.0.8 ls` (it lists servers and grades none) on
 * the bench's generated home, in paired runs (ours, then theirs, alternating, so a change of
 * machine load hits both): the median of the per-pair ratios. mcp-scan is installed with npm into
 * a temp dir the first time and reused while it holds that version; if it cannot be installed,
 * the reason is printed instead of a ratio.
 */
const BIN = fileURLToPath(new URL('../../src/cli/bin.cjs', import.meta.url));
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

function timed(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): { ms: number; stdout: string; status: number | null } {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', cwd, env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  return { ms: performance.now() - start, stdout: r.stdout, status: r.status };
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function bench(): Promise<void> {
  const peer = installedPeer();
  if (typeof peer !== 'string') {
    process.stdout.write(`  no ratio: ${peer.why}\n`);
    return;
  }
  const home = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-peer-'));
  try {
    writeBenchHome(home);
    // mcp-scan finds configs under os.homedir(), i.e. $HOME; ours is told the home with --root.
    const peerEnv = { ...process.env, HOME: home, USERPROFILE: home, NO_COLOR: '1', NO_UPDATE_NOTIFIER: '1' };
    const ours: number[] = [];
    const theirs: number[] = [];
    const ratios: number[] = [];
    let peerOut = '';
    let ourOut = '';
    for (let i = 0; i < PAIRS; i++) {
      const a = timed([BIN, 'scan', '--root', home, '--format', 'json'], home, process.env);
      const b = timed([peer, 'ls'], home, peerEnv);
      if (a.status !== 0 && a.status !== 1) throw new Error(`mcp-audit scan exited ${String(a.status)}`);
      if (b.status !== 0) throw new Error(`mcp-scan ls exited ${String(b.status)}`);
      ours.push(a.ms);
      theirs.push(b.ms);
      ratios.push(a.ms / b.ms);
      peerOut = b.stdout;
      ourOut = a.stdout;
    }
    const listed = /Total servers detected:\s*(\d+)/.exec(peerOut)?.[1] ?? '?';
    const parsed: unknown = JSON.parse(ourOut);
    const graded = typeof parsed === 'object' && parsed !== null && 'entries' in parsed && Array.isArray(parsed.entries) ? parsed.entries.length : -1;
    const ratio = median(ratios);
    process.stdout.write(`  ${PAIRS} paired runs on the bench home; load average ${os.loadavg()[0]?.toFixed(1) ?? '?'}\n`);
    process.stdout.write(`  mcp-audit scan --format json  median ${median(ours).toFixed(0)} ms, ${graded} entries graded\n`);
    process.stdout.write(`  ${PEER} ls            median ${median(theirs).toFixed(0)} ms, ${listed} servers listed, none graded\n`);
    process.stdout.write(`  ratio (median of pairs) ${ratio.toFixed(2)}; target <= 0.8: ${ratio <= 0.8 ? 'met' : 'MISSED (start-up work, issue 14 item 2)'}\n`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
