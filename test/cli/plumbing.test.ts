import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureHome } from '../hosts/helpers.js';
import { tempDir } from '../helpers/materialize.js';
import { BIN } from './commands/cli-harness.js';
import { assertValidReport } from '../report/validate.js';

const quote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

describe('plumbing: stdout, pipes, output errors, stdin on a terminal', () => {
  let dir = '';
  const home = fixtureHome('linux');
  before(async () => {
    dir = await tempDir('mcp-audit-plumbing');
    const line = JSON.stringify({ id: 1, old: [{ name: 'a', inputSchema: { type: 'object' } }], new: [{ name: 'a', inputSchema: { type: 'object' } }] });
    writeFileSync(path.join(dir, 'batch.jsonl'), `${line}\n`.repeat(5000));
    mkdirSync(path.join(dir, 'locked'), { mode: 0o500 });
  });
  after(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it('-o - writes the report to stdout, not to a file named -', () => {
    const r = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '--format', 'json', '-o', '-'], { encoding: 'utf8', cwd: dir });
    assert.equal(r.status, 1, r.stderr);
    assertValidReport(r.stdout);
    assert.ok(!existsSync(path.join(dir, '-')));
  });

  it('a closed pipe ends the command quietly: diff --batch … | head -1', () => {
    const r = spawnSync('sh', ['-c', `${quote(process.execPath)} ${quote(BIN)} diff --batch batch.jsonl | head -1; echo "status \${PIPESTATUS:-}"`], { encoding: 'utf8', cwd: dir });
    assert.equal(r.stdout.split('\n').filter((l) => l.startsWith('{')).length, 1);
    assert.doesNotMatch(r.stderr, /EPIPE|Error|at /, r.stderr);
    const scan = spawnSync('sh', ['-c', `${quote(process.execPath)} ${quote(BIN)} scan --root ${quote(home)} | head -1`], { encoding: 'utf8', cwd: dir });
    assert.doesNotMatch(scan.stderr, /EPIPE|Error:|\n\s+at /);
  });

  it('--output errors name the cause (ENOENT, EACCES)', () => {
    const missing = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '-o', path.join(dir, 'nope', 'r.json')], { encoding: 'utf8' });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /--output .*nope\/r\.json: cannot write it: ENOENT \(its directory does not exist\)/);
    if (process.getuid?.() !== 0) {
      const locked = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '-o', path.join(dir, 'locked', 'r.json')], { encoding: 'utf8' });
      assert.equal(locked.status, 2);
      assert.match(locked.stderr, /cannot write it: EACCES \(permission denied\)/);
    }
    const isDir = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '-o', dir], { encoding: 'utf8' });
    assert.match(isDir.stderr, /cannot write it: EISDIR/);
  });

  it('canonical, digest and diff reading stdin from a terminal say so first; from a pipe they stay quiet', async () => {
    const { run } = await import('../../src/cli/run.js');
    const { processEnv } = await import('../../src/shared/env.js');
    const tool = JSON.stringify([{ name: 'a', inputSchema: { type: 'object' } }]);
    for (const [args, tty] of [[['canonical'], true], [['digest'], true], [['diff', '-', path.join(dir, 'one.json')], true], [['canonical'], false]] as const) {
      writeFileSync(path.join(dir, 'one.json'), tool);
      let stderr = '';
      let stdout = '';
      const code = await run([...args], {
        stdout: { write: (t: string) => { stdout += t; } }, stderr: { write: (t: string) => { stderr += t; } },
        readStdin: async () => tool, stdinIsTTY: tty, env: processEnv({ cwd: dir }),
      });
      assert.equal(code, 0, `${args.join(' ')}: ${stderr}`);
      assert.ok(stdout.length > 0);
      if (tty) assert.match(stderr, /^mcp-audit: reading JSON from standard input \(end with Ctrl-D/, args.join(' '));
      else assert.equal(stderr, '');
    }
  });

  it('check prints file:line:column for every failing finding, launcher findings included', async () => {
    const { runCli } = await import('./commands/cli-harness.js');
    const repo = path.join(dir, 'repo');
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    mkdirSync(path.join(repo, '.cursor'));
    writeFileSync(path.join(repo, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { bare: { command: 'npx', args: ['-y', 'x-mcp'] } } }, null, 2));
    const r = await runCli(['check', '--root', repo, path.join(repo, '.cursor', 'mcp.json')]);
    assert.equal(r.code, 1);
    const findingLines = r.stdout.split('\n').filter((l) => l.startsWith('  '));
    assert.ok(findingLines.length > 0, r.stdout);
    for (const l of findingLines) assert.match(l, /^ {2}~?[^ ]*mcp\.json:\d+:\d+: /, l);
  });
});
