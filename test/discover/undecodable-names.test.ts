import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { tempDir } from '../helpers/materialize.js';
import { cli } from '../cli/commands/cli-run.js';

/**
 * File and folder names that are not valid UTF-8 (Linux allows any bytes but / and NUL). Node's
 * string paths decode each bad byte as U+FFFD, and the decoded path names nothing: such a config
 * read as absent, and such a folder's configs were never seen, though a host that
 * reads names as bytes (Codex, Amazon Q: Rust) launches them. Each must be a config-unreadable
 * finding at the path the walk met, while the neighbours with valid names are read as before.
 */
const SERVER = JSON.stringify({ mcpServers: { s: { command: 'npx', args: ['-y', 'srv'] } } });
const bytes = (base: string, ...parts: (string | number[])[]): Buffer =>
  Buffer.concat([Buffer.from(base), ...parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p)))]);

interface Report { readonly entries: readonly { readonly configPath: string }[]; readonly findings: readonly { readonly id: string; readonly location?: { readonly path?: string } }[] }

describe('config names that are not valid UTF-8', { skip: process.platform === 'win32' && 'Windows names are UTF-16' }, () => {
  let home = '';
  after(() => { if (home !== '') rmSync(home, { recursive: true, force: true }); });

  it('a matched file and a folder the walk enters are config-unreadable; valid neighbours are read', async () => {
    home = await tempDir('mcp-audit-undecodable');
    // Amazon Q agents: ~/.aws/amazonq/cli-agents/*.json, one file named "\xff.json", one "ok.json".
    const agents = path.join(home, '.aws', 'amazonq', 'cli-agents');
    mkdirSync(agents, { recursive: true });
    writeFileSync(bytes(`${agents}/`, [0xff], '.json'), SERVER);
    writeFileSync(path.join(agents, 'ok.json'), SERVER);
    // Claude Code plugins: ~/.claude/plugins/cache/**/.mcp.json under a folder named "v\xfe".
    const cache = path.join(home, '.claude', 'plugins', 'cache');
    mkdirSync(bytes(`${cache}/`, 'v', [0xfe], '/1.0.0'), { recursive: true });
    writeFileSync(bytes(`${cache}/`, 'v', [0xfe], '/1.0.0/.mcp.json'), JSON.stringify({ p: { command: 'npx', args: ['-y', 'plug'] } }));
    mkdirSync(path.join(cache, 'good', '1.0.0'), { recursive: true });
    writeFileSync(path.join(cache, 'good', '1.0.0', '.mcp.json'), JSON.stringify({ g: { command: 'npx', args: ['-y', 'plug'] } }));
    // A bad name the pattern does not reach: no finding for it.
    writeFileSync(bytes(`${agents}/`, 'notes-', [0xff], '.txt'), 'x');

    const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
    assert.equal(r.code, 1, r.stderr);
    const report = JSON.parse(r.stdout) as Report;
    const unreadable = report.findings.filter((f) => f.id === 'config-unreadable').map((f) => f.location?.path ?? '').sort();
    assert.deepEqual(unreadable, [path.join(agents, '\uFFFD.json'), path.join(cache, 'v\uFFFD')].sort(), r.stdout);
    const read = report.entries.map((e) => e.configPath).sort();
    assert.ok(read.includes(path.join(agents, 'ok.json')), read.join('\n'));
    assert.ok(read.includes(path.join(cache, 'good', '1.0.0', '.mcp.json')), read.join('\n'));
  });
});
