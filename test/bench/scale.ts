import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportErrors } from '../report/validate.js';

/**
 * The scale series: one big input per point (servers in one ~/.cursor/mcp.json, ~/.claude.json
 * projects, env keys of one server, Codex TOML tables, Goose YAML extensions), each scanned by the
 * real CLI in its own process. Prints wall and CPU time, per entry net of a one-server scan
 * (flatness is judged on CPU: wall time on a shared machine moves with the other load), peak
 * RSS of the child (its own process.resourceUsage(), written at exit by a preloaded module) and
 * whether the JSON report is valid against schemas/report.schema.json with every entry in it.
 */
const BIN = fileURLToPath(new URL('../../src/cli/bin.cjs', import.meta.url));

export interface Point {
  readonly name: string;
  /** The series the point belongs to (time per entry is compared within a series). */
  readonly series: string;
  /** Entries of the unit being scaled (servers, projects, env keys, tables). */
  readonly n: number;
  readonly unit: string;
  /** Home-relative file and its text. */
  readonly file: string;
  readonly text: () => string;
  /** Server entries the JSON report must hold. */
  readonly entries: number;
  /**
   * Another command than `scan --format json` (the default table, `fix`): its arguments after
   * `--root home`, and what its output must show. The series then shows that command's cost.
   */
  readonly command?: { readonly args: readonly string[]; readonly check: (stdout: string, status: number | null) => string };
}

const server = (i: number): string => `{"command":"npx","args":["-y","@example/s${i}"],"env":{"K":"v"}}`;

/** One server per line: ~70 bytes each, so 50,000 stay under the 4 MiB JSON parse cap (3.6 MB). */
function cursor(n: number): string {
  const lines = Array.from({ length: n }, (_v, i) => `"s${i}":${server(i)}`);
  return `{"mcpServers":{\n${lines.join(',\n')}\n}}\n`;
}

/**
 * Projects recorded in ~/.claude.json (it may use 16 MiB), one server in every `every`-th
 * (Claude Code records each folder it was opened in; few carry servers of their own).
 */
function claudeProjects(n: number, every: number): string {
  const lines = Array.from({ length: n }, (_v, i) =>
    `"/home/u/work/p${i}":{"allowedTools":[],"mcpServers":{${i % every === 0 ? `"s":${server(i)}` : ''}},"hasTrustDialogAccepted":false}`);
  return `{"numStartups":3,"projects":{\n${lines.join(',\n')}\n}}\n`;
}

function envKeys(n: number): string {
  const keys = Array.from({ length: n }, (_v, i) => `"K${i}":"v"`);
  return `{"mcpServers":{"big":{"command":"npx","args":["-y","@example/big"],"env":{\n${keys.join(',\n')}\n}}}}\n`;
}

function codexTables(n: number): string {
  return Array.from({ length: n }, (_v, i) =>
    `[mcp_servers.s${i}]\ncommand = "npx"\nargs = ["-y", "@example/s${i}"]\nenv = { K = "v" }\n`).join('\n');
}

function gooseExtensions(n: number): string {
  const items = Array.from({ length: n }, (_v, i) => `  s${i}:\n    type: stdio\n    cmd: npx\n    args: ["-y", "@example/s${i}"]\n    enabled: true\n`);
  return `extensions:\n${items.join('')}`;
}

export const POINTS: readonly Point[] = [
  ...[1_000, 10_000, 50_000].map((n) => ({
    name: `${n / 1000}k servers`, series: 'servers in one ~/.cursor/mcp.json', n, unit: 'server',
    file: '.cursor/mcp.json', text: () => cursor(n), entries: n,
  })),
  ...[10_000, 100_000].map((n) => ({
    name: `${n / 1000}k projects`, series: '~/.claude.json projects (one server each)', n, unit: 'project',
    file: '.claude.json', text: () => claudeProjects(n, 1), entries: n,
  })),
  ...[10_000, 100_000].map((n) => ({
    name: `${n / 1000}k projects/100`, series: '~/.claude.json projects (one in 100 with a server)', n, unit: 'project',
    file: '.claude.json', text: () => claudeProjects(n, 100), entries: n / 100,
  })),
  ...[5_000, 20_000].map((n) => ({
    name: `${n / 1000}k servers (table)`, series: 'the default table, servers in one ~/.cursor/mcp.json', n, unit: 'server',
    file: '.cursor/mcp.json', text: () => cursor(n), entries: n,
    command: { args: ['scan', '--no-project-scan'], check: (out: string, status: number | null) => lines(out, status, /^│ s\d+ /gm, n) },
  })),
  ...[10_000, 40_000].map((n) => ({
    name: `${n / 1000}k servers (fix)`, series: '`fix` (preview), servers in one ~/.cursor/mcp.json', n, unit: 'server',
    file: '.cursor/mcp.json', text: () => cursor(n), entries: n,
    command: { args: ['fix', '--no-project-scan'], check: (out: string, status: number | null) => lines(out, status, /^not mended: .*: no-pinning-proxy: /gm, n) },
  })),
  {
    name: '100k env keys', series: 'env keys in one server', n: 100_000, unit: 'env key',
    file: '.cursor/mcp.json', text: () => envKeys(100_000), entries: 1,
  },
  {
    name: '10k TOML tables', series: '~/.codex/config.toml tables', n: 10_000, unit: 'table',
    file: '.codex/config.toml', text: () => codexTables(10_000), entries: 10_000,
  },
  {
    name: '5k YAML extensions', series: '~/.config/goose/config.yaml (1 MiB YAML cap)', n: 5_000, unit: 'extension',
    file: '.config/goose/config.yaml', text: () => gooseExtensions(5_000), entries: 5_000,
  },
];

/** A point still running after this is killed and reported (MCP_AUDIT_BENCH_TIMEOUT_S, default 120). */
const TIMEOUT_MS = Number(process.env.MCP_AUDIT_BENCH_TIMEOUT_S ?? '120') * 1000;

const RSS_PRELOAD = 'data:text/javascript,import{writeFileSync}from"node:fs";process.on("exit",()=>{const u=process.resourceUsage();'
  + 'writeFileSync(process.env.MCP_AUDIT_BENCH_RSS,`${u.maxRSS} ${u.userCPUTime+u.systemCPUTime}`)})';

export interface Run {
  readonly ms: number;
  readonly rssKiB: number;
  /** CPU time of the child, all threads (user + system): unlike wall time, not stretched by other load. */
  readonly cpuMs: number;
  readonly stdout: string;
  readonly status: number | null;
}

/**
 * One `scan --root home --format json` in a child process: wall time, peak RSS, its output. The
 * report goes to a file, as `> report.json` would send it: the timing is the scan's, not a pipe's
 * or this parent's decoding of a 240 MB report into a string.
 */
export function scanOnce(home: string, options: { readonly keepOutput?: boolean; readonly command?: readonly string[] } = {}): Run {
  const rssFile = path.join(home, '..', `${path.basename(home)}.rss`);
  const outFile = path.join(home, '..', `${path.basename(home)}.json`);
  const out = openSync(outFile, 'w');
  const start = performance.now();
  let r: ReturnType<typeof spawnSync>;
  try {
    const args = options.command ?? ['scan', '--format', 'json'];
    r = spawnSync(process.execPath, ['--import', RSS_PRELOAD, BIN, ...args, '--root', home], {
      stdio: ['ignore', out, 'pipe'], cwd: home, timeout: TIMEOUT_MS, env: { ...process.env, MCP_AUDIT_BENCH_RSS: rssFile },
    });
  } finally {
    closeSync(out);
  }
  const ms = performance.now() - start;
  let rssKiB = NaN;
  let cpuMs = NaN;
  try {
    const [rss = NaN, cpuUs = NaN] = readFileSync(rssFile, 'utf8').split(' ').map(Number);
    rssKiB = rss;
    cpuMs = cpuUs / 1000;
    rmSync(rssFile, { force: true });
  } catch {
    // No figure: the child died before its exit handler ran (printed as NaN).
  }
  // Read only when asked (the last run of a point): a 245 MB report decoded into this process
  // between runs left its collector busy on the second core while the next run was timed.
  const stdout = options.keepOutput === false ? '' : readFileSync(outFile, 'utf8');
  rmSync(outFile, { force: true });
  return { ms, rssKiB, cpuMs, stdout, status: r.status };
}

/**
 * A full collection of this process, when `npm run bench` gave it --expose-gc: the last report
 * checked (a 245 MB string and its parse) would otherwise be collected by helper threads on the
 * second core while the next point's first run is timed.
 */
function settle(): void {
  const gc: unknown = Reflect.get(globalThis, 'gc');
  if (typeof gc === 'function') Reflect.apply(gc, undefined, []);
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Whether a text output (table rows, fix lines) has `want` lines of its kind, in words. */
function lines(stdout: string, status: number | null, line: RegExp, want: number): string {
  if (status !== 0 && status !== 1) return `INVALID: exit ${String(status)}`;
  const got = stdout.match(line)?.length ?? 0;
  return got === want ? `valid, ${got} lines` : `INVALID: ${got} lines, want ${want}`;
}

/** Whether the report is schema-valid and holds `want` entries, in words. */
function verdict(run: Run, want: number): string {
  if (run.status === null) return `DID NOT FINISH in ${(TIMEOUT_MS / 1000).toFixed(0)} s`;
  if (run.status !== 0 && run.status !== 1) return `INVALID: exit ${String(run.status)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(run.stdout);
  } catch {
    return 'INVALID: not JSON';
  }
  const errors = reportErrors(parsed);
  if (errors !== '') return `INVALID: ${errors.split('\n')[0] ?? ''}`;
  const got = typeof parsed === 'object' && parsed !== null && 'entries' in parsed && Array.isArray(parsed.entries) ? parsed.entries.length : -1;
  return got === want ? `valid, ${got} entries` : `INVALID: ${got} entries, want ${want}`;
}

/**
 * Three runs per point, the median reported: the large points too, whose "< 5 s" verdict one run
 * on a shared 2-core machine could tip either way (a run takes 4-6 s there).
 */
const RUNS = 3;

export async function bench(): Promise<void> {
  const only = process.env.MCP_AUDIT_BENCH_POINTS?.split(',');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-scale-'));
  try {
    // The baseline is a home with one server: it loads and compiles what every point uses.
    const empty = path.join(dir, 'one');
    mkdirSync(path.join(empty, '.cursor'), { recursive: true });
    writeFileSync(path.join(empty, '.cursor', 'mcp.json'), cursor(1));
    const emptyRuns = [0, 1, 2, 3, 4].map(() => scanOnce(empty));
    const base = median(emptyRuns.map((r) => r.ms));
    const baseCpu = median(emptyRuns.map((r) => r.cpuMs));
    process.stdout.write(`one-server home: median ${base.toFixed(0)} ms wall, ${baseCpu.toFixed(0)} ms CPU (subtracted for "net"); load average ${os.loadavg()[0]?.toFixed(1) ?? '?'}\n`);
    const perSeries = new Map<string, number[]>();
    /** Per series, each point's (entries, CPU ms, wall ms): the cost of each further entry between two points. */
    const cpuSeries = new Map<string, [number, number, number][]>();
    for (const p of POINTS) {
      if (only !== undefined && !only.includes(p.name)) continue;
      const home = path.join(dir, p.name.replace(/\W+/g, '-'));
      const file = path.join(home, p.file);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, p.text());
      const bytes = statSync(file).size;
      const runs = Array.from({ length: RUNS }, (_v, i) => scanOnce(home, { keepOutput: i === RUNS - 1, ...(p.command !== undefined ? { command: p.command.args } : {}) }));
      const ms = median(runs.map((r) => r.ms));
      const rss = Math.max(...runs.map((r) => r.rssKiB));
      const cpu = median(runs.map((r) => r.cpuMs));
      const netUs = ((ms - base) * 1000) / p.n;
      const netCpuUs = ((cpu - baseCpu) * 1000) / p.n;
      const pts = cpuSeries.get(p.series) ?? [];
      pts.push([p.n, cpu, ms]);
      cpuSeries.set(p.series, pts);
      const list = perSeries.get(p.series) ?? [];
      list.push(netCpuUs);
      perSeries.set(p.series, list);
      const last = runs[runs.length - 1];
      process.stdout.write(`  ${p.name.padEnd(20)} ${(bytes / 1e6).toFixed(1).padStart(5)} MB  ${ms.toFixed(0).padStart(6)} ms (${runs.length} run${runs.length > 1 ? 's, median' : ''})`
        + `  ${((ms * 1000) / p.n).toFixed(1).padStart(6)} us/${p.unit} (net ${netUs.toFixed(1)})  CPU ${cpu.toFixed(0)} ms (net ${netCpuUs.toFixed(1)} us/${p.unit})`
        + `  peak RSS ${(rss / 1024).toFixed(0)} MiB`
        + `  ${ms < 5000 ? '< 5 s' : p.command === undefined ? '>= 5 s (MISSED)' : '>= 5 s'}  ${last === undefined ? '' : p.command !== undefined ? p.command.check(last.stdout, last.status) : verdict(last, p.entries)}\n`);
      rmSync(home, { recursive: true, force: true });
      settle();
    }
    for (const [series, values] of perSeries) {
      if (values.length < 2) continue;
      const ratio = Math.max(...values) / Math.min(...values);
      const growth = (values[values.length - 1] ?? NaN) / (values[0] ?? NaN);
      // The marginal cost (CPU per further entry from one point to the next) leaves out what every
      // run pays once (JIT warm-up; for projects, the 1,000 listed roots checked), which the
      // average per entry of the smallest point carries.
      const points = cpuSeries.get(series) ?? [];
      const marginal = points.slice(1).map(([n, cpu], i) => {
        const [n0 = 0, cpu0 = 0] = points[i] ?? [];
        return ((cpu - cpu0) * 1000) / (n - n0);
      });
      // The same in wall time: CPU counts the optimising compiler's and the collector's threads
      // too, whose work comes mostly once a run's code turns hot (between 1k and 5k entries).
      const wallMarginal = points.slice(1).map(([n, , ms], i) => {
        const [n0 = 0, , ms0 = 0] = points[i] ?? [];
        return ((ms - ms0) * 1000) / (n - n0);
      });
      const mSpread = marginal.length > 1 ? Math.max(...marginal) / Math.min(...marginal) : 1;
      const wSpread = wallMarginal.length > 1 ? Math.max(...wallMarginal) / Math.min(...wallMarginal) : 1;
      const grows = growth > 2 || (marginal.length > 1 && (marginal[marginal.length - 1] ?? 0) > 2 * (marginal[0] ?? 0));
      process.stdout.write(`  ${series}: net CPU per entry, largest/smallest point ${growth.toFixed(2)}x (spread ${ratio.toFixed(2)}x);`
        + ` CPU per further entry ${marginal.map((m) => `${m.toFixed(1)} us`).join(' -> ')}${marginal.length > 1 ? ` (spread ${mSpread.toFixed(2)}x)` : ''}`
        + `; wall per further entry ${wallMarginal.map((m) => `${m.toFixed(1)} us`).join(' -> ')}${wallMarginal.length > 1 ? ` (spread ${wSpread.toFixed(2)}x)` : ''}`
        + ` — flat within 2x: ${mSpread <= 2 && ratio <= 2 ? 'yes' : 'no'}; grows with size: ${grows ? 'YES' : 'no (it falls: fixed costs and JIT warm-up spread over more entries)'}\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
