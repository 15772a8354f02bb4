import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
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
 * Found by review on 478401d (change 1871e63). A home whose name in the password database is not
 * valid UTF-8 (`<root>/u` + byte 0xff), a real folder holding a real Cursor config with a
 * launched server; beside it a real, empty folder really named with U+FFFD (`<root>/u` + EF BF BD),
 * the very name Node decodes the database's bytes to. home.ts undecodedHome() guesses "not valid
 * UTF-8" only when the decoded name does not exist, so here it takes the sibling for the home:
 * --user and --all-users audit the empty sibling, find no entries (the CLI: "No MCP server
 * entries found", exit 0) and the real home's server vanishes. The baseline 37a8cc4 did the same;
 * the change's claim "a name really holding U+FFFD exists as spelled and is kept" is the hole.
 * The database's bytes (getent's stdout as a Buffer) say which case it is.
 *
 * In process, as test/discover/home-undecoded.test.ts: the database's answer is recorded bytes
 * printed by a real `cat` and decoded by the real runner. (Checked by hand with a real account made
 * by useradd and the CLI from dist: the same. A real account is not used here: it would show in
 * the --all-users tests that run beside this one.)
 */
const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-sibling-')));
const bytes = (s: string): Buffer => Buffer.from(s, 'utf8');
const realHome = Buffer.concat([bytes(`${root}/u`), Buffer.from([0xff])]);
mkdirSync(Buffer.concat([realHome, bytes('/.cursor')]), { recursive: true });
writeFileSync(Buffer.concat([realHome, bytes('/.cursor/mcp.json')]), cursorConfig('real-home-server'));
const sibling = path.join(root, 'u\uFFFD');
mkdirSync(sibling);

const line = Buffer.concat([bytes('sibname:x:4261:4261::'), realHome, bytes(':/bin/sh\n')]);
const answerFile = path.join(root, 'sibname.passwd');
writeFileSync(answerFile, line);
const answers = new Map([['/usr/bin/getent passwd sibname', answerFile], ['/usr/bin/getent passwd', answerFile]]);
const run = catRunner(answers);
const env = { ...testEnv('linux', { cwd: root }), uid: 0, run };

describe('an undecodable passwd home beside a folder really named with U+FFFD', { skip: process.platform !== 'linux' && 'byte names and getent are the Linux case' }, () => {
  after(() => rmSync(root, { recursive: true, force: true }));

  // Expectation changed by the fix (fd068ee): the earlier test checked that the runner decoded the bad byte
  // to the sibling's very name, which is how the sibling was taken for the home. The runner now
  // reads bytes and marks the bad one (NOT_UTF8), so the name no longer decodes to the sibling's.
  it('the bad byte decodes with U+FFFD to the sibling\'s name, but the runner marks it, so the two no longer meet', async () => {
    assert.equal(readFileSync(answerFile).toString('utf8').includes(`:${sibling}:`), true);
    const r = await runCommand('/bin/cat', [answerFile]);
    assert.ok(r.kind === 'exited' && !r.stdout.includes(`:${sibling}:`) && r.stdout.includes(`:${sibling.replace('\uFFFD', NOT_UTF8)}:`), JSON.stringify(r));
  });

  it('--user refuses the home instead of auditing the empty sibling', async () => {
    await assert.rejects(resolveHome({ user: 'sibname' }, env), (e: unknown) => e instanceof UsageError && e.message.includes('not valid UTF-8'));
  });

  it('--all-users does not audit the empty sibling as the account\'s home', async () => {
    const all = await auditAllUsers({}, env);
    const row = all.accounts.find((a) => a.account.name === 'sibname');
    assert.ok(row !== undefined);
    assert.notEqual(row.status, 'audited', `audited as ${row.account.home}`);
  });
});
