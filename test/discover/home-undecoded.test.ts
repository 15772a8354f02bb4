import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { resolveHome } from '../../src/discover/home.js';
import { auditAllUsers } from '../../src/grade/all-users.js';
import { runCommand } from '../../src/shared/env.js';
import { catRunner } from '../helpers/cat-runner.js';
import { UsageError } from '../../src/shared/errors.js';
import { NOT_UTF8 } from '../../src/shared/system-text.js';
import { cursorConfig } from '../helpers/throwaway-accounts.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * A home whose name in the password database is not valid UTF-8. The home is a real folder named
 * with the byte 0xff, holding a real Cursor config; the database's answer is those bytes, printed
 * by a real process and decoded by the real runner (as getent's would be), so the name arrives
 * with U+FFFD and names no folder. Its entries must not vanish into "no entries found".
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-undecoded-home-'));
const bytes = (s: string): Buffer => Buffer.from(s, 'utf8');
const badHome = Buffer.concat([bytes(`${root}/h`), Buffer.from([0xff])]);
mkdirSync(Buffer.concat([badHome, bytes('/.cursor')]), { recursive: true });
writeFileSync(Buffer.concat([badHome, bytes('/.cursor/mcp.json')]), cursorConfig('hidden-server'));
// A folder really named with U+FFFD (valid UTF-8: EF BF BD) is a name like any other.
const replacementHome = path.join(root, 'r\uFFFD');
mkdirSync(replacementHome);

/** The database's line for `name`, as bytes in a file that `cat` prints. */
function passwdAnswer(name: string, uid: number, home: Buffer): string {
  const file = path.join(root, `${name}.passwd`);
  writeFileSync(file, Buffer.concat([bytes(`${name}:x:${uid}:${uid}::`), home, bytes(':/bin/sh\n')]));
  return file;
}
// A folder named as the bad home decodes (h + U+FFFD) beside it, and a valid U+FFFD name that does not exist.
const decodedTwin = path.join(root, 'h\uFFFD');
mkdirSync(decodedTwin);
const absentHome = path.join(root, 'gone\uFFFD');
const answers = new Map([
  ['/usr/bin/getent passwd badname', passwdAnswer('badname', 4251, badHome)],
  ['/usr/bin/getent passwd okname', passwdAnswer('okname', 4252, bytes(replacementHome))],
  ['/usr/bin/getent passwd goneacct', passwdAnswer('goneacct', 4253, bytes(absentHome))],
]);
const listing = path.join(root, 'all.passwd');
writeFileSync(listing, Buffer.concat([bytes('badname:x:4251:4251::'), badHome, bytes(':/bin/sh\n')]));
answers.set('/usr/bin/getent passwd', listing);
/** Answers the recorded lookups by running the real runner on `cat` of their bytes; anything else is not installed. */
const run = catRunner(answers);
const env = { ...testEnv('linux', { cwd: root }), uid: 0, run };

describe('a home whose name is not valid UTF-8', { skip: process.platform !== 'linux' && 'byte names and getent are the Linux case' }, () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  it('the runner marks a byte that is not UTF-8 (NOT_UTF8), and leaves a real U+FFFD and the other lines as they are', async () => {
    const r = await runCommand('/bin/cat', [listing]);
    assert.ok(r.kind === 'exited' && r.stdout.includes(`${root}/h${NOT_UTF8}:`), JSON.stringify(r));
    const mixed = path.join(root, 'mixed.txt');
    writeFileSync(mixed, Buffer.concat([bytes('ok \uFFFD line\n'), Buffer.from([0x62, 0xff, 0x0a]), bytes('last')]));
    const m = await runCommand('/bin/cat', [mixed]);
    assert.deepEqual(m.kind === 'exited' ? m.stdout : m, `ok \uFFFD line\nb${NOT_UTF8}\nlast`);
  });

  it('--user refuses it as a usage error that says so, instead of a home with no entries', async () => {
    await assert.rejects(resolveHome({ user: 'badname' }, env),
      (e: unknown) => e instanceof UsageError && e.message.includes('badname') && e.message.includes('not valid UTF-8') && e.message.includes('--root'));
  });

  it('refused even with a folder of its decoded name beside it (that folder is not its home)', async () => {
    assert.ok(existsSync(decodedTwin));
    await assert.rejects(resolveHome({ user: 'badname' }, env), /not valid UTF-8/);
  });

  it('a valid name holding U+FFFD that does not exist is an absent home like any other, not "not UTF-8"', async () => {
    const r = await resolveHome({ user: 'goneacct' }, env);
    assert.equal(r.home.path, absentHome);
  });

  it('a home really named with U+FFFD exists as spelled and is kept', async () => {
    const r = await resolveHome({ user: 'okname' }, env);
    assert.deepEqual(r.home, { path: replacementHome, source: 'user-flag', user: 'okname', uid: 4252 });
  });

  it('--all-users reports it unreadable with home-unreadable, not absent with nothing to audit', async () => {
    const all = await auditAllUsers({}, env);
    const bad = all.accounts.find((a) => a.account.name === 'badname');
    assert.deepEqual([bad?.status, bad?.reason, bad?.findings.map((f) => f.id)],
      ['unreadable', 'its name in the account list is not valid UTF-8, so no file in it can be named', ['home-unreadable']]);
  });
});
