import { test } from 'node:test';
import assert from 'node:assert/strict';
import { environmentClaim } from '../../src/grade/environment.js';
import { recognize } from '../../src/grade/grade.js';
import { NO_ENV_FILES } from '../../src/hosts/types.js';
import { unwrap } from '../../src/launch/unwrap.js';
import type { ServerEntry } from '../../src/parse/types.js';
import type { ClaimOutcome } from '../../src/grade/types.js';
import type { Platform } from '../../src/shared/env.js';
import { argvEntry } from '../launch/entry-fixture.js';
import { materializeHome, type HomeSpec } from '../helpers/materialize.js';

const GATE = ['uvx', '--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'npx'];
const PIN = ['npx', '-y', 'mcp-pin@0.2.0', '--', 'node', 's.js'];

interface Opts { env?: Record<string, string | null>; files?: HomeSpec; platform?: Platform; host?: string; home?: string }

/** The environment claim of one entry started in the trusted home, its config files real files in a temp home. */
async function claim(argv: readonly string[], o: Opts = {}): Promise<ClaimOutcome & { ids: string[] }> {
  const home = o.home ?? await materializeHome(o.files ?? {});
  const base = argvEntry(argv, { name: 'fs', ...(o.env !== undefined ? { env: o.env } : {}) });
  const e: ServerEntry = { ...base, host: o.host ?? 'cursor', launchCwd: { kind: 'home' }, hostEnvFiles: NO_ENV_FILES };
  const chain = unwrap(e);
  const found = recognize(chain, e);
  assert.ok(found !== undefined && found.by.pins, argv.join(' '));
  const out = await environmentClaim({ chain, entry: e, rec: found.rec, by: found.by, ctx: { home, platform: o.platform ?? 'linux', auditRoot: true } });
  return { ...out, ids: out.findings.map((f) => `${f.id}:${f.data['name'] ?? f.data['key'] ?? f.data['what'] ?? f.data['option'] ?? ''}`) };
}

test('a clean launch is proven by positive facts: the variables, files and options examined, and the inventories that judged them', async () => {
  const c = await claim(PIN, { env: { NODE_NO_WARNINGS: '1', GEMINI_API_KEY: 'x' } });
  assert.deepEqual(c.ids, []);
  assert.equal(c.open, undefined);
  assert.match(c.proof.join('\n'), /2 variable\(s\) reach the launch \(GEMINI_API_KEY, NODE_NO_WARNINGS\): 1 classified benign .* 1 listed in none of the inventories applied \(host cursor, npm, node/);
  assert.ok(c.files.some((f) => f.path.endsWith('/.npmrc') && f.state === 'absent'));
  assert.ok(c.assumptions.some((a) => /host's own process environment/.test(a)));
  assert.ok(c.assumptions.some((a) => /global and builtin npmrc depend on where the node/.test(a)), 'npm states which installations it looked in');
});

test('win32: names are case-insensitive; any spelling a host may pass on is judged', async () => {
  const home = 'C:\\Users\\me';
  assert.deepEqual((await claim(GATE, { env: { UserProfile: home, USERPROFILE: 'C:\\evil' }, platform: 'win32', home })).ids, ['env-home-override:USERPROFILE']);
  assert.deepEqual((await claim(GATE, { env: { UserProfile: home, USERPROFILE: 'c:\\users\\ME\\' }, platform: 'win32', home })).ids, []);
  assert.deepEqual((await claim(GATE, { env: { UserProfile: '/tmp/evil' } })).ids, [], 'on POSIX UserProfile is another variable, read by none');
});

test('the last assignment wins; env -u removes; env -i does not keep LD_PRELOAD from env itself', async () => {
  const h = await materializeHome({});
  assert.deepEqual((await claim(['env', `HOME=${h}`, ...GATE], { env: { HOME: '/tmp/evil' }, home: h })).ids, ['env-home-override:HOME'],
    'the entry HOME still reaches env itself before it is replaced');
  assert.deepEqual((await claim(['env', 'HOME=/tmp/evil', ...GATE], { env: { HOME: h }, home: h })).ids, ['env-home-override:HOME']);
  assert.deepEqual((await claim(['env', 'MCPINDEX_STATE_DIR=/tmp/x', 'env', '-u', 'MCPINDEX_STATE_DIR', ...GATE], { home: h })).ids, ['env-override-inert:MCPINDEX_STATE_DIR'],
    'it reaches only the inner env, which does not read it');
  assert.deepEqual((await claim(['env', '-i', ...GATE], { env: { LD_PRELOAD: '/tmp/x.so' }, home: h })).ids, ['env-code-injection:LD_PRELOAD']);
  assert.deepEqual((await claim(['env', '-i', ...GATE], { env: { PYTHONPATH: '/tmp/p' }, home: h })).ids, ['env-override-inert:PYTHONPATH'], 'cleared before the Python proxy');
});

test('shell start-up variables reach only a shell; exported bash functions replace commands', async () => {
  const line = GATE.join(' ');
  assert.deepEqual((await claim(['sh', '-c', line], { env: { ENV: '/tmp/e.sh' } })).ids, ['env-code-injection:ENV']);
  assert.deepEqual((await claim(['bash', '-c', line], { env: { 'BASH_FUNC_uvx%%': '() { /tmp/x; }' } })).ids, ['env-code-injection:BASH_FUNC_uvx%%']);
  assert.deepEqual((await claim(['env', '-u', 'BASH_ENV', 'bash', '-c', line], { env: { BASH_ENV: '/tmp/e.sh' } })).ids, ['env-override-inert:BASH_ENV'],
    'env -u removes it before bash: it reaches only env, which does not read it');
  assert.deepEqual((await claim(GATE, { env: { BASH_ENV: '/tmp/e.sh' } })).ids, ['env-override-inert:BASH_ENV'], 'no shell in the chain: read by none (reported, grade unchanged)');
});

test('runner and interpreter options are looked up in their inventories', async () => {
  assert.deepEqual((await claim(['npx', '--registry', 'https://r.test', '-y', 'mcp-pin@0.2.0', '--', 'node', 's.js'])).ids,
    ['launch-option-injection:passes --registry to npx, which changes where the package comes from']);
  assert.deepEqual((await claim(['npx', '--before', '2024-01-01', '-y', 'mcp-pin@0.2.0', '--', 'node', 's.js'])).ids, ['runner-release-cutoff:--before']);
  assert.deepEqual((await claim(['npx', '--no-yes', '-y', 'mcp-pin@0.2.0', '--', 'node', 's.js'])).ids, []);
  assert.match((await claim(['uvx', '--python', '/tmp/py', ...GATE.slice(1)])).ids.join(), /passes --python to uvx, which runs other code first/);
  assert.match((await claim(['uv', '--directory', '/tmp/evil', 'tool', 'run', ...GATE.slice(1)])).ids.join(), /passes --directory to uv/);
  assert.match((await claim(['uvx', '--from', 'mcpindex-gate==0.16.1', 'python', '-W', 'x', '-m', 'mcpindex_gate.proxy', '--mcpindex-stdio'])).ids.join(), /passes -W to python/);
});

test('files a shell reads: PowerShell profiles unless -NoProfile; cmd AutoRun is a registry value, not examined without /d', async () => {
  const profile = { 'Documents/PowerShell/Microsoft.PowerShell_profile.ps1': 'Set-Alias uvx C:\\tmp\\x.exe\n' };
  const ps = ['pwsh', '-Command', GATE.join(' ')];
  assert.match((await claim(ps, { files: profile })).ids.join(), /launch-config-unproven:commands/);
  assert.deepEqual((await claim(['pwsh', '-NoProfile', '-Command', GATE.join(' ')], { files: profile })).ids, []);
  const cmd = await claim(['cmd', '/c', ...GATE], { platform: 'win32', home: 'C:\\Users\\me' });
  assert.match(cmd.open ?? '', /AutoRun.*registry/);
  assert.equal((await claim(['cmd', '/d', '/c', ...GATE], { platform: 'win32', home: 'C:\\Users\\me' })).open, undefined);
});

test('a bash -l line reads the login files; a zsh reads ~/.zshenv on every start', async () => {
  const line = GATE.join(' ');
  assert.match((await claim(['bash', '-lc', line], { files: { '.profile': 'export PYTHONPATH=/tmp/p\n' } })).ids.join(), /launch-config-unproven:commands/);
  // bash -c reads no login file itself; the login session the host may be started from does, and passes PYTHONPATH on.
  const plain = (await claim(['bash', '-c', line], { files: { '.profile': 'export PYTHONPATH=/tmp/p\n' } })).ids;
  assert.ok(!plain.some((i) => i.startsWith('launch-config-unproven')), plain.join());
  assert.ok(plain.some((i) => /^env-code-injection:PYTHONPATH \(set by .*\.profile:1\)$/.test(i)), plain.join());
  assert.match((await claim(['zsh', '-c', line], { files: { '.zshenv': 'uvx() { /tmp/x }\n' } })).ids.join(), /launch-config-unproven:commands/);
});

test('a null env value unsets only where the host documents it; elsewhere it is the string "null"', async () => {
  assert.deepEqual((await claim(GATE, { env: { MCPINDEX_STATE_DIR: null }, host: 'vscode' })).ids, []);
  assert.deepEqual((await claim(GATE, { env: { MCPINDEX_STATE_DIR: null } })).ids, ['env-store-override:MCPINDEX_STATE_DIR']);
});
