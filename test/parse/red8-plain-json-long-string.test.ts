import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { materializeHome } from '../helpers/materialize.js';
import { BIN } from '../cli/commands/cli-harness.js';

/**
 * Red-team (red8) of 3945875 (visitPlainJson): its string token is the sticky regexp
 * /"[^"\\]*(?:\\.[^"\\]*)*"/y, and V8's irregexp keeps one backtrack entry per escape of the
 * outer group. One string with ~3.4 million escapes (a 7 MB ~/.claude.json, under its 16 MiB
 * cap: a pasted log kept in a project's history is mostly "\n" and "\"") overflows the regexp
 * stack: RangeError "Maximum call stack size exceeded", exit 2 "internal error". The baseline
 * (4fd882c, jsonc-parser's scanner) grades the file's entry and exits 1.
 */
describe('plain JSON with one string of millions of escapes (red8)', () => {
  let home = '';
  after(() => { if (home !== '') rmSync(home, { recursive: true, force: true }); });

  it('~/.claude.json of 7 MB whose history string is 3.5 million "\\n" escapes is scanned, not an internal error', async () => {
    const history = `"${'\\n'.repeat(3_500_000)}"`;
    const text = JSON.stringify({ mcpServers: { a: { command: 'node', args: ['x.js'] } }, projects: { '/p': { history: [{ display: 'X' }] } } })
      .replace('"X"', history);
    home = await materializeHome({ '.claude.json': text }, 'mcp-audit-red8-escapes');
    const r = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '--format', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    assert.doesNotMatch(r.stderr, /internal error|RangeError/, r.stderr);
    assert.equal(r.status, 1, r.stderr);
    const report = JSON.parse(r.stdout) as { entries?: readonly { name?: unknown }[] };
    assert.deepEqual(report.entries?.map((e) => e.name), ['a']);
  });
});
