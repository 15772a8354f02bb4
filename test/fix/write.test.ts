import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { runFix } from '../../src/fix/fix.js';
import { BACKUP_SUFFIX, backupName, writeSafely } from '../../src/fix/write.js';
import { processEnv } from '../../src/shared/env.js';
import { materializeHome } from '../helpers/materialize.js';

const env = processEnv();
const PLANTED = `{
  "mcpServers": {
    "github": {
      "command": "uvx",
      "args": ["--from", "mcpindex-gate", "mcpindex-proxy", "--mcpindex-stdio", "--pin-store", "/tmp/p.json", "--upstream-command", "npx"]
    }
  }
}
`;

async function plantedHome(): Promise<{ home: string; file: string }> {
  const home = await materializeHome({ '.cursor/mcp.json': { content: PLANTED, mode: 0o600 } }, 'mcp-audit-write');
  return { home, file: path.join(home, '.cursor', 'mcp.json') };
}

const options = (home: string) => ({ discover: { root: home, platform: 'linux' as const, projectScan: false }, servers: [], apply: true, includeProject: false });

test('a file changed between read and write is refused: nothing written, no backup, no temp file left', async () => {
  const { home, file } = await plantedHome();
  const theirs = PLANTED.replace('"github"', '"github-renamed-by-the-user"');
  const out = await runFix({ ...options(home), seam: async (point, f) => { if (point === 'staged') await fs.writeFile(f, theirs); } }, env);
  assert.equal(out.written?.length ?? 0, 0);
  assert.ok(out.refusals.some((r) => /changed since mcp-audit read it/.test(r.reason)), JSON.stringify(out.refusals));
  assert.equal(await fs.readFile(file, 'utf8'), theirs, 'the concurrent edit survives');
  assert.deepEqual((await fs.readdir(path.dirname(file))).sort(), ['mcp.json']);
});

test('--apply replaces atomically with the same mode and keeps the replaced bytes as <file>.mcp-audit.bak', async () => {
  const { home, file } = await plantedHome();
  let staged: string[] = [];
  const out = await runFix({ ...options(home), seam: async (point, f) => { if (point === 'staged') staged = await fs.readdir(path.dirname(f)); } }, env);
  assert.equal(out.written?.length, 1);
  assert.ok(staged.some((n) => n.startsWith('.mcp.json.mcp-audit-') && n.endsWith('.tmp')), 'the new text is staged in the same directory');
  assert.ok(staged.includes('.mcp.json.mcp-audit.lock'), 'the lock is held beside it while writing');
  assert.equal((await fs.stat(file)).mode & 0o777, 0o600);
  assert.equal(await fs.readFile(`${file}${BACKUP_SUFFIX}`, 'utf8'), PLANTED);
  assert.equal((await fs.stat(`${file}${BACKUP_SUFFIX}`)).mode & 0o777, 0o600);
  assert.doesNotMatch(await fs.readFile(file, 'utf8'), /--pin-store/);
  assert.deepEqual((await fs.readdir(path.dirname(file))).sort(), ['mcp.json', `mcp.json${BACKUP_SUFFIX}`]);
});

test('a second --apply is a no-op: nothing written, file and backup unchanged', async () => {
  const { home, file } = await plantedHome();
  await runFix(options(home), env);
  const once = await fs.readFile(file, 'utf8');
  const backup = await fs.readFile(`${file}${BACKUP_SUFFIX}`, 'utf8');
  const second = await runFix(options(home), env);
  assert.equal(second.files.length, 0);
  assert.equal(second.written, undefined);
  assert.equal(await fs.readFile(file, 'utf8'), once);
  assert.equal(await fs.readFile(`${file}${BACKUP_SUFFIX}`, 'utf8'), backup);
});

test('a config reached through a symbolic link: the link stays, its target is edited', async () => {
  const home = await materializeHome({ 'dotfiles/cursor-mcp.json': PLANTED, '.cursor/mcp.json': { symlink: '../dotfiles/cursor-mcp.json' } }, 'mcp-audit-link');
  const out = await runFix(options(home), env);
  assert.equal(out.written?.length, 1);
  assert.ok((await fs.lstat(path.join(home, '.cursor', 'mcp.json'))).isSymbolicLink());
  assert.doesNotMatch(await fs.readFile(path.join(home, 'dotfiles', 'cursor-mcp.json'), 'utf8'), /--pin-store/);
});

test('writeSafely refuses when the file is not the bytes the edit was computed on, and leaves it as it is', async () => {
  const { file } = await plantedHome();
  const r = await writeSafely({ file, original: Buffer.from('something else'), text: '{}' });
  assert.equal(r.ok, false);
  assert.match(r.ok ? '' : r.reason, /changed since mcp-audit read it \(its content\)/);
  assert.equal(await fs.readFile(file, 'utf8'), PLANTED);
  assert.deepEqual(await fs.readdir(path.dirname(file)), ['mcp.json'], 'no lock, temp file or backup left');
});

test('a hard-linked or read-only file is refused with its reason, and nothing is written', async () => {
  const { home, file } = await plantedHome();
  await fs.link(file, path.join(home, 'other-name.json'));
  const linked = await runFix(options(home), env);
  assert.ok(linked.refusals.some((r) => /2 hard links/.test(r.reason)), JSON.stringify(linked.refusals));
  assert.equal(await fs.readFile(file, 'utf8'), PLANTED);
  await fs.unlink(path.join(home, 'other-name.json'));
  await fs.chmod(file, 0o444);
  const ro = await runFix(options(home), env);
  assert.ok(ro.refusals.some((r) => /read-only/.test(r.reason)), JSON.stringify(ro.refusals));
  assert.equal(await fs.readFile(file, 'utf8'), PLANTED);
  assert.deepEqual(await fs.readdir(path.dirname(file)), ['mcp.json']);
});

test('an in-place save landing between the last check and the rename is put back, and the edit reported refused', async () => {
  const { home, file } = await plantedHome();
  const theirs = PLANTED.replace('/tmp/p.json', '/tmp/q.json');
  const out = await runFix({ ...options(home), seam: async (point, f) => { if (point === 'before-rename') await fs.writeFile(f, theirs); } }, env);
  assert.equal(out.written?.length ?? 0, 0);
  assert.ok(out.refusals.some((r) => /a save reached the file while mcp-audit replaced it/.test(r.reason)), JSON.stringify(out.refusals));
  assert.equal(await fs.readFile(file, 'utf8'), theirs, 'the save is what the file holds');
  assert.deepEqual((await fs.readdir(path.dirname(file))).sort(), ['mcp.json']);
});

test('backups are numbered: a later write never replaces an earlier backup, and the output names the one it made', async () => {
  const { home, file } = await plantedHome();
  await fs.writeFile(`${file}${BACKUP_SUFFIX}`, 'an older original\n');
  const out = await runFix(options(home), env);
  assert.deepEqual(out.written?.map((w) => w.backup), [backupName(file, 2)]);
  assert.equal(await fs.readFile(`${file}${BACKUP_SUFFIX}`, 'utf8'), 'an older original\n');
  assert.equal(await fs.readFile(backupName(file, 2), 'utf8'), PLANTED);
});

test('a file that does not parse is refused, not edited', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': `${PLANTED.slice(0, -3)}` }, 'mcp-audit-broken');
  const file = path.join(home, '.cursor', 'mcp.json');
  const before = await fs.readFile(file, 'utf8');
  const out = await runFix(options(home), env);
  assert.equal(out.files.length, 0);
  assert.equal(await fs.readFile(file, 'utf8'), before);
});

test('a link planted at the backup name is left alone and never written through: the backup takes the next name', async () => {
  const { home, file } = await plantedHome();
  const victim = path.join(home, 'victim.txt');
  await fs.writeFile(victim, 'keep me\n');
  await fs.symlink(victim, `${file}${BACKUP_SUFFIX}`);
  const out = await runFix(options(home), env);
  assert.equal(out.written?.length, 1);
  assert.equal(await fs.readFile(victim, 'utf8'), 'keep me\n');
  assert.ok((await fs.lstat(`${file}${BACKUP_SUFFIX}`)).isSymbolicLink());
  assert.deepEqual(out.written?.map((w) => w.backup), [backupName(file, 2)]);
  assert.equal(await fs.readFile(backupName(file, 2), 'utf8'), PLANTED);
});
