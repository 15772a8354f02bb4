import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { parseJsonc } from '../../src/parse/jsonc.js';
import { tempDir } from '../helpers/materialize.js';
import { BIN } from '../cli/commands/cli-harness.js';

/**
 * Found by review on b856328: the nesting limit moved from a scanner pass before the parse into
 * the parse's visitor. jsonc-parser's error recovery skips tokens after a syntax error, so past
 * such an error the visitor never opens the 513 containers the text holds: the file now gets the
 * syntax error (config-unparseable) where the build before it (21c91b6) refused it as too deep
 * (config-too-deep at the 513th bracket), as config-too-deep's docs say ("refused before
 * parsing"). The finding id and its fingerprint change with the parser's recovery, not the text's
 * nesting: `{"a" 1, "b": [[[…` still gives too-deep, `{"a" [[[…` gives a syntax error.
 * Each expectation below is what 21c91b6 reports for the same text.
 */
const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);

const CASES: readonly { name: string; text: string; at: readonly [number, number] }[] = [
  { name: 'stray closing brackets before the deep part', text: `]]]${'['.repeat(513)}`, at: [1, 516] },
  { name: 'an unterminated string before it', text: `{"a":"abc\n${'['.repeat(600)}`, at: [2, 512] },
  { name: 'a missing colon before it', text: `{"a" ${deep(600)}}`, at: [1, 517] },
  { name: 'a second value after the document', text: `{}${'['.repeat(600)}`, at: [1, 515] },
  { name: 'a second object of deep arrays after the document', text: `{} {${'"a":['.repeat(600)}`, at: [1, 2564] },
  // The shapes that cost most once the limit waits for the parse: at 16 MB, `{"a" [,[,…` took
  // 1.9 s and 1.25 GiB RSS (21c91b6: 40 ms, 63 MiB), `{"a" {"k":1,…` 0.9 s and 0.43 GiB.
  { name: 'a missing colon, then 600 `[,`', text: `{"a" ${'[,'.repeat(600)}`, at: [1, 1028] },
  { name: 'a missing colon, then 600 `{"k":1,`', text: `{"a" ${'{"k":1,'.repeat(600)}`, at: [1, 3583] },
];

describe('JSON nesting beyond 512 levels after a syntax error', () => {
  for (const c of CASES) {
    for (const strict of [false, true]) {
      it(`${c.name} (${strict ? 'JSON' : 'JSONC'}): too-deep at ${c.at.join(':')}, as before the change`, () => {
        const r = parseJsonc(c.text, { strict });
        assert.ok(!r.ok, 'refused');
        assert.deepEqual([r.problem.kind, r.problem.line, r.problem.column], ['too-deep', ...c.at], r.problem.message);
      });
    }
  }

  const dirs: string[] = [];
  after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

  it('scan: ~/.cursor/mcp.json with 600 levels after its document is reported config-too-deep, not config-unparseable', async () => {
    const home = await tempDir('mcp-audit-deep');
    dirs.push(home);
    mkdirSync(path.join(home, '.cursor'));
    const file = path.join(home, '.cursor', 'mcp.json');
    writeFileSync(file, `{"mcpServers": {"a": {"command": "npx"}}}\n${deep(600)}`);
    const r = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '--format', 'json'], { encoding: 'utf8' });
    assert.equal(r.status, 1, r.stderr);
    const report: unknown = JSON.parse(r.stdout);
    assert.ok(typeof report === 'object' && report !== null && 'findings' in report && Array.isArray(report.findings));
    const found = report.findings.map((f: unknown) => (typeof f === 'object' && f !== null && 'id' in f && 'location' in f ? { id: f.id, location: f.location } : f));
    assert.deepEqual(found, [{ id: 'config-too-deep', location: { path: file, line: 2, column: 513 } }]);
  });
});
