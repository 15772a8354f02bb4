import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runFix } from '../../src/fix/fix.js';
import { REMEDIES } from '../../src/fix/remedies.js';
import { RULES } from '../../src/rules/index.js';
import { processEnv } from '../../src/shared/env.js';
import { materializeHome } from '../helpers/materialize.js';

const env = processEnv();
const fixOf = async (config: string, file = '.cursor/mcp.json') => {
  const home = await materializeHome({ [file]: config }, 'mcp-audit-remedy');
  return runFix({ discover: { root: home, platform: 'linux', projectScan: false }, servers: [], apply: false, includeProject: false }, env);
};

test('every remedy is keyed by a registered rule, once', () => {
  const ids = REMEDIES.map((r) => r.rule.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of REMEDIES) assert.ok(RULES.includes(r.rule), `${r.rule.id} is not in RULES`);
});

test('every remedy fires in a golden case (fixtures/fix/*/case.json `gone`) or a test here', () => {
  const dir = path.resolve('fixtures/fix');
  const gone = new Set(readdirSync(dir).flatMap((d) => (JSON.parse(readFileSync(path.join(dir, d, 'case.json'), 'utf8')) as { gone: string[] }).gone));
  const here = new Set(['env-package-source', 'proxy-mode-unknown', 'env-family-unproven', 'runner-release-cutoff', 'proxy-version-unknown', 'launcher-vulnerable']);
  for (const r of REMEDIES) assert.ok(gone.has(r.rule.id) || here.has(r.rule.id), `${r.rule.id} has no firing case`);
});

const gate = (extra: string[], env_: Record<string, string> = {}): string => JSON.stringify({
  mcpServers: { s: { command: 'uvx', args: ['--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', ...extra, '--upstream-command', 'npx'], env: env_ } },
}, null, 2);

test('env-package-source and proxy-mode-unknown are mended by an edit', async () => {
  const out = await fixOf(gate(['--posture', 'lenient'], { UV_INDEX_URL: 'https://mirror.example/simple' }));
  const rules = out.files.flatMap((f) => f.servers.flatMap((s) => s.rules));
  assert.ok(rules.includes('proxy-mode-unknown') && rules.includes('env-package-source'), JSON.stringify(rules));
  assert.doesNotMatch(out.files[0]?.after ?? '', /lenient|UV_INDEX_URL/);
});

test('no edit for what cannot be mended mechanically: a variable set in the launch line, a store flag inside a shell string, a Hangar mode', async () => {
  const shell = JSON.stringify({ mcpServers: { s: { command: 'sh', args: ['-c', 'HOME=/tmp uvx --from mcpindex-gate mcpindex-proxy --mcpindex-stdio --pin-store /tmp/p --upstream-command npx'] } } });
  const out = await fixOf(shell);
  assert.equal(out.files.length, 0);
  assert.ok(out.remaining.some((r) => r.ruleId === 'env-home-override' && /launch line/.test(r.why)), JSON.stringify(out.remaining));
  assert.ok(out.remaining.some((r) => r.ruleId === 'pin-store-planted'), JSON.stringify(out.remaining));
  const plain = await fixOf(JSON.stringify({ mcpServers: { p: { command: 'npx', args: ['-y', 'x'] } } }));
  assert.equal(plain.files.length, 0);
  assert.ok(plain.remaining.some((r) => r.ruleId === 'no-pinning-proxy' && /mcp-audit wrap p/.test(r.why)));
});

test('a planted Hangar --config is pointed back at its default under the home; a planted MCPTrust --lock is not mended', async () => {
  const cfg = JSON.stringify({ mcpServers: {
    hangar: { command: 'mcp-hangar', args: ['--config', '/tmp/hangar.yaml', 'serve'] },
    trust: { command: 'mcptrust', args: ['proxy', '--lock', '/tmp/lock.json', '--', 'npx', 'x'] },
  } }, null, 2);
  const out = await fixOf(cfg);
  assert.match(out.files[0]?.after ?? '', /"--config",\s*"[^"]*\/\.config\/mcp-hangar\/config\.yaml"/);
  assert.match(out.files[0]?.after ?? '', /\/tmp\/lock\.json/);
  assert.ok(out.remaining.some((r) => r.server === 'trust' && r.ruleId === 'pin-store-planted'));
});

test('env-family-unproven and runner-release-cutoff (flag and variable) are mended by an edit', async () => {
  const cfg = JSON.stringify({ mcpServers: {
    a: { command: 'uvx', args: ['--exclude-newer', '2024-01-01', '--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'npx'] },
    b: { command: 'uvx', args: ['--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'npx'], env: { UV_EXCLUDE_NEWER: '2024-01-01', PYTHONFOO: '1' } },
  } }, null, 2);
  const out = await fixOf(cfg);
  const rules = out.files.flatMap((f) => f.servers.flatMap((s) => s.rules));
  assert.ok(rules.includes('runner-release-cutoff') && rules.includes('env-family-unproven'), JSON.stringify({ rules, remaining: out.remaining }));
  assert.doesNotMatch(out.files[0]?.after ?? '', /exclude-newer|EXCLUDE_NEWER|PYTHONFOO/i);
});

test('proxy-version-unknown is mended by pinning the release the wiring knows is outside every advisory; the re-audit no longer reports it', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': gate([]) }, 'mcp-audit-remedy-pin');
  const discover = { root: home, platform: 'linux' as const, projectScan: false };
  const out = await runFix({ discover, servers: [], apply: true, includeProject: false }, env);
  assert.ok(out.files.some((f) => f.servers.some((s) => s.rules.includes('proxy-version-unknown'))), JSON.stringify(out.remaining));
  assert.match(out.files[0]?.after ?? '', /"mcpindex-gate==0\.16\.1"/);
  const again = await runFix({ discover, servers: [], apply: false, includeProject: false }, env);
  assert.ok(!again.remaining.some((r) => r.ruleId === 'proxy-version-unknown'), JSON.stringify(again.remaining));
});

test('launcher-vulnerable is mended with the fixed release from the advisory (mcp-remote 0.1.15 -> 0.1.16), in the entry or as a proxy upstream', async () => {
  const cfg = JSON.stringify({ mcpServers: {
    r: { command: 'npx', args: ['-y', 'mcp-remote@0.1.15', 'https://example.com/mcp'] },
    g: { command: 'uvx', args: ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'npx', '--upstream-arg=-y', '--upstream-arg=mcp-remote@0.1.15', '--upstream-arg=https://example.com/mcp'] },
  } }, null, 2);
  const out = await fixOf(cfg);
  const after = out.files[0]?.after ?? '';
  assert.match(after, /"mcp-remote@0\.1\.16"/);
  assert.match(after, /"--upstream-arg=mcp-remote@0\.1\.16"/);
  assert.doesNotMatch(after, /0\.1\.15/);
  assert.ok(out.files[0]?.servers.every((s) => s.rules.includes('launcher-vulnerable')), JSON.stringify(out.files[0]?.servers));
});

test('a proxy whose wiring names no release says why instead of guessing one (mcptrust: no release is outside its advisory)', async () => {
  const out = await fixOf(JSON.stringify({ mcpServers: { t: { command: 'mcptrust', args: ['proxy', '--lock', '/home/x/mcp-lock.json', '--', 'npx', 'x'] } } }));
  assert.ok(!out.files.some((f) => f.servers.some((s) => s.rules.includes('proxy-version-unknown'))));
});
