import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evaluatePolicy, exitCodeFor, parseFailOn } from '../../src/report/policy.js';
import type { AuditReport, ReportEntry } from '../../src/report/model.js';
import { UsageError } from '../../src/shared/errors.js';
import { loadSample } from './sample.js';

const sample = loadSample();

/** The sample with only the named entries kept (coverage left as is unless given). */
function only(names: readonly string[], extra: Partial<AuditReport> = {}): AuditReport {
  return { ...sample, entries: sample.entries.filter((e) => names.includes(e.upstream ?? e.name)), findings: [], ...extra };
}

function suppressAll(e: ReportEntry): ReportEntry {
  return { ...e, findings: e.findings.map((f) => ({ ...f, suppressed: { reason: 'accepted' } })) };
}

test('default policy: any enabled non-enforcing entry violates; an all-enforcing report holds', () => {
  const r = evaluatePolicy(sample);
  assert.equal(r.violated, true);
  assert.equal(r.reasons.length, 2);
  assert.match(r.reasons[0] ?? '', /^2 unprotected entries: claude-desktop\/user notes, cursor\/user hangar → wiki$/);
  assert.match(r.reasons[1] ?? '', /^2 unverifiable entries/);
  assert.deepEqual(evaluatePolicy(only(['memory', 'filesystem', 'payments'])), { violated: false, reasons: [] });
});

test('default policy: findings alone do not violate, a disabled entry never does', () => {
  assert.equal(evaluatePolicy(only(['memory', 'old-search'], { findings: sample.findings })).violated, false);
});

test('--fail-on none never violates on grades or findings', () => {
  assert.equal(evaluatePolicy(sample, { failOn: ['none'] }).violated, false);
});

test('--fail-on unprotected ignores unverifiable entries and vice versa', () => {
  assert.equal(evaluatePolicy(only(['github', 'slack']), { failOn: ['unprotected'] }).violated, false);
  assert.equal(evaluatePolicy(only(['github', 'slack']), { failOn: ['unverifiable'] }).violated, true);
  assert.equal(evaluatePolicy(only(['notes']), { failOn: ['unverifiable'] }).violated, false);
  assert.equal(evaluatePolicy(only(['notes']), { failOn: ['unprotected'] }).violated, true);
});

test('--fail-on <severity> violates on an unsuppressed finding at or above it', () => {
  const slack = only(['slack']); // env-home-override: high
  assert.equal(evaluatePolicy(slack, { failOn: ['critical'] }).violated, false);
  const high = evaluatePolicy(slack, { failOn: ['high'] });
  assert.deepEqual(high, { violated: true, reasons: ['1 unsuppressed finding at or above high: env-home-override'] });
  assert.equal(evaluatePolicy(only(['memory']), { failOn: ['info'] }).violated, false, 'the low finding there is suppressed');
  assert.equal(evaluatePolicy(only([], { findings: sample.findings }), { failOn: ['info'] }).violated, true, 'file-level findings count');
  assert.equal(evaluatePolicy(only(['old-search']), { failOn: ['info'] }).violated, false, 'a disabled entry’s findings do not');
});

test('suppressing every grading finding of an entry waives its grade; coverage is unchanged', () => {
  const r = { ...sample, entries: sample.entries.map((e) => (e.grade === 'enforcing' ? e : suppressAll(e))) };
  assert.deepEqual(evaluatePolicy(r), { violated: false, reasons: [] });
  assert.equal(evaluatePolicy(r, { failUnder: 50 }).violated, true);
});

test('--fail-under compares coverage percent; nothing to cover does not violate', () => {
  assert.equal(evaluatePolicy(sample, { failOn: ['none'], failUnder: 42.8 }).violated, false);
  const v = evaluatePolicy(sample, { failOn: ['none'], failUnder: 43 });
  assert.deepEqual(v, { violated: true, reasons: ['coverage 42.9% is below --fail-under 43%'] });
  const empty = only([], { coverage: { ...sample.coverage, enforcing: 0, unverifiable: 0, unprotected: 0, total: 0, ratio: null } });
  assert.equal(evaluatePolicy(empty, { failUnder: 100 }).violated, false);
  assert.throws(() => evaluatePolicy(sample, { failUnder: 101 }), UsageError);
  assert.throws(() => evaluatePolicy(sample, { failUnder: Number.NaN }), UsageError);
});

test('parseFailOn splits commas, de-duplicates, and rejects unknown values and none+other', () => {
  assert.deepEqual(parseFailOn(['unprotected,High', 'unprotected']), ['unprotected', 'high']);
  assert.throws(() => parseFailOn(['severe']), (e: unknown) => e instanceof UsageError && /unknown value "severe"/.test(e.message));
  assert.throws(() => parseFailOn(['none,high']), UsageError);
});

test('exitCodeFor: 0 held, 1 violated, 2 partial regardless of the policy', () => {
  const held = { violated: false, reasons: [] };
  const violated = { violated: true, reasons: ['x'] };
  assert.equal(exitCodeFor(sample, held), 0);
  assert.equal(exitCodeFor(sample, violated), 1);
  assert.equal(exitCodeFor({ ...sample, partial: true }, held), 2);
  assert.equal(exitCodeFor({ ...sample, partial: true }, violated), 2);
});
