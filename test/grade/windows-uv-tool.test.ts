import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { audit } from '../../src/grade/audit.js';
import { testEnv } from '../hosts/helpers.js';
import { materializeHome } from '../helpers/materialize.js';
import type { HomeSpec } from '../helpers/materialize.js';

/**
 * On Windows uv keeps tool installs in %APPDATA%\uv\tools (or the legacy %APPDATA%\uv\data\tools;
 * astral-sh/uv crates/uv-state StateStore::from_settings), and uvx reuses one that satisfies the
 * request. The audit does not verify a Windows tool environment (Lib\, Scripts\), so a present
 * install leaves the version claim open; without one the exact spec identifies the release.
 * Graded in process on a Windows-layout home (Cline starts the entry in the home, its cwd).
 */
const CASE = JSON.parse(readFileSync(path.resolve('fixtures/grade/version-gate-fixed.json'), 'utf8')) as { home: HomeSpec; entry: Record<string, unknown> };
const { name, ...body } = CASE.entry;

async function version(extra: HomeSpec): Promise<boolean | undefined> {
  const home = await materializeHome({
    ...CASE.home, ...extra,
    'AppData/Roaming/placeholder': '',
    '.cline/data/settings/cline_mcp_settings.json': `${JSON.stringify({ mcpServers: { [String(name)]: { ...body, cwd: '@HOME@' } } })}\n`,
  });
  const r = await audit({ root: home, platform: 'win32', projectScan: false }, testEnv('win32'));
  const row = r.rows.find((x) => x.name === name);
  assert.ok(row !== undefined, r.rows.map((x) => x.name).join());
  return row.evidence.find((c) => c.claim === 'version')?.proven;
}

for (const dir of ['AppData/Roaming/uv/tools', 'AppData/Roaming/uv/data/tools']) {
  test(`Windows: a uv tool install of the gate in ${dir} leaves the version open`, async () => {
    assert.equal(await version({ [`${dir}/mcpindex-gate/uv-receipt.toml`]: '[tool]\nrequirements = [{ name = "mcpindex-gate" }]\n' }), false);
  });
}

test('Windows control: no uv tool install, the exact spec identifies the release', async () => {
  assert.equal(await version({}), true);
});
