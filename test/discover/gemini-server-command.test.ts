import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';
import { geminiCli } from '../../src/hosts/gemini-cli.js';

/**
 * Class: an entry shape the host accepts outside its servers map. Gemini
 * CLI's `mcp.serverCommand` setting (a string) becomes a stdio server named `mcp`, shell-parsed
 * into command and args (google-gemini/gemini-cli@5411f113 packages/core/src/tools/mcp-client.ts:1170-1186;
 * packages/cli/src/config/settingsSchema.ts:1787-1793). It runs like any other server.
 */
describe('gemini-cli: mcp.serverCommand starts a server named mcp', () => {
  it('a plain command line: reported launched, split into program and arguments', async () => {
    const home = await materializeHome({
      '.gemini/settings.json': JSON.stringify({ mcp: { serverCommand: 'npx -y @m/tool --port 3' } }),
    });
    const d = await discover({ root: home, platform: 'linux', hosts: [geminiCli] }, testEnv('linux'));
    assert.deepEqual(d.entries.map((e) => [e.name, e.state, e.transport, e.command, e.args]), [['mcp', 'launched', 'stdio', 'npx', ['-y', '@m/tool', '--port', '3']]]);
  });

  it('a line with shell quoting is not split by guess: the whole text stays the program', async () => {
    const home = await materializeHome({
      '.gemini/settings.json': JSON.stringify({ mcp: { serverCommand: 'node "my dir/srv.js"' } }),
    });
    const d = await discover({ root: home, platform: 'linux', hosts: [geminiCli] }, testEnv('linux'));
    assert.deepEqual(d.entries.map((e) => [e.name, e.command, e.args]), [['mcp', 'node "my dir/srv.js"', []]]);
  });
});
