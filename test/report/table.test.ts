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
    coverage: { enforcing: 0, wired: 0, unverifiable: 0, unprotected: 0, total: 0, ratio: null, disabled: 0, byHost: {}, byScope: {} } };
  const out = table.render(empty, SAMPLE_CTX);
  assert.match(out, /No MCP server entries found\./);
  assert.match(out, /Coverage: 0\/0 enforcing \(n\/a\)/);
});

test('wrap breaks at spaces within the width and keeps a long word whole', () => {
  assert.deepEqual(wrap('aa bb cc', 7, '  '), ['  aa bb', '  cc']);
  assert.deepEqual(wrap('x /a/very/long/path y', 8, ''), ['x', '/a/very/long/path', 'y']);
});

test('the table fits the terminal: 80 columns at least, wider when the terminal is, words never cut at 80', () => {
  const at = (width: number | undefined): string[] => table.render(report, { ...SAMPLE_CTX, ...(width !== undefined ? { width } : { width: 0 }) }).split('\n');
  for (const width of [undefined, 40, 80]) {
    const lines = at(width);
    for (const line of lines) assert.ok([...line].length <= 80, `over 80 at width ${String(width)}: ${line}`);
    const out = lines.join('\n');
    for (const id of ['hangar-tools-unpinned', 'env-home-override', 'pin-store-planted']) assert.ok(out.includes(id), `${id} whole at ${String(width)}`);
  }
  const wide = at(160);
  assert.ok(Math.max(...wide.map((l) => [...l].length)) > 80, 'a wide terminal gets a wider table');
  for (const line of wide) assert.ok([...line].length <= 160);
});

test('findings are sorted by severity within each host, with one explain hint per host', () => {
  const out = table.render(report, SAMPLE_CTX);
  const block = out.slice(out.indexOf('claude-desktop  '), out.indexOf('\ncursor  '));
  const severities = [...block.matchAll(/^ {2}(critical|high|medium|low|info) /gm)].map((m) => m[1] ?? '');
  const rank = ['critical', 'high', 'medium', 'low', 'info'];
  assert.deepEqual(severities, [...severities].sort((a, b) => rank.indexOf(a) - rank.indexOf(b)));
  assert.ok(severities.length >= 2);
  assert.equal(block.match(/mcp-audit explain /g)?.length, 1, 'one hint in the host block');
  assert.match(block, /Run 'mcp-audit explain pin-store-planted'/, 'the hint names the most severe rule');
});

test('the table names whose home it audited and how it was found, and warns when root audits its own home', () => {
  assert.match(table.render(report, SAMPLE_CTX), /^Audited home: \/home\/alice \(user alice, from the password database\)$/m);
  const asRoot = table.render({ ...report, trustedHome: { path: '/root', source: 'passwd', user: 'root' } }, SAMPLE_CTX);
  assert.match(asRoot, /Warning: running as root audits root's own home/);
  const rootFlag = table.render({ ...report, trustedHome: { path: '/root', source: 'root-flag', user: 'root' } }, SAMPLE_CTX);
  assert.doesNotMatch(rootFlag, /Warning: running as root/);
  assert.match(rootFlag, /given with --root/);
});
