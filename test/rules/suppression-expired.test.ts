import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applySuppressions, parseIgnoreFile } from '../../src/report/suppress.js';
import { RULES } from '../../src/rules/index.js';
import { suppressionExpired } from '../../src/rules/suppression-expired.js';
import { loadSample } from '../report/sample.js';

const report = loadSample();
const fp = report.entries.find((e) => e.name === 'notes')?.findings[0]?.fingerprint ?? '';
const ignore = parseIgnoreFile(`- fingerprint: ${fp}\n  reason: accepted for the demo\n  expires: 2026-03-31\n`, '/home/alice/.mcp-audit-ignore.yaml');

test('suppression-expired is in the catalogue, documented, and grade-neutral', () => {
  assert.ok(RULES.includes(suppressionExpired));
  assert.equal(suppressionExpired.grade, 'none');
  for (const text of [suppressionExpired.docs.meaning, suppressionExpired.docs.whyItMatters, suppressionExpired.docs.howToFix, suppressionExpired.docs.example]) assert.ok(text.length > 20);
});

test('fires: an entry whose expires day has passed', () => {
  const out = applySuppressions(report, ignore, new Date('2026-04-01T00:00:00Z'));
  assert.deepEqual(out.findings.filter((f) => f.id === 'suppression-expired').map((f) => f.data['expires']), ['2026-03-31']);
});

test('does not fire: the same entry on its expiry day', () => {
  const out = applySuppressions(report, ignore, new Date('2026-03-31T18:00:00Z'));
  assert.equal(out.findings.filter((f) => f.id === 'suppression-expired').length, 0);
});
