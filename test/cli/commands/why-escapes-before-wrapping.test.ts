import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cli } from './cli-run.js';

/**
 * Found by review on e2b9d07: renderWhyText escapes each line only after wrap() has split the facts and
 * finding messages at /\s+/, which matches \n, \t, U+2028 and U+2029. So in every wrapped line
 * (the evidence facts, the findings) a config's newline, tab or line separator is silently turned
 * into a plain space: an arg "x\ny" reads as two args `x y`, and a name "a\nb" as `a b`, while the
 * same why output's first line shows `a\x0ab` and scan shows `a\x0ab … runs x\x0ay` (scan escapes
 * before it wraps). The escape claims to show exactly which code point was there (text.ts).
 */
describe('why shows a config\'s whitespace controls escaped in wrapped facts, as scan does', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-why-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, '.cursor'));
  writeFileSync(path.join(dir, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: {
    one: { command: 'npx', args: ['-y', 'x\ny'] },
    two: { command: 'npx', args: ['-y', 'x', 'y'] },
    'a\nb\u2028c': { command: 'npx', args: ['-y', 'z'] },
  } }));

  it('scan distinguishes the arg "x\\ny" from the args x y (the reference behaviour)', async () => {
    const scan = await cli(['scan', '--root', dir, '--no-project-scan']);
    assert.ok(scan.stdout.includes('runs x\\x0ay'), scan.stdout);
  });

  it('why shows the arg "x\\ny" escaped, not as the two args x y', async () => {
    const one = await cli(['why', '--root', dir, '--no-project-scan', 'one']);
    const two = await cli(['why', '--root', dir, '--no-project-scan', 'two']);
    assert.equal(one.code, 1, one.stderr);
    assert.ok(one.stdout.includes('x\\x0ay'), one.stdout);
    assert.notEqual(one.stdout.replaceAll('one', ''), two.stdout.replaceAll('two', ''));
  });

  it('why names "a\\nb\\u2028c" the same way in its findings as in its first line', async () => {
    const r = await cli(['why', '--root', dir, '--no-project-scan', 'a\nb\u2028c']);
    assert.equal(r.code, 1, r.stderr);
    assert.ok(r.stdout.startsWith('a\\x0ab\\u2028c:'), r.stdout);
    assert.ok(r.stdout.includes('no-pinning-proxy: a\\x0ab\\u2028c runs'), r.stdout);
  });
});
