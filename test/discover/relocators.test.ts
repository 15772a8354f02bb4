import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
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
  id: codex.id, name: codex.name, format: codex.format, containers: codex.containers, entry: codex.entry, envFiles: codex.envFiles, programs: codex.programs, source: 'test',
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

  it('never takes a value from this process\'s environment: it is not the host\'s (own home or --root)', async () => {
    const own = await discover({ hosts: [relocatedOnly], projectScan: false }, testEnv('linux', { vars: { [VAR]: dir } }));
    assert.deepEqual([own.locations.length, own.hostEnv], [1, []]);
    const root = await discover({ root: dir, hosts: [relocatedOnly], projectScan: false }, testEnv('linux', { vars: { [VAR]: dir } }));
    assert.deepEqual([root.locations.length, root.hostEnv], [1, []]);
  });

  it('--host-env applies the value and records where it came from; the default copy is still read', async () => {
    const home = path.join(dir, 'home');
    mkdirSync(path.join(home, 'alt'), { recursive: true });
    writeFileSync(path.join(home, 'alt', 'config.toml'), '[mcp_servers.relocated]\ncommand = "npx"\n');
    const file = path.join(dir, 'host.env');
    // As the host machine spells it: /home/<user>/alt is placed in the audited tree (--root).
    writeFileSync(file, `export ${VAR}="/home/alice/alt"\nUNRELATED=x\n`);
    const d = await discover({ root: home, hostEnv: file, hosts: [relocatedOnly], projectScan: false }, testEnv('linux'));
    assert.deepEqual(d.entries.map((e) => [e.name, e.configPath]), [['relocated', path.join(home, 'alt', 'config.toml')]]);
    assert.deepEqual(d.locations.map((l) => l.path), [path.join(home, '.mcp-audit-test-absent', 'config.toml'), path.join(home, 'alt', 'config.toml')]);
    assert.deepEqual(d.hostEnv, [{ variable: VAR, value: path.join(home, 'alt'), from: 'host-env', file, line: 1 }]);
    assert.deepEqual(d.floorCauses.map((f) => f.kind), ['project-scan-off'], 'a --host-env value is given, not a floor');
  });
});
