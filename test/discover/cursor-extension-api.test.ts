import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cli } from '../cli/commands/cli-run.js';

/**
 * Cursor's extension API (https://cursor.com/docs/extension-api) lets an installed extension
 * register MCP servers and plugin folders from its code, with nothing in its manifest: the audit
 * reads each extension's entry script for the API's names, and one it cannot read is a floor too.
 * Real CLI over a Linux-layout home.
 */
let scratch = '';
let home = '';
const env = { PATH: process.env.PATH ?? '' };

function extension(id: string, manifest: Record<string, unknown>, files: Record<string, string>): void {
  const dir = path.join(home, '.cursor', 'extensions', id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: id, publisher: 'x', version: '1.0.0', ...manifest })}\n`);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
}

async function causes(): Promise<{ countIsFloor: boolean; details: string[] }> {
  const r = await cli(['scan', '--root', home, '--platform', 'linux', '--format', 'json', '--fail-on', 'none'], { cwd: scratch, env });
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { countIsFloor: boolean; floorCauses: { kind: string; detail: string; hosts?: string[] }[] };
  return { countIsFloor: report.countIsFloor, details: report.floorCauses.filter((c) => c.hosts?.includes('cursor') === true).map((c) => c.detail) };
}

describe('Cursor extensions that register servers through the extension API', () => {
  before(() => {
    scratch = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-cursor-ext-')));
    home = path.join(scratch, 'home');
    mkdirSync(path.join(home, '.cursor'), { recursive: true });
    writeFileSync(path.join(home, '.cursor', 'mcp.json'), '{ "mcpServers": {} }\n');
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('a theme and an extension whose code names no registration API leave the count whole', async () => {
    extension('x.theme-1.0.0', { contributes: { themes: [] } }, {});
    extension('x.linter-1.0.0', { main: './out/extension' }, { 'out/extension.js': 'exports.activate = () => {};\n' });
    const got = await causes();
    assert.deepEqual(got.details, []);
    assert.equal(got.countIsFloor, false);
  });

  it('an entry script calling vscode.cursor.mcp.registerServer, one calling plugins.registerPath, and an unreadable one are floor causes; a missing one is not', async () => {
    extension('x.mcp-1.0.0', { main: './dist/main.js' }, { 'dist/main.js': 'exports.activate=()=>{require("vscode").cursor.mcp.registerServer({name:"a",server:{command:"node",args:[],env:{}}})};\n' });
    extension('x.plug-1.0.0', { browser: 'web/ext' }, { 'web/ext.js': 'export function activate(v){v.cursor.plugins.registerPath("/tmp/p")}\n' });
    // A FIFO where the entry script should be: it cannot be read, so nothing is known of its code.
    extension('x.fifo-1.0.0', { main: './out/extension.js' }, {});
    mkdirSync(path.join(home, '.cursor', 'extensions', 'x.fifo-1.0.0', 'out'), { recursive: true });
    execFileSync('mkfifo', [path.join(home, '.cursor', 'extensions', 'x.fifo-1.0.0', 'out', 'extension.js')]);
    // An entry script that does not exist: the extension cannot activate, so it registers nothing.
    extension('x.gone-1.0.0', { main: './missing/extension.js' }, {});
    const got = await causes();
    assert.equal(got.countIsFloor, true);
    assert.equal(got.details.length, 3, got.details.join('\n'));
    assert.ok(got.details.some((d) => d.includes('x.mcp-1.0.0') && d.includes('registerServer')), got.details.join('\n'));
    assert.ok(got.details.some((d) => d.includes('x.plug-1.0.0') && d.includes('registerPath')), got.details.join('\n'));
    assert.ok(got.details.some((d) => d.includes('x.fifo-1.0.0') && d.includes('could not be read')), got.details.join('\n'));
    assert.ok(!got.details.some((d) => d.includes('x.gone-1.0.0')), got.details.join('\n'));
  });
});
