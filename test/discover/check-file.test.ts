import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { discover, type Discovery } from '../../src/discover/discover.js';
import { testEnv } from '../hosts/helpers.js';

const homes: string[] = [];
after(() => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

/** A fresh home holding `files` (path → text or bytes). */
function home(files: Readonly<Record<string, string | Buffer>>): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-check-file-')));
  homes.push(dir);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

const scan = (root: string): Promise<Discovery> =>
  discover({ root, projects: [path.join(root, 'proj')] }, testEnv('linux'));

describe('checkFile', () => {
  it('parses a gated file whose key is spelled with \\u escapes (the gate cannot be fooled)', async () => {
    const root = home({
      '.config/Code/User/settings.json': '{"m\\u0063p": {"servers": {"userHidden": {"command": "a"}}}}',
      '.config/zed/settings.json': '{"context\\u005fservers": {"zedHidden": {"command": "b"}}}',
      'proj/app.code-workspace': '{"settings": {"m\\u0063p.servers": {"wsHidden": {"command": "c"}}}}',
      'proj/.devcontainer/devcontainer.json': '{"customizations": {"vscode": {"\\u006dcp": {"servers": {"dcHidden": {"command": "d"}}}}}}',
      'proj/.zed/settings.json': '{"\\u0063ontext_servers": {"zedProjectHidden": {"command": "e"}}}',
    });
    const d = await scan(root);
    const seen = d.entries.map((e) => `${e.host}:${e.name}`);
    for (const want of ['vscode:userHidden', 'zed:zedHidden', 'vscode:wsHidden', 'vscode:dcHidden', 'zed:zedProjectHidden']) {
      assert.ok(seen.includes(want), `${want} in ${seen.join(', ')}`);
    }
  });

  it('reports a broken file read by several hosts once (VS Code, Amp, Augment share settings.json)', async () => {
    const root = home({ '.config/Code/User/settings.json': '{"mcp": {}, "amp.mcpServers": {}, "augment.advanced": {},,,' });
    const d = await scan(root);
    const file = path.join(root, '.config/Code/User/settings.json');
    const here = d.findings.filter((f) => f.location?.path === file).map((f) => f.id);
    assert.deepEqual(here, ['config-unparseable']);
    assert.ok(d.locations.filter((l) => l.path === file).every((l) => l.status === 'error'));
  });

  it('lists the entries of a JSON file with an invalid UTF-8 byte (decoded as Node does) and keeps the finding', async () => {
    const bytes = Buffer.concat([Buffer.from('{"x": "😀'), Buffer.from([0xe9]), Buffer.from('", "mcpServers": {"caf'), Buffer.from([0xe9]), Buffer.from('": {"command": "npx"}}}')]);
    const root = home({ '.cursor/mcp.json': bytes, '.codex/config.toml': Buffer.concat([Buffer.from('[mcp_servers.t]\ncommand = "'), Buffer.from([0xff]), Buffer.from('"\n')]) });
    const d = await scan(root);
    const cursorFile = path.join(root, '.cursor/mcp.json');
    assert.deepEqual(d.entries.filter((e) => e.configPath === cursorFile).map((e) => [e.name, e.command]), [['caf\uFFFD', 'npx']]);
    const f = d.findings.filter((x) => x.location?.path === cursorFile);
    assert.deepEqual(f.map((x) => x.id), ['config-invalid-utf8']);
    // `{"x": "😀` is 9 UTF-16 units (the emoji is two, but four bytes): the bad byte is column 10, not 12.
    assert.deepEqual([f[0]?.location?.line, f[0]?.location?.column], [1, 10]);
    assert.equal(d.locations.find((l) => l.path === cursorFile && l.host === 'cursor')?.status, 'found');
    // Codex (Rust) refuses a TOML file that is not UTF-8: no entries, the file is an error.
    const codexFile = path.join(root, '.codex/config.toml');
    assert.ok(!d.entries.some((e) => e.configPath === codexFile));
    assert.equal(d.locations.find((l) => l.path === codexFile)?.ruleId, 'config-invalid-utf8');
  });
});

describe('YAML size cap', () => {
  it('a YAML config over 1 MiB is reported too large and not parsed (the parser would take seconds)', async () => {
  const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-bigyaml-')));
  mkdirSync(path.join(home, '.config/goose'), { recursive: true });
  writeFileSync(path.join(home, '.config/goose/config.yaml'), `extensions:\n${'  # padding\n'.repeat(120_000)}`);
  const d = await discover({ root: home, projectScan: false }, testEnv('linux'));
  const f = d.findings.find((x) => x.id === 'config-too-large');
  assert.ok(f !== undefined, d.findings.map((x) => x.id).join(','));
  assert.match(f.message, /1048576/);
  rmSync(home, { recursive: true, force: true });
  });

  it('JSON configs over 4 MiB are refused before parsing (eight 16 MiB ones ran out of heap); ~/.claude.json may be larger', async () => {
    const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-bigjson-')));
    const junk = `{"mcpServers": {"s": {"command": "x"}}, "junk": [${'0,'.repeat(2_600_000)}0]}`;
    mkdirSync(path.join(home, '.cursor'), { recursive: true });
    writeFileSync(path.join(home, '.cursor/mcp.json'), junk);
    writeFileSync(path.join(home, '.claude.json'), junk);
    const d = await discover({ root: home, projectScan: false }, testEnv('linux'));
    const big = d.findings.filter((x) => x.id === 'config-too-large');
    assert.deepEqual(big.map((f) => path.basename(f.location?.path ?? '')), ['mcp.json']);
    assert.match(big[0]?.message ?? '', /4194304/);
    assert.ok(d.entries.some((e) => e.host === 'claude-code' && e.name === 's'), 'the large ~/.claude.json is still read');
    rmSync(home, { recursive: true, force: true });
  });
});
