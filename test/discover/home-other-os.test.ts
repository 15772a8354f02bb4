import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROFILE_LIST_KEY, REG_EXE } from '../../src/discover/account-list.js';
import { resolveHome } from '../../src/discover/home.js';
import type { CommandRunner } from '../../src/shared/env.js';
import { UsageError } from '../../src/shared/errors.js';
import { testEnv } from '../hosts/helpers.js';
import { recordedRunner } from '../helpers/recorded-runner.js';

/** `--user` on macOS and Windows, through the same lookups, fed recorded tool outputs (values invented). */
const withRun = (platform: 'darwin' | 'win32', run: CommandRunner): ReturnType<typeof testEnv> => ({ ...testEnv(platform), run });
const REG = `${REG_EXE} query ${PROFILE_LIST_KEY} /s`;

describe('--user on macOS and Windows', () => {
  it('darwin: id -P answers first (master.passwd line, home field 9)', async () => {
    const { run, calls } = recordedRunner({ '/usr/bin/id -P margot': { stdout: 'margot:********:501:20::0:0:Margot Lind:/Users/margot:/bin/zsh\n' } });
    const r = await resolveHome({ user: 'margot' }, withRun('darwin', run));
    assert.deepEqual(r.home, { path: '/Users/margot', source: 'user-flag', user: 'margot', uid: 501 });
    assert.deepEqual(calls, ['/usr/bin/id -P margot']);
  });

  it('darwin: without id, dscacheutil; without both, dscl . -read', async () => {
    const dscache = recordedRunner({ '/usr/bin/dscacheutil -q user -a name margot': { stdout: 'name: margot\npassword: ********\nuid: 501\ngid: 20\ndir: /Users/margot\nshell: /bin/zsh\n\n' } });
    assert.equal((await resolveHome({ user: 'margot' }, withRun('darwin', dscache.run))).home.path, '/Users/margot');
    const dscl = recordedRunner({ '/usr/bin/dscl . -read /Users/yusuf UniqueID NFSHomeDirectory': { stdout: 'NFSHomeDirectory: /Users/yusuf\nUniqueID: 502\n' } });
    const r = await resolveHome({ user: 'yusuf' }, withRun('darwin', dscl.run));
    assert.deepEqual(r.home, { path: '/Users/yusuf', source: 'user-flag', user: 'yusuf', uid: 502 });
    assert.deepEqual(dscl.calls, ['/usr/bin/id -P yusuf', '/usr/bin/dscacheutil -q user -a name yusuf', '/usr/bin/dscl . -read /Users/yusuf UniqueID NFSHomeDirectory']);
  });

  it('darwin: an unknown name is "no such account", with the source that said so', async () => {
    const { run } = recordedRunner({ '/usr/bin/id -P ghost': { code: 1 } });
    await assert.rejects(resolveHome({ user: 'ghost' }, withRun('darwin', run)), (e: unknown) => e instanceof UsageError && /no such account.*id -P/.test(e.message));
  });

  it('win32: the ProfileList profile of that name (case-insensitive), no uid', async () => {
    const { run } = recordedRunner({ [REG]: { stdoutFile: 'discover/accounts/reg-query-profilelist.txt' } });
    const r = await resolveHome({ user: 'leilahassan' }, withRun('win32', run));
    assert.deepEqual(r.home, { path: 'C:\\Users\\LeilaHassan', source: 'user-flag', user: 'LeilaHassan', uid: undefined });
  });

  it('win32: a name with no profile, or a ProfileList that cannot be read, is a usage error saying so', async () => {
    const { run } = recordedRunner({ [REG]: { stdoutFile: 'discover/accounts/reg-query-profilelist.txt' } });
    await assert.rejects(resolveHome({ user: 'kwame' }, withRun('win32', run)), /no user profile named kwame \(reg query ProfileList\)/);
    await assert.rejects(resolveHome({ user: 'aroha' }, withRun('win32', recordedRunner({}).run)),
      /the profile list cannot be read here \(reg query ProfileList: not installed at C:\\Windows\\System32\\reg.exe\)/);
  });
});
