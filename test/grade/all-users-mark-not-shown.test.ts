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
 * Found by review on 239cc52: NOT_UTF8 (U+DFFF) is an internal mark, but --all-users shows it. By hand with
 * a real account whose home is /tmp/…/h<0xff>: the table says `home /tmp/…/h\udfff` and
 * `The home /tmp/…/h\udfff of … could not be audited` (a code point the name does not hold; the
 * byte was 0xff), and --format json writes the lone surrogate "\udfff" into the report. The
 * baseline (478401d) showed U+FFFD there, and the --user refusal (home.ts) maps the mark back to
 * U+FFFD. In process here with recorded getent bytes printed by a real `cat` through the real
 * runner, so no real account with an unreadable home shows beside the --all-users tests.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-mark-'));
const bytes = (s: string): Buffer => Buffer.from(s, 'utf8');
const badHome = Buffer.concat([bytes(`${root}/h`), Buffer.from([0xff])]);
mkdirSync(badHome);
const listing = path.join(root, 'all.passwd');
writeFileSync(listing, Buffer.concat([bytes('markacct:x:4394:4394::'), badHome, bytes(':/bin/sh\n')]));
const run = catRunner(new Map([['/usr/bin/getent passwd', listing]]));
const env = { ...testEnv('linux', { cwd: root }), uid: 0, run };

describe('--all-users does not show the internal NOT_UTF8 mark', { skip: process.platform !== 'linux' && 'byte names and getent are the Linux case' }, () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  it('the home-unreadable finding names the home as the baseline did (U+FFFD), not with U+DFFF', async () => {
    const all = await auditAllUsers({}, env);
    const acct = all.accounts.find((a) => a.account.name === 'markacct');
    assert.equal(acct?.status, 'unreadable');
    const messages = acct.findings.map((f) => f.message);
    assert.ok(messages.length > 0 && messages.every((m) => m.includes(`${root}/h\uFFFD`) && !m.includes(NOT_UTF8)), JSON.stringify(messages));
  });
});
