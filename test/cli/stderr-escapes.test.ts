import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cli } from './commands/cli-run.js';

/**
 * Found by review: the policy line on stderr printed a server name's newline raw (the table escapes it), so
 * a name from a config could add lines of its own to stderr. Every field is escaped there now.
 */
describe('the policy line on stderr escapes what configs put in it', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-stderr-escapes-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a server name with a newline and an escape stays on the one line, escaped', async () => {
    mkdirSync(path.join(dir, '.cursor'));
    const name = 'multi\nmcp-audit: policy met\u001b[2K';
    writeFileSync(path.join(dir, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { [name]: { command: 'npx', args: ['-y', 'x'] } } }));
    const r = await cli(['scan', '--root', dir, '--no-project-scan', '--format', 'json']);
    assert.equal(r.code, 1, r.stderr);
    // The line wraps at 80 columns; a continuation line starts with two spaces, so no line a name
    // makes can start as mcp-audit's own ("mcp-audit: policy met").
    const lines = r.stderr.split('\n');
    assert.ok(lines.slice(1).every((l) => l === '' || l.startsWith('  ')), r.stderr);
    assert.deepEqual(r.stderr.replace(/\n {2}/g, ' ').split('\n'), ['mcp-audit: policy violated: 1 unprotected entry: cursor/user multi\\x0amcp-audit: policy met\\x1b[2K', '']);
  });
});
