import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { resolveHome } from '../../src/discover/home.js';
import { auditAllUsers } from '../../src/grade/all-users.js';
import { catRunner } from '../helpers/cat-runner.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * Found by review on 478401d (change 1871e63). Two accounts whose homes do not exist, both valid
 * UTF-8 in the password database: one plain, one whose name holds U+FFFD itself (bytes EF BF BD,
 * a legal character). The baseline 37a8cc4 treats both alike (--user: no entries, exit 0;
 * --all-users: absent, "the home directory does not exist"). home.ts undecodedHome() takes any
 * absent name holding U+FFFD for bytes that were not UTF-8, so the second is now a usage error
 * (the CLI exits 2) and, under --all-users, unreadable with home-unreadable, both saying "not
 * valid UTF-8", which is untrue: the database's bytes are valid UTF-8 and would tell the cases apart.
 *
 * In process, as test/discover/home-undecoded.test.ts (recorded getent bytes printed by a real
 * `cat`, decoded by the real runner). Checked by hand with real accounts made by useradd and the
 * CLI from dist: the same. A real account is not used here: it would show in the --all-users tests
 * that run beside this one.
 */
const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-absent-')));
const plainHome = path.join(root, 'gone', 'plain');
const fffdHome = path.join(root, 'gone', 'r\uFFFD');
const lines = [`plainname:x:4271:4271::${plainHome}:/bin/sh\n`, `fffdname:x:4272:4272::${fffdHome}:/bin/sh\n`];
const answerFile = (name: string, text: string): string => {
  const file = path.join(root, `${name}.passwd`);
  writeFileSync(file, text, 'utf8');
  return file;
};
const answers = new Map([
  ['/usr/bin/getent passwd plainname', answerFile('plainname', lines[0] ?? '')],
  ['/usr/bin/getent passwd fffdname', answerFile('fffdname', lines[1] ?? '')],
  ['/usr/bin/getent passwd', answerFile('all', lines.join(''))],
]);
const run = catRunner(answers);
const env = { ...testEnv('linux', { cwd: root }), uid: 0, run };

describe('an absent passwd home whose valid UTF-8 name holds U+FFFD', { skip: process.platform !== 'linux' && 'getent is the Linux case' }, () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  it('--user resolves it as it resolves the plain absent home, with no claim that it is not UTF-8', async () => {
    const plain = await resolveHome({ user: 'plainname' }, env);
    assert.equal(plain.home.path, plainHome);
    const fffd = await resolveHome({ user: 'fffdname' }, env).then((r) => r.home.path, (e: unknown) => (e instanceof Error ? e.message : String(e)));
    assert.equal(fffd, fffdHome);
  });

  it('--all-users reports it absent like the plain one, not unreadable as undecodable', async () => {
    const all = await auditAllUsers({}, env);
    const row = (name: string): readonly unknown[] => {
      const a = all.accounts.find((x) => x.account.name === name);
      return [a?.status, a?.reason, a?.findings.map((f) => f.id)];
    };
    assert.deepEqual(row('plainname'), ['absent', 'the home directory does not exist', []]);
    assert.deepEqual(row('fffdname'), row('plainname'));
  });
});
