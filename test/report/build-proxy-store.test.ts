import { test } from 'node:test';
import assert from 'node:assert/strict';
import { materializeHome } from '../helpers/materialize.js';
import { cli } from '../cli/commands/cli-run.js';

/**
 * Found by the issue-14 red team (present before that change too): a `--pin-store` path with a
 * token-shaped segment is masked in the entry's launch line, in the pin-store-planted message and
 * location and in the evidence chain, but written as it is in the JSON report's `proxy.store`.
 * Fixed: report/build.ts masks it like the rest of the row.
 */
const TOKEN = `ghp_${'A1'.repeat(15)}`;

test('a token-shaped --pin-store path is masked everywhere in the JSON report, proxy.store included', async () => {
  const gate = ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--pin-store', `/srv/pins/${TOKEN}.json`, '--upstream-command', 'npx', '--upstream-arg=some-mcp'];
  const home = await materializeHome({ '.cursor/mcp.json': JSON.stringify({ mcpServers: { gated: { command: 'uvx', args: gate } } }) });
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /\/srv\/pins\/<redacted>\.json/, 'the launch line masks it');
  assert.ok(!r.stdout.includes(TOKEN), 'no field of the report carries the token');
});
