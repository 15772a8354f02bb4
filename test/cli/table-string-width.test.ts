import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { prng } from '../canonical/random-docs.js';

/**
 * The bundle measures table cells with table-string-width.ts, not cli-table3's string-width
 * directly (build-bundle.ts). Its one shortcut, printable ASCII counted by length, must be what
 * that string-width says; and the bundled CLI must draw the same table as the unbundled build,
 * which uses the real module throughout, for names that are not ASCII too.
 */
const DIST = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(DIST, 'src/cli/bin.cjs');
const MAIN = path.join(DIST, 'src/cli/main.js');
/** cli-table3's own string-width, resolved from its folder as the bundle's shim resolves it. */
const fromTable = createRequire(createRequire(import.meta.url).resolve('cli-table3'));
const loaded: unknown = fromTable('string-width');
const stringWidth = (text: string): unknown => (typeof loaded === 'function' ? Reflect.apply(loaded, undefined, [text]) : undefined);

describe("the table's string-width shim", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-table-width-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('printable ASCII is as wide as it is long in the real module, and other text is not always (so it goes there)', () => {
    for (let c = 0x20; c <= 0x7e; c++) assert.equal(stringWidth(String.fromCharCode(c)), 1, `U+${c.toString(16)}`);
    const next = prng(41);
    for (let t = 0; t < 2000; t++) {
      const text = Array.from({ length: Math.floor(next() * 40) }, () => String.fromCharCode(0x20 + Math.floor(next() * 95))).join('');
      assert.equal(stringWidth(text), text.length, JSON.stringify(text));
    }
    assert.deepEqual(['中文', 'e\u0301', '\u001b[1mab\u001b[22m', '👩‍💻', '\t'].map(stringWidth), [4, 1, 2, 2, 0]);
  });

  it('the bundled CLI draws the table the unbundled build draws, wide, combining and emoji names included', () => {
    const names = ['plain', '中文服务', 'cafe\u0301', '👩‍💻-tools', 'tab\there', 'mixed 中 x', `${'long-name-'.repeat(12)}end`];
    mkdirSync(path.join(dir, '.cursor'));
    writeFileSync(path.join(dir, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: Object.fromEntries(names.map((n) => [n, { command: 'npx', args: ['-y', `@x/${n}`] }])) }));
    for (const columns of ['80', '123']) {
      const env = { ...process.env, COLUMNS: columns };
      const bundled = spawnSync(process.execPath, [BIN, 'scan', '--root', dir, '--no-project-scan'], { encoding: 'utf8', env });
      const unbundled = spawnSync(process.execPath, ['--input-type=module', '-e',
        `process.argv.splice(1, 0, 'mcp-audit'); const m = await import(${JSON.stringify(MAIN)}); await m.main();`,
        'scan', '--root', dir, '--no-project-scan'], { encoding: 'utf8', env });
      assert.equal(bundled.status, 1, bundled.stderr);
      assert.equal(unbundled.status, 1, unbundled.stderr);
      assert.match(bundled.stdout, /中文服务/);
      assert.equal(bundled.stdout, unbundled.stdout, `COLUMNS=${columns}`);
    }
  });
});
