import assert from 'node:assert/strict';
import { test } from 'node:test';
import { json } from '../../src/report/json.js';
import { sortReport } from '../../src/report/sort.js';
import { loadSample, SAMPLE_CTX } from './sample.js';

function reversed<T>(list: readonly T[]): T[] {
  return [...list].reverse();
}

test('sortReport gives the same output whatever order entries and findings arrive in', () => {
  const report = loadSample();
  const shuffled = {
    ...report,
    entries: reversed(report.entries).map((e) => ({ ...e, findings: reversed(e.findings) })),
    findings: reversed(report.findings),
    locations: reversed(report.locations),
  };
  assert.equal(json.render(sortReport(shuffled), SAMPLE_CTX), json.render(sortReport(report), SAMPLE_CTX));
});

test('entries sort by host, scope, configPath, name, then upstream', () => {
  const rows = sortReport(loadSample()).entries.map((e) => `${e.host}/${e.scope}/${e.name}/${e.upstream ?? ''}`);
  assert.deepEqual(rows, [
    'claude-code/user/memory/',
    'claude-desktop/user/filesystem/', 'claude-desktop/user/github/', 'claude-desktop/user/notes/',
    'claude-desktop/user/old-search/',
    'cursor/user/hangar/payments', 'cursor/user/hangar/wiki', 'cursor/user/slack/',
  ]);
});

test('findings sort by path, line, column, id; an unlocated finding first', () => {
  const report = loadSample();
  const base = report.findings[1];
  assert.ok(base?.location !== undefined);
  const at = (line: number, column: number, id: string) => ({ ...base, id, location: { path: base.location?.path ?? '', line, column } });
  const sorted = sortReport({ ...report, findings: [at(9, 1, 'b'), at(2, 8, 'b'), at(2, 8, 'a'), at(2, 3, 'z'), { ...base, id: 'c', location: undefined }]
    .map(({ location, ...rest }) => (location === undefined ? rest : { ...rest, location })) }).findings;
  assert.deepEqual(sorted.map((f) => `${f.location?.line ?? '-'}:${f.location?.column ?? '-'}:${f.id}`),
    ['-:-:c', '2:3:z', '2:8:a', '2:8:b', '9:1:b']);
});
