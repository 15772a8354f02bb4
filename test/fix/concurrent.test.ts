import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BIN } from '../cli/commands/cli-run.js';
import { SEAM_POINTS, SEAM_VARIABLE, type SeamPoint } from '../../src/fix/seam.js';
import { materializeHome, tempDir } from '../helpers/materialize.js';

/**
 * The write path against real concurrent processes: the real CLI (spawned from dist), a real
 * second process saving the file as an editor does (in place, or by writing a new file and
 * renaming it over), a second real writer, kill -9 and SIGTERM. Each is put at an exact point of
 * the writer's run by the write-path seam (src/fix/seam.ts): the writer stops there and waits on
 * a FIFO, so nothing here sleeps or races a clock.
 */

const PLANTED = `{
  "mcpServers": {
    "github": {
      "command": "uvx",
      "args": ["--from", "mcpindex-gate", "mcpindex-proxy", "--mcpindex-stdio", "--pin-store", "/tmp/p.json", "--upstream-command", "npx", "-y", "@modelcontextprotocol/server-github"],
      "env": { "GITHUB_TOKEN": "ghp_notarealtoken000000000000000000000" }
    },
    "fs": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/srv"]
    }
  }
}
`;
/** The editor's save: the user changed the upstream command's package while fix was planning. */
const SAVED = PLANTED.replace('"@modelcontextprotocol/server-github"', '"@modelcontextprotocol/server-github@1.2.3"');

const args = (home: string): string[] => ['--root', home, '--platform', 'linux', '--no-project-scan'];

interface Run { readonly child: ChildProcess; readonly done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> }

function start(argv: readonly string[], pause?: { points: readonly SeamPoint[]; dir: string }): Run {
  const env = { ...process.env };
  if (pause !== undefined) env[SEAM_VARIABLE] = `${pause.points.join(',')}@${pause.dir}`;
  const child = spawn(process.execPath, [BIN, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

/** A directory with the two FIFOs of each point: `.reached` (the writer is there) and `.go`. */
async function handshake(points: readonly SeamPoint[]): Promise<{ dir: string; reached(p: SeamPoint): Promise<void>; go(p: SeamPoint): Promise<void> }> {
  const dir = await tempDir('mcp-audit-seam');
  for (const p of points) execFileSync('mkfifo', [path.join(dir, `${p}.reached`), path.join(dir, `${p}.go`)]);
  return {
    dir,
    reached: async (p) => { await fs.readFile(path.join(dir, `${p}.reached`)); },
    go: async (p) => { await fs.writeFile(path.join(dir, `${p}.go`), 'go\n'); },
  };
}

/** A real second process saving the file as an editor does. */
async function editorSave(file: string, text: string, how: 'in-place' | 'rename'): Promise<void> {
  const script = how === 'in-place'
    ? 'require("fs").writeFileSync(process.argv[1], process.argv[2])'
    : 'const fs=require("fs");const t=process.argv[1]+".editor-swap";fs.writeFileSync(t,process.argv[2]);fs.renameSync(t,process.argv[1])';
  execFileSync(process.execPath, ['-e', script, file, text]);
}

/** A run that wrote: exit 0 (wrap), or 1 for fix (findings no edit mends remain in these configs). */
function assertWrote(r: { code: number | null; stdout: string; stderr: string }): void {
  assert.ok(r.code === 0 || r.code === 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^wrote /m, r.stdout);
}

async function leftovers(dir: string): Promise<string[]> {
  return (await fs.readdir(dir)).filter((n) => /mcp-audit/.test(n) && !/\.mcp-audit(\.\d+)?\.bak$/.test(n)).sort();
}

async function home(): Promise<{ home: string; file: string; dir: string }> {
  const h = await materializeHome({ '.cursor/mcp.json': { content: PLANTED, mode: 0o600 } }, 'mcp-audit-conc');
  return { home: h, file: path.join(h, '.cursor', 'mcp.json'), dir: path.join(h, '.cursor') };
}

for (const how of ['in-place', 'rename'] as const) {
  test(`an editor save (${how}) between the audit's read and the write loses nothing: refused, exit 2, the save kept, no backup`, async () => {
    const h = await home();
    const s = await handshake(['planned']);
    const run = start(['fix', '--apply', ...args(h.home)], { points: ['planned'], dir: s.dir });
    await s.reached('planned');
    await editorSave(h.file, SAVED, how);
    await s.go('planned');
    const r = await run.done;
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stdout, /refused: .*mcp\.json: github: the file changed since mcp-audit read it/);
    assert.doesNotMatch(r.stdout, /^wrote /m);
    assert.equal(await fs.readFile(h.file, 'utf8'), SAVED, 'the save survives whole');
    assert.deepEqual(await fs.readdir(h.dir), ['mcp.json'], 'no backup, temp file or lock');
  });
}

test('a save after the re-check, before the rename: an in-place save is detected and put back (exit 2)', async () => {
  const h = await home();
  const s = await handshake(['before-rename']);
  const run = start(['fix', '--apply', ...args(h.home)], { points: ['before-rename'], dir: s.dir });
  await s.reached('before-rename');
  await editorSave(h.file, SAVED, 'in-place');
  await s.go('before-rename');
  const r = await run.done;
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stdout, /a save reached the file while mcp-audit replaced it: that save was put back/);
  assert.equal(await fs.readFile(h.file, 'utf8'), SAVED);
  assert.deepEqual(await fs.readdir(h.dir), ['mcp.json']);
});

test('a save that replaces the file (a new file renamed over it) after the last comparison, before mcp-audit takes it off its path: refused, exit 2, the save on disk', async () => {
  const h = await home();
  const s = await handshake(['before-rename']);
  const run = start(['fix', '--apply', ...args(h.home)], { points: ['before-rename'], dir: s.dir });
  await s.reached('before-rename');
  await editorSave(h.file, SAVED, 'rename');
  await s.go('before-rename');
  const r = await run.done;
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.doesNotMatch(r.stdout, /^wrote /m);
  assert.match(r.stdout, /refused: .*mcp\.json: .*a save replaced the file while mcp-audit was writing it \(it was replaced by another file \(inode\)\): that save is kept/);
  assert.equal(await fs.readFile(h.file, 'utf8'), SAVED, "the editor's bytes are what the file holds");
  assert.deepEqual(await fs.readdir(h.dir), ['mcp.json'], 'no backup, temp file, held file or lock');
});

test('a save landing while the path is empty (the file set aside, the new text not yet linked): the save is kept, refused, the original in the backup', async () => {
  const h = await home();
  const s = await handshake(['held']);
  const run = start(['fix', '--apply', ...args(h.home)], { points: ['held'], dir: s.dir });
  await s.reached('held');
  await assert.rejects(fs.readFile(h.file), { code: 'ENOENT' }, 'the documented cost: the name is absent in this window');
  await editorSave(h.file, SAVED, 'rename');
  await s.go('held');
  const r = await run.done;
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.doesNotMatch(r.stdout, /^wrote /m);
  assert.match(r.stdout, /refused: .*a save wrote the file while mcp-audit was replacing it: that save is kept and this edit was not made \(the previous content is in .*mcp\.json\.mcp-audit\.bak\)/);
  assert.equal(await fs.readFile(h.file, 'utf8'), SAVED);
  assert.equal(await fs.readFile(`${h.file}.mcp-audit.bak`, 'utf8'), PLANTED);
  assert.deepEqual((await fs.readdir(h.dir)).sort(), ['mcp.json', 'mcp.json.mcp-audit.bak']);
});

test('an editor holding the file open writes into it after mcp-audit linked the new text: its save is put back (the same file), exit 2', async () => {
  const h = await home();
  const s = await handshake(['staged', 'renamed']);
  const run = start(['fix', '--apply', ...args(h.home)], { points: ['staged', 'renamed'], dir: s.dir });
  await s.reached('staged');
  const editor = await fs.open(h.file, 'r+');
  const { ino } = await editor.stat();
  await s.go('staged');
  await s.reached('renamed');
  await editor.truncate(0);
  await editor.write(SAVED, 0, 'utf8');
  await editor.close();
  await s.go('renamed');
  const r = await run.done;
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.doesNotMatch(r.stdout, /^wrote /m);
  assert.match(r.stdout, /a save reached the file while mcp-audit replaced it: that save was put back/);
  assert.equal(await fs.readFile(h.file, 'utf8'), SAVED);
  assert.equal((await fs.stat(h.file)).ino, ino, "the editor's own file is at the path again");
  assert.deepEqual(await fs.readdir(h.dir), ['mcp.json']);
});

test('two real writers never lose an update: one holding the lock makes the other refuse; one that wrote first makes the other refuse', async () => {
  // (a) fix holds the lock (paused after taking it); wrap runs meanwhile and is refused.
  const a = await home();
  const s = await handshake(['locked']);
  const fix = start(['fix', '--apply', ...args(a.home)], { points: ['locked'], dir: s.dir });
  await s.reached('locked');
  const wrap = await start(['wrap', 'fs', '--with', 'mcpindex-gate', '--apply', ...args(a.home)]).done;
  assert.equal(wrap.code, 2, wrap.stdout + wrap.stderr);
  assert.match(wrap.stdout, /another mcp-audit \(pid \d+\) is writing this file/);
  await s.go('locked');
  const fixed = await fix.done;
  assertWrote(fixed);
  const afterA = await fs.readFile(a.file, 'utf8');
  assert.doesNotMatch(afterA, /--pin-store/, 'fix wrote its change');
  assert.deepEqual(await leftovers(a.dir), []);
  // (b) wrap has planned (not yet locked); fix writes first; wrap then finds the file changed.
  const b = await home();
  const t = await handshake(['planned']);
  const wrap2 = start(['wrap', 'fs', '--with', 'mcpindex-gate', '--apply', ...args(b.home)], { points: ['planned'], dir: t.dir });
  await t.reached('planned');
  const fix2 = await start(['fix', '--apply', ...args(b.home)]).done;
  assertWrote(fix2);
  const afterFix = await fs.readFile(b.file, 'utf8');
  await t.go('planned');
  const w2 = await wrap2.done;
  assert.equal(w2.code, 2, w2.stdout + w2.stderr);
  assert.match(w2.stdout, /the file changed since mcp-audit read it/);
  assert.equal(await fs.readFile(b.file, 'utf8'), afterFix, "fix's update is kept");
  // And run again, wrap makes its change on top of fix's.
  const w3 = await start(['wrap', 'fs', '--with', 'mcpindex-gate', '--apply', ...args(b.home)]).done;
  assertWrote(w3);
  const final = await fs.readFile(b.file, 'utf8');
  assert.doesNotMatch(final, /--pin-store/);
  assert.match(final, /_mcpindexWired/);
});

test('two writers started together, unsynchronised: whatever the interleaving, every reported write is in the final file', async () => {
  for (let round = 0; round < 4; round++) {
    const h = await home();
    const [fix, wrap] = await Promise.all([
      start(['fix', '--apply', ...args(h.home)]).done,
      start(['wrap', 'fs', '--with', 'mcpindex-gate', '--apply', ...args(h.home)]).done,
    ]);
    const final = await fs.readFile(h.file, 'utf8');
    assert.ok([1, 2].includes(fix.code ?? -1) && [0, 2].includes(wrap.code ?? -1), fix.stdout + wrap.stdout);
    if (/^wrote /m.test(fix.stdout)) assert.doesNotMatch(final, /--pin-store/, `round ${round}: fix's write was lost`);
    if (/^wrote /m.test(wrap.stdout)) assert.match(final, /_mcpindexWired/, `round ${round}: wrap's write was lost`);
    assert.deepEqual(await leftovers(h.dir), []);
  }
});

for (const point of SEAM_POINTS) {
  test(`kill -9 at "${point}": the file is whole (old or new), and the next run leaves no temp file or lock behind`, async () => {
    const h = await home();
    const s = await handshake([point]);
    const run = start(['fix', '--apply', ...args(h.home)], { points: [point], dir: s.dir });
    await s.reached(point);
    run.child.kill('SIGKILL');
    const r = await run.done;
    assert.equal(r.signal, 'SIGKILL');
    if (point === 'held') {
      // Killed while the file was set aside: the path is empty until the next --apply puts it back.
      await assert.rejects(fs.readFile(h.file), { code: 'ENOENT' });
      const back = await start(['fix', '--apply', ...args(h.home)]).done;
      assert.notEqual(back.code, 2, back.stdout + back.stderr);
      assert.match(back.stdout, /^put back .*mcp\.json: an mcp-audit run that died while replacing it had left it as \.mcp\.json\.mcp-audit-\d+-\d+-[0-9a-f]{12}\.held\.tmp$/m);
      assert.deepEqual(await leftovers(h.dir), [], 'its temp file and stale lock are gone too');
    }
    const now = await fs.readFile(h.file, 'utf8');
    assert.ok(now === PLANTED || !now.includes('--pin-store'), 'never torn');
    const next = await start(['fix', '--apply', ...args(h.home)]).done;
    assert.notEqual(next.code, 2, next.stdout + next.stderr);
    assert.doesNotMatch(await fs.readFile(h.file, 'utf8'), /--pin-store/);
    assert.deepEqual(await leftovers(h.dir), [], 'stale temp files and the stale lock are gone');
    if (point === 'staged' || point === 'before-rename') assert.match(next.stdout, /removed .*\.mcp-audit-\d+-\d+-[0-9a-f]{12}\.tmp: left by an mcp-audit run that died/);
  });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  for (const point of ['staged', 'held'] as const) {
    test(`${signal} at "${point}": the file is at its path untouched, and the temp file, backup and lock are removed on the way out`, async () => {
      const h = await home();
      const s = await handshake([point]);
      const run = start(['fix', '--apply', ...args(h.home)], { points: [point], dir: s.dir });
      await s.reached(point);
      assert.ok((await fs.readdir(h.dir)).some((n) => n.endsWith('.tmp')), 'staged beside the file');
      if (point === 'held') await assert.rejects(fs.readFile(h.file), { code: 'ENOENT' }, 'set aside');
      run.child.kill(signal);
      const r = await run.done;
      assert.equal(r.signal, signal);
      assert.equal(await fs.readFile(h.file, 'utf8'), PLANTED);
      assert.deepEqual(await fs.readdir(h.dir), ['mcp.json']);
    });
  }
}

/** chattr +i works only as root on a file system that has the flag. */
function immutable(file: string, on: boolean): boolean {
  try {
    execFileSync('chattr', [on ? '+i' : '-i', file], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test('a write refused at the rename (an immutable file) keeps the earlier backup and leaves no new one', async (t) => {
  const h = await home();
  const older = 'the backup of an earlier original\n';
  await fs.writeFile(`${h.file}.mcp-audit.bak`, older);
  if (!immutable(h.file, true)) { t.skip('chattr +i is not available here (needs root and a file system with the flag)'); return; }
  try {
    const r = await start(['fix', '--apply', ...args(h.home)]).done;
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stdout, /refused: .*could not write: EPERM/);
  } finally {
    immutable(h.file, false);
  }
  assert.equal(await fs.readFile(h.file, 'utf8'), PLANTED);
  assert.equal(await fs.readFile(`${h.file}.mcp-audit.bak`, 'utf8'), older);
  assert.deepEqual(await fs.readdir(h.dir), ['mcp.json', 'mcp.json.mcp-audit.bak']);
});

test('a read-only target is refused before anything is written: the earlier backup stays, exit 2', async () => {
  const h = await home();
  const older = 'the backup of an earlier original\n';
  await fs.writeFile(`${h.file}.mcp-audit.bak`, older);
  await fs.chmod(h.file, 0o400);
  const r = await start(['fix', '--apply', ...args(h.home)]).done;
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stdout, /refused: .*read-only/);
  assert.equal(await fs.readFile(h.file, 'utf8'), PLANTED);
  assert.equal(await fs.readFile(`${h.file}.mcp-audit.bak`, 'utf8'), older);
  assert.deepEqual(await fs.readdir(h.dir), ['mcp.json', 'mcp.json.mcp-audit.bak']);
});
