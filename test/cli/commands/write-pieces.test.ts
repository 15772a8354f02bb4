import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { writePieces } from '../../../src/cli/commands/report-options.js';
import { IoError } from '../../../src/shared/errors.js';

/** -o FILE: a report written in pieces (red team red3: a failing reporter left a partial file, reported as "cannot write it"). */
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

  it('a file that cannot be opened is an IoError naming it', async () => {
    await assert.rejects(writePieces(path.join(dir, 'no', 'such', 'dir.json'), 'no/such/dir.json', ['x']),
      (e: unknown) => e instanceof IoError && /--output no\/such\/dir\.json: cannot write it: ENOENT/.test(e.message));
  });
});
