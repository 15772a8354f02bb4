import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { codex } from '../../src/hosts/codex.js';
import { discover } from '../../src/discover/discover.js';
import type { HostDefinition } from '../../src/hosts/types.js';
import { testEnv } from '../hosts/helpers.js';

/** Only the relocated location, so the test never reads the real home. */
const relocatedOnly: HostDefinition = { ...codex, locations: codex.locations.filter((l) => l.path.startsWith('$CODEX_HOME')) };

let dir = '';

describe('relocator variables (hosts.md §7)', () => {
  before(() => {
    dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-relocated-')));
    writeFileSync(path.join(dir, 'config.toml'), '[mcp_servers.relocated]\ncommand = "npx"\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('has a relocated location in the registry', () => assert.equal(relocatedOnly.locations.length, 1));

  it('checks $CODEX_HOME/config.toml when auditing one\'s own home', async () => {
    const d = await discover({ hosts: [relocatedOnly], projectScan: false }, testEnv('linux', { vars: { CODEX_HOME: dir } }));
    assert.deepEqual(d.entries.map((e) => [e.host, e.scope, e.name, e.configPath]), [['codex', 'user', 'relocated', path.join(dir, 'config.toml')]]);
  });

  it('skips the location when the variable is unset or relative', async () => {
    assert.equal((await discover({ hosts: [relocatedOnly], projectScan: false }, testEnv('linux'))).locations.length, 0);
    assert.equal((await discover({ hosts: [relocatedOnly], projectScan: false }, testEnv('linux', { vars: { CODEX_HOME: 'rel' } }))).locations.length, 0);
  });

  it('ignores this process\'s variables when auditing a --root (another home\'s hosts do not see them)', async () => {
    const d = await discover({ root: dir, hosts: [relocatedOnly], projectScan: false }, testEnv('linux', { vars: { CODEX_HOME: dir } }));
    assert.equal(d.locations.length, 0);
  });
});
