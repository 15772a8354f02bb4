import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { runFix } from '../../src/fix/fix.js';
import { processEnv } from '../../src/shared/env.js';
import { runCli } from '../cli/commands/cli-harness.js';
import { materializeHome } from '../helpers/materialize.js';

const env = processEnv();
const CONFIG = JSON.stringify({ mcpServers: { s: { command: 'uvx', args: ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--pin-store', '/srv/pins', '--upstream-command', 'npx'] } } }, null, 2);

test('a finding suppressed in the home\'s .mcp-audit-ignore.yaml is left alone by fix; an expired suppression is not', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': CONFIG }, 'mcp-audit-suppressed');
  const scan = await runCli(['scan', '--root', home, '--platform', 'linux', '--no-project-scan', '--format', 'json']);
  const report = JSON.parse(scan.stdout) as { entries: { findings: { id: string; fingerprint: string }[] }[] };
  const fp = report.entries.flatMap((e) => e.findings).find((f) => f.id === 'pin-store-planted')?.fingerprint;
  assert.ok(fp !== undefined);
  const options = { discover: { root: home, platform: 'linux' as const, projectScan: false }, servers: [], apply: false, includeProject: false };
  await fs.writeFile(path.join(home, '.mcp-audit-ignore.yaml'), `- fingerprint: ${fp}\n  reason: shared store reviewed\n`);
  const kept = await runFix(options, env);
  assert.equal(kept.files.length, 0);
  assert.ok(!kept.remaining.some((r) => r.ruleId === 'pin-store-planted'));
  await fs.writeFile(path.join(home, '.mcp-audit-ignore.yaml'), `- fingerprint: ${fp}\n  reason: shared store reviewed\n  expires: 2000-01-01\n`);
  const mended = await runFix(options, env);
  assert.equal(mended.files.length, 1);
});
