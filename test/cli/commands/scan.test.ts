import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fixtureHome } from '../../hosts/helpers.js';
import { runAudit as runScan } from './audit-harness.js';
import { materializeHome, tempDir } from '../../helpers/materialize.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

describe('mcp-audit scan --list (discovery only)', () => {
  it('--format json lists entries with host, scope, configPath, name, disabled, transport and location', async () => {
    const home = fixtureHome('linux');
    const r = await runScan(['scan', '--list', '--root', home, '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const out: unknown = JSON.parse(r.stdout);
    assert.ok(isRecord(out) && Array.isArray(out.entries));
    const expected: unknown = JSON.parse(readFileSync(path.join(home, 'expected.json'), 'utf8'));
    assert.ok(isRecord(expected) && Array.isArray(expected.entries));
    assert.equal(out.entries.length, expected.entries.length);
    const first: unknown = out.entries.find((e: unknown) => isRecord(e) && e.name === 'github' && e.host === 'claude-desktop');
    assert.ok(isRecord(first));
    assert.equal(first.scope, 'user');
    assert.equal(first.configPath, path.join(home, '.config/Claude/claude_desktop_config.json'));
    assert.equal(first.disabled, false);
    assert.equal(first.transport, 'stdio');
    assert.deepEqual(first.location, { path: first.configPath, pointer: '/mcpServers/github', line: 11, column: 5 });
    assert.deepEqual(first.envKeys, ['GITHUB_PERSONAL_ACCESS_TOKEN']);
    assert.equal(isRecord(out.trustedHome) ? out.trustedHome.source : undefined, 'root-flag');
  });

  it('never prints env or header values, in JSON or in the table', async () => {
    const home = fixtureHome('linux');
    for (const format of ['json', 'table']) {
      const r = await runScan(['scan', '--list', '--root', home, '--format', format]);
      assert.equal(r.code, 0);
      assert.ok(!r.stdout.includes('REDACTED'), `${format} output contains a secret value`);
      assert.ok(!r.stdout.includes('Bearer'), `${format} output contains a header value`);
    }
  });

  it('masks secrets in args and URLs (exa api key in a query string, Authorization args)', async () => {
    const r = await runScan(['scan', '--list', '--root', fixtureHome('linux'), '--format', 'json']);
    assert.ok(r.stdout.includes('exaApiKey=<redacted>'), 'the URL query value is masked');
    assert.ok(!r.stdout.includes('${EXA_API_KEY}'));
  });

  it('the table names each entry with its file:line:column and says when the count is a floor', async () => {
    // On a terminal wide enough for the longest path (in a pipe the table is 80 columns wide).
    const r = await runScan(['scan', '--list', '--root', fixtureHome('linux'), '--no-project-scan'], { columns: 250 });
    assert.equal(r.code, 0);
    assert.match(r.stdout, /~\/\.config\/Claude\/claude_desktop_config\.json:11:5/);
    assert.match(r.stdout, /count is a floor/);
    assert.ok(!r.stdout.includes('~/src/webapp/.mcp.json'), 'project .mcp.json must not be read with --no-project-scan');
  });

  it('--list -o FILE writes the listing to FILE (json and table), nothing to stdout', async () => {
    const dir = await tempDir('mcp-audit-list-output');
    for (const format of ['json', 'table']) {
      const file = path.join(dir, `list.${format}`);
      const r = await runScan(['scan', '--list', '--root', fixtureHome('linux'), '--format', format, '-o', file]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '');
      const text = readFileSync(file, 'utf8');
      if (format === 'json') assert.ok(Array.isArray((JSON.parse(text) as { entries?: unknown }).entries));
      else assert.match(text, /entries in \d+ files/);
    }
  });

  it('--root without --platform reads a macOS or Windows dotfiles tree in its own layout, and says so', async () => {
    const vscode = `${JSON.stringify({ servers: { everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } } })}\n`;
    for (const [platform, file] of [['darwin', 'Library/Application Support/Code/User/mcp.json'], ['win32', 'AppData/Roaming/Code/User/mcp.json']] as const) {
      const home = await materializeHome({ [file]: vscode }, 'mcp-audit-layout');
      const r = await runScan(['scan', '--root', home, '--format', 'json']);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`read as a ${platform} home \\(--platform chooses\\)`));
      const report = JSON.parse(r.stdout) as { entries: { name: string }[] };
      assert.deepEqual(report.entries.map((e) => e.name), ['everything']);
      const linux = await runScan(['scan', '--root', home, '--platform', 'linux', '--format', 'json']);
      assert.equal(linux.code, 0, 'an explicit --platform is taken as given');
      assert.equal(linux.stderr, '');
    }
  });

  it('audits another OS layout with --platform under --root', async () => {
    const r = await runScan(['scan', '--list', '--root', fixtureHome('windows'), '--platform', 'win32', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Claude_pzs8sxrjxfjjc/);
  });

  it('--platform of another OS without --root is a usage error (exit 2)', async () => {
    const r = await runScan(['scan', '--list', '--platform', 'darwin']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /needs --root/);
  });
});
