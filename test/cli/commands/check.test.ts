import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { tempDir } from '../../helpers/materialize.js';
import { BIN, cli } from './cli-run.js';
import { HOSTS } from '../../../src/hosts/index.js';

const WIRED = ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio'];
const UPSTREAM = ['--upstream-command', 'npx', '--upstream-arg=-y', '--upstream-arg=@modelcontextprotocol/server-filesystem'];
const clean = { mcpServers: { fs: { command: 'uvx', args: [...WIRED, ...UPSTREAM] } } };
const planted = { mcpServers: { fs: { command: 'uvx', args: [...WIRED, '--pin-store', '/tmp/pins.json', ...UPSTREAM] } } };

async function dotfilesRepo(cursorConfig: unknown): Promise<string> {
  const repo = await tempDir('mcp-audit-dotfiles');
  execFileSync('git', ['init', '-q', repo]);
  await fs.mkdir(path.join(repo, '.cursor'));
  await fs.writeFile(path.join(repo, '.cursor/mcp.json'), `${JSON.stringify(cursorConfig, null, 2)}\n`);
  await fs.writeFile(path.join(repo, 'README.md'), 'dotfiles\n');
  return repo;
}

/** The hook as .pre-commit-hooks.yaml declares it. */
function hook(): { entry: string; files: RegExp } {
  const doc: unknown = parseYaml(readFileSync('.pre-commit-hooks.yaml', 'utf8'));
  assert.ok(Array.isArray(doc));
  const h: unknown = doc.find((x: unknown) => typeof x === 'object' && x !== null && 'id' in x && x.id === 'mcp-audit');
  assert.ok(typeof h === 'object' && h !== null && 'entry' in h && 'files' in h && 'language' in h);
  assert.equal(h.language, 'node');
  assert.ok(typeof h.entry === 'string' && typeof h.files === 'string');
  return { entry: h.entry, files: new RegExp(h.files) };
}

/** Runs the hook exactly as pre-commit would: its entry, plus the staged files its `files` regex matches. */
function runHook(repo: string, staged: readonly string[]): { code: number; stdout: string } {
  const { entry, files } = hook();
  const [program, ...args] = entry.split(' ');
  assert.equal(program, 'mcp-audit');
  const matched = staged.filter((f) => files.test(f));
  if (matched.length === 0) return { code: 0, stdout: '' };
  const r = spawnSync(process.execPath, [BIN, ...args, ...matched], { cwd: repo, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout };
}

test('the hook flags a planted --pin-store added to .cursor/mcp.json, with file:line:column', async () => {
  const repo = await dotfilesRepo(planted);
  const r = runHook(repo, ['.cursor/mcp.json', 'README.md']);
  assert.equal(r.code, 1);
  // Relative to the checkout (the working folder), as an editor and `git apply` resolve it: `~/` is the user's real home.
  assert.match(r.stdout, /^\.cursor\/mcp\.json:\d+:\d+: unverifiable: fs \(cursor\)/);
  assert.doesNotMatch(r.stdout, /~\//);
  assert.match(r.stdout, /pin-store-planted/);
});

test('check shows every finding that fails the run: a critical launcher advisory, not only the grade\'s findings', async () => {
  const repo = await dotfilesRepo({ mcpServers: { remote: { command: 'npx', args: ['-y', 'mcp-remote@0.1.15', 'https://mcp.example.com/sse'] } } });
  const r = spawnSync(process.execPath, [BIN, 'check', '.cursor/mcp.json'], { cwd: repo, encoding: 'utf8' });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /at or above high: launcher-vulnerable/);
  assert.match(r.stdout, /^ {2}\.cursor\/mcp\.json:\d+:\d+: critical launcher-vulnerable: /m);
});

test('check -- FILE…: every word after -- is a file, even one that looks like an option or a number', async () => {
  const repo = await dotfilesRepo(planted);
  const r = spawnSync(process.execPath, [BIN, 'check', '--', '.cursor/mcp.json'], { cwd: repo, encoding: 'utf8' });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /pin-store-planted/);
  const injected = spawnSync(process.execPath, [BIN, 'check', '--', '.cursor/mcp.json', '--fail-on=none'], { cwd: repo, encoding: 'utf8' });
  assert.equal(injected.status, 2, injected.stderr);
  assert.match(injected.stderr, /check: --fail-on=none does not exist/);
  await fs.writeFile(path.join(repo, '1e3'), '{}\n');
  const numeric = spawnSync(process.execPath, [BIN, 'check', '--quiet-skipped', '--', '1e3'], { cwd: repo, encoding: 'utf8' });
  assert.equal(numeric.status, 0, numeric.stderr);
  const none = spawnSync(process.execPath, [BIN, 'check'], { cwd: repo, encoding: 'utf8' });
  assert.equal(none.status, 2);
  assert.match(none.stderr, /check needs at least one file/);
});

test('the hook passes a clean wired config and prints nothing', async () => {
  const repo = await dotfilesRepo(clean);
  const r = runHook(repo, ['.cursor/mcp.json']);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '');
});

test('the hook files regex selects every config location of every host, and skips unrelated files', () => {
  const { files } = hook();
  const missed: string[] = [];
  for (const host of HOSTS) {
    for (const location of host.locations) {
      if (location.path.startsWith('$')) continue; // a file named by an environment variable
      if ('script' in location) continue; // a script the host runs (crushrc): never graded, only a floor cause
      if ('unreadLayer' in location) continue; // a layer not decoded (Codex's preferences plists): only a floor cause
      const sample = location.path.replace(/\{([^,}]+)[^}]*\}/g, '$1').replace(/\*\*\//g, 'a/').replace(/\*/g, 'x');
      if (!files.test(sample)) missed.push(`${host.id}: ${location.path}`);
    }
  }
  assert.deepEqual(missed, []);
  for (const f of ['README.md', 'src/index.ts', '.bashrc']) assert.ok(!files.test(f), f);
});

test('check reads project-scope files (.mcp.json) and ignores files that are no host config', async () => {
  const repo = await dotfilesRepo(clean);
  await fs.writeFile(path.join(repo, '.mcp.json'), JSON.stringify(planted));
  await fs.writeFile(path.join(repo, 'package.json'), '{"name": "x"}');
  const r = await cli(['check', '.mcp.json', 'package.json'], { cwd: repo });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /pin-store-planted/);
  assert.match(r.stdout, /\(claude-code\)/);
  const unrelated = await cli(['check', 'package.json'], { cwd: repo });
  assert.equal(unrelated.code, 0);
  assert.equal(unrelated.stdout, '');
  const missing = await cli(['check', 'no-such.json'], { cwd: repo });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /no such file/);
});

test('check grades only the named files and never reads stores from the repo', async () => {
  const repo = await dotfilesRepo(clean);
  await fs.mkdir(path.join(repo, '.codeium/windsurf'), { recursive: true });
  await fs.writeFile(path.join(repo, '.codeium/windsurf/mcp_config.json'), JSON.stringify({ mcpServers: { bare: { command: 'npx', args: ['-y', 'x-mcp'] } } }));
  const onlyCursor = await cli(['check', '.cursor/mcp.json'], { cwd: repo });
  assert.equal(onlyCursor.code, 0, onlyCursor.stdout + onlyCursor.stderr);
  const withWindsurf = await cli(['check', '.cursor/mcp.json', '.codeium/windsurf/mcp_config.json'], { cwd: repo });
  assert.equal(withWindsurf.code, 1);
  assert.match(withWindsurf.stdout, /unprotected: bare \(windsurf\)/);
  assert.ok(!withWindsurf.stdout.includes('fs (cursor)'));
});

test('the real pre-commit tool runs the hook when it is installed', { skip: spawnSync('pre-commit', ['--version']).status !== 0 ? 'pre-commit is not installed here (tested above exactly as it invokes hooks)' : false }, async () => {
  const repo = await dotfilesRepo(planted);
  await fs.writeFile(path.join(repo, '.pre-commit-config.yaml'), [
    'repos:', '  - repo: local', '    hooks:', '      - id: mcp-audit', '        name: mcp-audit',
    `        entry: ${process.execPath} ${BIN} check`, '        language: system', `        files: '${hook().files.source}'`, '',
  ].join('\n'));
  execFileSync('git', ['add', '-A'], { cwd: repo });
  const r = spawnSync('pre-commit', ['run', '--all-files'], { cwd: repo, encoding: 'utf8', env: { ...process.env, PRE_COMMIT_HOME: path.join(repo, '.cache') } });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /pin-store-planted/);
});

test('with no --platform, check finds macOS and Windows layouts committed to a dotfiles repo', async () => {
  const repo = await dotfilesRepo(clean);
  const mac = 'Library/Application Support/Claude/claude_desktop_config.json';
  const win = 'AppData/Roaming/Claude/claude_desktop_config.json';
  for (const f of [mac, win]) {
    await fs.mkdir(path.join(repo, path.dirname(f)), { recursive: true });
    await fs.writeFile(path.join(repo, f), JSON.stringify(planted));
  }
  for (const f of [mac, win]) {
    const r = await cli(['check', f], { cwd: repo });
    assert.equal(r.code, 1, `${f}: ${r.stdout}${r.stderr}`);
    assert.match(r.stdout, /pin-store-planted/);
  }
  assert.equal((await cli(['check', '.cursor/mcp.json'], { cwd: repo })).code, 0, 'the clean Linux-layout file still passes');
});

test('a config committed as a symlink is selected by the hook and checked through the link', async () => {
  const doc: unknown = parseYaml(readFileSync('.pre-commit-hooks.yaml', 'utf8'));
  assert.ok(Array.isArray(doc));
  const h: unknown = doc[0];
  assert.ok(typeof h === 'object' && h !== null && 'types_or' in h && Array.isArray(h.types_or));
  assert.ok(h.types_or.includes('symlink') && h.types_or.includes('file'));
  const repo = await dotfilesRepo(clean);
  await fs.writeFile(path.join(repo, 'planted.txt'), JSON.stringify(planted));
  await fs.rm(path.join(repo, '.cursor/mcp.json'));
  await fs.symlink('../planted.txt', path.join(repo, '.cursor/mcp.json'));
  const r = runHook(repo, ['.cursor/mcp.json', 'planted.txt']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /pin-store-planted/);
});

test('check never calls a committed entry enforcing: it is wired, the store and baseline not examined, in every format', async () => {
  const repo = await dotfilesRepo(clean);
  const file = path.join(repo, '.cursor/mcp.json');
  const json = await cli(['check', '--root', repo, '--format', 'json', file], { cwd: repo });
  assert.equal(json.code, 0, json.stderr);
  const report: unknown = JSON.parse(json.stdout);
  assert.ok(typeof report === 'object' && report !== null && 'entries' in report && Array.isArray(report.entries));
  const [row] = report.entries as { grade: string; evidence: { claim: string; proven: boolean; notExamined?: true }[] }[];
  assert.equal(row?.grade, 'wired');
  assert.deepEqual(row?.evidence.filter((c) => c.notExamined === true).map((c) => c.claim), ['store', 'baseline']);
  const table = await cli(['check', '--root', repo, '--format', 'table', file], { cwd: repo });
  // The table lists only what fails: a wired entry passes, and nothing calls it enforcing.
  assert.equal(table.code, 0, table.stderr);
  assert.doesNotMatch(table.stdout + table.stderr, /\benforcing\b(?! or wired)/);
  const sarif = await cli(['check', '--root', repo, '--format', 'sarif', file], { cwd: repo });
  assert.doesNotMatch(sarif.stdout, /"grade":"enforcing"/);
});
