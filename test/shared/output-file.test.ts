import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { writePieces } from '../../src/shared/output-file.js';
import { IoError } from '../../src/shared/errors.js';

/** -o FILE: a report written in pieces (a failing reporter left a partial file, reported as "cannot write it"). */
const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-pieces-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('writePieces (-o FILE)', () => {
  it('writes every piece, strings and bytes, in order', async () => {
    const file = path.join(dir, 'ok.json');
    await writePieces(file, 'ok.json', ['{', Buffer.from('"a": 1'), '}\n']);
    assert.equal(readFileSync(file, 'utf8'), '{"a": 1}\n');
  });

  it('a reporter failing at once leaves an existing file untouched and throws its own error', async () => {
    const file = path.join(dir, 'kept.json');
    writeFileSync(file, 'previous report');
    const boom = new TypeError('reporter bug');
    const pieces = (function* fails(): Generator<string> { throw boom; })();
    await assert.rejects(writePieces(file, 'kept.json', pieces), (e: unknown) => e === boom);
    assert.equal(readFileSync(file, 'utf8'), 'previous report');
  });

  it('a reporter failing part-way leaves no partial file and throws its own error', async () => {
    const file = path.join(dir, 'partial.json');
    const boom = new TypeError('reporter bug');
    const pieces = (function* fails(): Generator<string> { yield '{"entries": ['; throw boom; })();
    await assert.rejects(writePieces(file, 'partial.json', pieces), (e: unknown) => e === boom);
    assert.equal(existsSync(file), false);
  });

  it('a reporter failing part-way leaves an existing report empty, in place (never part of a report, never removed)', async () => {
    const file = path.join(dir, 'old.json');
    writeFileSync(file, 'previous report');
    chmodSync(file, 0o640);
    const before = statSync(file).ino;
    const boom = new TypeError('reporter bug');
    const pieces = (function* fails(): Generator<string> { yield '{"entries": ['; throw boom; })();
    await assert.rejects(writePieces(file, 'old.json', pieces), (e: unknown) => e === boom);
    assert.equal(readFileSync(file, 'utf8'), '');
    assert.equal(statSync(file).ino, before, 'the same file, written in place');
    await writePieces(file, 'old.json', ['new ', 'report']);
    assert.equal(readFileSync(file, 'utf8'), 'new report');
    assert.equal(statSync(file).mode & 0o777, 0o640, 'its mode is kept');
    assert.deepEqual(readdirSync(dir).filter((f) => f.includes('old.json.')), [], 'no other file is made beside it');
  });

  it('a link to a report stays a link: the file it names is replaced', async () => {
    const real = path.join(dir, 'real.json');
    const link = path.join(dir, 'link.json');
    writeFileSync(real, 'old');
    symlinkSync(real, link);
    await writePieces(link, 'link.json', ['fresh']);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readlinkSync(link), real);
    assert.equal(readFileSync(real, 'utf8'), 'fresh');
  });

  it('a FIFO whose reader goes away is written through and never removed', async () => {
    const fifo = path.join(dir, 'pipe');
    const made = spawnSync('mkfifo', [fifo]);
    if (made.status !== 0) return;
    // The reader takes 5 bytes and exits: the next write meets EPIPE.
    const reader = spawn('head', ['-c', '5', fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    let got = '';
    reader.stdout.on('data', (b: Buffer) => { got += b.toString(); });
    const closed = new Promise((resolve) => { reader.on('close', resolve); });
    const big = 'x'.repeat(1 << 20);
    const pieces = (function* many(): Generator<string> { for (let i = 0; i < 64; i++) yield big; })();
    await assert.rejects(writePieces(fifo, 'pipe', pieces), (e: unknown) => e instanceof IoError && /cannot write it: EPIPE/.test(e.message));
    await closed;
    assert.equal(got, 'xxxxx');
    assert.ok(lstatSync(fifo).isFIFO(), 'the FIFO is still there');
  });

  it('a device that refuses the write (a copy of /dev/full, made when running as root) is never removed', async (t) => {
    const full = path.join(dir, 'full');
    if (process.getuid?.() !== 0 || spawnSync('mknod', [full, 'c', '1', '7']).status !== 0) {
      t.skip('needs root to make a character device');
      return;
    }
    await assert.rejects(writePieces(full, 'full', ['{', 'x'.repeat(70_000)]), (e: unknown) => e instanceof IoError && /cannot write it: ENOSPC/.test(e.message));
    assert.ok(lstatSync(full).isCharacterDevice(), 'the device node is still there');
  });

  it('a file that cannot be opened is an IoError naming it', async () => {
    await assert.rejects(writePieces(path.join(dir, 'no', 'such', 'dir.json'), 'no/such/dir.json', ['x']),
      (e: unknown) => e instanceof IoError && /--output no\/such\/dir\.json: cannot write it: ENOENT/.test(e.message));
  });
});
