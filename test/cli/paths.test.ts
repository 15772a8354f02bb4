import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../helpers/materialize.js';
import { cli } from './commands/cli-run.js';

const asRoot = process.getuid?.() === 0;

describe('paths named on the command line: a bad one is exit 2 with the reason, never an empty audit', () => {
  let dir = '';
  before(async () => {
    dir = await tempDir('mcp-audit-paths');
    await fs.writeFile(path.join(dir, 'a-file.json'), '{}');
    await fs.mkdir(path.join(dir, 'locked'), { mode: 0o000 });
    await fs.mkdir(path.join(dir, 'repo'));
    await fs.mkdir(path.join(dir, 'repo2'));
    execFileSync('git', ['init', '-q', path.join(dir, 'repo')]);
    await fs.mkdir(path.join(dir, 'repo', '.cursor'));
    await fs.writeFile(path.join(dir, 'repo', '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { bare: { command: 'npx', args: ['-y', 'x-mcp'] } } }));
    await fs.mkdir(path.join(dir, 'repo2', '.cursor'));
    await fs.writeFile(path.join(dir, 'repo2', '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { other: { command: 'npx', args: ['-y', 'y-mcp'] } } }));
    await fs.writeFile(path.join(dir, 'repo', 'notes.json'), '{}');
  });
  after(async () => {
    await fs.chmod(path.join(dir, 'locked'), 0o700);
    await fs.rm(dir, { recursive: true, force: true });
  });

  for (const command of ['scan', 'scan --list', 'hosts', 'probe']) {
    for (const flag of ['--root', '--project']) {
      it(`${command} ${flag}: missing, a file, or unreadable → exit 2 naming the cause`, async () => {
        const cases: [string, RegExp][] = [
          [path.join(dir, 'nope'), /does not exist: no such file or directory \(ENOENT\)/],
          [path.join(dir, 'a-file.json'), /is not a directory/],
          [path.join(dir, 'a-file.json', 'below'), /ENOTDIR/],
          ...(asRoot ? [] : [[path.join(dir, 'locked'), /permission denied \(EACCES\)/] as [string, RegExp]]),
        ];
        for (const [p, why] of cases) {
          const extra = flag === '--project' ? ['--root', dir] : [];
          const r = await cli([...command.split(' '), ...extra, flag, p, '--format', 'json']);
          assert.equal(r.code, 2, `${command} ${flag} ${p}: ${r.stdout}`);
          assert.equal(r.stdout, '');
          assert.match(r.stderr, new RegExp(`^mcp-audit: ${flag} ${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `));
          assert.match(r.stderr, why);
        }
      });
    }
  }

  it('check: a directory, a missing file and an unreadable one are exit 2 with the reason', async () => {
    const cwd = path.join(dir, 'repo');
    const dirCase = await cli(['check', '.cursor'], { cwd });
    assert.equal(dirCase.code, 2);
    assert.match(dirCase.stderr, /check: \.cursor is a directory, not a file/);
    const missing = await cli(['check', 'gone.json'], { cwd });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /gone\.json does not exist/);
    const badRoot = await cli(['check', '--root', path.join(dir, 'nope'), '.cursor/mcp.json'], { cwd });
    assert.equal(badRoot.code, 2);
    assert.match(badRoot.stderr, /--root .*nope does not exist/);
  });

  it('check: a file outside the repository (../repo2, a sibling sharing the prefix) is named on stderr, not checked', async () => {
    const cwd = path.join(dir, 'repo');
    const r = await cli(['check', '../repo2/.cursor/mcp.json'], { cwd });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /check: \.\.\/repo2\/\.cursor\/mcp\.json: outside the root .*\/repo; not checked/);
    const inside = await cli(['check', '.cursor/mcp.json'], { cwd });
    assert.equal(inside.code, 1, 'the same layout inside the repository is checked and fails');
    assert.match(inside.stdout, /bare/);
  });

  it('check: a file that is no host config is named on stderr; --quiet-skipped (the shipped hook) keeps it quiet', async () => {
    const cwd = path.join(dir, 'repo');
    const loud = await cli(['check', 'notes.json'], { cwd });
    assert.equal(loud.code, 0);
    assert.match(loud.stderr, /check: notes\.json: no host reads it as a config file at this path; not checked/);
    const quiet = await cli(['check', '--quiet-skipped', 'notes.json', '../repo2/.cursor/mcp.json'], { cwd });
    assert.equal(quiet.code, 0);
    assert.equal(quiet.stderr, '');
  });
});
