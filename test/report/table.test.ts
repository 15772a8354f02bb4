import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wrap } from '../../src/report/format.js';
import { table } from '../../src/report/table.js';
import { sortReport } from '../../src/report/sort.js';
import { matchGolden } from './golden.js';
import { loadSample, SAMPLE_CTX } from './sample.js';

const ESC = '\u001b[';
const report = sortReport(loadSample());

test('table output matches its golden file', () => {
  matchGolden('table.txt', table.render(report, SAMPLE_CTX));
});

test('table fits in 100 columns', () => {
  for (const line of table.render(report, SAMPLE_CTX).split('\n')) {
    assert.ok([...line].length <= 100, `line longer than 100 columns: ${line}`);
  }
});

test('table closes with the coverage line, then file-level findings and notes', () => {
  const out = table.render(report, SAMPLE_CTX);
  const cov = out.indexOf('Coverage: 3/7 enforcing (42.9%) — 2 unverifiable, 2 unprotected, 1 disabled excluded');
  const fileLevel = out.indexOf('~/.codeium/windsurf/mcp_config.json:7:3');
  const floorNote = out.indexOf('entry count is a floor');
  const homeNote = out.indexOf('$HOME disagrees with the trusted home /home/alice');
  assert.ok(cov > 0 && fileLevel > cov && floorNote > fileLevel && homeNote > fileLevel, out);
});

test('table groups rows under one heading per host, Hangar upstreams as separate rows', () => {
  const out = table.render(report, SAMPLE_CTX);
  for (const host of ['claude-code', 'claude-desktop', 'cursor']) {
    assert.equal(out.split('\n').filter((l) => l.startsWith(`${host}  `)).length, 1, host);
  }
  assert.match(out, /hangar → payments/);
  assert.match(out, /hangar → wiki/);
});

test('table is colourless when ctx.color is false and colours grades when true', () => {
  assert.ok(!table.render(report, SAMPLE_CTX).includes(ESC));
  const coloured = table.render(report, { ...SAMPLE_CTX, color: true });
  assert.ok(coloured.includes(`${ESC}32menforcing`), 'enforcing in green');
  assert.ok(coloured.includes(`${ESC}33munverifiable`), 'unverifiable in yellow');
  assert.ok(coloured.includes(`${ESC}31munprotected`), 'unprotected in red');
});

test('table omits the notes when neither countIsFloor nor homeEnvMismatch is set', () => {
  const out = table.render({ ...report, countIsFloor: false, homeEnvMismatch: false }, SAMPLE_CTX);
  assert.doesNotMatch(out, /^Note:/m);
});

test('table of an empty report says so and still prints the coverage line', () => {
  const empty = { ...report, entries: [], findings: [],
    coverage: { enforcing: 0, unverifiable: 0, unprotected: 0, total: 0, ratio: null, disabled: 0, byHost: {}, byScope: {} } };
  const out = table.render(empty, SAMPLE_CTX);
  assert.match(out, /No MCP server entries found\./);
  assert.match(out, /Coverage: 0\/0 enforcing \(n\/a\)/);
});

test('wrap breaks at spaces within the width and keeps a long word whole', () => {
  assert.deepEqual(wrap('aa bb cc', 7, '  '), ['  aa bb', '  cc']);
  assert.deepEqual(wrap('x /a/very/long/path y', 8, ''), ['x', '/a/very/long/path', 'y']);
});
