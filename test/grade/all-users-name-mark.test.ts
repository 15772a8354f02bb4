import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { auditAllUsers } from '../../src/grade/all-users.js';
import { catRunner } from '../helpers/cat-runner.js';
import { NOT_UTF8 } from '../../src/shared/system-text.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * Found by review on e2b9d07: shownAccount maps the NOT_UTF8 mark back to U+FFFD only when the *home* is
 * undecoded. An account whose *name* is Latin-1 (bytes "jos\xe9") but whose home is a plain UTF-8
 * folder passes homeState, is audited by name, and the audit refuses the name: the account, the
 * home-unreadable finding and its reason then carry the internal mark (U+DFFF raw in
 * account.name / the finding's user, and `"jos\udfff"` in the reason via JSON.stringify). The
 * baseline (478401d) showed U+FFFD (`"jos\uFFFD"`), and the commit says the mark is never shown.
 * Recorded getent bytes printed by a real `cat` through the real runner (no real account made).
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-name-'));
const bytes = (s: string): Buffer => Buffer.from(s, 'utf8');
const home = path.join(root, 'jose');
mkdirSync(home);
const listing = path.join(root, 'all.passwd');
writeFileSync(listing, Buffer.concat([bytes('jos'), Buffer.from([0xe9]), bytes(`:x:4395:4395::${home}:/bin/sh\n`),
  // Excluded (no absolute home): a Latin-1 name and a relative Latin-1 home.
  bytes('ren'), Buffer.from([0xe9]), bytes(':x:4396:4396::caf'), Buffer.from([0xe9]), bytes(':/bin/sh\n')]));
const run = catRunner(new Map([['/usr/bin/getent passwd', listing]]));
const env = { ...testEnv('linux', { cwd: root }), uid: 0, run };

describe('--all-users does not show the NOT_UTF8 mark of a Latin-1 account name', { skip: process.platform !== 'linux' && 'byte names and getent are the Linux case' }, () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  it('the account, its finding and its reason name it as the baseline did (U+FFFD), never U+DFFF', async () => {
    const all = await auditAllUsers({}, env);
    const acct = all.accounts.find((a) => a.account.home === home);
    assert.ok(acct !== undefined, 'the account is listed');
    const shown = JSON.stringify({ name: acct.account.name, reason: acct.reason, findings: acct.findings });
    assert.ok(!shown.includes(NOT_UTF8) && !shown.toLowerCase().includes('\\udfff'), shown);
    assert.equal(acct.account.name, 'jos\uFFFD');
  });

  it('an excluded account (relative home) is named and reasoned with U+FFFD, never U+DFFF', async () => {
    const all = await auditAllUsers({}, env);
    const x = all.excluded.find((e) => e.name.startsWith('ren'));
    assert.ok(x !== undefined, JSON.stringify(all.excluded));
    const shown = JSON.stringify(x);
    assert.ok(!shown.includes(NOT_UTF8) && !shown.toLowerCase().includes('\\udfff'), shown);
    assert.deepEqual(x, { name: 'ren\uFFFD', reason: `no absolute home directory (${JSON.stringify('caf\uFFFD')})` });
  });
});
