import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonChunks, orderKeys, REPORT_SHAPE } from '../../src/report/json.js';
import type { AuditReport } from '../../src/report/model.js';
import { loadSample } from './sample.js';

/**
 * Found by the issue-14 red team: the no-copy allow-list walk (report/json.ts orderedObject,
 * jsonChunks) tests a declared key with Object.hasOwn, which is true for a non-enumerable own
 * property too. The walk before it read Object.keys (enumerable only), and JSON.stringify itself
 * skips such a property, so the two writers differ for it: the new one writes it. No producer in
 * src/ makes a non-enumerable property today (so no config reaches this), but json.ts states the
 * result is the same either way. Fixed: the walk checks enumerability (propertyIsEnumerable)
 * where it checked ownership.
 */
const text = (report: AuditReport): string => [...jsonChunks(report)].map((c) => (typeof c === 'string' ? c : Buffer.from(c).toString('utf8'))).join('');

test('a non-enumerable declared key is not written, as JSON.stringify and the copying walk leave it out', () => {
  const report = loadSample();
  const first = report.entries[0];
  assert.ok(first !== undefined);
  // The row as it is, but `grade` hidden from enumeration (what Object.keys and JSON.stringify skip).
  const row: Record<string, unknown> = { ...first };
  Object.defineProperty(row, 'grade', { value: first.grade, enumerable: false });
  assert.ok(!Object.keys(row).includes('grade'));
  const hidden = { ...report, entries: [row, ...report.entries.slice(1)] } as unknown as AuditReport;
  const entryShape = REPORT_SHAPE.children.get('entries');
  assert.ok(entryShape !== undefined);
  assert.equal(Object.hasOwn(JSON.parse(JSON.stringify(orderKeys(row, entryShape))) as object, 'grade'), false, 'orderKeys leaves it out');
  const written = JSON.parse(text(hidden)) as { entries: Record<string, unknown>[] };
  assert.equal(Object.hasOwn(written.entries[0] ?? {}, 'grade'), false, 'the report text leaves it out');
});
