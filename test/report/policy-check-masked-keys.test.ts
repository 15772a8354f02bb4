import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { materializeHome, tempDir } from '../helpers/materialize.js';
import { cli } from '../cli/commands/cli-run.js';

/**
 * Found by review, change 6 (8e00add): env and header names in report rows are now passed through
 * maskTokenShapes (grade.ts keysOf), and the policy file's deny-env is checked against those
 * masked row keys (report/policy-check.ts entryViolations). A variable name holding a token
 * shape (here `ASIA` + 16 capitals, the AWS temporary key id shape: ASIAPACIFICSOUTHEAST1_ENDPOINT)
 * reaches the check as `<redacted>1_ENDPOINT`, so a deny-env entry naming it never fires: the
 * policy passes (exit 0) where the baseline build (4fd882c) reports policy-env-denied and exits 1.
 * A name is not a secret value; the policy must still match what the config says.
 */
const NAME = 'ASIAPACIFICSOUTHEAST1_ENDPOINT';

async function scan(policy: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const servers = { aws: { command: 'node', args: ['/opt/srv/index.js'], env: { [NAME]: 'https://example.invalid' } } };
  const home = await materializeHome({ '.cursor/mcp.json': `${JSON.stringify({ mcpServers: servers }, null, 2)}\n` }, 'mcp-audit-mask');
  const policyFile = path.join(await tempDir('mcp-audit-mask-policy'), 'policy.yaml');
  await fs.writeFile(policyFile, policy);
  return cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', '--policy', policyFile]);
}

test('deny-env names a variable whose name holds a token shape: still a policy-env-denied finding', async () => {
  const r = await scan(`version: 1\ndeny-env: [${NAME}]\nfail-on: [none]\n`);
  assert.equal(r.code, 0, r.stderr);
  const report: unknown = JSON.parse(r.stdout);
  const text = JSON.stringify(report);
  assert.match(text, /"policy-env-denied"/, 'the denied variable is in the config, so the policy must report it');
});

test('deny-env on a token-shaped variable name fails the run by itself, as on the baseline (exit 1)', async () => {
  const r = await scan(`version: 1\ndeny-env: [${NAME}]\nfail-on: [critical]\n`);
  assert.equal(r.code, 1, `a policy-file violation must fail the run; stderr: ${r.stderr}`);
  assert.match(r.stderr, /policy-env-denied/);
});
