import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Times the whole `mcp-audit scan --root … --format json` process (discovery + grading + report)
 * on a generated home with 30 config files and 300 entries (target < 0.3 s median), the same with
 * `--list` (discovery only), and checks that the MCP SDK is not loaded.
 */
const BIN = fileURLToPath(new URL('../../src/cli/bin.cjs', import.meta.url));
const RUNS = 7;
const PER_FILE = 10;

const stdio = (i: number): Record<string, unknown> => ({ command: 'npx', args: ['-y', `@example/server-${i}@1.0.${i}`], env: { TOKEN: 'x' } });
const jsonMap = (key: string, base: number): string =>
  JSON.stringify({ [key]: Object.fromEntries(Array.from({ length: PER_FILE }, (_v, i) => [`s${base + i}`, stdio(base + i)])) }, null, 2);
const toml = (base: number): string =>
  Array.from({ length: PER_FILE }, (_v, i) => `[mcp_servers.s${base + i}]\ncommand = "npx"\nargs = ["-y", "@example/server-${base + i}"]\n`).join('\n');
const yamlList = (base: number): string =>
  `mcpServers:\n${Array.from({ length: PER_FILE }, (_v, i) => `  - name: s${base + i}\n    command: npx\n    args: ["-y", "@example/server-${base + i}"]\n`).join('')}`;
const yamlMap = (base: number): string =>
  `extensions:\n${Array.from({ length: PER_FILE }, (_v, i) => `  s${base + i}:\n    type: stdio\n    cmd: npx\n    args: ["-y", "@example/server-${base + i}"]\n    enabled: true\n`).join('')}`;

/** 20 host files plus 10 Claude Code plugin files: 30 files, 300 entries. */
function files(): [string, (base: number) => string][] {
  const map = (key: string) => (base: number): string => jsonMap(key, base);
  const out: [string, (base: number) => string][] = [
    ['.config/Claude/claude_desktop_config.json', map('mcpServers')],
    ['.claude.json', map('mcpServers')],
    ['.cursor/mcp.json', map('mcpServers')],
    ['.config/Code/User/mcp.json', map('servers')],
    ['.config/Code - Insiders/User/mcp.json', map('servers')],
    ['.copilot/mcp-config.json', map('mcpServers')],
    ['.codeium/windsurf/mcp_config.json', map('mcpServers')],
    ['.config/zed/settings.json', map('context_servers')],
    ['.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json', map('mcpServers')],
    ['.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json', map('mcpServers')],
    ['.continue/config.yaml', yamlList],
    ['.gemini/settings.json', map('mcpServers')],
    ['.codex/config.toml', toml],
    ['.config/opencode/opencode.json', map('mcp')],
    ['.config/goose/config.yaml', yamlMap],
    ['.lmstudio/mcp.json', map('mcpServers')],
    ['.kiro/settings/mcp.json', map('mcpServers')],
    ['.aws/amazonq/mcp.json', map('mcpServers')],
    ['.config/amp/settings.json', map('amp.mcpServers')],
    ['.config/crush/crush.json', map('mcp')],
  ];
  for (let p = 0; p < 10; p++) out.push([`.claude/plugins/cache/vendor/plugin-${p}/1.0.0/.mcp.json`, map('mcpServers')]);
  return out;
}

const LOADER = `export async function load(url, context, next) {
  if (url.includes('@modelcontextprotocol/sdk')) process.stderr.write('SDK-LOADED ' + url + '\\n');
  return next(url, context);
}
`;

/** Writes the 30-file, 300-entry home into `home`. */
export function writeBenchHome(home: string): void {
  files().forEach(([rel, make], i) => {
    const full = path.join(home, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, make(i * PER_FILE));
  });
}

function medianOf(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? NaN;
}

/** Median wall time of RUNS runs of the CLI with `args`; returns it and the last stdout. */
function timeCli(args: readonly string[], cwd: string): { median: number; min: number; max: number; stdout: string } {
  const times: number[] = [];
  let stdout = '';
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd });
    times.push(performance.now() - start);
    if (r.status !== 0 && r.status !== 1) throw new Error(`mcp-audit ${args.join(' ')} exited ${String(r.status)}: ${r.stderr}`);
    stdout = r.stdout;
  }
  const median = medianOf(times);
  return { median, min: times[0] ?? NaN, max: times[times.length - 1] ?? NaN, stdout };
}

function entryCount(stdout: string): number {
  const parsed: unknown = JSON.parse(stdout);
  return typeof parsed === 'object' && parsed !== null && 'entries' in parsed && Array.isArray(parsed.entries) ? parsed.entries.length : -1;
}

const ms = (n: number): string => `${n.toFixed(0)} ms`;

export async function bench(): Promise<void> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-bench-'));
  try {
    writeBenchHome(home);
    const loader = path.join(home, 'sdk-watch.mjs');
    writeFileSync(loader, LOADER);
    // ES modules through the loader hook; CommonJS ones (the bundle requires its externals) from require.cache at exit.
    const register = `data:text/javascript,import{register,createRequire}from"node:module";import{pathToFileURL}from"node:url";register(pathToFileURL(${JSON.stringify(loader)}));`
      + `process.on("exit",()=>{for(const k of Object.keys(createRequire(${JSON.stringify(loader)}).cache))if(k.includes("@modelcontextprotocol/sdk"))process.stderr.write("SDK-LOADED "+k+"\\n")})`;
    const scan = timeCli(['scan', '--root', home, '--format', 'json'], home);
    const list = timeCli(['scan', '--list', '--root', home, '--format', 'json'], home);
    const startup = timeCli(['--version'], home);
    const watched = spawnSync(process.execPath, ['--import', register, BIN, 'scan', '--root', home, '--format', 'json'], { encoding: 'utf8', cwd: home });
    const sdk = watched.stderr.split('\n').filter((l) => l.startsWith('SDK-LOADED')).length;
    const load = os.loadavg()[0]?.toFixed(1) ?? '?';
    process.stdout.write(`home: ${files().length} files, ${entryCount(list.stdout)} entries found by discovery, ${entryCount(scan.stdout)} graded; ${RUNS} runs each; load average ${load}\n`);
    process.stdout.write(`  scan --format json     median ${ms(scan.median)} (min ${ms(scan.min)}, max ${ms(scan.max)}); target < 300 ms: ${scan.median < 300 ? 'met' : 'MISSED'}\n`);
    process.stdout.write(`  scan --list (discovery) median ${ms(list.median)} (min ${ms(list.min)}, max ${ms(list.max)})\n`);
    process.stdout.write(`  --version (CLI startup) median ${ms(startup.median)}: discovery adds ${ms(list.median - startup.median)}, grading+report ${ms(scan.median - list.median)}\n`);
    process.stdout.write(`  @modelcontextprotocol/sdk modules loaded by scan: ${sdk}${sdk === 0 ? ' (not loaded: ok)' : ' (LOADED: imports must stay lazy)'}\n`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
