import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { tempDir } from '../helpers/materialize.js';
import { cli } from '../cli/commands/cli-run.js';

/**
 * Found by review on fc1b286 (glob.ts globLocation). The undecodable names are keyed by their
 * decoded path (each bad byte as U+FFFD), which a valid UTF-8 name holding U+FFFD itself
 * (bytes EF BF BD, a name Node opens) can equal. Linux allows both in one folder.
 */
const SERVER = JSON.stringify({ mcpServers: { s: { command: 'npx', args: ['-y', 'srv'] } } });
const name = (dir: string, ...parts: (string | number[])[]): Buffer =>
  Buffer.concat([Buffer.from(`${dir}/`), ...parts.map((p) => Buffer.from(p))]);

interface Report {
  readonly entries: readonly { readonly configPath: string; readonly name: string }[];
  readonly findings: readonly { readonly id: string; readonly location?: { readonly path?: string } }[];
}

describe('undecodable names next to a valid name holding U+FFFD', { skip: process.platform === 'win32' && 'Windows names are UTF-16' }, () => {
  const homes: string[] = [];
  after(() => { for (const h of homes) rmSync(h, { recursive: true, force: true }); });

  it('a readable file named "\\uFFFD.json" is still read when "\\xff.json" sits beside it (baseline 4fd882c reads it)', async () => {
    const home = await tempDir('mcp-audit-fffd-file');
    homes.push(home);
    const agents = path.join(home, '.aws', 'amazonq', 'cli-agents');
    mkdirSync(agents, { recursive: true });
    writeFileSync(path.join(agents, '\uFFFD.json'), SERVER); // valid UTF-8: EF BF BD
    writeFileSync(name(agents, [0xff], '.json'), SERVER);
    const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
    const report = JSON.parse(r.stdout) as Report;
    // Today: entries [] and one config-unreadable at agents/\uFFFD.json; the readable file's entry vanished.
    assert.deepEqual(report.entries.map((e) => `${e.configPath} ${e.name}`), [`${path.join(agents, '\uFFFD.json')} s`], r.stdout);
  });

  it('a folder "\\xff" beside a valid folder "\\uFFFD" is a config-unreadable finding, not silently unseen', async () => {
    const home = await tempDir('mcp-audit-fffd-dir');
    homes.push(home);
    const cache = path.join(home, '.claude', 'plugins', 'cache');
    mkdirSync(path.join(cache, '\uFFFD', '1'), { recursive: true });
    writeFileSync(path.join(cache, '\uFFFD', '1', '.mcp.json'), JSON.stringify({ good: { command: 'npx', args: ['-y', 'a'] } }));
    mkdirSync(name(cache, [0xff], '/1'), { recursive: true });
    writeFileSync(name(cache, [0xff], '/1/.mcp.json'), JSON.stringify({ hidden: { command: 'npx', args: ['-y', 'b'] } }));
    const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
    const report = JSON.parse(r.stdout) as Report;
    assert.ok(report.entries.some((e) => e.name === 'good'), r.stdout);
    // Today (and in the baseline 4fd882c): no finding at all; the walk reads the valid folder under
    // the decoded name and never learns that a second, undecodable folder (holding "hidden") was
    // not entered: fc1b286 notices only a folder whose decoded path cannot be read.
    const unreadable = report.findings.filter((f) => f.id === 'config-unreadable');
    assert.equal(unreadable.length, 1, r.stdout);
  });
});
