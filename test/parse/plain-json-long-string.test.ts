import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { materializeHome } from '../helpers/materialize.js';
import { BIN } from '../cli/commands/cli-harness.js';
import { parseReport } from '../report/validate.js';
import { parseJsonc } from '../../src/parse/jsonc.js';

/**
 * Found by review of 3945875 (visitPlainJson): its string token is the sticky regexp
 * /"[^"\\]*(?:\\.[^"\\]*)*"/y, and V8's irregexp keeps one backtrack entry per escape of the
 * outer group. One string with ~3.4 million escapes (a 7 MB ~/.claude.json, under its 16 MiB
 * cap: a pasted log kept in a project's history is mostly "\n" and "\"") overflows the regexp
 * stack: RangeError "Maximum call stack size exceeded", exit 2 "internal error". The baseline
 * (4fd882c, jsonc-parser's scanner) grades the file's entry and exits 1.
 * The same from a repository: `<project>/.claude/settings.json` is a switch file read as a side
 * value (check-file.ts sideValue: the 16 MiB read cap, no 4 MiB parse cap), so a cloned project
 * with a 7 MB settings file ends every scan of it with an internal error.
 */
const escapes = (n: number): string => `"${'\\n'.repeat(n)}"`;

describe('plain JSON with one string of millions of escapes', () => {
  let home = '';
  let project = '';
  after(() => {
    for (const dir of [home, project]) if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it('parseJsonc returns the document (with its locations) instead of throwing RangeError', () => {
    const text = `{"a":${escapes(3_500_000)},"b":1}`;
    const r = parseJsonc(text, { strict: true });
    assert.ok(r.ok);
    assert.deepEqual(r.value.locate(['b']), { line: 1, column: text.length - 5 });
  });

  it('~/.claude.json of 7 MB whose history string is 3.5 million "\\n" escapes is scanned, not an internal error', async () => {
    const history = escapes(3_500_000);
    const text = JSON.stringify({ mcpServers: { a: { command: 'node', args: ['x.js'] } }, projects: { '/p': { history: [{ display: 'X' }] } } })
      .replace('"X"', history);
    home = await materializeHome({ '.claude.json': text }, 'mcp-audit-escapes');
    const r = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '--format', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    assert.doesNotMatch(r.stderr, /internal error|RangeError/, r.stderr);
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(parseReport(r.stdout).entries.map((e) => e.name), ['a']);
  });

  it("a project's .claude/settings.json of 7 MB (a switch file) with 3.5 million escapes leaves the project's entry graded", async () => {
    project = await materializeHome({
      '.mcp.json': JSON.stringify({ mcpServers: { r: { command: 'node', args: ['srv.js'] } } }),
      '.claude/settings.json': JSON.stringify({ disabledMcpjsonServers: [], note: 'X' }).replace('"X"', escapes(3_500_000)),
    }, 'mcp-audit-escapes-project');
    const emptyHome = await materializeHome({}, 'mcp-audit-escapes-home');
    try {
      const r = spawnSync(process.execPath, [BIN, 'scan', '--root', emptyHome, '--project', project, '--format', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      assert.doesNotMatch(r.stderr, /internal error|RangeError/, r.stderr);
      assert.equal(r.status, 1, r.stderr);
      assert.deepEqual(parseReport(r.stdout).entries.map((e) => e.name), ['r']);
    } finally {
      rmSync(emptyHome, { recursive: true, force: true });
    }
  });
});
