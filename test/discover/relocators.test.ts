import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { codex } from '../../src/hosts/codex.js';
import { discover } from '../../src/discover/discover.js';
import type { HostDefinition } from '../../src/hosts/types.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * A host whose only location lies in a folder no home has, moved by a variable no dotfile sets:
 * the test reads nothing of the real home but that absent folder.
 */
const VAR = 'MCP_AUDIT_TEST_RELOCATOR';
const relocatedOnly: HostDefinition = {
  id: codex.id, name: codex.name, format: codex.format, containers: codex.containers, entry: codex.entry, source: 'test',
  locations: [{ scope: 'user', path: '~/.mcp-audit-test-absent/config.toml', source: 'test' }],
  dirVariables: [{ name: VAR, replaces: [{ prefix: '~/.mcp-audit-test-absent' }], source: 'test' }],
};

let dir = '';

describe('relocator variables (host-lookup.ts DirVariable)', () => {
  before(() => {
    dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-relocated-')));
    writeFileSync(path.join(dir, 'config.toml'), '[mcp_servers.relocated]\ncommand = "npx"\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('codex declares CODEX_HOME as a directory variable replacing ~/.codex', () => {
    assert.deepEqual(codex.dirVariables.map((v) => [v.name, v.replaces.map((r) => r.prefix)]), [['CODEX_HOME', ['~/.codex']]]);
  });

  it('reads the relocated copy, in addition to the default, when auditing one\'s own home with the variable set', async () => {
    const d = await discover({ hosts: [relocatedOnly], projectScan: false }, testEnv('linux', { vars: { [VAR]: dir } }));
    assert.deepEqual(d.entries.map((e) => [e.host, e.scope, e.name, e.configPath]), [['codex', 'user', 'relocated', path.join(dir, 'config.toml')]]);
    assert.equal(d.locations.length, 2);
    assert.deepEqual(d.hostEnv.map((h) => [h.variable, h.from]), [[VAR, 'process-env']]);
  });

  it('skips the relocation when the variable is unset or relative', async () => {
    assert.equal((await discover({ hosts: [relocatedOnly], projectScan: false }, testEnv('linux'))).locations.length, 1);
    assert.equal((await discover({ hosts: [relocatedOnly], projectScan: false }, testEnv('linux', { vars: { [VAR]: 'rel' } }))).locations.length, 1);
  });

  it('ignores this process\'s variables when auditing a --root (another home\'s hosts do not see them)', async () => {
    const d = await discover({ root: dir, hosts: [relocatedOnly], projectScan: false }, testEnv('linux', { vars: { [VAR]: dir } }));
    assert.equal(d.locations.length, 1);
    assert.deepEqual(d.hostEnv, []);
  });
});
