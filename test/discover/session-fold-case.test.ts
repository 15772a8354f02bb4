import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { codex } from '../../src/hosts/codex.js';
import { opencode } from '../../src/hosts/opencode.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * A macOS home read from a case-sensitive copy: zsh opens ~/.zshenv on APFS whatever case the copy
 * spells it in, so a CODEX_HOME it exports moves Codex's config there, and the servers in it are launched.
 */
describe('session files of a macOS home, spelled in another case', () => {
  it('~/.ZSHENV exporting CODEX_HOME: the relocated config is read', async () => {
    const home = await materializeHome({
      '.ZSHENV': 'export CODEX_HOME="$HOME/cx"\n',
      'cx/config.toml': '[mcp_servers.hidden]\ncommand = "node"\nargs = ["/opt/x.js"]\n',
    });
    const d = await discover({ root: home, platform: 'darwin', hosts: [codex], projectScan: false }, testEnv('linux'));
    assert.deepEqual(d.entries.map((e) => e.name), ['hidden']);
  });

  it('~/.config/Fish/conf.d/*.fish setting CODEX_HOME: fish sources that folder as ~/.config/fish/conf.d', async () => {
    const home = await materializeHome({
      '.config/Fish/conf.d/codex.fish': 'set -gx CODEX_HOME $HOME/cx\n',
      'cx/config.toml': '[mcp_servers.hidden]\ncommand = "node"\nargs = ["/opt/x.js"]\n',
    });
    const d = await discover({ root: home, platform: 'darwin', hosts: [codex], projectScan: false }, testEnv('linux'));
    assert.deepEqual(d.entries.map((e) => e.name), ['hidden']);
  });

  it('opencode {env:T} in a string, with T set in ~/.ZSHENV to a value holding a quote: a floor cause, as for ~/.zshenv', async () => {
    const home = await materializeHome({
      '.ZSHENV': 'export T=\'a"b\'\n',
      '.config/opencode/opencode.json': '{ "mcp": {}, "x": "{env:T}" }\n',
    });
    const d = await discover({ root: home, platform: 'darwin', hosts: [opencode], projectScan: false }, testEnv('linux'));
    assert.ok(d.floorCauses.some((c) => 'variable' in c && c.variable === 'T'), JSON.stringify(d.floorCauses));
  });

  it('control: a Linux layout reads the name as spelled, so ~/.ZSHENV is not zsh\'s file', async () => {
    const home = await materializeHome({
      '.ZSHENV': 'export CODEX_HOME="$HOME/cx"\n',
      'cx/config.toml': '[mcp_servers.hidden]\ncommand = "node"\nargs = ["/opt/x.js"]\n',
    });
    const d = await discover({ root: home, platform: 'linux', hosts: [codex], projectScan: false }, testEnv('linux'));
    assert.deepEqual(d.entries.map((e) => e.name), []);
  });
});
