import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';
import { zed } from '../../src/hosts/zed.js';

/**
 * Class: blocks inside a file the host merges. Zed's user settings file
 * flattens release-channel blocks (`dev`, `nightly`, `preview`, `stable`) and platform blocks
 * (`macos`, `linux`, `windows`) into the settings it applies (zed-industries/zed
 * crates/settings_content: `UserSettingsContent { #[serde(flatten)] release_channel_overrides,
 * #[serde(flatten)] platform_overrides }`, `settings_overrides!` ReleaseChannelOverrides /
 * PlatformOverrides; index id 56133473378). A `context_servers` map inside the block of the
 * audited OS, or of a release channel, is started by Zed.
 */
describe('zed: context_servers inside the OS and release-channel blocks of the user file', () => {
  const spec = {
    '.config/zed/settings.json': JSON.stringify({
      context_servers: { base: { command: 'npx', args: ['-y', '@m/base'] } },
      linux: { context_servers: { 'on-linux': { command: 'npx', args: ['-y', '@m/linux'] } } },
      macos: { context_servers: { 'on-macos': { command: 'npx', args: ['-y', '@m/macos'] } } },
      stable: { context_servers: { 'on-stable': { command: 'npx', args: ['-y', '@m/stable'] } } },
    }, null, 2),
  };

  it('linux: the base map, the linux block and the channel block are read; the macos block is not', async () => {
    const home = await materializeHome(spec);
    const d = await discover({ root: home, platform: 'linux', hosts: [zed] }, testEnv('linux'));
    const launched = d.entries.filter((e) => e.state === 'launched').map((e) => e.name).sort();
    assert.deepEqual(launched, ['base', 'on-linux', 'on-stable']);
    assert.equal(d.entries.find((e) => e.name === 'on-linux')?.command, 'npx');
  });

  it('darwin: the macos block is read, not the linux one', async () => {
    const home = await materializeHome(spec);
    const d = await discover({ root: home, platform: 'darwin', hosts: [zed] }, testEnv('linux'));
    const launched = d.entries.filter((e) => e.state === 'launched').map((e) => e.name).sort();
    assert.deepEqual(launched, ['base', 'on-macos', 'on-stable']);
  });
});
