import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cline } from '../../src/hosts/cline.js';
import { discover } from '../../src/discover/discover.js';
import type { HostDefinition } from '../../src/hosts/types.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * Relocator variables. Cline resolves its one MCP settings file as
 * `$CLINE_MCP_SETTINGS_PATH` first, then `$CLINE_DATA_DIR/settings/`, `$CLINE_DIR/data/settings/`,
 * `~/.cline/data/settings/` (cline/cline@21cb8d25 apps/vscode/src/hosts/vscode/
 * mcp-settings-legacy-migration.ts:254-265; sdk/packages/shared/src/storage/paths.ts:409-415).
 * Only relocated locations are kept, so the test never reads the real home.
 */
const relocatedOnly: HostDefinition = { ...cline, locations: cline.locations.filter((l) => l.path.startsWith('$')) };

let dir = '';

describe('cline: $CLINE_MCP_SETTINGS_PATH names the settings file', () => {
  before(() => {
    dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-cline-')));
    writeFileSync(path.join(dir, 'team-mcp.json'), JSON.stringify({ mcpServers: { relocated: { command: 'npx', args: ['-y', '@m/r'] } } }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the scanner\'s own environment does not relocate the host: only the audited home\'s files or --host-env do', async () => {
    const file = path.join(dir, 'team-mcp.json');
    const d = await discover({ hosts: [relocatedOnly], projectScan: false }, testEnv('linux', { vars: { CLINE_MCP_SETTINGS_PATH: file } }));
    assert.deepEqual(d.entries, []);
  });

  it('the file it names is read when --host-env gives the variable', async () => {
    const file = path.join(dir, 'team-mcp.json');
    const hostEnv = path.join(dir, 'host.env');
    writeFileSync(hostEnv, `CLINE_MCP_SETTINGS_PATH=${file}\n`);
    const d = await discover({ hosts: [relocatedOnly], projectScan: false, hostEnv }, testEnv('linux'));
    assert.deepEqual(d.entries.map((e) => [e.name, e.configPath, e.state]), [['relocated', file, 'launched']]);
  });
});
