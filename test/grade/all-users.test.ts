import assert from 'node:assert/strict';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { auditAllUsers } from '../../src/grade/all-users.js';
import { UsageError } from '../../src/shared/errors.js';
import { cursorConfig } from '../helpers/throwaway-accounts.js';
import { recordedRunner, type Recording } from '../helpers/recorded-runner.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * --all-users without root: the account database is a recorded `getent passwd` (and its per-name
 * lookups), the homes are real directories made here. Each account is audited under its own home.
 */
// Human uids (UID_MIN 1000 in this machine's login.defs): the running uid when it is one, else (root) 4242,
// with the homes chowned to it so that "self" owns its home either way.
const running = process.getuid?.() ?? 1000;
const me = running >= 1000 ? running : 4242;
const other = me === 4343 ? 4344 : 4343;
const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-all-users-unit-'));
const home = (n: string): string => path.join(root, n);
const line = (n: string, uid: number): string => `${n}:x:${uid}:${uid}::${home(n)}:/bin/sh`;
const accounts: [string, number][] = [['selfacct', me], ['otheracct', other], ['missingacct', me], ['fileacct', me]];

mkdirSync(path.join(home('selfacct'), '.cursor'), { recursive: true });
writeFileSync(path.join(home('selfacct'), '.cursor', 'mcp.json'), cursorConfig('self-server'));
mkdirSync(path.join(home('otheracct'), '.cursor'), { recursive: true });
writeFileSync(path.join(home('otheracct'), '.cursor', 'mcp.json'), cursorConfig('other-server'));
writeFileSync(home('fileacct'), 'not a directory');
if (running === 0) {
  for (const p of [home('selfacct'), path.join(home('selfacct'), '.cursor'), path.join(home('selfacct'), '.cursor', 'mcp.json'), home('otheracct')]) chownSync(p, me, me);
}
const operatorCwd = path.join(root, 'operator');
mkdirSync(path.join(operatorCwd, '.cursor'), { recursive: true });
writeFileSync(path.join(operatorCwd, '.cursor', 'mcp.json'), cursorConfig('operator-server'));

const recordings: Record<string, Recording> = {
  '/usr/bin/getent passwd': { stdout: `${accounts.map(([n, uid]) => line(n, uid)).join('\n')}\n` },
};
for (const [n, uid] of accounts) recordings[`/usr/bin/getent passwd ${n}`] = { stdout: `${line(n, uid)}\n` };
const env = { ...testEnv('linux', { cwd: operatorCwd }), uid: me, run: recordedRunner(recordings).run };

describe('auditAllUsers (recorded account database, real homes)', { skip: process.platform !== 'linux' && 'the Linux sources' }, () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  it("audits each account under its own home; the operator's cwd is nobody's project", async () => {
    const run = await auditAllUsers({}, env);
    const [self, otherAcct] = ['selfacct', 'otheracct'].map((n) => run.accounts.find((a) => a.account.name === n));
    assert.ok(self?.result !== undefined && otherAcct?.result !== undefined);
    assert.deepEqual(self.result.discovery.entries.map((e) => [e.name, e.configPath]), [['self-server', path.join(home('selfacct'), '.cursor', 'mcp.json')]]);
    assert.deepEqual(otherAcct.result.discovery.entries.map((e) => e.name), ['other-server']);
    assert.equal(self.result.discovery.home.uid, me);
    assert.equal(otherAcct.result.discovery.home.uid, other);
    for (const a of run.accounts) for (const e of a.result?.discovery.entries ?? []) assert.notEqual(e.name, 'operator-server');
  });

  it('home-foreign-owner fires for a home owned by another uid, not for the account that owns its home', async () => {
    const run = await auditAllUsers({}, env);
    const ids = (n: string): string[] => run.accounts.find((a) => a.account.name === n)?.findings.map((f) => f.id) ?? ['not listed'];
    assert.deepEqual(ids('otheracct'), ['home-foreign-owner']);
    assert.deepEqual(ids('selfacct'), []);
  });

  it('a missing home is "absent" (nothing to audit); a file for a home is unreadable with a home-unreadable finding', async () => {
    const run = await auditAllUsers({}, env);
    const missing = run.accounts.find((a) => a.account.name === 'missingacct');
    assert.deepEqual([missing?.status, missing?.reason, missing?.findings.length], ['absent', 'the home directory does not exist', 0]);
    const file = run.accounts.find((a) => a.account.name === 'fileacct');
    assert.deepEqual([file?.status, file?.reason, file?.findings.map((f) => f.id)], ['unreadable', 'not a directory', ['home-unreadable']]);
  });

  it('accounts come sorted by name, whatever order the database lists them in', async () => {
    const run = await auditAllUsers({}, env);
    const names = run.accounts.map((a) => a.account.name);
    assert.deepEqual(names, [...names].sort());
  });

  it('with no getent, the passwd file lists the accounts', async () => {
    const bare = { ...env, run: recordedRunner({}).run };
    assert.equal((await auditAllUsers({}, bare)).listedBy, '/etc/passwd');
  });

  it('takes neither --user, --root nor --project', async () => {
    for (const options of [{ user: 'x' }, { root: root }, { projects: [root] }]) await assert.rejects(auditAllUsers(options, env), UsageError);
  });
});
