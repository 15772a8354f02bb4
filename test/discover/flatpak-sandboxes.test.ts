import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { expandAll, sandboxOf, sandboxTemplates, type PathContext } from '../../src/discover/paths.js';
import { VSCODE_FAMILY_FLATPAKS } from '../../src/hosts/types.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';

const H = '/audit/home';
const ctx = (platform: PathContext['platform']): PathContext => ({ platform, home: H, auditRoot: true });

describe('Flathub sandboxes of VS Code-family products', () => {
  it('a <UD> template is also read in the sandbox of the product it names, on Linux only', () => {
    assert.deepEqual(sandboxTemplates('<UD>/Code/User/mcp.json', 'linux'), ['~/.var/app/com.visualstudio.code/config/Code/User/mcp.json']);
    assert.deepEqual(sandboxTemplates('<UD>/Code/User/mcp.json', 'darwin'), []);
    assert.deepEqual(sandboxTemplates('<UD>/Code/User/mcp.json', 'win32'), []);
    assert.deepEqual(sandboxTemplates('<UD>/Cursor/User/mcp.json', 'linux'), []);
    assert.deepEqual(sandboxTemplates('~/.config/Code/User/mcp.json', 'linux'), []);
    assert.deepEqual(sandboxTemplates('<UD>/Code', 'linux'), []);
  });

  it('a brace group of products keeps only those packaged on Flathub, each in its own sandbox', () => {
    assert.deepEqual(sandboxTemplates('<UD>/{Code,Cursor,VSCodium}/User/globalStorage/x/settings/*.json', 'linux'), [
      '~/.var/app/com.visualstudio.code/config/Code/User/globalStorage/x/settings/*.json',
      '~/.var/app/com.vscodium.codium/config/VSCodium/User/globalStorage/x/settings/*.json',
    ]);
  });

  it('expandAll lists the sandbox copy after the default one', () => {
    assert.deepEqual(expandAll('<UD>/VSCodium/User/mcp.json', ctx('linux')).map((e) => e.base), [
      path.join(H, '.config/VSCodium/User/mcp.json'),
      path.join(H, '.var/app/com.vscodium.codium/config/VSCodium/User/mcp.json'),
    ]);
  });

  it('sandboxOf names the sandbox a file lies in, and only a listed one', () => {
    assert.equal(sandboxOf(path.join(H, '.var/app/com.visualstudio.code/config/Code/User/mcp.json'), ctx('linux')), 'com.visualstudio.code');
    assert.equal(sandboxOf(path.join(H, '.var/app/com.visualstudio.code.other/x'), ctx('linux')), undefined);
    assert.equal(sandboxOf(path.join(H, '.var/app/dev.zed.Zed/config/zed/settings.json'), ctx('linux')), undefined);
    assert.equal(sandboxOf(path.join(H, '.config/Code/User/mcp.json'), ctx('linux')), undefined);
    assert.equal(sandboxOf(path.join(H, '.var/app/com.visualstudio.code/x'), ctx('darwin')), undefined);
  });

  it('every sandbox cites its Flathub manifest', () => {
    for (const f of VSCODE_FAMILY_FLATPAKS) assert.match(f.source, new RegExp(`flathub/${f.appId.replace(/\./g, '\\.')}@[0-9a-f]{7,40} `), f.appId);
  });
});

describe('a host switch in a Flathub sandbox turns off that install alone', () => {
  const native = '.config/Code/User';
  const sandbox = '.var/app/com.visualstudio.code/config/Code/User';
  const servers = (name: string): string => JSON.stringify({ servers: { [name]: { type: 'stdio', command: `/opt/${name}` } } });
  const off = JSON.stringify({ 'chat.mcp.access': 'none' });
  async function states(spec: Record<string, string>): Promise<Record<string, boolean>> {
    const home = await materializeHome(spec);
    const { entries } = await discover({ root: home, platform: 'linux', projectScan: false }, testEnv('linux'));
    return Object.fromEntries(entries.filter((e) => e.host === 'vscode').map((e) => [e.name, e.disabled]));
  }

  it('chat.mcp.access "none" in the native settings turns off the native servers, not the sandbox ones', async () => {
    assert.deepEqual(await states({ [`${native}/mcp.json`]: servers('n'), [`${native}/settings.json`]: off, [`${sandbox}/mcp.json`]: servers('s') }), { n: true, s: false });
  });

  it('chat.mcp.access "none" in the sandbox settings turns off the sandbox servers, not the native ones', async () => {
    assert.deepEqual(await states({ [`${native}/mcp.json`]: servers('n'), [`${sandbox}/mcp.json`]: servers('s'), [`${sandbox}/settings.json`]: off }), { n: false, s: true });
  });

  it('set in both, every server is off', async () => {
    assert.deepEqual(await states({
      [`${native}/mcp.json`]: servers('n'), [`${native}/settings.json`]: off, [`${sandbox}/mcp.json`]: servers('s'), [`${sandbox}/settings.json`]: off,
    }), { n: true, s: true });
  });
});
