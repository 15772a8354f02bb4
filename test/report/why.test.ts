import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderWhyJson, renderWhyText, rowsNamed, whyExitCode } from '../../src/report/why.js';
import { CLAIMS } from '../../src/rules/types.js';
import { loadSample } from './sample.js';

test('rows are found by name, or by name/upstream for one aggregator upstream', () => {
  const report = loadSample();
  const all = rowsNamed(report, 'hangar');
  assert.ok(all.length >= 1 && all.every((r) => r.name === 'hangar'));
  const one = rowsNamed(report, 'hangar/wiki');
  assert.deepEqual(one.map((r) => r.upstream), ['wiki']);
  assert.deepEqual(rowsNamed(report, 'hangar → wiki'), one);
  assert.deepEqual(rowsNamed(report, 'no-such-server'), []);
});

test('the exit code is 0 only when every row is enforcing', () => {
  const report = loadSample();
  assert.equal(whyExitCode(rowsNamed(report, 'filesystem')), 0);
  assert.equal(whyExitCode(rowsNamed(report, 'hangar/wiki')), 1);
});

test('text and JSON carry every claim of every row', () => {
  const report = loadSample();
  const rows = rowsNamed(report, 'hangar/wiki');
  const text = renderWhyText(report, 'hangar/wiki', rows);
  for (const c of CLAIMS) assert.match(text, new RegExp(`proven +${c} `));
  assert.match(text, /NOT proven +baseline/);
  const doc: unknown = JSON.parse(renderWhyJson(report, 'hangar/wiki', rows));
  assert.equal(typeof doc === 'object' && doc !== null ? Reflect.get(doc, 'server') : undefined, 'hangar/wiki');
});
