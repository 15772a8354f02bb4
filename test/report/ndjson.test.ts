import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryFingerprint, ndjson } from '../../src/report/ndjson.js';
import { sortReport } from '../../src/report/sort.js';
import { matchGolden } from './golden.js';
import { loadSample, SAMPLE_CTX, SAMPLE_HOME } from './sample.js';
import { ndjsonErrors, parseNdjson } from './validate-ndjson.js';

const report = sortReport(loadSample());
const ctx = { ...SAMPLE_CTX, machine: 'mbp-finance-07' };

test('ndjson output matches its golden file', () => {
  matchGolden('report.ndjson', ndjson.render(report, ctx));
});

test('ndjson: every line validates; entries in report order, then file-level findings, then one summary, last', () => {
  const records = parseNdjson(ndjson.render(report, ctx));
  const kinds = records.map((r) => r['record']);
  assert.equal(kinds.filter((k) => k === 'entry').length, report.entries.length);
  assert.equal(kinds.filter((k) => k === 'finding').length, report.findings.length);
  assert.deepEqual(kinds.slice(-1), ['summary']);
  assert.equal(kinds.indexOf('summary'), kinds.length - 1);
  assert.ok(kinds.lastIndexOf('entry') < kinds.indexOf('finding'));
  assert.deepEqual(records.filter((r) => r['record'] === 'entry').map((r) => r['server']), report.entries.map((e) => e.name));
  for (const r of records) {
    assert.equal(r['schemaVersion'], '1.0.0');
    assert.equal(r['toolVersion'], '9.8.7-test');
    assert.equal(r['machine'], 'mbp-finance-07');
    assert.equal(r['os'], report.platform);
  }
});

test('ndjson entry: account, grade, finding ids (unsuppressed), fingerprints; no launch argv, env or header keys', () => {
  const records = parseNdjson(ndjson.render(report, ctx));
  const entry = report.entries.find((e) => e.findings.some((f) => f.suppressed !== undefined));
  assert.ok(entry !== undefined);
  const rec = records.find((r) => r['record'] === 'entry' && r['server'] === entry.name && r['host'] === entry.host);
  assert.ok(rec !== undefined);
  assert.equal(rec['account'], report.trustedHome.user);
  assert.equal(rec['grade'], entry.grade);
  assert.deepEqual(rec['findingIds'], entry.findings.filter((f) => f.suppressed === undefined).map((f) => f.id));
  assert.equal(rec['fingerprint'], entryFingerprint(entry, SAMPLE_HOME));
  for (const key of ['launch', 'envKeys', 'headerKeys', 'args', 'env']) assert.ok(!(key in rec), key);
});

test('ndjson entry fingerprints are stable across homes (file relative to the home) and differ per entry', () => {
  const [a, b] = report.entries;
  assert.ok(a !== undefined && b !== undefined);
  const moved = { ...a, configPath: a.configPath.replace(SAMPLE_HOME, '/Users/alice') };
  assert.equal(entryFingerprint(moved, '/Users/alice'), entryFingerprint(a, SAMPLE_HOME));
  assert.notEqual(entryFingerprint(a, SAMPLE_HOME), entryFingerprint(b, SAMPLE_HOME));
});

test('the ndjson schema rejects a record without its discriminator or with an unknown field', () => {
  const [first] = parseNdjson(ndjson.render(report, ctx));
  assert.ok(first !== undefined);
  assert.equal(ndjsonErrors(first), '');
  const { record: _r, ...noKind } = first;
  assert.notEqual(ndjsonErrors(noKind), '');
  assert.notEqual(ndjsonErrors({ ...first, envValues: { TOKEN: 'x' } }), '');
  assert.notEqual(ndjsonErrors({ ...first, record: 'summary' }), '');
});

test('ndjson is deterministic: the same report renders the same bytes', () => {
  assert.equal(ndjson.render(report, ctx), ndjson.render(sortReport(loadSample()), ctx));
});
