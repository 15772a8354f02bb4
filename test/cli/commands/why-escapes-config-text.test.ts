import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cli } from './cli-run.js';

/**
 * Found by review on 239cc52: `why`'s text output (src/report/why.ts renderWhyText) escapes nothing, so a
 * config's command writes raw control characters to the terminal (an ESC clears the screen, sets
 * the title), and a server name with a newline prints a line of its own. scan's table, markdown,
 * check and the stderr policy line escape the same strings (\x1b, \x0a). The baseline (478401d)
 * is the same: a gap the change left.
 */
describe('why escapes what configs put in its text output', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-why-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, '.cursor'));
  const name = 'multi\nmcp-audit: policy met';
  writeFileSync(path.join(dir, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: {
    plain: { command: 'npx\u001b[2J', args: ['-y', 'pkg\u001b]0;title\u0007'] },
    [name]: { command: 'npx', args: ['-y', 'x'] },
  } }));

  it('a command with ESC sequences: no raw control character on stdout', async () => {
    const plain = await cli(['why', '--root', dir, '--no-project-scan', 'plain']);
    assert.equal(plain.code, 1, plain.stderr);
    assert.ok(plain.stdout.includes('plain runs npx'), plain.stdout);
    assert.doesNotMatch(plain.stdout, /\u001b/);
  });

  it('a server name with a newline: no line of its own', async () => {
    const multi = await cli(['why', '--root', dir, '--no-project-scan', name]);
    assert.equal(multi.code, 1, multi.stderr);
    assert.ok(!multi.stdout.split('\n').includes('mcp-audit: policy met') && !/^mcp-audit: policy met\b/m.test(multi.stdout), JSON.stringify(multi.stdout));
  });
});
