import { test } from 'node:test';
import assert from 'node:assert/strict';
import { materializeHome } from '../helpers/materialize.js';
import { cli } from '../cli/commands/cli-run.js';

/**
 * Found by review, change 6 (8e00add) rechecked: a YAML env key that is itself a mapping arrives as
 * that mapping's text, and keysOf now masks only the well-known token shapes in it. A secret of
 * any other shape under a secret-looking name (`? {DB_PASSWORD: hunter2xyz}`) is still printed in
 * the report's envKeys and in `--list` JSON: an env value in a report (COMMON: never print env
 * values). The assignment mask the launch lines get (redact.ts maskAssignments) would hide it.
 * The baseline build (4fd882c) prints it too (and on stderr): an incomplete fix, not a regression.
 *
 * Resolved (lead): such a key is refused at the parse (src/parse/yaml.ts firstCollectionKey), so the
 * file is config-unparseable at the key, quoting nothing. An earlier expectation had the entry to stay listed;
 * no name stands for it (it is the collection's text), so these tests require the refusal instead.
 */
const SECRET = 'hunter2xyz';
const CONFIG = [
  'mcpServers:',
  '  - name: a',
  '    command: npx',
  '    args: [-y, some-server]',
  '    env:',
  `      ? {DB_PASSWORD: ${SECRET}}`,
  '      : v',
  '',
].join('\n');

test('a YAML env key that is a mapping with a secret-named entry: its value is not in the JSON report', async () => {
  const home = await materializeHome({ '.continue/config.yaml': CONFIG }, 'mcp-audit-yaml-key');
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout) as { findings?: readonly { id?: string; location?: { line?: number; column?: number } }[] };
  const refused = report.findings?.find((f) => f.id === 'config-unparseable');
  assert.deepEqual([refused?.location?.line, refused?.location?.column], [6, 9], r.stdout);
  assert.equal(r.stdout.includes(SECRET), false, 'the DB_PASSWORD value is printed');
  assert.equal(r.stderr.includes(SECRET), false);
});

test('the same key in --list JSON: its value is not printed', async () => {
  const home = await materializeHome({ '.continue/config.yaml': CONFIG }, 'mcp-audit-yaml-key');
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--list', '--format', 'json']);
  assert.notEqual(r.code, 2, r.stderr);
  assert.match(r.stdout, /config-unparseable/, 'the file is listed as refused');
  assert.equal(r.stdout.includes(SECRET), false, 'the DB_PASSWORD value is printed in --list');
});
