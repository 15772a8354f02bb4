import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discover } from '../../src/discover/discover.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';

/** Host variables, through the real reader: expanded when the audit knows the value, a doubt when it cannot. */
async function entries(spec: Record<string, string>): Promise<readonly ServerEntry[]> {
  const home = await materializeHome(spec);
  return (await discover({ root: home, platform: 'linux', projectScan: false }, testEnv('linux'))).entries;
}

describe('host variable expansion', () => {
  it('Claude Code ${VAR} and ${VAR:-default} leave the literal text and a doubt naming the variable, never a guess', async () => {
    const [e] = await entries({ '.claude.json': JSON.stringify({ mcpServers: { s: { command: 'srv', args: ['--url', '${BASE:-https://x.test}'] } } }) });
    assert.deepEqual(e?.args, ['--url', '${BASE:-https://x.test}']);
    assert.match(e.launchDoubts?.[0]?.reason ?? '', /^args\[1\] uses \$\{BASE:-https:\/\/x\.test\} \(with a default when unset\): the host expands it from its own process environment/);
    assert.equal(e.launchDoubts?.[0]?.origin?.pointer, '/mcpServers/s/args/1');
  });

  it('an entry without variables gets no doubt and no expansion record', async () => {
    const [e] = await entries({ '.claude.json': JSON.stringify({ mcpServers: { s: { command: 'srv', args: ['--plain'] } } }) });
    assert.ok(e !== undefined);
    assert.equal(e.launchDoubts, undefined);
    assert.equal(e.expanded, undefined);
  });

  it('Crush $(command) substitution is a doubt; a lowercase $name inside a header value is not shown', async () => {
    const [s, t] = await entries({ '.config/crush/crush.json': JSON.stringify({ mcp: {
      s: { type: 'http', url: 'https://x.test/mcp', headers: { Authorization: 'Bearer ab$cdEF12' } },
      t: { type: 'stdio', command: '$(which node)', args: [] },
    } }) });
    assert.match(s?.launchDoubts?.[0]?.reason ?? '', /^headers\.Authorization uses a \$-variable:/);
    assert.doesNotMatch(JSON.stringify(s?.launchDoubts), /cdEF12/);
    assert.match(t?.launchDoubts?.[0]?.reason ?? '', /command uses a \$\( \) command substitution: the host runs this command substitution/);
  });

  it('opencode {env:NAME} is a doubt on the field that holds it, and on every entry of the file: the value is pasted into the text unescaped', async () => {
    const [e, other] = await entries({ '.config/opencode/opencode.json': JSON.stringify({ mcp: {
      s: { type: 'local', command: ['srv'], environment: { TOKEN: '{env:GH_TOKEN}' } },
      t: { type: 'local', command: ['other'] },
    } }) });
    assert.ok(e?.launchDoubts?.some((d) => /^env\.TOKEN uses \{env:…\}/.test(d.reason)), JSON.stringify(e?.launchDoubts));
    assert.ok(other?.launchDoubts?.some((d) => /holds \{env:: opencode pastes values into the file's text before parsing it, unescaped/.test(d.reason)), JSON.stringify(other?.launchDoubts));
  });

  it('an opencode file with no {env:…} anywhere gives its entries no doubt', async () => {
    const [e] = await entries({ '.config/opencode/opencode.json': JSON.stringify({ mcp: { t: { type: 'local', command: ['other'] } } }) });
    assert.equal(e?.launchDoubts, undefined);
  });

  it('VS Code ${workspaceFolder} in a user file names whichever folder is open: a doubt, not the home', async () => {
    const [e] = await entries({ '.config/Code/User/mcp.json': JSON.stringify({ servers: { s: { type: 'stdio', command: 'node', args: ['${workspaceFolder}/x.js'] } } }) });
    assert.deepEqual(e?.args, ['${workspaceFolder}/x.js']);
    assert.match(e.launchDoubts?.[0]?.reason ?? '', /in a user file it names whichever folder is open/);
  });
});
