import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { accountNamer } from '../../src/discover/accounts.js';
import { NOT_UTF8 } from '../../src/shared/system-text.js';

/**
 * Found by review on e2b9d07: owner naming from the passwd file (accountNamer, for home-foreign-owner and
 * owner messages) keeps the internal NOT_UTF8 mark in a name that really is Latin-1: uid 4397
 * named "jos<0xe9>" is reported as owned by `jos\udfff` (a lone surrogate in JSON). The baseline
 * (478401d) named it as Node decodes it, `jos\uFFFD`, as the --user refusal and (since e2b9d07)
 * --all-users' undecoded homes do; the commit says the mark is never shown.
 */
describe('owner naming never shows the NOT_UTF8 mark', { skip: process.platform !== 'linux' && 'the passwd file is the Linux case' }, () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-audit-owner-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('a Latin-1 owner name (no userid addon answer for the uid) is shown with U+FFFD, not U+DFFF', async () => {
    const file = path.join(root, 'owners.passwd');
    writeFileSync(file, Buffer.concat([Buffer.from('jos'), Buffer.from([0xe9]), Buffer.from(':x:4397:4397::/nonexistent:/bin/sh\n')]));
    const name = await accountNamer(file);
    assert.ok(!name(4397).includes(NOT_UTF8), JSON.stringify(name(4397)));
    assert.equal(name(4397), 'jos\uFFFD');
  });
});
