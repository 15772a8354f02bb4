import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { materializeHome, tempDir } from '../helpers/materialize.js';
import { parseReport } from './validate.js';
import { assertSarifShape } from './sarif-shape.js';
import { cli } from '../cli/commands/cli-run.js';

/**
 * Through the real CLI: one entry suppressed by the ignore file, one known from the
 * baseline, one new. Every format shows the same marks, the same (unchanged) grades and coverage,
 * the same acceptance line, and the policy verdict is the same whatever the format.
 */
const a = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] };
const b = { command: 'uvx', args: ['mcp-server-fetch'] };
const c = { command: 'node', args: ['/opt/srv/index.js'] };
const write = (home: string, servers: Record<string, unknown>): Promise<void> =>
  fs.writeFile(path.join(home, '.cursor/mcp.json'), `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);

async function setUp(): Promise<{ args: string[]; home: string }> {
  const home = await materializeHome({ '.cursor/mcp.json': '{}' }, 'mcp-audit-acceptance');
  await write(home, { a, b });
  const baseline = path.join(await tempDir('mcp-audit-acceptance-baseline'), 'baseline.json');
  const scan = ['scan', '--root', home, '--no-project-scan'];
  assert.equal((await cli([...scan, '--format', 'json', '--output', baseline])).code, 1);
  const first = parseReport(await fs.readFile(baseline, 'utf8'));
  const fp = first.entries.find((e) => e.name === 'a')?.findings[0]?.fingerprint ?? assert.fail('a has a finding');
  // Outside the audited tree: a --root tree can neither suppress nor accept its own findings.
  const ignore = path.join(path.dirname(baseline), 'ignore.yaml');
  await fs.writeFile(ignore, `- fingerprint: ${fp}\n  reason: demo server on a lab machine\n`);
  await write(home, { a, b, c });
  return { args: [...scan, '--baseline', baseline, '--ignore-file', ignore], home };
}

test('suppressed, known and new findings tell one story in table, markdown, SARIF and JSON', async () => {
  const { args } = await setUp();
  const run = (format: string) => cli([...args, '--format', format, '--color', 'false']);
  const [table, md, sarif, json] = await Promise.all([run('table'), run('markdown'), run('sarif'), run('json')]);
  for (const r of [table, md, sarif, json]) {
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'mcp-audit: policy violated: 1 unprotected entry: cursor/user c\n', 'the same verdict in every format');
  }
  const report = parseReport(json.stdout);
  const mark = (name: string): [string | undefined, string | undefined, string | undefined] => {
    const e = report.entries.find((x) => x.name === name);
    return [e?.grade, e?.findings[0]?.suppressed?.reason, e?.findings[0]?.baseline];
  };
  assert.deepEqual(mark('a'), ['unprotected', 'demo server on a lab machine', 'known']);
  assert.deepEqual(mark('b'), ['unprotected', undefined, 'known']);
  assert.deepEqual(mark('c'), ['unprotected', undefined, 'new']);
  assert.deepEqual([report.coverage.enforcing, report.coverage.unprotected, report.coverage.total], [0, 3, 3], 'acceptance changes no grade');

  const line = '2 of 3 entries not enforcing are accepted (findings: 1 suppressed, 1 known); baseline: 1 new, 2 known, 0 resolved';
  const flat = (t: string): string => t.replace(/\s+/g, ' ');
  assert.ok(flat(table.stdout).includes(line), table.stdout);
  assert.ok(table.stdout.includes('Coverage: 0/3 enforcing (0.0%)'));
  // The Findings cell may wrap the mark onto its own line.
  const cells = table.stdout.slice(0, table.stdout.indexOf('└'));
  assert.match(cells, /│ \(suppressed\) +│|no-pinning-proxy \(suppressed\)/);
  assert.match(cells, /no-pinning-proxy \(known\)/);
  assert.match(table.stdout, /suppressed: demo server on a lab machine/);
  assert.match(table.stdout, /known: in the baseline/);
  assert.equal(table.stdout.match(/\(accepted\)/g)?.length, 2);

  assert.ok(md.stdout.includes(`\n${line}\n`), md.stdout);
  assert.ok(md.stdout.includes('<code>no-pinning-proxy (suppressed)</code>'));
  assert.ok(md.stdout.includes('<code>no-pinning-proxy (known)</code>'));
  assert.equal(md.stdout.match(/not proven, accepted\)/g)?.length, 2);
  assert.match(md.stdout, /### Findings \(1\)/);
  assert.match(md.stdout, /Accepted findings: suppressed or known \(2\)/);

  assertSarifShape(sarif.stdout);
  const log: unknown = JSON.parse(sarif.stdout);
  const text = JSON.stringify(log);
  assert.equal(text.match(/"baselineState":"unchanged"/g)?.length, 2);
  assert.equal(text.match(/"baselineState":"new"/g)?.length, 1);
  assert.equal(text.match(/"suppressions":/g)?.length, 1);
  assert.match(text, /"acceptedEntries":2,"baseline":\{"new":1,"known":2,"resolved":0,"regressions":0\}/);
  assert.match(text, /"coverage":\{"enforcing":0,"wired":0,"unverifiable":0,"unprotected":3,"total":3,"ratio":0,"disabled":0\}/);
});

test('check prints only what is not accepted: the new entry', async () => {
  const { args, home } = await setUp();
  await fs.mkdir(path.join(home, '.git'));
  const baseline = args[args.indexOf('--baseline') + 1] ?? assert.fail('baseline');
  const ignore = args[args.indexOf('--ignore-file') + 1] ?? assert.fail('ignore file');
  const r = await cli(['check', '.cursor/mcp.json', '--baseline', baseline, '--ignore-file', ignore], { cwd: home });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /: unprotected: c \(cursor\)/);
  assert.doesNotMatch(r.stdout, /: unprotected: [ab] /);
});
