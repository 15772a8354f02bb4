import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { accountNamer } from '../../src/discover/accounts.js';
import { resolveHome } from '../../src/discover/home.js';
import { auditAllUsers } from '../../src/grade/all-users.js';
import { catRunner } from '../helpers/cat-runner.js';
import { cursorConfig } from '../helpers/throwaway-accounts.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * Found by review on 239cc52: a valid home (a real folder whose UTF-8 name holds a real U+FFFD, as useradd
 * -d makes it) is refused because another field of the same passwd line is not UTF-8: a GECOS
 * field in Latin-1 (`Jos\xe9`, what `useradd -c $'Jos\xe9'` writes; getent prints it as is).
 * systemText marks every U+FFFD of a line that is not UTF-8, so the home's real U+FFFD becomes
 * NOT_UTF8 and the home is refused (--user: usage error, exit 2; --all-users: home-unreadable),
 * and the entry in it is never audited. The baseline (478401d) audits the home: its guess found
 * the folder. Checked by hand with a real useradd account and the real CLI from dist (baseline
 * exit 1 with the entry graded, the change exit 2 "not valid UTF-8"). In process with recorded
 * getent bytes printed by a real `cat` through the real runner, as the undecoded-home tests, so no real
 * account with an unreadable home shows beside the --all-users tests.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-gecos-'));
const bytes = (s: string): Buffer => Buffer.from(s, 'utf8');
const home = path.join(root, 'h\uFFFD');
mkdirSync(path.join(home, '.cursor'), { recursive: true });
writeFileSync(path.join(home, '.cursor', 'mcp.json'), cursorConfig('visible-server'));
const line = Buffer.concat([bytes('gecosacct:x:4391:4391:Jos'), Buffer.from([0xe9]), bytes(`:${home}:/bin/sh\n`)]);
const answer = path.join(root, 'gecosacct.passwd');
writeFileSync(answer, line);
const answers = new Map([
  ['/usr/bin/getent passwd gecosacct', answer],
  ['/usr/bin/getent passwd', answer],
]);
const run = catRunner(answers);
const env = { ...testEnv('linux', { cwd: root }), uid: 0, run };

describe('a valid home holding U+FFFD on a passwd line whose GECOS is Latin-1', { skip: process.platform !== 'linux' && 'byte names and getent are the Linux case' }, () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  it('--user audits the home as spelled (its name is valid UTF-8 and the folder exists)', async () => {
    const r = await resolveHome({ user: 'gecosacct' }, env);
    assert.equal(r.home.path, home);
  });

  it('--all-users audits it, not home-unreadable "not valid UTF-8"', async () => {
    const all = await auditAllUsers({}, env);
    const acct = all.accounts.find((a) => a.account.name === 'gecosacct');
    assert.equal(acct?.status, 'audited', JSON.stringify(acct?.reason));
    assert.deepEqual(acct.result?.discovery.entries.map((e) => e.name), ['visible-server']);
  });

  it('owner naming from the passwd file (no userid addon answer for the uid) keeps a real U+FFFD in a name', async () => {
    const file = path.join(root, 'owners.passwd');
    writeFileSync(file, Buffer.concat([bytes('ow\uFFFDner:x:4393:4393:Jos'), Buffer.from([0xe9]), bytes(':/nonexistent:/bin/sh\n')]));
    const name = await accountNamer(file);
    assert.equal(name(4393), 'ow\uFFFDner');
  });
});
