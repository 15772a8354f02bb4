import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AllUsersAudit } from '../../src/grade/all-users.js';
import { audit } from '../../src/grade/audit.js';
import { buildAllUsersReport } from '../../src/report/all-users.js';
import { buildReport } from '../../src/report/build.js';
import { json } from '../../src/report/json.js';
import { homeUnreadable } from '../../src/rules/home-unreadable.js';
import { finding } from '../../src/rules/types.js';
import { fixtureHome, testEnv } from '../hosts/helpers.js';
import { assertValidReport } from './validate.js';
import { SAMPLE_CTX } from './sample.js';

/** Two accounts whose homes are the real fixture homes, read by the real pipeline; a third unreadable. */
async function run(): Promise<AllUsersAudit> {
  const linux = await audit({ root: fixtureHome('linux'), projectScan: false }, testEnv('linux'));
  const macos = await audit({ root: fixtureHome('macos'), projectScan: false, platform: 'darwin' }, testEnv('linux'));
  const locked = { name: 'zed', uid: 1003, home: '/home/zed', source: 'getent passwd' };
  return {
    listedBy: 'getent passwd', rule: 'uid 1000–60000', systemAccounts: 20, excluded: [{ name: 'nohome', reason: 'no absolute home directory ("")' }],
    accounts: [
      { account: { name: 'bea', uid: 1002, home: fixtureHome('macos'), source: 'getent passwd' }, status: 'audited', findings: [], result: macos },
      { account: { name: 'ari', uid: 1001, home: fixtureHome('linux'), source: 'getent passwd' }, status: 'audited', findings: [], result: linux },
      { account: locked, status: 'unreadable', reason: 'cannot list it (EACCES)', findings: [finding(homeUnreadable, { user: 'zed', home: '/home/zed', source: 'getent passwd', reason: 'cannot list it (EACCES)' })] },
    ],
  };
}

const operator = { path: '/root', source: 'passwd' as const, user: 'root', uid: 0 };

test("an --all-users report tags every entry with its account, fingerprints each against its own home, and validates", async () => {
  const r = await run();
  const report = buildAllUsersReport(r, { version: '9.9.9', platform: 'linux', operator, projectScan: false });
  assertValidReport(JSON.parse(json.render(report, SAMPLE_CTX)));
  const [bea, ari] = r.accounts;
  assert.ok(bea?.result !== undefined && ari?.result !== undefined);
  const own = buildReport(ari.result, { version: '9.9.9' });
  const tagged = report.entries.filter((e) => e.account === 'ari');
  assert.equal(tagged.length, own.entries.length);
  assert.deepEqual(tagged.map((e) => e.findings.map((f) => f.fingerprint)), own.entries.map((e) => e.findings.map((f) => f.fingerprint)));
  assert.equal(report.entries.filter((e) => e.account === 'bea').length, buildReport(bea.result, { version: '9.9.9' }).entries.length);
  assert.ok(report.entries.every((e) => e.account === 'ari' || e.account === 'bea'));
});

test('accounts are listed in the order audited; entries sort by account first; coverage sums every account', async () => {
  const r = await run();
  const report = buildAllUsersReport(r, { version: '9.9.9', platform: 'linux', operator, projectScan: false });
  const accounts = report.entries.map((e) => e.account ?? '');
  assert.deepEqual(accounts, [...accounts].sort());
  assert.deepEqual(report.accounts?.audited.map((a) => [a.name, a.status]), [['bea', 'audited'], ['ari', 'audited'], ['zed', 'unreadable']]);
  const sum = (report.accounts?.audited ?? []).reduce((n, a) => n + a.coverage.total, 0);
  assert.equal(report.coverage.total, sum);
  assert.deepEqual(report.findings.filter((f) => f.id === 'home-unreadable').map((f) => f.account), ['zed']);
  assert.equal(report.trustedHome.user, 'root');
  assert.equal(report.countIsFloor, true);
});
