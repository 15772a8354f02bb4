import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cli } from '../cli/commands/cli-run.js';
import { materializeHome } from '../helpers/materialize.js';
import { assertValidReport, parseReport } from './validate.js';

/**
 * A server of a shared project .mcp.json that Claude Code is told not to start (its
 * disabledMcpjsonServers) still runs under Cursor, VS Code and Windsurf: it stays graded and
 * counted, and every report format says which host rejects it and why.
 */
describe('per-host rejections reach the graded reports', () => {
  const spec = {
    '.claude.json': JSON.stringify({ projects: { '@HOME@/app': { disabledMcpjsonServers: ['shared-fs'] } } }),
    'app/.mcp.json': JSON.stringify({ mcpServers: { 'shared-fs': { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'] } } }),
  };
  const scan = async (format: string): Promise<string> => {
    const home = await materializeHome(spec);
    const r = await cli(['scan', '--root', home, '--project', path.join(home, 'app'), '--format', format], { cwd: home });
    assert.equal(r.code, 1, r.stderr);
    return r.stdout;
  };

  it('JSON: the entry is counted and carries disabledOnlyFor with the switch and its file', async () => {
    const out = await scan('json');
    assertValidReport(out);
    const entry = parseReport(out).entries.find((e) => e.name === 'shared-fs');
    assert.equal(entry?.disabled, false);
    assert.equal(entry.disabledOnlyFor?.[0]?.host, 'claude-code');
    assert.match(entry.disabledOnlyFor?.[0]?.by ?? '', /disabledMcpjsonServers of .*\.claude\.json/);
  });

  it('table: one note (wrapped to the width) names the host and the switch', async () => {
    assert.match((await scan('table')).replace(/\n +/g, ' '), /off for claude-code only \(shared-fs\): listed in projects\.<project-key>\.disabledMcpjsonServers/);
  });

  it('SARIF: the result properties carry disabledOnlyFor', async () => {
    const sarif: unknown = JSON.parse(await scan('sarif'));
    const text = JSON.stringify(sarif);
    assert.match(text, /"disabledOnlyFor":\[\{"host":"claude-code","by":"listed in projects/);
  });
});
