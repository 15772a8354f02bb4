import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';
import { geminiCli } from '../../src/hosts/gemini-cli.js';
import { goose } from '../../src/hosts/goose.js';

/**
 * Class: duplicate keys — which one does the host's parser keep?. Goose
 * skips a config file that fails to load ("Failed to load config … Skipping.", block/goose@865e4a03
 * crates/goose/src/config/base/mod.rs `Config::load`), and its YAML parser (serde_yaml's Mapping)
 * rejects a mapping with a duplicate key anywhere in the file. The entries of such a file are not
 * started: `refusesDuplicateKeys` on the host definition makes them 'disabled' by that rule.
 */
const ENTRY = (cmd: string): string => `    type: stdio\n    cmd: ${cmd}\n    args: []\n    enabled: true\n`;
const USER = '.config/goose/config.yaml';

async function gooseHome(files: Record<string, string>) {
  const home = await materializeHome(files);
  return discover({ root: home, platform: 'linux', hosts: [goose] }, testEnv('linux'));
}

describe('goose: a user config with a duplicate key is skipped by Goose', () => {
  it('its entries are not reported as launched: disabled, by the duplicate key rule', async () => {
    const d = await gooseHome({ [USER]: `extensions:\n  g:\n${ENTRY('a')}  g:\n${ENTRY('b')}  other:\n${ENTRY('c')}` });
    for (const name of ['g', 'other']) {
      const e = d.entries.find((x) => x.name === name);
      assert.equal(e?.state, 'disabled', name);
      assert.equal(e.stateBy?.key, '/extensions/g');
      assert.match(e.stateBy?.reason ?? '', /serde_yaml.*duplicate key \/extensions\/g \(line 7:3, first at 2:3\).*skips the whole file/);
    }
    assert.equal(d.findings.filter((f) => f.id === 'config-duplicate-key').length, 1);
  });

  it('a duplicate outside the extensions map stops them too, and is reported', async () => {
    const d = await gooseHome({ [USER]: `GOOSE_MODEL: x\nextensions:\n  g:\n${ENTRY('a')}GOOSE_MODEL: y\n` });
    const g = d.entries.find((x) => x.name === 'g');
    assert.equal(g?.state, 'disabled');
    assert.equal(g.stateBy?.key, '/GOOSE_MODEL');
    const f = d.findings.find((x) => x.id === 'config-duplicate-key');
    assert.equal(f?.data.pointer, '/GOOSE_MODEL');
  });

  it('keys only the audit equates (`1` and `"1"`) leave the entry launched with a launch doubt', async () => {
    const d = await gooseHome({ [USER]: `1: x\n"1": y\nextensions:\n  g:\n${ENTRY('a')}` });
    const g = d.entries.find((x) => x.name === 'g');
    assert.equal(g?.state, 'launched');
    assert.equal(g.launchDoubts?.length, 1);
    assert.match(g.launchDoubts[0]?.reason ?? '', /spelled differently at \/1 .*skips the whole file/);
  });

  it('a file without duplicates is untouched', async () => {
    const d = await gooseHome({ [USER]: `extensions:\n  g:\n${ENTRY('a')}` });
    const g = d.entries.find((x) => x.name === 'g');
    assert.equal(g?.state, 'launched');
    assert.equal(g.launchDoubts, undefined);
  });

  it('the skipped user file merges nothing: the system entry of the same name runs as written', async () => {
    const d = await gooseHome({
      [USER]: `extensions:\n  g:\n    enabled: false\n  g:\n    enabled: false\n`,
      '_system/etc/goose/config.yaml': `extensions:\n  g:\n${ENTRY('sys')}`,
    });
    for (const user of d.entries.filter((x) => x.scope === 'user')) assert.match(user.stateBy?.reason ?? '', /skips the whole file/);
    const sys = d.entries.find((x) => x.name === 'g' && x.scope === 'managed');
    assert.equal(sys?.state, 'launched');
    assert.equal(sys.command, 'sys');
    assert.equal(sys.launchDoubts, undefined);
  });
});

/**
 * Gemini CLI reads settings.json with JSON.parse after strip-json-comments (google-gemini/gemini-cli
 * @5411f113 packages/cli/src/config/settings.ts): JSON.parse keeps the last of two same-named members
 * (ECMA-262 JSON.parse, InternalizeJSONProperty / CreateDataProperty), so nothing is skipped.
 */
describe('control: a host whose parser keeps the last duplicate (Gemini CLI: JSON.parse)', () => {
  it('launches the last occurrence; the finding is still reported', async () => {
    const home = await materializeHome({
      '.gemini/settings.json': '{"mcpServers": {"g": {"command": "a"}, "g": {"command": "b"}}}',
    });
    const d = await discover({ root: home, platform: 'linux', hosts: [geminiCli] }, testEnv('linux'));
    const g = d.entries.filter((x) => x.name === 'g');
    assert.equal(g.length, 1);
    assert.equal(g[0]?.state, 'launched');
    assert.equal(g[0].command, 'b');
    assert.equal(g[0].launchDoubts, undefined);
    assert.equal(d.findings.filter((f) => f.id === 'config-duplicate-key').length, 1);
  });
});
