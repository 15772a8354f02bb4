import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { materializeHome } from '../helpers/materialize.js';
import { BIN } from '../cli/commands/cli-harness.js';

/**
 * Found by review, noticed beside its brief (not caused by the eight start-up changes: the
 * baseline 4fd882c does the same): a YAML mapping key that is itself a collection
 * (`? {OPENAI_API_KEY: sk-…}`) makes the `yaml` package call process.emitWarning with the key
 * stringified, and Node prints it on stderr: "(node:PID) Warning: Keys with collection values
 * will be stringified …: "{ OPENAI_API_KEY: sk-live-abcdef012...". Text from the config, here
 * the first characters of a secret, reaches the terminal, unredacted, outside any report.
 */
describe('a YAML key that is a collection', () => {
  let home = '';
  after(() => { if (home !== '') rmSync(home, { recursive: true, force: true }); });

  it('scan prints no text of the key and no Node warning on stderr', async () => {
    home = await materializeHome({
      '.config/goose/config.yaml': 'extensions:\n  e:\n    type: stdio\n    cmd: node\n    envs:\n      ? {OPENAI_API_KEY: sk-live-abcdef0123456789abcdef}\n      : x\n',
    }, 'mcp-audit-yaml-key');
    for (const format of ['json', 'table']) {
      const r = spawnSync(process.execPath, [BIN, 'scan', '--root', home, '--format', format], { encoding: 'utf8' });
      assert.ok(r.status === 0 || r.status === 1, `${format}: exit ${String(r.status)}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /sk-live|OPENAI_API_KEY/, `${format}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /\(node:\d+\) Warning/, `${format}: ${r.stderr}`);
      assert.doesNotMatch(r.stdout, /sk-live-abcdef/, format);
    }
  });
});
