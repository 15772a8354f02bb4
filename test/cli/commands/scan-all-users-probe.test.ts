import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { addAccount, asAnotherAccount, removeAccount, uniqueName, writeOwned, type Throwaway } from '../../helpers/throwaway-accounts.js';
import { SERVERS } from '../../probe/support.js';
import { parseReport } from '../../report/validate.js';
import { BIN } from './cli-harness.js';

/**
 * `scan --all-users --probe` as root: an account's pinned server is launched AS that account
 * (the server records its own uid, HOME and USER), from that account's home, and its pins confirmed.
 */
const PINNER = fileURLToPath(new URL('../../../../test/probe/reference-pin.py', import.meta.url));
let account: Throwaway | undefined;
let scratch = '';
let tag = '';

describe('scan --all-users --probe runs each account\'s servers as that account', asAnotherAccount('creates throwaway accounts and probes as them'), () => {
  before(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-probe-as-'));
    tag = path.join('/tmp', `${path.basename(scratch)}-ran`);
    account = addAccount(uniqueName('p'));
    const script = writeOwned(account, 'srv.sh',
      `#!/bin/sh\necho "$(id -u) $(id -g) $HOME $USER $(pwd)" >> ${tag}-$(id -u)\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(SERVERS, 'python-style.js'))}\n`);
    writeOwned(account, '.cursor/mcp.json', `${JSON.stringify({ mcpServers: { weather: { command: 'uvx', args: [
      '--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'sh', `--upstream-arg=${script}`] } } }, null, 2)}\n`);
    const pins = path.join(account.home, '.mcpindex', 'pins', 'weather.json');
    const py = spawnSync('python3', [PINNER, pins, 'weather', '--', 'sh', script], { encoding: 'utf8' });
    assert.equal(py.status, 0, py.stderr);
    execFileSync('/usr/bin/chown', ['-R', `${account.uid}:${account.gid}`, account.home]);
    execFileSync('/usr/bin/chmod', ['-R', 'go-w', account.home]);
  });

  after(() => {
    if (account !== undefined) removeAccount(account.name);
    for (const f of [scratch, `${tag}-0`, ...(account !== undefined ? [`${tag}-${account.uid}`] : [])]) if (f !== '') rmSync(f, { recursive: true, force: true });
  });

  it("launches the server as the account, in its home, with its HOME and USER; the pins are confirmed", () => {
    const a = account;
    assert.ok(a !== undefined);
    // The operator's cwd is a 0700 directory the account cannot enter.
    const r = spawnSync(process.execPath, [BIN, 'scan', '--all-users', '--probe', '--format', 'json'], { cwd: scratch, encoding: 'utf8' });
    const report = parseReport(r.stdout);
    const e = report.entries.find((x) => x.account === a.name && x.name === 'weather');
    assert.ok(e !== undefined, r.stderr);
    assert.equal(e.probe?.outcome, 'pins-confirmed', `${e.probe?.detail ?? ''} ${r.stderr}`);
    const ran = `${tag}-${a.uid}`;
    assert.ok(existsSync(ran), 'the server ran under the account uid');
    assert.equal(readFileSync(ran, 'utf8').trim(), `${a.uid} ${a.gid} ${a.home} ${a.name} ${a.home}`);
  });
});
