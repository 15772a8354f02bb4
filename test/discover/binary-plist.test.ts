import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../cli/commands/cli-harness.js';
import { materializeHome } from '../helpers/materialize.js';
import type { HomeSpec } from '../helpers/materialize.js';

/**
 * launchd loads binary property lists as well as XML ones (launchd.plist(5)): a LaunchAgent in the
 * binary format may run `launchctl setenv` for the session the host starts in, and the audit does
 * not decode it, so the environment claim of an mcp-pin entry that is otherwise enforcing stays
 * open. An XML agent that sets nothing the launch reads keeps the row enforcing. Real CLI, a
 * macOS-layout home; the binary file opens with the `bplist00` header plutil writes.
 */
const CASE = JSON.parse(readFileSync(path.resolve('fixtures/grade/mcp-pin-enforcing.json'), 'utf8')) as { home: HomeSpec; entry: Record<string, unknown> };
const { name, ...body } = CASE.entry;
const BPLIST = `bplist00\u00d1\u0001\u0002ULabel_\u0010\u0011com.example.setup`;
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>Label</key><string>com.example.setup</string></dict></plist>\n';

async function grade(agent: string): Promise<{ grade: string; environment: { proven: boolean; reason?: string } | undefined }> {
  const home = await materializeHome({
    ...CASE.home,
    'Library/LaunchAgents/com.example.setup.plist': agent,
    '.cline/data/settings/cline_mcp_settings.json': `${JSON.stringify({ mcpServers: { [String(name)]: { ...body, cwd: '@HOME@' } } })}\n`,
  });
  const r = await runCli(['scan', '--root', home, '--platform', 'darwin', '--no-project-scan', '--format', 'json']);
  const report = JSON.parse(r.stdout) as { entries: { name: string; grade: string; evidence: { claim: string; proven: boolean; reason?: string }[] }[] };
  const row = report.entries.find((e) => e.name === name);
  assert.ok(row !== undefined, r.stdout.slice(0, 400));
  return { grade: row.grade, environment: row.evidence.find((e) => e.claim === 'environment') };
}

test('a binary LaunchAgent plist is not decoded: the environment claim stays open', async () => {
  const g = await grade(BPLIST);
  assert.notEqual(g.grade, 'enforcing');
  assert.equal(g.environment?.proven, false);
  assert.match(g.environment?.reason ?? '', /binary property list/);
});

test('control: an XML LaunchAgent that sets no variable leaves the row enforcing', async () => {
  const g = await grade(XML);
  assert.equal(g.grade, 'enforcing', JSON.stringify(g.environment));
});
