import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { listAccounts, passwdRecords, uidRange, PROFILE_LIST_KEY, REG_EXE } from '../../src/discover/account-list.js';
import { REPO } from '../hosts/helpers.js';
import { recordedRunner } from '../helpers/recorded-runner.js';

const DIR = path.join(REPO, 'fixtures', 'discover', 'accounts');
const FILES = { passwd: path.join(DIR, 'passwd'), loginDefs: path.join(DIR, 'login.defs') };
const NO_LOGIN_DEFS = { passwd: path.join(DIR, 'passwd'), loginDefs: path.join(DIR, 'no-such-login.defs') };

describe('listing the human accounts of a machine', () => {
  it('linux: getent passwd, UID_MIN–UID_MAX from login.defs; root, system and out-of-range accounts left out', async () => {
    const { run, calls } = recordedRunner({ '/usr/bin/getent passwd': { stdoutFile: 'discover/accounts/getent-passwd.txt' } });
    const r = await listAccounts('linux', run, FILES);
    assert.equal(r.kind, 'listed');
    assert.ok(r.kind === 'listed');
    assert.equal(r.source, 'getent passwd');
    assert.equal(r.rule, `uid 1000–30000 (UID_MIN–UID_MAX of ${FILES.loginDefs})`);
    assert.deepEqual(r.accounts, [
      { name: 'ines', uid: 1000, home: '/home/ines', source: 'getent passwd' },
      { name: 'tomasz', uid: 1001, home: '/srv/homes/tomasz', source: 'getent passwd' },
      { name: 'ldap-kiri', uid: 23001, home: '/home/ldap/kiri', source: 'getent passwd' },
    ]);
    assert.deepEqual(r.excluded, [{ name: 'nohome', reason: 'no absolute home directory ("relative/dir")' }]);
    // root, daemon, svc-backup, highuid (above this UID_MAX), nobody
    assert.equal(r.systemAccounts, 5);
    assert.deepEqual(calls, ['/usr/bin/getent passwd']);
  });

  it('linux: without login.defs the defaults 1000–60000 apply (highuid is then human)', async () => {
    const { run } = recordedRunner({ '/usr/bin/getent passwd': { stdoutFile: 'discover/accounts/getent-passwd.txt' } });
    const r = await listAccounts('linux', run, NO_LOGIN_DEFS);
    assert.ok(r.kind === 'listed');
    assert.deepEqual(r.accounts.map((a) => a.name), ['ines', 'tomasz', 'ldap-kiri', 'highuid']);
    assert.deepEqual(uidRange(undefined), { min: 1000, max: 60000 });
  });

  it('linux: with no getent anywhere the passwd file answers', async () => {
    const { run, calls } = recordedRunner({});
    const r = await listAccounts('linux', run, FILES);
    assert.ok(r.kind === 'listed');
    assert.equal(r.source, FILES.passwd);
    assert.deepEqual(r.accounts, [{ name: 'fixture-user', uid: 4242, home: '/home/fixture-user', source: FILES.passwd }]);
    assert.deepEqual(calls, ['/usr/bin/getent passwd', '/bin/getent passwd']);
  });

  it('linux: getent failing (exit 1) hands over; nothing answering says why each failed', async () => {
    const { run } = recordedRunner({ '/usr/bin/getent passwd': { code: 1 } });
    const r = await listAccounts('linux', run, { passwd: path.join(DIR, 'no-such-passwd'), loginDefs: FILES.loginDefs });
    assert.equal(r.kind, 'unavailable');
    assert.ok(r.kind === 'unavailable');
    assert.equal(r.tried[0], 'getent passwd: exit 1');
    assert.match(r.tried[1] ?? '', /no-such-passwd: ENOENT/);
  });

  it('darwin: dscl lists UniqueID and NFSHomeDirectory; uid ≥ 501 and no leading _ are human', async () => {
    const { run, calls } = recordedRunner({
      '/usr/bin/dscl . -list /Users UniqueID': { stdoutFile: 'discover/accounts/dscl-uniqueid.txt' },
      '/usr/bin/dscl . -list /Users NFSHomeDirectory': { stdoutFile: 'discover/accounts/dscl-nfshome.txt' },
    });
    const r = await listAccounts('darwin', run);
    assert.ok(r.kind === 'listed');
    assert.equal(r.source, 'dscl . -list /Users');
    assert.deepEqual(r.accounts, [
      { name: 'margot', uid: 501, home: '/Users/margot', source: 'dscl . -list /Users' },
      { name: 'yusuf', uid: 502, home: '/Users/Yusuf Demir', source: 'dscl . -list /Users' },
    ]);
    // _amavisd, _spotlight, daemon, nobody (-2), root, _localadmin (uid 503 but _-prefixed)
    assert.equal(r.systemAccounts, 6);
    assert.deepEqual(calls, ['/usr/bin/dscl . -list /Users UniqueID', '/usr/bin/dscl . -list /Users NFSHomeDirectory']);
  });

  it('darwin: without dscl, dscacheutil -q user answers', async () => {
    const { run } = recordedRunner({ '/usr/bin/dscacheutil -q user': { stdoutFile: 'discover/accounts/dscacheutil-users.txt' } });
    const r = await listAccounts('darwin', run);
    assert.ok(r.kind === 'listed');
    assert.equal(r.source, 'dscacheutil -q user');
    assert.deepEqual(r.accounts, [{ name: 'margot', uid: 501, home: '/Users/margot', source: 'dscacheutil -q user' }]);
    assert.equal(r.systemAccounts, 2);
  });

  it('win32: reg query ProfileList; S-1-5-18/19/20, service SIDs and .bak keys left out, Entra ID kept', async () => {
    const { run, calls } = recordedRunner({ [`${REG_EXE} query ${PROFILE_LIST_KEY} /s`]: { stdoutFile: 'discover/accounts/reg-query-profilelist.txt' } });
    const r = await listAccounts('win32', run);
    assert.ok(r.kind === 'listed');
    assert.equal(r.source, 'reg query ProfileList');
    assert.deepEqual(r.accounts, [
      { name: 'aroha', uid: undefined, sid: 'S-1-5-21-3623811015-3361044348-30300820-1001', home: 'C:\\Users\\aroha', source: 'reg query ProfileList' },
      { name: 'LeilaHassan', uid: undefined, sid: 'S-1-12-1-1111111111-2222222222-3333333333-444444444', home: 'C:\\Users\\LeilaHassan', source: 'reg query ProfileList' },
    ]);
    assert.deepEqual(r.excluded, [{ name: 'S-1-5-21-3623811015-3361044348-30300820-1003', reason: 'ProfileImagePath is not an absolute path ("%SystemDrive%\\\\Users\\\\kwame")' }]);
    // S-1-5-18, -19, -20, the .bak copy, the S-1-5-80 service SID
    assert.equal(r.systemAccounts, 5);
    assert.deepEqual(calls, [`${REG_EXE} query ${PROFILE_LIST_KEY} /s`]);
  });

  it('win32: reg.exe failing is "unavailable", never an empty machine', async () => {
    const { run } = recordedRunner({ [`${REG_EXE} query ${PROFILE_LIST_KEY} /s`]: { code: 1 } });
    assert.deepEqual(await listAccounts('win32', run), { kind: 'unavailable', tried: ['reg query ProfileList: exit 1'] });
  });

  it('passwd records: comments, NIS lines and malformed uids skipped, the first of a name wins', () => {
    assert.deepEqual(passwdRecords('#c\n+x::::::\na:x:1:1::/a:/bin/sh\na:x:2:2::/b:/bin/sh\nb:x:q:1::/c:\n'), [{ name: 'a', uid: 1, home: '/a' }]);
  });
});
