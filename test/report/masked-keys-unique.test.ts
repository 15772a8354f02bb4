import { test } from 'node:test';
import assert from 'node:assert/strict';
import { materializeHome } from '../helpers/materialize.js';
import { cli } from '../cli/commands/cli-run.js';
import { reportErrors } from './validate.js';

/**
 * Found by review, change 6 (8e00add): keysOf masks token shapes in env and header names, and two
 * distinct names can mask to the same text (`ASIAPACIFICSOUTHEAST1` and `ASIAPACIFICNORTHEAST1`
 * both become `<redacted>1`: `ASIA` + 16 capitals is the AWS temporary key id shape; so do
 * `X-Risk-Management-Token` and `X-Risk-Management-Tokens`, `sk-` + 16). The report schema
 * requires envKeys and headerKeys to hold unique items (schemas/report.schema.json), so the JSON
 * report no longer validates against its own schema. The baseline build (4fd882c) printed the
 * names as written and its report validates.
 */
test('env and header names that mask alike: the JSON report still validates against its schema', async () => {
  const servers = {
    aws: { command: 'node', args: ['/opt/srv/index.js'], env: { ASIAPACIFICSOUTHEAST1: 'a', ASIAPACIFICNORTHEAST1: 'b' } },
    h: { url: 'https://example.com/mcp', headers: { 'X-Risk-Management-Token': 'v', 'X-Risk-Management-Tokens': 'w' } },
  };
  const home = await materializeHome({ '.cursor/mcp.json': `${JSON.stringify({ mcpServers: servers }, null, 2)}\n` }, 'mcp-audit-unique');
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
  assert.equal(r.code, 1, r.stderr);
  const report: unknown = JSON.parse(r.stdout);
  assert.equal(reportErrors(report), '', 'the report must validate against schemas/report.schema.json');
});
