import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cli } from '../cli/commands/cli-run.js';
import { MAX_CONFIG_BYTES } from '../../src/discover/read-file.js';

/**
 * Found by review on 37a8cc4 (the same on its parent 8c30d4b, so not from the change under review).
 * One legal ~/.claude.json of 150,000 one-line servers (4.4 MB, a quarter of the 16 MiB read cap)
 * ends every command that discovers with "internal error: RangeError: Maximum call stack size
 * exceeded", exit 2: discover.ts record() appends a file's entries with push(...entries), and a
 * spread passes each element as an argument on the stack. From about 130,000 entries in one file
 * the stack overflows. Its findings are pushed the same way.
 */
const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-many-')));
after(() => rmSync(dir, { recursive: true, force: true }));

const COUNT = 150_000;
const servers: Record<string, { command: string }> = {};
for (let i = 0; i < COUNT; i++) servers[`s${String(i)}`] = { command: 'x' };
writeFileSync(path.join(dir, '.claude.json'), JSON.stringify({ mcpServers: servers }));

describe('one config file with 150,000 entries, under the read cap', () => {
  it('is under the cap the reader enforces', () => {
    assert.ok(statSync(path.join(dir, '.claude.json')).size < MAX_CONFIG_BYTES);
  });

  it('scan --list lists every entry instead of an internal error', async () => {
    const r = await cli(['scan', '--root', dir, '--no-project-scan', '--list', '--format', 'json']);
    assert.doesNotMatch(r.stderr, /internal error/);
    assert.equal(r.code, 0, r.stderr.slice(0, 300));
    const report: unknown = JSON.parse(r.stdout);
    assert.ok(typeof report === 'object' && report !== null && 'entries' in report && Array.isArray(report.entries));
    assert.equal(report.entries.length, COUNT);
  });

  it('hosts reports the file found with its entries instead of an internal error', async () => {
    const r = await cli(['hosts', '--root', dir, '--no-project-scan', '--found']);
    assert.doesNotMatch(r.stderr, /internal error/);
    assert.equal(r.code, 0, r.stderr.slice(0, 300));
    assert.match(r.stdout, /claude-code .*found/);
  });
});
