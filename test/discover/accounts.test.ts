import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  accountNamer, dscacheutilSource, getentSource, idPasswdSource, lookupAccount, passwdEntries, passwdFileSource,
} from '../../src/discover/accounts.js';
import { fixtureHome, REPO } from '../hosts/helpers.js';
import { BIN } from '../cli/commands/cli-harness.js';

const PASSWD = path.join(REPO, 'fixtures', 'discover', 'accounts', 'passwd');
const MISSING = path.join(REPO, 'fixtures', 'discover', 'accounts', 'no-such-tool');
const linuxOnly = { skip: process.platform !== 'linux' && 'getent is the Linux source' };

/** A stand-in for a macOS tool that prints `stdout` and exits `code`, as the real one does for the query. */
function tool(stdout: string, code = 0): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-tool-')), 'tool');
  writeFileSync(file, `#!/bin/sh\nprintf '%s' '${stdout.replace(/'/g, `'\\''`)}'\nexit ${code}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('account lookups without the userid addon', () => {
  it('getent passwd finds an account with its uid and home', linuxOnly, async () => {
    const r = await lookupAccount('root', [getentSource()]);
    assert.deepEqual(r, { kind: 'found', account: { name: 'root', uid: 0, home: '/root', source: 'getent passwd' } });
  });

  it('getent answers "absent" for an unknown name, and the next source is not asked', linuxOnly, async () => {
    const r = await lookupAccount('no-such-user-xyz', [getentSource(), passwdFileSource(PASSWD)]);
    assert.deepEqual(r, { kind: 'absent', source: 'getent passwd' });
  });

  it('without getent the passwd file answers', async () => {
    const r = await lookupAccount('fixture-user', [getentSource([MISSING]), passwdFileSource(PASSWD)]);
    assert.deepEqual(r, { kind: 'found', account: { name: 'fixture-user', uid: 4242, home: '/home/fixture-user', source: PASSWD } });
    assert.deepEqual(await lookupAccount('nobody-here', [passwdFileSource(PASSWD)]), { kind: 'absent', source: PASSWD });
  });

  it('says what is unavailable, per source, instead of "no such account"', async () => {
    const r = await lookupAccount('fixture-user', [getentSource([MISSING]), passwdFileSource(MISSING)]);
    assert.equal(r.kind, 'unavailable');
    assert.ok(r.kind === 'unavailable');
    assert.equal(r.tried.length, 2);
    assert.equal(r.tried[0], `getent passwd: not installed at ${MISSING}`);
    assert.match(r.tried[1] ?? '', /no-such-tool: ENOENT/);
  });

  it('an entry without an absolute home is not a home', async () => {
    const r = await lookupAccount('relative-home', [passwdFileSource(PASSWD)]);
    assert.deepEqual(r, { kind: 'unavailable', tried: [`${PASSWD}: the entry for relative-home has no absolute home directory`] });
  });

  it('parses passwd(5): comments and NIS lines skipped, the first duplicate wins', () => {
    const entries = passwdEntries('# c\n+::::::\n-bad::::::\na:x:1:1::/a:/bin/sh\na:x:2:2::/b:/bin/sh\nbroken:x:notanumber:1::/c:\n');
    assert.deepEqual([...entries], [['a', { uid: 1, home: '/a' }]]);
  });

  it('macOS id -P: a master.passwd line (home is field 9); exit 1 is an unknown user', async () => {
    const line = 'alice:********:501:20::0:0:Alice:/Users/alice:/bin/zsh\n';
    assert.deepEqual(await lookupAccount('alice', [idPasswdSource([tool(line)])]),
      { kind: 'found', account: { name: 'alice', uid: 501, home: '/Users/alice', source: 'id -P' } });
    assert.deepEqual(await lookupAccount('bob', [idPasswdSource([tool('', 1)])]), { kind: 'absent', source: 'id -P' });
    assert.deepEqual(await lookupAccount('alice', [idPasswdSource([tool('garbage')])]), { kind: 'unavailable', tried: ['id -P: unexpected output'] });
  });

  it('macOS dscacheutil: key/value lines, empty output when nothing matches', async () => {
    const out = 'name: alice\npassword: ********\nuid: 501\ngid: 20\ndir: /Users/alice\nshell: /bin/zsh\ngecos: Alice\n\n';
    assert.deepEqual(await lookupAccount('alice', [dscacheutilSource([tool(out)])]),
      { kind: 'found', account: { name: 'alice', uid: 501, home: '/Users/alice', source: 'dscacheutil -q user' } });
    assert.deepEqual(await lookupAccount('bob', [idPasswdSource([MISSING]), dscacheutilSource([tool('')])]), { kind: 'absent', source: 'dscacheutil -q user' });
  });

  it('names owners by uid: the addon or the passwd file, else "uid N"', async () => {
    const name = await accountNamer(PASSWD);
    assert.equal(name(4242), 'fixture-user');
    assert.equal(name(987_654), 'uid 987654');
    const me = os.userInfo();
    assert.equal(name(me.uid), me.username);
  });

  it('loads the userid addon only when an owner is first named: a scan that names none never loads it', () => {
    const addonLoaded = "process.on('exit', () => require('node:fs').writeSync(2, 'USERID ' + Object.keys(require.cache).some((k) => k.includes('/node_modules/userid/')) + '\\n'))";
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-userid-'));
    const preload = path.join(dir, 'watch.cjs');
    writeFileSync(preload, `${addonLoaded};\n`);
    const run = (args: readonly string[]) => spawnSync(process.execPath, ['-r', preload, ...args], { encoding: 'utf8' });
    const r = run([BIN, 'scan', '--root', fixtureHome('linux'), '--format', 'json']);
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    assert.ok(r.stderr.includes('USERID false'), r.stderr);
    // Naming an owner loads it (when it is installed) and answers as before.
    const accounts = path.join(REPO, 'dist', 'src', 'discover', 'accounts.js');
    const named = run(['--input-type=module', '-e', `const { accountNamer } = await import(${JSON.stringify(accounts)}); const name = await accountNamer(); process.stdout.write(name(${os.userInfo().uid}));`]);
    assert.equal(named.status, 0, named.stderr);
    assert.equal(named.stdout, os.userInfo().username);
    const built = existsSync(path.join(REPO, 'node_modules', 'userid', 'build', 'Release', 'userid.node'));
    assert.ok(named.stderr.includes(`USERID ${String(built)}`), named.stderr);
  });
});
