import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { UsageError } from '../../src/shared/errors.js';
import { testEnv } from '../hosts/helpers.js';

let home = '';
const put = (rel: string, text: string): void => {
  const file = path.join(home, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

describe('discover', () => {
  before(() => {
    home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-discover-')));
    put('.claude.json', JSON.stringify({ mcpServers: {}, projects: { '/home/alice/listed': { mcpServers: { local: { command: 'x' } } } } }));
    put('listed/.mcp.json', JSON.stringify({ mcpServers: { shared: { command: 'npx', args: ['s'] } } }));
    put('work/repo/sub/.cursor/mcp.json', JSON.stringify({ mcpServers: { deep: { command: 'y' } } }));
    put('work/repo/.mcp.json', JSON.stringify({ mcpServers: { ancestor: { command: 'z' } } }));
    put('elsewhere/.vscode/mcp.json', JSON.stringify({ servers: { flagged: { command: 'w' } } }));
    put('.config/Code/User/settings.json', '{\n  // no MCP here\n  "editor.fontSize": 14,\n  "editor.fontSize": 15,\n  "files.exclude": { "**/.git": true, },\n}\n');
    put('.cursor/real-mcp.json', JSON.stringify({ mcpServers: { linked: { command: 'l' } } }));
    symlinkSync(path.join(home, '.cursor/real-mcp.json'), path.join(home, '.cursor/mcp.json'));
    put('dotfiles/kimi/mcp.json', JSON.stringify({ mcpServers: { viaDir: { command: 'k' } } }));
    symlinkSync(path.join(home, 'dotfiles/kimi'), path.join(home, '.kimi'));
    put('.codeium/windsurf/mcp_config.json', '{"mcpServers": {\n  "db": {"command": "pinned-proxy"},\n  "db": {"command": "npx", "args": ["db-server"]}\n}}');
  });
  after(() => rmSync(home, { recursive: true, force: true }));

  it('scans projects listed in ~/.claude.json (rebased onto --root) and reads their .mcp.json', async () => {
    const d = await discover({ root: home }, testEnv('linux'));
    const names = d.entries.map((e) => `${e.host}:${e.scope}:${e.name}`).sort();
    assert.ok(names.includes('claude-code:project:local'));
    assert.ok(names.includes('claude-code:project:shared'));
    const listed = d.projectRoots.find((r) => r.path === path.join(home, 'listed'));
    assert.equal(listed?.recordedAs, '/home/alice/listed');
  });

  it('walks the cwd and its ancestors inside the audited root, up to the home', async () => {
    const d = await discover({ root: home }, testEnv('linux', { cwd: path.join(home, 'work/repo/sub') }));
    const names = d.entries.map((e) => e.name);
    assert.ok(names.includes('deep'));
    assert.ok(names.includes('ancestor'));
    // The home is no cwd project; Claude Code and the Kilo CLI (outside a repository its worktree is
    // "/") read it on their walks up to the filesystem root.
    assert.deepEqual(d.projectRoots.filter((r) => r.path === home).map((r) => r.sources), [['walk:claude-code', 'walk:kilo-cli']]);
  });

  it('--no-project-scan skips listed and cwd projects and says the count is a floor; --project still applies', async () => {
    const d = await discover({ root: home, projectScan: false, projects: [path.join(home, 'elsewhere')] }, testEnv('linux', { cwd: path.join(home, 'work/repo') }));
    const names = d.entries.map((e) => e.name).sort();
    assert.deepEqual(names, ['db', 'flagged', 'linked', 'local', 'viaDir']);
    assert.ok(names.includes('flagged'));
    assert.ok(!names.includes('shared'));
    assert.ok(!names.includes('ancestor'));
    assert.equal(d.projectScan, false);
    assert.equal(d.countIsFloor, true);
  });

  it('a settings.json with no MCP key is found, holds no servers, and is not an error', async () => {
    const d = await discover({ root: home }, testEnv('linux'));
    const loc = d.locations.find((l) => l.host === 'vscode' && l.path.endsWith('settings.json'));
    assert.equal(loc?.status, 'found');
    assert.equal(loc?.entries, 0);
    assert.equal(loc?.serversKey, false);
    assert.ok(!d.findings.some((f) => f.location?.path.endsWith('settings.json')));
  });

  it('follows a symlinked config (or a symlinked folder on its path) and records the target', async () => {
    const d = await discover({ root: home }, testEnv('linux'));
    const e = d.entries.find((x) => x.name === 'linked');
    assert.equal(e?.configPath, path.join(home, '.cursor/mcp.json'));
    assert.equal(e?.realPath, path.join(home, '.cursor/real-mcp.json'));
    const viaDir = d.entries.find((x) => x.name === 'viaDir');
    assert.equal(viaDir?.configPath, path.join(home, '.kimi/mcp.json'));
    assert.equal(viaDir?.realPath, path.join(home, 'dotfiles/kimi/mcp.json'));
    assert.equal(d.entries.find((x) => x.name === 'local')?.realPath, undefined);
  });

  it('reports a duplicate server key as a differential naming the entry the host uses', async () => {
    const d = await discover({ root: home }, testEnv('linux'));
    const f = d.findings.filter((x) => x.id === 'config-duplicate-key');
    assert.equal(f.length, 1);
    assert.equal(f[0]?.data.pointer, '/mcpServers/db');
    assert.deepEqual([f[0]?.location?.line, f[0]?.location?.column], [3, 3]);
    assert.match(f[0]?.message ?? '', /first at 2:3.*last occurrence/);
    const used = d.entries.filter((e) => e.name === 'db');
    assert.equal(used.length, 1);
    assert.equal(used[0]?.command, 'npx');
  });

  it('records every location checked with found/absent per host and scope', async () => {
    const d = await discover({ root: home }, testEnv('linux'));
    assert.ok(d.locations.some((l) => l.host === 'claude-desktop' && l.status === 'absent'));
    assert.ok(d.locations.some((l) => l.host === 'claude-code' && l.scope === 'managed' && l.path === path.join(home, '_system/etc/claude-code/managed-mcp.json')));
    assert.ok(d.locations.some((l) => l.host === 'vscode' && l.scope === 'profile' && l.status === 'absent' && l.pattern !== undefined));
    // brace groups expand to plain paths: Cline's storage under each VS Code-family editor is listed
    assert.ok(d.locations.some((l) => l.host === 'cline' && l.status === 'absent' && l.path === path.join(home, '.config/VSCodium/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json')));
  });

  it('reports a $HOME that differs from the trusted home (no host registry: reads no real files)', async () => {
    const d = await discover({ projectScan: false, hosts: [] }, testEnv('linux', { vars: { HOME: home } }));
    assert.equal(d.locations.length, 0);
    assert.equal(d.homeEnvMismatch, true);
    assert.ok(d.findings.some((f) => f.id === 'home-env-mismatch'));
    assert.equal(d.home.source, 'passwd');
  });

  it('refuses another OS layout without --root', async () => {
    await assert.rejects(discover({ platform: 'win32' }, testEnv('linux')), UsageError);
  });
});
