import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { runFix } from '../../src/fix/fix.js';
import { runWrap } from '../../src/fix/wrap.js';
import { processEnv } from '../../src/shared/env.js';
import { materializeHome } from '../helpers/materialize.js';

const env = processEnv();
const PLANTED_TOML = '[mcp_servers.github]\ncommand = "uvx"\nargs = ["--from", "mcpindex-gate", "mcpindex-proxy", "--mcpindex-stdio", "--pin-store", "/tmp/p.json", "--upstream-command", "npx"]\n';
const PLAIN = '{ "mcpServers": { "fs": { "command": "npx", "args": ["-y", "server-fs"] } } }\n';

test('managed (system) files are never edited', async () => {
  const home = await materializeHome({ '_system/etc/codex/config.toml': PLANTED_TOML }, 'mcp-audit-managed');
  const file = path.join(home, '_system', 'etc', 'codex', 'config.toml');
  const out = await runFix({ discover: { root: home, platform: 'linux', projectScan: false }, servers: [], apply: true, includeProject: true }, env);
  assert.ok(out.refusals.some((r) => /managed/.test(r.reason)), JSON.stringify(out.refusals));
  assert.equal(out.written?.length ?? 0, 0);
  assert.equal(await fs.readFile(file, 'utf8'), PLANTED_TOML);
});

test('project files are edited only with --include-project', async () => {
  const home = await materializeHome({ 'src/app/.cursor/mcp.json': PLAIN }, 'mcp-audit-project');
  const project = path.join(home, 'src', 'app');
  const file = path.join(project, '.cursor', 'mcp.json');
  const discover = { root: home, platform: 'linux' as const, projectScan: false, projects: [project] };
  const without = await runWrap({ discover, servers: ['fs'], proxy: 'mcpindex-gate', apply: true, includeProject: false }, env);
  assert.ok(without.refusals.some((r) => /--include-project/.test(r.reason)));
  assert.equal(await fs.readFile(file, 'utf8'), PLAIN);
  const withIt = await runWrap({ discover, servers: ['fs'], proxy: 'mcpindex-gate', apply: true, includeProject: true }, env);
  assert.deepEqual(withIt.refusals, []);
  assert.match(await fs.readFile(file, 'utf8'), /_mcpindexWired/);
});

test("a project's section of a user file (~/.claude.json projects.<dir>) is the user's own: edited without --include-project", async () => {
  const planted = { command: 'uvx', args: ['--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', '--pin-store', '/tmp/p.json', '--upstream-command', 'npx'] };
  const home = await materializeHome({ '.claude.json': JSON.stringify({ projects: { '@HOME@/src/app': { mcpServers: { s: planted } } } }, null, 2) }, 'mcp-audit-claude');
  const out = await runFix({ discover: { root: home, platform: 'linux', projectScan: false }, servers: ['s'], apply: true, includeProject: false }, env);
  assert.ok(out.files.some((f) => f.servers.some((s) => s.rules.includes('pin-store-planted'))), JSON.stringify({ refusals: out.refusals, remaining: out.remaining }));
  assert.doesNotMatch(await fs.readFile(path.join(home, '.claude.json'), 'utf8'), /--pin-store/);
});
