import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REPORTER_IDS, REPORTERS, reporterById } from '../../src/report/index.js';
import { helpMarkdown, sarif } from '../../src/report/sarif.js';
import { sortReport } from '../../src/report/sort.js';
import { RULES } from '../../src/rules/index.js';
import { loadSample, SAMPLE_CTX } from './sample.js';
import { assertSarifShape, firstRun } from './sarif-shape.js';

test('REPORTERS lists table, json, sarif, markdown, ndjson, summary in that order, each described', () => {
  assert.deepEqual(REPORTER_IDS, ['table', 'json', 'sarif', 'markdown', 'ndjson', 'summary']);
  for (const r of REPORTERS) assert.ok(r.description.length > 10, r.id);
  assert.equal(reporterById('sarif')?.id, 'sarif');
  assert.equal(reporterById('html'), undefined);
});

test('SARIF of the real catalogue: one rule per RULES entry, each with its docs as help', () => {
  const out = sarif.render(sortReport(loadSample()), { ...SAMPLE_CTX, rules: RULES });
  assertSarifShape(out);
  const parsed: unknown = JSON.parse(out);
  const rules: unknown = Reflect.get(Reflect.get(Reflect.get(firstRun(parsed), 'tool'), 'driver'), 'rules');
  assert.ok(Array.isArray(rules));
  assert.equal(rules.length, RULES.length);
  RULES.forEach((rule, i) => {
    const help: unknown = Reflect.get(rules[i] ?? {}, 'help');
    assert.equal(Reflect.get(help ?? {}, 'markdown'), helpMarkdown(rule));
    for (const part of [rule.docs.meaning, rule.docs.whyItMatters, rule.docs.howToFix, rule.docs.example]) {
      assert.ok(helpMarkdown(rule).includes(part), `${rule.id} help carries its docs`);
    }
  });
  assert.ok(RULES.some((r) => r.id === 'suppression-expired'));
});

test('every reporter is deterministic: rendering twice gives identical text', () => {
  const report = sortReport(loadSample());
  for (const r of REPORTERS) assert.equal(r.render(report, SAMPLE_CTX), r.render(report, SAMPLE_CTX), r.id);
});
