import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';
import { goose } from '../../src/hosts/goose.js';
import { crush } from '../../src/hosts/crush.js';

/**
 * Red team (issue 16, class: field-by-field merge across scopes with a switched-off layer).
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
