import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { audit } from '../../src/grade/audit.js';
import { testEnv } from '../hosts/helpers.js';
import { materializeHome } from '../helpers/materialize.js';
import type { HomeSpec } from '../helpers/materialize.js';

/**
 * On Windows a program named without a suffix is found through PATHEXT (cmd.exe, and Node's
 * child_process for .bat/.cmd: https://nodejs.org/api/child_process.html#spawning-bat-and-cmd-files-on-windows):
 * an entry that sets PATHEXT decides which file `npx` is. Graded in process (the mutation runner
 * sees it) on a Windows-layout home where the same entry without PATHEXT has its environment claim
 * proven (the row itself is not enforcing on Windows: the store's ACL is not read).
 */
const CASE = JSON.parse(readFileSync(path.resolve('fixtures/grade/mcp-pin-enforcing.json'), 'utf8')) as { home: HomeSpec; entry: Record<string, unknown> };
const { name, ...body } = CASE.entry;

async function row(env: Record<string, string> | undefined): Promise<{ grade: string; findings: readonly { id: string }[]; environment: boolean | undefined }> {
  const home = await materializeHome({
    ...CASE.home,
    'AppData/Roaming/placeholder': '',
    '.cline/data/settings/cline_mcp_settings.json': `${JSON.stringify({ mcpServers: { [String(name)]: { ...body, cwd: '@HOME@', ...(env === undefined ? {} : { env }) } } })}\n`,
  });
  const r = await audit({ root: home, platform: 'win32', projectScan: false }, testEnv('win32'));
  const got = r.rows.find((x) => x.name === name);
  assert.ok(got !== undefined, r.rows.map((x) => x.name).join());
  return { grade: got.grade, findings: got.findings, environment: got.evidence.find((c) => c.claim === 'environment')?.proven };
}

test('Windows: an entry that sets PATHEXT is not proven (it changes which file a bare npx is)', async () => {
  const g = await row({ PATHEXT: '.JS;.EXE;.CMD' });
  assert.notEqual(g.grade, 'enforcing');
  assert.equal(g.environment, false, g.findings.map((f) => f.id).join());
  assert.ok(g.findings.some((f) => f.id === 'env-path-override'), g.findings.map((f) => f.id).join());
});

test('Windows control: the same entry without PATHEXT has its environment claim proven', async () => {
  const g = await row(undefined);
  assert.equal(g.environment, true, g.findings.map((f) => f.id).join());
});
