import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { auditFiles, detectLayout } from '../../src/grade/layouts.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';

const VSCODE = `${JSON.stringify({ servers: { everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } } })}\n`;

describe('the layout of a tree audited as a home', () => {
  it('a tree with Library/Application Support/ is a macOS home, AppData/Roaming/ a Windows one; neither: this OS', async () => {
    const mac = await materializeHome({ 'Library/Application Support/Code/User/mcp.json': VSCODE });
    const win = await materializeHome({ 'AppData/Roaming/Code/User/mcp.json': VSCODE });
    const plain = await materializeHome({ '.cursor/mcp.json': VSCODE });
    assert.equal(detectLayout(mac, 'linux').platform, 'darwin');
    assert.match(detectLayout(mac, 'linux').note ?? '', /read as a darwin home/);
    assert.equal(detectLayout(win, 'darwin').platform, 'win32');
    assert.deepEqual(detectLayout(plain, 'linux'), { platform: 'linux' });
    assert.deepEqual(detectLayout(mac, 'darwin'), { platform: 'darwin' }, 'this OS\'s own layout: no note');
    const both = await materializeHome({ 'Library/Application Support/x': '', 'AppData/Roaming/y': '' });
    const mixed = detectLayout(both, 'linux');
    assert.equal(mixed.platform, 'linux');
    assert.match(mixed.note ?? '', /pass --platform/);
  });

  it('auditFiles looks a file no host of this OS reads up in the other layouts, and names what none reads', async () => {
    const repo = await materializeHome({ 'Library/Application Support/Code/User/mcp.json': VSCODE, 'notes/mcp.json': VSCODE });
    const mac = path.join(repo, 'Library/Application Support/Code/User/mcp.json');
    const stray = path.join(repo, 'notes/mcp.json');
    const r = await auditFiles({ root: repo, files: new Set([mac, stray]), projects: [repo] }, testEnv('linux'));
    assert.deepEqual(r.result.rows.map((row) => [row.host, row.name]), [['vscode', 'everything']]);
    assert.deepEqual(r.unread, [stray]);
    const linuxOnly = await auditFiles({ root: repo, files: new Set([mac]), projects: [repo], platform: 'linux' }, testEnv('linux'));
    assert.deepEqual(linuxOnly.unread, [mac], 'an explicit platform is the only one tried');
  });
});
