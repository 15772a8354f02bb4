import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BIN } from './cli-harness.js';

/**
 * Found by review. `-o FILE` removes what it wrote when the write fails ("no partial -o file"),
 * but it removes the PATH, whatever it is: a FIFO, a device node, a symlink to a descriptor.
 * Found running `-o /dev/full` as root: the ENOSPC cleanup deleted the /dev/full device node (the
 * build before this session's speed-ups, 2e01dec, does the same: not a regression of 0a8b6b1).
 * `mcp-audit scan -o /dev/stdout | head` as root would delete /dev/stdout likewise. Only a file
 * the run created or truncated is its partial output; a FIFO or a link to one is not.
 */
const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-output-')));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A home whose JSON report is far larger than a pipe's buffer (64 KiB), so a reader that stops early breaks the write. */
function bigHome(): string {
  const home = path.join(dir, 'home');
  mkdirSync(path.join(home, '.cursor'), { recursive: true });
  const servers: Record<string, unknown> = {};
  for (let i = 0; i < 1500; i++) servers[`server-${i}`] = { command: 'npx', args: ['-y', `pkg-${i}@1.0.${i}`] };
  writeFileSync(path.join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: servers }));
  return home;
}

/** Runs `scan -o target` while `head -c 10 fifo` reads ten bytes and goes; resolves with the CLI's exit code and stderr. */
async function scanInto(home: string, target: string, fifo: string): Promise<{ code: number | null; stderr: string }> {
  const reader = spawn('head', ['-c', '10', fifo], { stdio: ['ignore', 'ignore', 'ignore'] });
  const cli = spawn(process.execPath, [BIN, 'scan', '--root', home, '--format', 'json', '-o', target], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  cli.stderr.setEncoding('utf8').on('data', (t: string) => { stderr += t; });
  const [code] = await Promise.all([
    new Promise<number | null>((resolve) => cli.on('close', resolve)),
    new Promise<void>((resolve) => reader.on('close', () => resolve())),
  ]);
  return { code, stderr };
}

describe('-o into something that is not a regular file, when the write fails', () => {
  const home = bigHome();

  it('a FIFO whose reader goes away: exit 2 naming the error, and the FIFO is still there', async () => {
    const fifo = path.join(dir, 'report.fifo');
    execFileSync('mkfifo', [fifo]);
    const r = await scanInto(home, fifo, fifo);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /--output .*report\.fifo: cannot write it: EPIPE/);
    assert.ok(lstatSync(fifo, { throwIfNoEntry: false })?.isFIFO() === true, 'the FIFO the user made was removed');
  });

  it('a symlink to a FIFO (as /dev/stdout is a link to a descriptor): the link is still there', async () => {
    const fifo = path.join(dir, 'linked.fifo');
    const link = path.join(dir, 'stdout-link');
    execFileSync('mkfifo', [fifo]);
    symlinkSync(fifo, link);
    const r = await scanInto(home, link, fifo);
    assert.equal(r.code, 2, r.stderr);
    assert.ok(lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() === true, 'the link was removed');
    assert.ok(lstatSync(fifo, { throwIfNoEntry: false })?.isFIFO() === true);
  });
});
