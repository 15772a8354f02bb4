import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileUri, sarif, sarifLevel } from '../../src/report/sarif.js';
import { sortReport } from '../../src/report/sort.js';
import { matchGolden } from './golden.js';
import { loadSample, SAMPLE_CTX, SAMPLE_RULES } from './sample.js';
import { assertSarifShape, firstRun } from './sarif-shape.js';
import { assertValidSarif } from './sarif-schema.js';

const report = sortReport(loadSample());

interface Result {
  ruleId: string;
  ruleIndex?: number;
  level: string;
  message: { text: string };
  partialFingerprints: Record<string, string>;
  suppressions?: { kind: string; justification: string }[];
  locations?: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string };
    region?: { startLine: number; startColumn?: number } } }[];
}

function results(text: string): Result[] {
  const parsed: unknown = JSON.parse(text);
  const runs: unknown = Reflect.get(parsed ?? {}, 'runs');
  assert.ok(Array.isArray(runs));
  const list: unknown = Reflect.get(runs[0] ?? {}, 'results');
  assert.ok(Array.isArray(list));
  // Narrowed structurally by assertSarifShape in every test that calls this.
  return list.filter((r): r is Result => typeof r === 'object' && r !== null && 'ruleId' in r);
}

test('sarif output matches its golden file and has the SARIF 2.1.0 structure', () => {
  const out = sarif.render(report, SAMPLE_CTX);
  assertSarifShape(out);
  matchGolden('report.sarif', out);
});

test('sarif maps severities to levels', () => {
  assert.deepEqual((['critical', 'high', 'medium', 'low', 'info'] as const).map(sarifLevel),
    ['error', 'error', 'warning', 'note', 'note']);
});

test('sarif has one rule per catalogue rule, in catalogue order, with the tool version from ctx', () => {
  const out = sarif.render(report, { ...SAMPLE_CTX, version: '1.2.3' });
  const driver: unknown = Reflect.get(Reflect.get(firstRun(JSON.parse(out) as unknown), 'tool'), 'driver');
  assert.equal(Reflect.get(driver ?? {}, 'version'), '1.2.3');
  const rules: unknown = Reflect.get(driver ?? {}, 'rules');
  assert.ok(Array.isArray(rules));
  assert.deepEqual(rules.map((r: unknown): unknown => Reflect.get(Object(r), 'id')), SAMPLE_RULES.map((r) => r.id));
});

test('sarif has one result per finding, located relative to HOME, fingerprint in partialFingerprints', () => {
  const out = results(sarif.render(report, SAMPLE_CTX));
  const count = report.entries.reduce((n, e) => n + e.findings.length, 0) + report.findings.length;
  assert.equal(out.length, count);
  const planted = out.find((r) => r.ruleId === 'pin-store-planted');
  const expected = report.entries.find((e) => e.name === 'github')?.findings[0]?.fingerprint;
  assert.ok(planted !== undefined && expected !== undefined);
  assert.equal(planted.partialFingerprints['mcpAudit/v1'], expected);
  assert.equal(planted.level, 'error');
  assert.deepEqual(planted.locations?.[0]?.physicalLocation, {
    artifactLocation: { uri: '.config/Claude/claude_desktop_config.json', uriBaseId: 'HOME' },
    region: { startLine: 14, startColumn: 60 },
  });
  const unknownRule = out.find((r) => r.ruleId === 'config-duplicate-key');
  assert.ok(unknownRule !== undefined && unknownRule.ruleIndex === undefined, 'no ruleIndex for a rule outside the catalogue');
});

test('sarif marks a suppressed finding with an external suppression and its reason', () => {
  const out = results(sarif.render(report, SAMPLE_CTX));
  // (the disabled entry's finding is suppressed too, with its own justification: see below)
  const suppressed = out.filter((r) => r.suppressions !== undefined && r.suppressions[0]?.justification !== 'the entry is disabled in its host config');
  assert.equal(suppressed.length, 1);
  assert.deepEqual(suppressed[0]?.suppressions?.[0]?.kind, 'external');
  assert.equal(suppressed[0]?.suppressions?.[0]?.justification, 'NODE_OPTIONS only raises the heap for the upstream');
});

test('sarif encodes URIs: spaces percent-encoded, files outside HOME absolute', () => {
  assert.equal(fileUri('/home/a b/x'), 'file:///home/a%20b/x');
  assert.equal(fileUri('C:\\Users\\al\\', true), 'file:///C:/Users/al/');
  const moved = { ...report, findings: report.findings.map((f) =>
    f.location === undefined ? f : { ...f, location: { ...f.location, path: '/etc/mcp/Application Support/m.json' } }) };
  const out = results(sarif.render(moved, SAMPLE_CTX));
  const dup = out.find((r) => r.ruleId === 'config-duplicate-key');
  assert.deepEqual(dup?.locations?.[0]?.physicalLocation.artifactLocation, { uri: 'file:///etc/mcp/Application%20Support/m.json' });
});

test('sarif: a disabled entry raises no alert (its findings are suppressed results)', () => {
  const disabled = report.entries.filter((e) => e.disabled).flatMap((e) => e.findings.map((f) => f.fingerprint));
  assert.ok(disabled.length > 0, 'the sample has a disabled entry with findings');
  for (const r of results(sarif.render(report, SAMPLE_CTX))) {
    const fp = Object.values(r.partialFingerprints)[0];
    if (fp !== undefined && disabled.includes(fp)) assert.equal(r.suppressions?.[0]?.justification, 'the entry is disabled in its host config');
  }
});

test('sarif inside a git checkout: %SRCROOT%-relative locations, none for files outside it, no absolute home in messages', () => {
  const repo = `${SAMPLE_CTX.home}/.config`;
  const text = sarif.render(report, { ...SAMPLE_CTX, repoRoot: repo });
  assertValidSarif(text);
  const log: unknown = JSON.parse(text);
  assert.ok(typeof log === 'object' && log !== null && 'runs' in log && Array.isArray(log.runs));
  assert.match(JSON.stringify(log.runs[0]), /"%SRCROOT%"/);
  assert.doesNotMatch(JSON.stringify(log.runs[0]), /"uriBaseId":"HOME"/);
  let inside = 0;
  let outside = 0;
  for (const r of results(text)) {
    const art = r.locations?.[0]?.physicalLocation?.artifactLocation;
    if (art !== undefined) {
      inside++;
      assert.equal(art.uriBaseId, '%SRCROOT%');
      assert.ok(art.uri !== undefined && !art.uri.startsWith('/') && !art.uri.startsWith('file:'), art.uri);
    } else if (/outside the repository/.test(r.message.text)) {
      outside++;
      assert.match(r.message.text, /\(in ~\/[^ ]+:\d+:\d+, outside the repository\)$/);
    }
    assert.ok(!r.message.text.includes(SAMPLE_CTX.home), `absolute home in: ${r.message.text}`);
  }
  assert.ok(inside > 0 && outside > 0, `${inside} inside, ${outside} outside`);
});
