import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { materializeHome, tempDir } from '../helpers/materialize.js';
import { parseReport } from './validate.js';
import { cli } from '../cli/commands/cli-run.js';
import { NEVER_BASELINED, parseBaseline } from '../../src/report/baseline.js';
import { RULES } from '../../src/rules/index.js';
import { UsageError } from '../../src/shared/errors.js';
import type { AuditReport } from '../../src/report/model.js';

const WIRED = ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio'];
const UPSTREAM = ['--upstream-command', 'npx', '--upstream-arg=-y', '--upstream-arg=@modelcontextprotocol/server-filesystem'];
const everything = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] };
const fetchServer = { command: 'uvx', args: ['mcp-server-fetch'] };
const planted = { command: 'uvx', args: [...WIRED, '--pin-store', '/tmp/pins.json', ...UPSTREAM] };

async function home(servers: Record<string, unknown>): Promise<string> {
  return materializeHome({ '.cursor/mcp.json': `${JSON.stringify({ mcpServers: servers }, null, 2)}\n` }, 'mcp-audit-baseline');
}

async function writeCursor(dir: string, servers: Record<string, unknown>): Promise<void> {
  await fs.writeFile(path.join(dir, '.cursor/mcp.json'), `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
}

async function scan(dir: string, ...extra: string[]): Promise<{ code: number; report: AuditReport; stderr: string }> {
  const r = await cli(['scan', '--root', dir, '--no-project-scan', '--format', 'json', ...extra]);
  return { code: r.code, report: parseReport(r.stdout), stderr: r.stderr };
}

/** Writes this run's JSON report as the baseline, outside the audited home. */
async function baselineOf(dir: string): Promise<string> {
  const file = path.join(await tempDir('mcp-audit-baseline-file'), 'baseline.json');
  const r = await cli(['scan', '--root', dir, '--no-project-scan', '--format', 'json', '--output', file]);
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  return file;
}

const marks = (report: AuditReport): string[] =>
  report.entries.flatMap((e) => e.findings.map((f) => `${e.name} ${f.id} ${f.baseline ?? '-'}`)).sort();

test('an unchanged config against its own baseline exits 0, although the default policy fails it', async () => {
  const dir = await home({ everything });
  const without = await scan(dir);
  assert.equal(without.code, 1, 'the unprotected entry violates the default policy');
  const file = await baselineOf(dir);
  const withBaseline = await scan(dir, '--baseline', file);
  assert.equal(withBaseline.code, 0, withBaseline.stderr);
  assert.deepEqual(marks(withBaseline.report), ['everything no-pinning-proxy known']);
  assert.deepEqual(withBaseline.report.baseline, { file, new: 0, known: 1, resolved: 0, regressions: [] });
  // Acceptance changes nothing that is measured: the grade and the coverage are the baseline-free ones.
  assert.equal(withBaseline.report.entries[0]?.grade, 'unprotected');
  assert.deepEqual(withBaseline.report.coverage, without.report.coverage);
  assert.equal(without.report.entries[0]?.findings[0]?.baseline, undefined, 'no baseline, no marks');
});

test('an added unprotected entry fails, and only its findings are new', async () => {
  const dir = await home({ everything });
  const file = await baselineOf(dir);
  await writeCursor(dir, { everything, fetch: fetchServer });
  const r = await scan(dir, '--baseline', file);
  assert.equal(r.code, 1);
  assert.deepEqual(marks(r.report), ['everything no-pinning-proxy known', 'fetch no-pinning-proxy new']);
  assert.match(r.stderr, /1 unprotected entry: cursor\/user fetch/);
  assert.doesNotMatch(r.stderr, /everything/);
  assert.deepEqual({ ...r.report.baseline, file: '' }, { file: '', new: 1, known: 1, resolved: 0, regressions: [] });
});

test('removing an entry counts its findings as resolved', async () => {
  const dir = await home({ everything, fetch: fetchServer });
  const file = await baselineOf(dir);
  await writeCursor(dir, { fetch: fetchServer });
  const r = await scan(dir, '--baseline', file);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.report.baseline?.resolved, 1);
  assert.equal(r.report.baseline?.known, 1);
});

test('a planted store that is in the baseline still fails: pin-store-planted is never baselined', async () => {
  const dir = await home({ fs: planted });
  const file = await baselineOf(dir);
  const r = await scan(dir, '--baseline', file);
  assert.equal(r.code, 1);
  const base = parseReport(await fs.readFile(file, 'utf8'));
  const fp = base.entries[0]?.findings.find((f) => f.id === 'pin-store-planted')?.fingerprint;
  const now = r.report.entries[0]?.findings.find((f) => f.id === 'pin-store-planted');
  assert.equal(now?.fingerprint, fp, 'the fingerprint matched the baseline ...');
  assert.equal(now?.baseline, 'new', '... and the finding is still new');
  assert.match(r.stderr, /unverifiable entr/);
});

test('a reworded message stays known: matching is by fingerprint, never by text', async () => {
  const dir = await home({ everything });
  const file = await baselineOf(dir);
  const base: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
  // An older release worded every message differently.
  const reworded = JSON.stringify(base, (key, value: unknown) => (key === 'message' ? 'an older wording of the finding' : value));
  assert.ok(reworded.includes('an older wording'));
  await fs.writeFile(file, reworded);
  const r = await scan(dir, '--baseline', file);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(marks(r.report), ['everything no-pinning-proxy known']);
});

test('an entry whose grade got worse than in the baseline is a regression and fails', async () => {
  const dir = await home({ everything });
  const file = await baselineOf(dir);
  // The same entry was enforcing when the baseline was taken (its findings were then the same ids).
  const text = await fs.readFile(file, 'utf8');
  await fs.writeFile(file, text.replace('"grade": "unprotected"', '"grade": "enforcing"'));
  const r = await scan(dir, '--baseline', file);
  assert.equal(r.code, 1);
  assert.deepEqual(r.report.baseline?.regressions.map((g) => [g.name, g.from, g.to]), [['everything', 'enforcing', 'unprotected']]);
  assert.match(r.stderr.replace(/\n {2}/g, ' '), /1 grade regression since the baseline: cursor\/user everything enforcing → unprotected/);
  assert.match(r.stderr, /1 unprotected entry/);
});

test('a disabled entry that is enabled later has new findings', async () => {
  // Windsurf honours `disabled` (Cursor does not: cursor/cursor#3656).
  const config = (servers: Record<string, unknown>): string => `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`;
  const dir = await materializeHome({ '.codeium/windsurf/mcp_config.json': config({ everything: { ...everything, disabled: true } }) });
  const file = await baselineOf(dir);
  const same = await scan(dir, '--baseline', file);
  assert.equal(same.code, 0, same.stderr);
  assert.deepEqual(marks(same.report), ['everything no-pinning-proxy known']);
  assert.equal(same.report.entries[0]?.disabled, true);
  await fs.writeFile(path.join(dir, '.codeium/windsurf/mcp_config.json'), config({ everything }));
  const r = await scan(dir, '--baseline', file);
  assert.equal(r.code, 1);
  assert.deepEqual(marks(r.report), ['everything no-pinning-proxy new']);
});

test('a baseline that is no report, or no file, is exit 2 naming it', async () => {
  const dir = await home({ everything });
  const bad = path.join(await tempDir('mcp-audit-bad-baseline'), 'b.json');
  await fs.writeFile(bad, '{"entries": []}');
  const r = await cli(['scan', '--root', dir, '--no-project-scan', '--baseline', bad]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--baseline .*b\.json: schemaVersion is not 1\.x\.y/);
  const missing = await cli(['scan', '--root', dir, '--no-project-scan', '--baseline', `${bad}.nope`]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read it/);
  assert.throws(() => parseBaseline('not json', 'x.json'), UsageError);
  assert.throws(() => parseBaseline('{"schemaVersion":"1.1.0","trustedHome":{"path":"/h"},"entries":[{"host":"cursor"}],"findings":[]}', 'x.json'),
    /entries\[0\] lacks host/);
});

test('a baseline inside the audited --root tree is refused (exit 2): a tree cannot accept its own findings', async () => {
  const dir = await home({ everything });
  const outside = await baselineOf(dir);
  await fs.copyFile(outside, path.join(dir, 'baseline.json'));
  const r = await cli(['scan', '--root', dir, '--no-project-scan', '--baseline', path.join(dir, 'baseline.json')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /lies inside the audited tree/);
  assert.equal((await cli(['scan', '--root', dir, '--no-project-scan', '--baseline', outside])).code, 0);
});

test('check takes --baseline too: a dotfiles repository gated on what a commit adds', async () => {
  const repo = await home({ everything });
  await fs.mkdir(path.join(repo, '.git'));
  const file = path.join(await tempDir('mcp-audit-check-baseline'), 'b.json');
  const first = await cli(['check', '--format', 'json', '--output', file, '.cursor/mcp.json'], { cwd: repo });
  assert.equal(first.code, 1);
  assert.equal((await cli(['check', '--baseline', file, '.cursor/mcp.json'], { cwd: repo })).code, 0);
  await writeCursor(repo, { everything, fetch: fetchServer });
  const r = await cli(['check', '--baseline', file, '.cursor/mcp.json'], { cwd: repo });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /fetch/);
});

test('the never-baselined set: every id is a rule, and every critical grading rule is in it', () => {
  const ids = new Set(RULES.map((r) => r.id));
  for (const id of NEVER_BASELINED.keys()) assert.ok(ids.has(id), `${id} is a rule`);
  const critical = RULES.filter((r) => r.severity === 'critical' && r.grade !== 'none').map((r) => r.id);
  assert.ok(critical.length >= 3);
  for (const id of critical) assert.ok(NEVER_BASELINED.has(id), `${id} (critical, grading) must never be baselined`);
  for (const id of ['env-home-override', 'env-code-injection', 'env-store-override', 'pin-store-planted']) {
    assert.ok(NEVER_BASELINED.has(id), id);
  }
  for (const reason of NEVER_BASELINED.values()) assert.ok(reason.length > 10);
});
