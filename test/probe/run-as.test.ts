import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { launchGroup } from '../../src/probe/launch.js';
import { probe } from '../../src/probe/probe.js';
import { accountPath, probeIdentity } from '../../src/probe/run-as.js';
import { fixture } from './support.js';
import { asAnotherAccount } from '../helpers/throwaway-accounts.js';

const ROOT = process.getuid?.() === 0;
const rootOnly = { skip: !ROOT && 'switching uid needs root' };
const bob = { user: 'bob', uid: 1001, home: '/home/bob', gid: 1001 };

describe('whose identity a probe runs servers under', () => {
  it('the running account: itself', () => {
    assert.deepEqual(probeIdentity(bob, 1001, 'linux'), { kind: 'self' });
  });

  it('another account, as root: its uid, primary gid and a clean environment naming only it', () => {
    assert.deepEqual(probeIdentity(bob, 0, 'linux'), {
      kind: 'account',
      runAs: { uid: 1001, gid: 1001, user: 'bob', home: '/home/bob', env: { HOME: '/home/bob', USER: 'bob', LOGNAME: 'bob', PATH: '/usr/local/bin:/usr/bin:/bin' } },
    });
    const mac = probeIdentity({ ...bob, home: '/Users/bob' }, 0, 'darwin');
    assert.ok(mac.kind === 'account');
    assert.equal(mac.runAs.env['PATH'], accountPath('darwin'));
  });

  it('refused: not root, no gid, no uid, or Windows — never run as someone else', () => {
    assert.match(JSON.stringify(probeIdentity(bob, 1000, 'linux')), /"refused".*needs root/);
    assert.match(JSON.stringify(probeIdentity({ ...bob, gid: undefined }, 0, 'linux')), /"refused".*primary group/);
    assert.match(JSON.stringify(probeIdentity({ ...bob, uid: undefined }, 0, 'linux')), /"refused".*no uid/);
    assert.match(JSON.stringify(probeIdentity({ ...bob, uid: undefined }, undefined, 'win32')), /"refused".*Windows/);
  });
});

describe('a launch as another account (real spawn)', asAnotherAccount('switching uid'), () => {
  const nobody = {
    uid: Number(execFileSync('/usr/bin/id', ['-u', 'nobody'], { encoding: 'utf8' })),
    gid: Number(execFileSync('/usr/bin/id', ['-g', 'nobody'], { encoding: 'utf8' })),
  };
  const identity = probeIdentity({ user: 'nobody', uid: nobody.uid, gid: nobody.gid, home: '/nonexistent' }, 0, 'linux');
  assert.ok(identity.kind === 'account');

  it("runs with the account's uid and gid, none of root's groups, and only its environment plus the entry's", async () => {
    const group = launchGroup({
      program: '/bin/sh', args: ['-c', 'id -u; id -g; id -G; env'], hostEnv: identity.runAs.env, env: { FROM_ENTRY: 'x' },
      runAs: { uid: identity.runAs.uid, gid: identity.runAs.gid }, cwd: '/',
    });
    let out = '';
    group.child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    await new Promise((resolve) => group.child.once('close', resolve));
    await group.stop({ graceful: false, graceMs: 100 });
    const [uid, gid, groups, ...env] = out.trim().split('\n');
    assert.equal(Number(uid), nobody.uid);
    assert.equal(Number(gid), nobody.gid);
    assert.equal(groups, String(nobody.gid), "root's supplementary groups are dropped");
    const names = env.map((l) => l.split('=')[0]).filter((n) => n !== 'PWD' && n !== 'SHLVL' && n !== '_').sort();
    assert.deepEqual(names, ['FROM_ENTRY', 'HOME', 'LOGNAME', 'MCP_AUDIT_PROBE_ID', 'PATH', 'USER']);
    assert.ok(env.includes('HOME=/nonexistent') && env.includes('USER=nobody'));
  });

  it('a real MCP server probed as the account answers the handshake', async () => {
    const target = fixture('normal.js');
    const capture = await probe({ ...target, cwd: '/' }, { runAs: identity.runAs, timeoutMs: 10_000 });
    assert.equal(capture.ok, true, capture.ok ? '' : `${capture.reason}: ${capture.detail}`);
  });
});
