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
  const entryShape = REPORT_SHAPE.children.get('entries');
  assert.ok(entryShape !== undefined);
  // The first, a middle and the last declared key of a row, each hidden from enumeration.
  // Alone, and after an earlier difference (an undefined member) that starts the copy before it.
  for (const [hiddenKey, base] of [['host', first], ['grade', first], ['evidence', first], ['grade', { ...first, upstream: undefined }], ['evidence', { ...first, upstream: undefined }]] as const) {
    const row: Record<string, unknown> = { ...base };
    Object.defineProperty(row, hiddenKey, { value: first[hiddenKey], enumerable: false });
    assert.ok(!Object.keys(row).includes(hiddenKey));
    const hidden = { ...report, entries: [row, ...report.entries.slice(1)] } as unknown as AuditReport;
    assert.equal(Object.hasOwn(JSON.parse(JSON.stringify(orderKeys(row, entryShape))) as object, hiddenKey), false, `orderKeys leaves ${hiddenKey} out`);
    const written = JSON.parse(text(hidden)) as { entries: Record<string, unknown>[] };
    assert.equal(Object.hasOwn(written.entries[0] ?? {}, hiddenKey), false, `the report text leaves ${hiddenKey} out`);
    assert.equal(Object.keys(written.entries[0] ?? {}).length, Object.keys(first).length - 1);
  }
});
