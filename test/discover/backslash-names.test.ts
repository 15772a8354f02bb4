import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { tempDir } from '../helpers/materialize.js';
import { cli } from '../cli/commands/cli-run.js';

/**
 * Found by review (glob walk, found while testing fc1b286; the baseline 4fd882c does the same).
 * On Linux and macOS a backslash is an ordinary character of a file or folder name, valid UTF-8.
 * fast-glob 3.3.3 returns its matches with every backslash turned into `/` (with `absolute: true`,
 * out/providers/transformers/entry.js `_transform` calls utils.path.unixify on every platform),
 * so `cli-agents/a\b.json` comes back as `cli-agents/a/b.json`, a path that names nothing: the
 * config reads as absent, with no finding, and the run exits 0 ("policy met"), though Amazon Q
 * (Rust) and Claude Code (Node, reading the folder itself) load it. The same for a plugin folder
 * `cache/p\q/1/.mcp.json`. Even a file there that is not valid JSON gives no finding.
 */
const server = (name: string): string => JSON.stringify({ mcpServers: { [name]: { command: 'npx', args: ['-y', 'srv'] } } });

interface Report {
  readonly entries: readonly { readonly configPath: string; readonly name: string }[];
  readonly findings: readonly { readonly id: string }[];
}

describe('config names holding a backslash', { skip: process.platform === 'win32' && 'a backslash is a separator on Windows' }, () => {
  const homes: string[] = [];
  after(() => { for (const h of homes) rmSync(h, { recursive: true, force: true }); });

  it('a matched file and a plugin folder named with a backslash are read where they are', async () => {
    const home = await tempDir('mcp-audit-backslash');
    homes.push(home);
    const agents = path.join(home, '.aws', 'amazonq', 'cli-agents');
    mkdirSync(agents, { recursive: true });
    writeFileSync(path.join(agents, 'a\\b.json'), server('agent'));
    const plugin = path.join(home, '.claude', 'plugins', 'cache', 'p\\q', '1');
    mkdirSync(plugin, { recursive: true });
    writeFileSync(path.join(plugin, '.mcp.json'), JSON.stringify({ plug: { command: 'npx', args: ['-y', 'plug'] } }));
    const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
    const report = JSON.parse(r.stdout) as Report;
    // Today: entries [], findings [], exit 0.
    assert.deepEqual(report.entries.map((e) => `${e.name} ${e.configPath}`).sort(), [
      `agent ${path.join(agents, 'a\\b.json')}`,
      `plug ${path.join(plugin, '.mcp.json')}`,
    ], r.stdout);
    assert.equal(r.code, 1, r.stderr);
  });

  it('a matched file named with a backslash that is not valid JSON is a finding, not silence', async () => {
    const home = await tempDir('mcp-audit-backslash-bad');
    homes.push(home);
    const agents = path.join(home, '.aws', 'amazonq', 'cli-agents');
    mkdirSync(agents, { recursive: true });
    writeFileSync(path.join(agents, 'a\\b.json'), '{bad');
    const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
    const report = JSON.parse(r.stdout) as Report;
    assert.ok(report.findings.some((f) => f.id === 'config-unparseable'), r.stdout);
  });
});
