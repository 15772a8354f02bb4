import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { writeAhead } from '../../src/shared/write-ahead.js';
import { fixtureHome } from '../hosts/helpers.js';

const BIN = fileURLToPath(new URL('../../src/cli/bin.cjs', import.meta.url));
const HOME = fixtureHome('linux');

/** A writer that takes at most `most` bytes a call and finishes on a later turn of the event loop. */
function slowWriter(most: number, log: string[]): { write: (b: Uint8Array) => Promise<number>; bytes: () => Buffer } {
  const parts: Buffer[] = [];
  return {
    write: (b) => new Promise((resolve) => {
      log.push(`write ${Buffer.from(b.subarray(0, Math.min(most, b.length))).toString()}`);
      setImmediate(() => {
        const n = Math.min(most, b.length);
        parts.push(Buffer.from(b.subarray(0, n)));
        log.push('written');
        resolve(n);
      });
    }),
    bytes: () => Buffer.concat(parts),
  };
}

describe('writeAhead: one write in flight while the next piece is made', () => {
  it('writes every byte in order through short writes, and makes the next piece before the last write ends', async () => {
    const log: string[] = [];
    const w = slowWriter(2, log);
    function* pieces(): Generator<string | Uint8Array> {
      log.push('make 1'); yield 'abcde';
      log.push('make 2'); yield Buffer.from('fgh');
      log.push('make 3'); yield '';
      log.push('make 4'); yield 'é!';
    }
    await writeAhead(pieces(), w.write);
    assert.equal(w.bytes().toString('utf8'), 'abcdefghé!');
    // Piece 2 is made while piece 1's first write is still in flight.
    assert.ok(log.indexOf('make 2') < log.indexOf('written'), log.join(' | '));
    // Never two writes at once: each write is followed by its "written" before the next starts.
    const order = log.filter((l) => l === 'written' || l.startsWith('write '));
    for (let i = 0; i < order.length; i += 2) {
      assert.ok(order[i]?.startsWith('write '), order.join(' | '));
      assert.equal(order[i + 1], 'written');
    }
  });

  it('a write that fails stops the run: its error is thrown and no later piece is written', async () => {
    const written: string[] = [];
    let made = 0;
    function* pieces(): Generator<string> {
      for (let i = 0; i < 5; i++) { made += 1; yield `p${i}`; }
    }
    const failure = new Error('ENOSPC');
    await assert.rejects(writeAhead(pieces(), async (b) => {
      const s = Buffer.from(b).toString();
      if (s === 'p1') throw failure;
      written.push(s);
      return b.length;
    }), (e: unknown) => e === failure);
    assert.deepEqual(written, ['p0']);
    assert.ok(made <= 3, `made ${made} pieces after the failure`);
  });

  it('a piece that cannot be made throws its own error, after the write in flight has ended', async () => {
    const log: string[] = [];
    const w = slowWriter(100, log);
    const broken = new TypeError('reporter bug');
    function* pieces(): Generator<string> {
      yield 'first';
      throw broken;
    }
    await assert.rejects(writeAhead(pieces(), w.write), (e: unknown) => e === broken);
    assert.equal(w.bytes().toString(), 'first');
    assert.equal(log.at(-1), 'written');
  });

  it('a writer that makes no progress is an error, not a loop', async () => {
    await assert.rejects(writeAhead(['x'], () => Promise.resolve(0)), /no progress/);
  });
});

describe('the CLI writes the same report to a file, a pipe and -o', () => {
  it('stdout redirected to a regular file (written ahead) holds the bytes a pipe gets', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'write-ahead-'));
    try {
      const args = [BIN, 'scan', '--root', HOME, '--format', 'json'];
      const piped = spawnSync(process.execPath, args, { encoding: 'utf8' });
      assert.ok(piped.status === 0 || piped.status === 1, piped.stderr);
      assert.ok(piped.stdout.length > 1000);
      const file = path.join(dir, 'out.json');
      const fd = openSync(file, 'w');
      let status: number | null;
      try {
        status = spawnSync(process.execPath, args, { stdio: ['ignore', fd, 'pipe'] }).status;
      } finally {
        closeSync(fd);
      }
      assert.equal(status, piped.status);
      assert.equal(readFileSync(file, 'utf8'), piped.stdout);
      const named = path.join(dir, 'named.json');
      const o = spawnSync(process.execPath, [...args, '-o', named], { encoding: 'utf8' });
      assert.equal(o.status, piped.status, o.stderr);
      assert.equal(o.stdout, '');
      assert.equal(readFileSync(named, 'utf8'), piped.stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a pipe read only after the run is over still gets the whole report before the process ends', async () => {
    // 2,000 servers: a 5 MB report, far over a pipe's 64 KB. The reader takes nothing until the
    // run's last line is on stderr, so the report is still queued in the CLI when its run ends:
    // bin.ts ends the process early only once standard output is flushed.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'write-ahead-'));
    try {
      const home = path.join(dir, 'home');
      mkdirSync(path.join(home, '.cursor'), { recursive: true });
      const servers = Array.from({ length: 2000 }, (_v, i) => `"s${i}":{"command":"npx","args":["-y","@example/s${i}"]}`);
      writeFileSync(path.join(home, '.cursor', 'mcp.json'), `{"mcpServers":{${servers.join(',')}}}`);
      const args = [BIN, 'scan', '--root', home, '--format', 'json'];
      const named = path.join(dir, 'named.json');
      assert.equal(spawnSync(process.execPath, [...args, '-o', named]).status, 1);
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.pause();
      const chunks: Buffer[] = [];
      let stderr = '';
      const closed = new Promise<number | null>((resolve) => { child.on('close', (code) => { resolve(code); }); });
      await new Promise<void>((resolve) => {
        child.stderr.on('data', (d: Buffer) => {
          stderr += d.toString('utf8');
          if (stderr.includes('policy violated')) resolve();
        });
      });
      child.stdout.on('data', (d: Buffer) => { chunks.push(d); });
      child.stdout.resume();
      assert.equal(await closed, 1, stderr);
      const report = Buffer.concat(chunks).toString('utf8');
      assert.ok(report.length > 4_000_000, `${report.length} characters`);
      assert.equal(report, readFileSync(named, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
