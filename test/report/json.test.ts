import assert from 'node:assert/strict';
import { test } from 'node:test';
import { json } from '../../src/report/json.js';
import { REPORT_SCHEMA_VERSION } from '../../src/report/model.js';
import { sortReport } from '../../src/report/sort.js';
import { matchGolden } from './golden.js';
import { loadSample, SAMPLE_CTX } from './sample.js';
import { assertValidReport, readRepoFile, reportErrors } from './validate.js';

const report = sortReport(loadSample());

test('json output matches its golden file and validates against the schema', () => {
  const out = json.render(report, SAMPLE_CTX);
  assertValidReport(out);
  matchGolden('report.json', out);
});

test('json starts with schemaVersion, uses 2-space indent and ends with a newline', () => {
  const out = json.render(report, SAMPLE_CTX);
  assert.ok(out.startsWith(`{\n  "schemaVersion": "${REPORT_SCHEMA_VERSION}",\n`), out.slice(0, 80));
  assert.ok(out.endsWith('}\n'));
});

test('json key order does not depend on the order keys were inserted', () => {
  const reversed: unknown = JSON.parse(JSON.stringify(report), (_k, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v);
  assertValidReport(reversed);
  assert.equal(json.render(reversed, SAMPLE_CTX), json.render(report, SAMPLE_CTX));
});

test('json round-trips: parsing the output gives the same report', () => {
  assert.deepEqual(JSON.parse(json.render(report, SAMPLE_CTX)), JSON.parse(JSON.stringify(report)));
});

test('schema pins schemaVersion to the model constant', () => {
  const schema: unknown = JSON.parse(readRepoFile('schemas/report.schema.json'));
  assert.ok(typeof schema === 'object' && schema !== null);
  assert.deepEqual(Reflect.get(Reflect.get(Reflect.get(schema, 'properties'), 'schemaVersion'), 'const'), REPORT_SCHEMA_VERSION);
});

/** A deep copy of the rendered sample with one change applied to its first entry or its top level. */
function mutated(change: (top: object, firstEntry: object) => void): unknown {
  const copy: unknown = JSON.parse(json.render(report, SAMPLE_CTX));
  assert.ok(typeof copy === 'object' && copy !== null);
  const entries: unknown = Reflect.get(copy, 'entries');
  assert.ok(Array.isArray(entries));
  const first: unknown = entries[0];
  assert.ok(typeof first === 'object' && first !== null);
  change(copy, first);
  return copy;
}

test('schema rejects a wrong grade, a missing coverage and an env-values field', () => {
  assert.equal(reportErrors(mutated(() => undefined)), '');
  assert.match(reportErrors(mutated((_t, e) => Reflect.set(e, 'grade', 'protected'))), /grade/);
  assert.match(reportErrors(mutated((t) => Reflect.deleteProperty(t, 'coverage'))), /coverage/);
  assert.match(reportErrors(mutated((_t, e) => Reflect.set(e, 'env', { HOME: '/tmp/x' }))), /additional/);
});
