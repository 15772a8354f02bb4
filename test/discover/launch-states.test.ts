import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { discover, type Discovery } from '../../src/discover/discover.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { materializeDir } from '../helpers/materialize.js';
import { fixtureHome, testEnv } from '../hosts/helpers.js';

/**
 * fixtures/homes/states: one home whose host files exercise every way a host decides what runs
 * (policy, plugin enablement, folder trust, precedence, variables, internal extensions, validity
 * rules), and whose files record the audited root's own path (`@HOME@`, replaced by the temp
 * copy's path): its project entries must be found. expected.json lists exactly each entry's state
 * and whether discovery left a launch doubt on it.
 */
interface Row { readonly key: string }

function rows(value: unknown): string[] {
  const entries = typeof value === 'object' && value !== null && 'entries' in value && Array.isArray(value.entries) ? value.entries : [];
  return entries.map((e: unknown) => (typeof e === 'string' ? e : '')).filter((k: string) => k !== '').sort();
}

const row = (home: string, e: ServerEntry): Row => ({
  key: [e.host, e.scope, e.name, e.transport, e.state ?? 'unset', path.relative(home, e.configPath).split(path.sep).join('/'),
    (e.launchDoubts ?? []).length > 0 ? 'doubt' : 'proven'].join(' '),
});

describe('fixture home: states (each host decides what runs)', () => {
  let home = '';
  let d: Discovery;
  const entry = (host: string, name: string, file: string): ServerEntry | undefined =>
    d.entries.find((e) => e.host === host && e.name === name && path.relative(home, e.configPath) === file);
  before(async () => {
    home = await materializeDir(fixtureHome('states'));
    d = await discover({ root: home, platform: 'linux' }, testEnv('linux'));
  });

  it('finds exactly the expected entries, each launched, disabled, blocked by policy, shadowed or internal', () => {
    const want = rows(JSON.parse(readFileSync(path.join(fixtureHome('states'), 'expected.json'), 'utf8')));
    assert.deepEqual(d.entries.map((e) => row(home, e).key).sort(), want);
  });

  it('host files that record the root\'s own path yield its project roots and their entries', () => {
    const listed = d.projectRoots.filter((r) => r.sources.includes('listed:claude-code')).map((r) => path.relative(home, r.path));
    assert.deepEqual(listed.sort(), ['work/app', 'work/untrusted']);
    assert.ok(d.entries.some((e) => e.host === 'claude-code' && e.configPath === path.join(home, 'work/app/.mcp.json')));
  });

  it('a policy, switch or shadowing decision names the file and key that made it', () => {
    const evil = entry('claude-code', 'evil', '.claude.json');
    assert.equal(evil?.state, 'blocked-by-policy');
    assert.equal(evil.stateBy?.file, path.join(home, '_system/etc/claude-code/managed-settings.json'));
    assert.equal(evil.stateBy?.key, 'deniedMcpServers');
    const mandated = entry('gemini-cli', 'mandated', '.gemini/settings.json');
    assert.equal(mandated?.state, 'shadowed');
    assert.equal(mandated.stateBy?.file, path.join(home, '_system/etc/gemini-cli/settings.json'));
    for (const e of d.entries) if (e.state !== 'launched') assert.equal(e.disabled, true, `${e.host}/${e.name}`);
  });

  it('a decision of one host on a file other hosts read stays a per-host note: the entry still runs', () => {
    const lint = entry('claude-code', 'lint', 'work/app/.mcp.json');
    assert.equal(lint?.state, 'launched');
    assert.match(lint.disabledOnlyFor?.[0]?.by ?? '', /^Claude Code runs the same-named project entry of .*\.claude\.json instead/);
    assert.match(entry('claude-code', 'paused', 'work/app/.mcp.json')?.disabledOnlyFor?.[0]?.by ?? '', /disabledMcpServers/);
  });

  it('variables are expanded as the host would, with their origin; unknowable ones leave a doubt and the literal text', () => {
    const fmt = entry('claude-code', 'formatter', '.claude/plugins/cache/tools-market/formatter/2.0.0/.mcp.json');
    assert.equal(fmt?.command, path.join(home, '.claude/plugins/cache/tools-market/formatter/2.0.0/bin/fmt'));
    assert.deepEqual(fmt.expanded, [{ field: 'command', variable: 'CLAUDE_PLUGIN_ROOT', from: 'plugin-root' }]);
    assert.equal(entry('vscode', 'home-tool', '.config/Code/User/mcp.json')?.command, path.join(home, 'bin/home-tool'));
    assert.deepEqual(entry('vscode', 'ws', 'work/app/.vscode/mcp.json')?.args, [path.join(home, 'work/app') + '/srv.js']);
    assert.equal(entry('gemini-cli', 'ext-srv', 'dev/my-ext/gemini-extension.json')?.command, path.join(home, 'dev/my-ext') + '/run.sh');
    const secret = entry('vscode', 'secret', '.config/Code/User/mcp.json');
    assert.equal(secret?.env.API_KEY, '${input:api-key}');
    assert.match(secret.launchDoubts?.[0]?.reason ?? '', /\$\{input:api-key\}: the host prompts the user/);
    assert.equal(secret.launchDoubts?.[0]?.origin?.pointer, '/servers/secret/env/API_KEY');
  });

  it('Gemini connects to the URL of an entry that also has a command: the command never runs', () => {
    const dual = entry('gemini-cli', 'dual', '.gemini/settings.json');
    assert.equal(dual?.transport, 'http');
    assert.equal(dual.command, undefined);
  });

  it('launch directories follow the host: explicit, project root, or unknown with the reason', () => {
    assert.deepEqual(entry('continue', 'db', 'work/app/.continue/mcpServers/db.json')?.launchCwd, { kind: 'project', path: path.join(home, 'work/app') });
    const user = entry('claude-code', 'shared-name', '.claude.json')?.launchCwd;
    assert.equal(user?.kind, 'unknown');
    assert.equal(entry('vscode', 'home-tool', '.config/Code/User/mcp.json')?.launchCwd?.kind, 'unknown');
  });
});
