import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BIN } from './commands/cli-harness.js';

/**
 * Found by review on 8871614. A failed write to a stdout that is a regular file is an IoError
 * (exit 2) only for a report written through `emitReport`'s writePieces. Every other output
 * (`scan --list`, `hosts`, `--version`) goes through process.stdout, whose 'error' handler in
 * main.ts rethrows anything but EPIPE: an uncaught exception, a stack trace and exit 1, which a CI
 * reads as "policy violated". And a stdout that is a character device (`> /dev/full`) is not a
 * "regular file", so even the report crashes the same way. The build before (5b86091) does the
 * same on all of these: the earlier fix for a regular-file stdout is incomplete, not a regression.
 */
const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-stdout-')));
after(() => rmSync(dir, { recursive: true, force: true }));

const home = path.join(dir, 'home');
mkdirSync(path.join(home, '.cursor'), { recursive: true });
writeFileSync(path.join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { s: { command: 'npx', args: ['-y', 's@1.0.0'] } } }));

/** Runs the CLI with standard output a regular file opened read-only (every write: EBADF). */
function toReadOnlyStdout(args: readonly string[]): { code: number | null; stderr: string; file: string } {
  const file = path.join(dir, 'out.txt');
  writeFileSync(file, 'previous');
  const fd = openSync(file, 'r');
  try {
    const r = spawnSync(process.execPath, [BIN, ...args], { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
    return { code: r.status, stderr: r.stderr, file };
  } finally {
    closeSync(fd);
  }
}

function assertOperational(r: { code: number | null; stderr: string }, errno: RegExp): void {
  assert.equal(r.code, 2, `exit ${String(r.code)} (1 means "policy violated"): ${r.stderr.slice(0, 300)}`);
  assert.match(r.stderr, errno);
  assert.doesNotMatch(r.stderr, /^\s+at /m, 'a stack trace was printed');
  assert.doesNotMatch(r.stderr, /internal error/);
}

describe('a stdout that cannot be written, outside the report path', () => {
  it('scan --list --format json into a read-only regular file: exit 2 naming EBADF, no stack trace', () => {
    const r = toReadOnlyStdout(['scan', '--root', home, '--list', '--format', 'json']);
    assertOperational(r, /standard output.*EBADF/);
    assert.equal(readFileSync(r.file, 'utf8'), 'previous');
  });

  it('scan --list --format json into a regular file under ulimit -f 1 (512 bytes): never a truncated list with exit 0', () => {
    const file = path.join(dir, 'limited.json');
    const fd = openSync(file, 'w');
    try {
      // The list is larger than 512 bytes: the first write is cut short (a partial write, then
      // EFBIG). SyncWriteStream drops the short count, so the list ends mid-JSON, silently.
      const r = spawnSync('sh', ['-c', 'ulimit -f 1; exec "$0" "$@"', process.execPath, BIN, 'scan', '--root', home, '--list', '--format', 'json'], { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
      const text = readFileSync(file, 'utf8');
      assert.ok(text.length > 0);
      let whole = true;
      try { JSON.parse(text); } catch { whole = false; }
      assert.ok(whole || r.status === 2, `exit ${String(r.status)} with a truncated list of ${String(text.length)} bytes and stderr ${JSON.stringify(r.stderr)}`);
    } finally {
      closeSync(fd);
    }
  });

  it('hosts into a read-only regular file: exit 2 naming EBADF, no stack trace', () => {
    const r = toReadOnlyStdout(['hosts', '--root', home]);
    assertOperational(r, /standard output.*EBADF/);
  });

  it('scan --format json > /dev/full (a character device): exit 2 naming ENOSPC, no stack trace', { skip: !existsSync('/dev/full') && 'no /dev/full' }, () => {
    const fd = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '--format', 'json'], { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
      assertOperational({ code: r.status, stderr: r.stderr }, /standard output.*ENOSPC/);
    } finally {
      closeSync(fd);
    }
  });
});
