import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';
import { goose } from '../../src/hosts/goose.js';
import { crush } from '../../src/hosts/crush.js';
import { geminiCli } from '../../src/hosts/gemini-cli.js';

/**
 * Class: field-by-field merge across scopes with a switched-off layer.
 * Goose merges each extension's fields over the files it reads, later file winning per field
 * (block/goose@865e4a03 crates/goose/src/config/base/mod.rs `merge_config_values`,
 * `merge_nested_entries`); Crush merges objects recursively (charmbracelet/crush@37f36e93
 * internal/config/load.go:1041-1055). A layer that only flips `enabled` / `disabled` turns the
 * other layer's server on: what runs is the merge. Neither fragment as written is what runs, so
 * the one left launched must carry a launch doubt (its "launched" claim is not proven), never a
 * proven launch of a fragment without a command.
 */
describe('field merge: a switch-only layer over a switched-off complete entry', () => {
  it('goose: system gh (enabled: false) + user gh {enabled: true}: the live fragment is doubted', async () => {
    const home = await materializeHome({
      '_system/etc/goose/config.yaml': 'extensions:\n  gh:\n    type: stdio\n    name: gh\n    cmd: npx\n    args: ["-y", "@m/gh"]\n    enabled: false\n',
      '.config/goose/config.yaml': 'extensions:\n  gh:\n    enabled: true\n',
    });
    const d = await discover({ root: home, platform: 'linux', hosts: [goose] }, testEnv('linux'));
    const live = d.entries.filter((e) => e.state === 'launched');
    assert.equal(live.length, 1);
    assert.match(live[0]?.launchDoubts?.[0]?.reason ?? '', /merges this entry field by field/);
  });

  it('crush: user off (disabled: true) + project off {disabled: false}: the live fragment is doubted', async () => {
    const home = await materializeHome({
      '.config/crush/crush.json': JSON.stringify({ mcp: { off: { type: 'stdio', command: 'npx', args: ['-y', '@m/off'], disabled: true } } }),
      'work/app/.git/HEAD': 'ref: refs/heads/main\n',
      'work/app/.crush.json': JSON.stringify({ mcp: { off: { disabled: false } } }),
    });
    const d = await discover({ root: home, platform: 'linux', hosts: [crush], projects: [`${home}/work/app`] }, testEnv('linux'));
    const live = d.entries.filter((e) => e.state === 'launched');
    assert.equal(live.length, 1, JSON.stringify(d.entries.map((e) => [e.name, e.configPath, e.state, e.disabledBy])));
    assert.match(live[0]?.launchDoubts?.[0]?.reason ?? '', /merges this entry field by field/);
  });

  it('without a rival, a complete switched-off entry stays disabled and nothing is doubted', async () => {
    const home = await materializeHome({
      '.config/goose/config.yaml': 'extensions:\n  gh:\n    type: stdio\n    name: gh\n    cmd: npx\n    args: ["-y", "@m/gh"]\n    enabled: false\n',
    });
    const d = await discover({ root: home, platform: 'linux', hosts: [goose] }, testEnv('linux'));
    assert.deepEqual(d.entries.map((e) => [e.state, (e.launchDoubts ?? []).length]), [['disabled', 0]]);
  });
});

/**
 * Gemini CLI: a settings entry and a same-named extension entry are merged field-wise, the
 * settings entry overriding scalars and `env` merged; a settings entry with no command, url or
 * httpUrl is never started on its own (google-gemini/gemini-cli@5411f113
 * packages/core/src/tools/mcp-client-manager.ts:334-372, 384-410, 438-443). The entry graded
 * must not read as a proven launch of the settings fragment alone.
 */
describe('field merge: Gemini settings entry over a same-named extension entry', () => {
  it('the settings entry that wins carries a launch doubt naming the extension file', async () => {
    const home = await materializeHome({
      '.gemini/extensions/x/gemini-extension.json': JSON.stringify({ name: 'x', version: '1.0.0', mcpServers: { g: { command: 'node', args: ['srv.js'] } } }),
      '.gemini/settings.json': JSON.stringify({ mcpServers: { g: { trust: true, env: { EXTRA: 'v' } } } }),
    });
    const d = await discover({ root: home, platform: 'linux', hosts: [geminiCli] }, testEnv('linux'));
    const live = d.entries.filter((e) => e.state === 'launched');
    assert.equal(live.length, 1);
    assert.equal(live[0]?.configPath, `${home}/.gemini/settings.json`);
    assert.match(live[0]?.launchDoubts?.[0]?.reason ?? '', /merges this entry field by field with the same-named entry of .*gemini-extension\.json/);
  });

  it('two settings scopes are not merged: the user entry is shadowed by the system one, no doubt', async () => {
    const home = await materializeHome({
      '_system/etc/gemini-cli/settings.json': JSON.stringify({ mcpServers: { g: { command: 'sys-g' } } }),
      '.gemini/settings.json': JSON.stringify({ mcpServers: { g: { command: 'user-g' } } }),
    });
    const d = await discover({ root: home, platform: 'linux', hosts: [geminiCli] }, testEnv('linux'));
    assert.deepEqual(d.entries.map((e) => [e.command, e.state, (e.launchDoubts ?? []).length]).sort(), [['sys-g', 'launched', 0], ['user-g', 'shadowed', 0]]);
  });
});
