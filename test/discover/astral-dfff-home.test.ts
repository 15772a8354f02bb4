import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { resolveHome } from '../../src/discover/home.js';
import { auditAllUsers } from '../../src/grade/all-users.js';
import { catRunner } from '../helpers/cat-runner.js';
import { cursorConfig } from '../helpers/throwaway-accounts.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * Found by review on e2b9d07: NOT_UTF8 is the code unit U+DFFF, and undecodedHome / shownAccount test and
 * replace it with String includes/replaceAll, which work on UTF-16 code units. Every astral
 * character whose low surrogate is U+DFFF (U+1F3FF EMOJI MODIFIER FITZPATRICK TYPE-6 = D83C DFFF,
 * and U+103FF, U+107FF, … every code point with its low 10 bits set) therefore reads as "not
 * valid UTF-8". A home whose name is valid UTF-8 holding U+1F3FF (bytes F0 9F 8F BF; a real
 * folder, as `useradd -d` makes it) is refused: --user is a usage error, --all-users reports
 * home-unreadable, and the entry inside is never audited. The baseline (478401d, no mark) audits
 * it. Recorded getent bytes printed by a real `cat` through the real runner (no real account made).
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-astral-'));
const home = path.join(root, 'h\u{1F3FF}');
mkdirSync(path.join(home, '.cursor'), { recursive: true });
writeFileSync(path.join(home, '.cursor', 'mcp.json'), cursorConfig('visible-server'));
const answer = path.join(root, 'astral.passwd');
writeFileSync(answer, Buffer.from(`astralacct:x:4398:4398::${home}:/bin/sh\n`, 'utf8'));
const answers = new Map([
  ['/usr/bin/getent passwd astralacct', answer],
  ['/usr/bin/getent passwd', answer],
]);
const run = catRunner(answers);
const env = { ...testEnv('linux', { cwd: root }), uid: 0, run };

describe('a valid UTF-8 home holding U+1F3FF (low surrogate U+DFFF) is not taken for undecoded bytes', { skip: process.platform !== 'linux' && 'getent is the Linux case' }, () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  it('--user resolves the home as spelled', async () => {
    const r = await resolveHome({ user: 'astralacct' }, env);
    assert.equal(r.home.path, home);
  });

  it('--all-users audits it, not home-unreadable "not valid UTF-8"', async () => {
    const all = await auditAllUsers({}, env);
    const acct = all.accounts.find((a) => a.account.name === 'astralacct');
    assert.equal(acct?.status, 'audited', JSON.stringify(acct?.reason));
    assert.deepEqual(acct.result?.discovery.entries.map((e) => e.name), ['visible-server']);
  });
});
