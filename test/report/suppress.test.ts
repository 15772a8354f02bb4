import assert from 'node:assert/strict';
import { test } from 'node:test';
import { json } from '../../src/report/json.js';
import { applySuppressions, isExpired, isIsoDate, parseIgnoreFile } from '../../src/report/suppress.js';
import { UsageError } from '../../src/shared/errors.js';
import { loadSample, SAMPLE_CTX, SAMPLE_HOME } from './sample.js';
import { assertValidReport } from './validate.js';

const report = loadSample();
const planted = report.entries.find((e) => e.name === 'github')?.findings[0];
const notes = report.entries.find((e) => e.name === 'notes')?.findings[0];
assert.ok(planted !== undefined && notes !== undefined);
const IGNORE = `${SAMPLE_HOME}/dotfiles/.mcp-audit-ignore.yaml`;

const yamlFile = `# accepted risks
- fingerprint: ${planted.fingerprint}
  reason: lab machine, store relocated on purpose
  expires: 2026-06-30
- fingerprint: ${notes.fingerprint.toUpperCase()}
  reason: notes server is read-only
`;

test('parseIgnoreFile reads YAML entries with their positions; fingerprints are lower-cased', () => {
  const ignore = parseIgnoreFile(yamlFile, IGNORE);
  assert.equal(ignore.suppressions.length, 2);
  assert.deepEqual(ignore.suppressions[0], { fingerprint: planted.fingerprint, reason: 'lab machine, store relocated on purpose',
    expires: '2026-06-30', line: 2, column: 3 });
  assert.equal(ignore.suppressions[1]?.fingerprint, notes.fingerprint);
  assert.equal(ignore.suppressions[1]?.expires, undefined);
});

test('parseIgnoreFile reads the JSON form { suppressions: [...] } the same way', () => {
  const text = JSON.stringify({ suppressions: [{ fingerprint: planted.fingerprint, reason: 'r', expires: '2030-01-01' }] }, null, 2);
  const ignore = parseIgnoreFile(text, 'x/.mcp-audit-ignore.json');
  assert.deepEqual(ignore.suppressions.map((s) => [s.fingerprint, s.reason, s.expires, s.line]), [[planted.fingerprint, 'r', '2030-01-01', 3]]);
  assert.deepEqual(parseIgnoreFile('', 'empty.yaml').suppressions, []);
});

test('an invalid ignore file is a UsageError naming file:line', () => {
  const fp = planted.fingerprint;
  const cases: Array<[string, RegExp]> = [
    [`- fingerprint: ${fp}\n`, /ignore\.yaml:1:3: suppression 1: "reason" is required/],
    [`- fingerprint: ${fp}\n  reason: "  "\n`, /"reason" is required/],
    [`- fingerprint: ${fp}\n  reason: r\n  expires: 2026-02-30\n`, /"expires" must be a date written YYYY-MM-DD/],
    [`- fingerprint: ${fp}\n  reason: r\n  expires: 20261231\n`, /"expires" must be a date/],
    [`- fingerprint: abc\n  reason: r\n`, /"fingerprint" must be the 64 hex digits/],
    [`- fingerprint: ${fp}\n  reson: r\n`, /unknown key "reson"/],
    [`- fingerprint: ${fp}\n  reason: a\n- fingerprint: ${fp}\n  reason: b\n`, /ignore\.yaml:3:3: suppression 2: fingerprint .* is listed twice/],
    ['ignore: []\n', /a list of suppressions or \{ suppressions/],
    ['- [unclosed\n', /invalid ignore file/],
    ['- just a string\n', /suppression 1 is not a mapping/],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => parseIgnoreFile(text, 'dot/.mcp-audit-ignore.yaml'), (e: unknown) => e instanceof UsageError && message.test(e.message), text);
  }
});

test('isIsoDate accepts real calendar dates only', () => {
  assert.ok(isIsoDate('2024-02-29'));
  assert.ok(!isIsoDate('2023-02-29'));
  assert.ok(!isIsoDate('2026-13-01'));
  assert.ok(!isIsoDate('2026-1-01'));
});

test('a suppression is active through its whole expiry day (UTC) and expired from the next', () => {
  const s = { expires: '2026-06-30' };
  assert.ok(!isExpired(s, new Date('2026-06-30T23:59:59.999Z')));
  assert.ok(isExpired(s, new Date('2026-07-01T00:00:00.000Z')));
  assert.ok(!isExpired({}, new Date('2999-01-01T00:00:00Z')));
});

test('applySuppressions marks matching findings and leaves the rest, grades and coverage alone', () => {
  const ignore = parseIgnoreFile(yamlFile, IGNORE);
  const out = applySuppressions(report, ignore, new Date('2026-06-01T12:00:00Z'));
  const github = out.entries.find((e) => e.name === 'github');
  assert.deepEqual(github?.findings[0]?.suppressed, { reason: 'lab machine, store relocated on purpose', expires: '2026-06-30' });
  assert.deepEqual(out.entries.find((e) => e.name === 'notes')?.findings[0]?.suppressed, { reason: 'notes server is read-only' });
  assert.equal(out.entries.find((e) => e.name === 'slack')?.findings[0]?.suppressed, undefined);
  assert.equal(github?.grade, 'unverifiable');
  assert.deepEqual(out.coverage, report.coverage);
  assert.equal(out.findings.length, report.findings.length, 'no expired entry, no extra finding');
  assertValidReport(JSON.parse(json.render(out, SAMPLE_CTX)));
});

test('an expired suppression stops suppressing and is reported as suppression-expired at its line', () => {
  const ignore = parseIgnoreFile(yamlFile, IGNORE);
  const out = applySuppressions(report, ignore, new Date('2026-07-01T00:00:00Z'));
  assert.equal(out.entries.find((e) => e.name === 'github')?.findings[0]?.suppressed, undefined);
  assert.ok(out.entries.find((e) => e.name === 'notes')?.findings[0]?.suppressed !== undefined, 'the undated one still applies');
  const expired = out.findings.filter((f) => f.id === 'suppression-expired');
  assert.equal(expired.length, 1);
  const [f] = expired;
  assert.deepEqual(f?.location, { path: IGNORE, line: 2, column: 3 });
  assert.equal(f?.severity, 'medium');
  assert.match(f?.message ?? '', new RegExp(`${planted.fingerprint.slice(0, 12)}.*expired on 2026-06-30`));
  assert.match(f?.fingerprint ?? '', /^[0-9a-f]{64}$/);
  assertValidReport(JSON.parse(json.render(out, SAMPLE_CTX)));
});

test('two expired entries in one file get distinct fingerprints', () => {
  const text = `- fingerprint: ${planted.fingerprint}\n  reason: a\n  expires: 2020-01-01\n`
    + `- fingerprint: ${notes.fingerprint}\n  reason: b\n  expires: 2020-01-01\n`;
  const out = applySuppressions(report, parseIgnoreFile(text, IGNORE), new Date('2026-01-01T00:00:00Z'));
  const fps = out.findings.filter((f) => f.id === 'suppression-expired').map((f) => f.fingerprint);
  assert.equal(fps.length, 2);
  assert.notEqual(fps[0], fps[1]);
});
