import { test } from 'node:test';
import assert from 'node:assert/strict';
import { materializeHome } from '../helpers/materialize.js';
import { cli } from '../cli/commands/cli-run.js';

/**
 * Red team red9, change 6 (8e00add) rechecked: a YAML env key that is itself a mapping arrives as
 * that mapping's text, and keysOf now masks only the well-known token shapes in it. A secret of
 * any other shape under a secret-looking name (`? {DB_PASSWORD: hunter2xyz}`) is still printed in
 * the report's envKeys and in `--list` JSON: an env value in a report (COMMON: never print env
 * values). The assignment mask the launch lines get (redact.ts maskAssignments) would hide it.
 * The baseline build (4fd882c) prints it too (and on stderr): an incomplete fix, not a regression.
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

test('a YAML env key that is a mapping with a secret-named entry: its value is not in the JSON report (red9)', async () => {
  const home = await materializeHome({ '.continue/config.yaml': CONFIG }, 'mcp-audit-red9-yaml-key');
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /"envKeys"/, 'the entry is reported');
  assert.equal(r.stdout.includes(SECRET), false, 'the DB_PASSWORD value is printed in envKeys');
  assert.equal(r.stderr.includes(SECRET), false);
});

test('the same key in --list JSON: its value is not printed (red9)', async () => {
  const home = await materializeHome({ '.continue/config.yaml': CONFIG }, 'mcp-audit-red9-yaml-key');
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--list', '--format', 'json']);
  assert.notEqual(r.code, 2, r.stderr);
  assert.match(r.stdout, /"envKeys"/, 'the entry is listed');
  assert.equal(r.stdout.includes(SECRET), false, 'the DB_PASSWORD value is printed in --list envKeys');
});
