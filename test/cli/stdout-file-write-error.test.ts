import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BIN } from './commands/cli-harness.js';

/**
 * Found by review on 0a8b6b1 (stdout that is a regular file written with fs.write(1, …) from the
 * pool). When that write fails (here: standard output is a regular file opened read-only, EBADF;
 * `ulimit -f` gives EFBIG the same way) the build before it, 2e01dec, crashed with an uncaught
 * exception and exit 1 (which a CI reads as "policy violated" for a report that was never
 * written). 91ebbfb exits 2 (operational error) — better, and held below — but says
 * "internal error: Error: EBADF…", the words for a bug in mcp-audit, where `-o FILE` says
 * "--output FILE: cannot write it: EBADF": a failed write is the outside world, not a bug.
 */
const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-stdout-')));
after(() => rmSync(dir, { recursive: true, force: true }));

function scanToReadOnlyStdout(): { code: number | null; stderr: string; file: string } {
  const home = path.join(dir, 'home');
  mkdirSync(path.join(home, '.cursor'), { recursive: true });
  writeFileSync(path.join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { s: { command: 'npx', args: ['-y', 's'] } } }));
  const file = path.join(dir, 'report.json');
  writeFileSync(file, 'previous');
  const fd = openSync(file, 'r');
  try {
    const r = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '--format', 'json'], { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
    return { code: r.status, stderr: r.stderr, file };
  } finally {
    closeSync(fd);
  }
}

describe('standard output is a regular file that cannot be written', () => {
  it('exits 2, not 1, and leaves the file as it was', () => {
    const r = scanToReadOnlyStdout();
    assert.equal(r.code, 2, r.stderr);
    assert.equal(readFileSync(r.file, 'utf8'), 'previous');
  });

  it('says standard output cannot be written, naming the errno, not "internal error"', () => {
    const r = scanToReadOnlyStdout();
    assert.match(r.stderr, /EBADF/);
    assert.doesNotMatch(r.stderr, /internal error/);
  });
});
