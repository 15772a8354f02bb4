import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO, unreadableEvenForRoot } from './helpers.js';

/**
 * Hostile files are generated at test time and scanned by the real CLI: the scan must finish (the
 * spawn's 20 s timeout is a hang guard, not a speed limit: `npm run bench` times parsing), report
 * each one as a finding at its file, and still find the good entry.
 */
let home = '';
let server: net.Server | undefined;
const file = (rel: string): string => {
  const full = path.join(home, rel);
  mkdirSync(path.dirname(full), { recursive: true });
  return full;
};
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sysfsUnreadable = unreadableEvenForRoot();

interface Out {
  readonly elapsedMs: number;
  readonly status: number | null;
  readonly json: { entries: { name: string }[]; findings: { id: string; location?: { path: string; line: number; column: number } }[] };
}
let out: Out | undefined;
let gradedRun: { elapsedMs: number; status: number | null } | undefined;

describe('hostile config files', () => {
  before(async () => {
    home = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-hostile-'));
    execFileSync('mkfifo', [file('.cursor/mcp.json')]);
    closeSync(openSync(file('.claude.json'), 'w'));
    truncateSync(file('.claude.json'), 40 * 1024 * 1024);
    writeFileSync(file('.codeium/windsurf/mcp_config.json'), `{"mcpServers": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    symlinkSync(file('.kiro/settings/b.json'), file('.kiro/settings/mcp.json'));
    symlinkSync(file('.kiro/settings/mcp.json'), file('.kiro/settings/b.json'));
    writeFileSync(file('.lmstudio/mcp.json'), Buffer.concat([Buffer.from('{"mcpServers": {"caf'), Buffer.from([0xe9]), Buffer.from('": {"command": "x"}}}')]));
    writeFileSync(file('.kimi/mcp.json'), '{\n  "mcpServers": {\n    "cut": { "command": "np');
    writeFileSync(file('.codex/config.toml'), '[mcp_servers.win]\ncommand = "C:\\Users\\me\\server.exe"\n');
    writeFileSync(file('.continue/config.yaml'), 'mcpServers:\n  - name: a\n    args: [x, y\n  - name: b\n');
    writeFileSync(file('.config/goose/config.yaml'), `extensions: ${'['.repeat(200_000)}${']'.repeat(200_000)}\n`);
    mkdirSync(file('.gemini/settings.json'));
    // Each would overflow the YAML composer's stack: an apostrophe in a flow list, explicit keys.
    const quoteBypass = `a: [x', ${'['.repeat(200_000)}${']'.repeat(200_000)}]`;
    const explicitKeys = `${'? '.repeat(200_000)}a`;
    writeFileSync(file('proj/.continue/mcpServers/a.yaml'), quoteBypass);
    writeFileSync(file('proj/.continue/mcpServers/b.yaml'), explicitKeys);
    writeFileSync(file('proj/.continue/mcpServers/c.yaml'), quoteBypass);
    writeFileSync(file('proj/.continue/mcpServers/d.yaml'), explicitKeys);
    symlinkSync('/dev/zero', file('.qoder/mcp.json'));
    const sock = file('.factory/mcp.json');
    server = net.createServer();
    await new Promise<void>((resolve) => server?.listen(sock, resolve));
    writeFileSync(file('.junie/mcp/mcp.json'), JSON.stringify({ mcpServers: { survivor: { command: 'npx', args: ['ok'] } } }));
    writeFileSync(file('.copilot/mcp-config.json'), JSON.stringify({ mcpServers: { locked: { command: 'x' } } }));
    chmodSync(file('.copilot/mcp-config.json'), 0o000);
    if (sysfsUnreadable !== undefined) symlinkSync(sysfsUnreadable, file('.kilocode/cli/global/settings/mcp_settings.json'));

    const start = performance.now();
    const r = spawnSync(process.execPath, [path.join(REPO, 'dist/src/cli/bin.cjs'), 'scan', '--list', '--root', home, '--project', path.join(home, 'proj'), '--format', 'json'], {
      encoding: 'utf8', timeout: 20_000, cwd: home,
    });
    const elapsedMs = performance.now() - start;
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- the CLI's own --list JSON, asserted field by field below
    out = { elapsedMs, status: r.status, json: JSON.parse(r.stdout) };
    const gradedStart = performance.now();
    const graded = spawnSync(process.execPath, [path.join(REPO, 'dist/src/cli/bin.cjs'), 'scan', '--root', home, '--format', 'json'], {
      encoding: 'utf8', timeout: 20_000, cwd: home,
    });
    gradedRun = { elapsedMs: performance.now() - gradedStart, status: graded.status };
  });
  after(() => {
    server?.close();
    rmSync(home, { recursive: true, force: true });
  });

  const findingAt = (rel: string): { id: string; location?: { line: number; column: number } } | undefined =>
    out?.json.findings.find((f) => f.location?.path === path.join(home, rel));

  it('discovery (scan --list) finishes and exits 0', (t) => {
    t.diagnostic(`scan --list took ${out?.elapsedMs.toFixed(0) ?? '?'} ms; graded scan ${gradedRun?.elapsedMs.toFixed(0) ?? '?'} ms`);
    assert.equal(out?.status, 0);
  });

  it('the graded scan also finishes without an internal error (exit 0 or 1, not 2)', () => {
    assert.ok(gradedRun?.status === 0 || gradedRun?.status === 1, `exit ${String(gradedRun?.status)}`);
  });

  it('still finds the good entry', () => {
    assert.deepEqual(out?.json.entries.map((e) => e.name).filter((n) => n === 'survivor'), ['survivor']);
  });

  it('reports a FIFO without opening it', () => assert.equal(findingAt('.cursor/mcp.json')?.id, 'config-not-regular-file'));
  it('reports a socket', () => assert.equal(findingAt('.factory/mcp.json')?.id, 'config-not-regular-file'));
  it('reports a symlink to a device', () => assert.equal(findingAt('.qoder/mcp.json')?.id, 'config-not-regular-file'));
  it('reports a directory where a file belongs', () => assert.equal(findingAt('.gemini/settings.json')?.id, 'config-not-regular-file'));
  it('reports and skips a 40 MB file', () => assert.equal(findingAt('.claude.json')?.id, 'config-too-large'));
  it('reports 200,000-deep JSON nesting at its position', () => {
    const f = findingAt('.codeium/windsurf/mcp_config.json');
    assert.equal(f?.id, 'config-too-deep');
    assert.deepEqual([f?.location?.line, f?.location?.column], [1, 527]);
  });
  it('reports 200,000-deep YAML nesting', () => assert.equal(findingAt('.config/goose/config.yaml')?.id, 'config-too-deep'));
  for (const name of ['a', 'b', 'c', 'd']) {
    it(`reports hostile YAML nesting the pre-scan once missed (${name}.yaml) as too deep`, () => {
      assert.equal(findingAt(`proj/.continue/mcpServers/${name}.yaml`)?.id, 'config-too-deep');
    });
  }
  it('reports a symlink loop', () => assert.equal(findingAt('.kiro/settings/mcp.json')?.id, 'config-symlink-loop'));
  it('reports invalid UTF-8 at the bad byte', () => {
    const f = findingAt('.lmstudio/mcp.json');
    assert.equal(f?.id, 'config-invalid-utf8');
    assert.deepEqual([f?.location?.line, f?.location?.column], [1, 21]);
  });
  it('reports a truncated JSON file where it ends', () => {
    const f = findingAt('.kimi/mcp.json');
    assert.equal(f?.id, 'config-unparseable');
    assert.equal(f?.location?.line, 3);
  });
  it('reports malformed TOML (Windows backslashes) with its line', () => {
    const f = findingAt('.codex/config.toml');
    assert.equal(f?.id, 'config-unparseable');
    assert.equal(f?.location?.line, 2);
  });
  it('reports malformed YAML', () => assert.equal(findingAt('.continue/config.yaml')?.id, 'config-unparseable'));
  it('reports a chmod 000 file as unreadable', { skip: isRoot ? 'running as root, which reads a chmod 000 file (see the sysfs case)' : false }, () => {
    assert.equal(findingAt('.copilot/mcp-config.json')?.id, 'config-unreadable');
  });
  it('reports permission denied even as root (symlink to a write-only sysfs attribute)', { skip: sysfsUnreadable === undefined ? 'no write-only sysfs attribute on this machine' : false }, () => {
    const f = findingAt('.kilocode/cli/global/settings/mcp_settings.json');
    assert.equal(f?.id, 'config-unreadable');
  });
});
