import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../cli/commands/cli-harness.js';
import { materializeHome } from '../helpers/materialize.js';
import type { HomeSpec } from '../helpers/materialize.js';

/**
 * On Windows a bare program name is looked up in the working directory before PATH (libuv
 * search_path; cmd.exe): a `npx.cmd` or `npx.exe` in the folder the host starts the entry in runs
 * instead of npm's. Through the real CLI on a Windows-layout home, an mcp-pin entry Cline starts in
 * the trusted home (its cwd).
 */
const CASE = JSON.parse(readFileSync(path.resolve('fixtures/grade/mcp-pin-enforcing.json'), 'utf8')) as { home: HomeSpec; entry: Record<string, unknown> };
const { name, ...body } = CASE.entry;

async function grade(extra: HomeSpec, cwd: string | undefined = '@HOME@'): Promise<{ grade: string; program: { proven: boolean; reason?: string; evidence?: string[] } | undefined }> {
  const entry = cwd === undefined ? { ...body, cwd: undefined } : { ...body, cwd };
  const home = await materializeHome({
    ...CASE.home, ...extra,
    'AppData/Roaming/placeholder': '',
    '.cline/data/settings/cline_mcp_settings.json': `${JSON.stringify({ mcpServers: { [String(name)]: entry } })}\n`,
  });
  const r = await runCli(['scan', '--root', home, '--platform', 'win32', '--no-project-scan', '--format', 'json']);
  const report = JSON.parse(r.stdout) as { entries: { name: string; grade: string; evidence: { claim: string; proven: boolean; reason?: string; evidence?: string[] }[] }[] };
  const row = report.entries.find((e) => e.name === name);
  assert.ok(row !== undefined, r.stdout.slice(0, 400));
  return { grade: row.grade, program: row.evidence.find((e) => e.claim === 'program') };
}

test('Windows: an npx.cmd in the folder the host starts the entry in is not proven away', async () => {
  // NTFS matches names ignoring case, so a home copied to Linux and audited with --root is matched so too.
  for (const planted of ['npx.cmd', 'npx.exe', 'npx.com', 'npx', 'NPX.CMD', 'Npx.Cmd', 'npx.EXE']) {
    const g = await grade({ [planted]: '@echo off\r\n' });
    assert.notEqual(g.grade, 'enforcing', planted);
    assert.equal(g.program?.proven, false, planted);
  }
});

test('Windows control: the home holds no npx file: the lookup is stated as read, and the program claim holds', async () => {
  const g = await grade({});
  assert.equal(g.program?.proven, true, JSON.stringify(g.program));
  assert.ok((g.program?.evidence ?? []).some((e) => /npx\.com, npx\.exe, npx\.bat, npx\.cmd were looked for there and are absent/.test(e)), JSON.stringify(g.program));
});
