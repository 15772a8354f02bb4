import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../cli/commands/cli-harness.js';
import { materializeHome } from '../helpers/materialize.js';
import type { HomeSpec } from '../helpers/materialize.js';

/**
 * Codex on macOS reads a config layer from the preferences of com.openai.codex (config_toml_base64:
 * MDM-forced, the user's, ByHost or the machine's) above the user's config.toml. mcp-audit does not decode it: when the file exists the count is a
 * floor and no Codex entry is proven launched as written; when it is absent nothing changes.
 */
const PIN = JSON.parse(readFileSync(path.resolve('fixtures/grade/mcp-pin-enforcing.json'), 'utf8')) as { home: HomeSpec };
const CONFIG = '[mcp_servers.fs]\ncommand = "npx"\nargs = ["-y", "mcp-pin@1.0.0", "--", "npx", "-y", "srv"]\ncwd = "@HOME@"\n';

const PLIST = '<?xml version="1.0"?>\n<plist version="1.0"><dict><key>config_toml_base64</key><string>W21jcF9zZXJ2ZXJzLmZzXQ==</string></dict></plist>\n';

async function scan(plist: string | undefined): Promise<{ code: number; report: { countIsFloor: boolean; floorCauses: { detail: string; path?: string }[]; entries: { name: string; grade: string; evidence: { claim: string; proven: boolean; reason?: string }[] }[] } }> {
  const home = await materializeHome({
    ...PIN.home,
    '.codex/config.toml': CONFIG,
    ...(plist !== undefined ? { [plist]: PLIST } : {}),
  });
  const r = await runCli(['scan', '--root', home, '--platform', 'darwin', '--no-project-scan', '--format', 'json']);
  return { code: r.code, report: JSON.parse(r.stdout) as never };
}

for (const plist of ['_system/Library/Managed Preferences/com.openai.codex.plist', '_system/Library/Managed Preferences/alice/com.openai.codex.plist', 'Library/Preferences/com.openai.codex.plist', 'Library/Preferences/ByHost/com.openai.codex.0A1B2C3D.plist']) test(`Codex preferences ${plist}: a floor cause, and the entry is not proven launched`, async () => {
  const { report } = await scan(plist);
  const row = report.entries.find((e) => e.name === 'fs');
  assert.ok(row !== undefined);
  assert.notEqual(row.grade, 'enforcing');
  const launched = row.evidence.find((e) => e.claim === 'launched');
  assert.equal(launched?.proven, false);
  assert.match(launched?.reason ?? '', /com\.openai\.codex\.(\w+\.)?plist.*not decoded/);
  assert.equal(report.countIsFloor, true);
  assert.ok(report.floorCauses.some((c) => /com\.openai\.codex\.(\w+\.)?plist$/.test(c.path ?? '')), JSON.stringify(report.floorCauses));
});

test('Control: without the preferences file the same Codex entry is enforcing and the count is not a floor for it', async () => {
  const { report } = await scan(undefined);
  const row = report.entries.find((e) => e.name === 'fs');
  assert.equal(row?.grade, 'enforcing', JSON.stringify(row?.evidence));
  assert.ok(!report.floorCauses.some((c) => (c.path ?? '').includes('com.openai.codex')));
});
