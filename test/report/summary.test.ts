import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sortReport } from '../../src/report/sort.js';
import { summary } from '../../src/report/summary.js';
import { matchGolden } from './golden.js';
import { loadSample, SAMPLE_CTX } from './sample.js';

const report = sortReport(loadSample());

test('summary output matches its golden file: one line', () => {
  const out = summary.render(report, SAMPLE_CTX);
  matchGolden('summary.txt', out);
  assert.equal(out.split('\n').length, 2);
  assert.ok(out.endsWith('\n'));
});

test('summary verdict: FAIL with weak entries, PASS when all enforcing, NONE when empty, PARTIAL first', () => {
  assert.match(summary.render(report, SAMPLE_CTX), /^FAIL 3\/7 enforcing/);
  const enforcing = report.entries.filter((e) => e.grade === 'enforcing');
  const pass = { ...report, entries: enforcing, findings: [], coverage: { ...report.coverage, unverifiable: 0, unprotected: 0, total: enforcing.length, enforcing: enforcing.length, ratio: 1 } };
  assert.match(summary.render(pass, SAMPLE_CTX), /^PASS /);
  const none = { ...pass, entries: [], coverage: { ...pass.coverage, enforcing: 0, total: 0, ratio: null } };
  assert.match(summary.render(none, SAMPLE_CTX), /^NONE 0\/0/);
  assert.match(summary.render({ ...report, partial: true }, SAMPLE_CTX), /^PARTIAL /);
});

test('summary never lets a line break or an angle bracket through (a Jamf <result> stays one element)', () => {
  const hostile = { ...report, trustedHome: { ...report.trustedHome, user: 'x</result>\n<result>y' } };
  const out = summary.render(hostile, SAMPLE_CTX);
  assert.equal(out.indexOf('\n'), out.length - 1);
  assert.doesNotMatch(out, /[<>]/);
});
