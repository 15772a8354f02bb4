import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { materializeDir, tempDir } from '../../helpers/materialize.js';
import { assertValidReport, parseReport } from '../../report/validate.js';
import { assertSarifShape } from '../../report/sarif-shape.js';
import { cli } from './cli-run.js';

const DEMO = path.resolve('fixtures/demo/home');
const SECRETS = ['ghp_demo_secret_never_printed_0000000000', 'demo-secret-never-printed'];

test('scan grades the demo home: all three grades, the main findings, a valid JSON report, exit 1', async () => {
  const home = await materializeDir(DEMO);
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
  assert.equal(r.code, 1, r.stderr);
  assertValidReport(r.stdout);
  const report = parseReport(r.stdout);
  const grade = (name: string, upstream?: string): string | undefined =>
    report.entries.find((e) => e.name === name && e.upstream === upstream)?.grade;
  assert.equal(grade('filesystem'), 'enforcing');
  assert.equal(grade('github'), 'unverifiable');
  assert.equal(grade('search'), 'unverifiable');
  assert.equal(grade('memory'), 'unverifiable');
  assert.equal(grade('fetch'), 'unprotected');
  assert.equal(grade('everything'), 'unprotected');
  // Pinned and blocking, but Hangar passes unpinned tools and no file lists what payments serves.
  assert.equal(grade('mcp-hangar', 'payments'), 'unverifiable');
  assert.equal(grade('mcp-hangar', 'tickets'), 'unprotected');
  const ids = new Set(report.entries.flatMap((e) => e.findings.map((f) => f.id)));
  for (const id of ['pin-store-planted', 'env-home-override', 'env-store-override', 'pin-baseline-deleted', 'proxy-non-blocking', 'launcher-vulnerable']) {
    assert.ok(ids.has(id), `demo shows ${id}`);
  }
  // Cursor honours no `disabled` key in mcp.json (cursor/cursor#3656): the entry still runs and is counted.
  const retired = report.entries.find((e) => e.name === 'retired');
  assert.equal(retired?.disabled, false);
  assert.equal(retired?.grade, 'unprotected');
  // Cline honours it: the switched-off entry is listed, not counted.
  const archived = report.entries.find((e) => e.name === 'archived');
  assert.equal(archived?.disabled, true);
  const c = report.coverage;
  assert.equal(c.disabled, 1);
  assert.equal(c.total, c.enforcing + c.unverifiable + c.unprotected);
  assert.equal(c.ratio, c.enforcing / c.total);
  assert.equal(report.trustedHome.source, 'root-flag');
  assert.equal(report.countIsFloor, true);
});

test('secrets in env values, headers and arguments appear in no output format', async () => {
  const home = await materializeDir(DEMO);
  await fs.mkdir(path.join(home, '.codeium/windsurf'), { recursive: true });
  await fs.writeFile(path.join(home, '.codeium/windsurf/mcp_config.json'), JSON.stringify({
    mcpServers: {
      remote: { serverUrl: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer hdr-secret-4242' } },
      cred: { serverUrl: 'https://user:urlpw-5151@mcp.example.com/mcp?token=urltok-6161' },
      tool: { command: 'npx', args: ['-y', 'some-mcp', '--api-key=arg-secret-1717', '--token', 'arg-secret-2828'], env: { SLACK_TOKEN: 'xoxb-env-secret-9999' } },
    },
  }));
  const planted = [...SECRETS, 'hdr-secret-4242', 'arg-secret-1717', 'arg-secret-2828', 'xoxb-env-secret-9999', '/tmp/elsewhere', 'urlpw-5151', 'urltok-6161'];
  for (const format of ['table', 'json', 'sarif', 'markdown']) {
    const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', format]);
    assert.equal(r.code, 1, `${format}: ${r.stderr}`);
    for (const s of planted) {
      assert.ok(!r.stdout.includes(s) && !r.stderr.includes(s), `${format} output leaks ${s}`);
    }
    if (format === 'json') {
      const report = parseReport(r.stdout);
      const tool = report.entries.find((e) => e.name === 'tool');
      assert.deepEqual(tool?.envKeys, ['SLACK_TOKEN']);
      assert.deepEqual(report.entries.find((e) => e.name === 'remote')?.headerKeys, ['Authorization']);
    }
  }
});

test('HOME, USERPROFILE and XDG_CONFIG_HOME pointed elsewhere change neither the trusted home nor the grades', async () => {
  const decoy = await materializeDir(DEMO, 'mcp-audit-decoy');
  const cwd = await tempDir('mcp-audit-cwd');
  const base = ['scan', '--format', 'json', '--no-project-scan', '--fail-on', 'none'];
  const plain = await cli(base, { cwd });
  const moved = await cli(base, { cwd, env: { ...process.env, HOME: decoy, USERPROFILE: decoy, XDG_CONFIG_HOME: path.join(decoy, '.config') } });
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal(moved.code, 0, moved.stderr);
  const a = parseReport(plain.stdout);
  const b = parseReport(moved.stdout);
  assert.equal(a.trustedHome.path, os.userInfo().homedir);
  assert.equal(b.trustedHome.path, os.userInfo().homedir);
  assert.equal(b.trustedHome.source, 'passwd');
  assert.equal(b.homeEnvMismatch, true);
  assert.ok(b.findings.some((f) => f.id === 'home-env-mismatch'));
  const grades = (rep: typeof a): string[] => rep.entries.map((e) => `${e.host}/${e.name}/${e.upstream ?? ''}=${e.grade}`);
  assert.deepEqual(grades(b), grades(a));
  assert.ok(!b.entries.some((e) => e.configPath.startsWith(decoy)), 'nothing was read from the decoy $HOME');
});

test('policy exit codes: default, --fail-on, --fail-under, SARIF output, usage errors', async () => {
  const home = await materializeDir(DEMO);
  const run = (...args: string[]) => cli(['scan', '--root', home, '--no-project-scan', ...args]);
  assert.equal((await run('--format', 'json')).code, 1, 'default: non-enforcing entries violate');
  assert.equal((await run('--format', 'json', '--fail-on', 'none')).code, 0);
  assert.equal((await run('--format', 'json', '--fail-on', 'none', '--fail-under', '5')).code, 0, 'coverage is 9.1%');
  assert.equal((await run('--format', 'json', '--fail-on', 'none', '--fail-under', '50')).code, 1);
  assert.equal((await run('--format', 'json', '--fail-on', 'critical')).code, 1, 'critical findings present');
  const out = path.join(await tempDir('mcp-audit-out'), 'report.sarif');
  const sarif = await run('--format', 'sarif', '--output', out);
  assert.equal(sarif.code, 1, 'writing SARIF never hides the violation');
  assert.equal(sarif.stdout, '');
  assertSarifShape(await fs.readFile(out, 'utf8'));
  assert.equal((await run('--format', 'sarif', '--output', out, '--fail-on', 'none')).code, 0);
  assert.equal((await run('--fail-under', '150')).code, 2);
  assert.equal((await run('--fail-on', 'bogus')).code, 2);
  assert.equal((await run('--format', 'xml')).code, 2);
  const unwritable = await run('--format', 'json', '--output', path.join(home, 'no/such/dir/r.json'));
  assert.equal(unwritable.code, 2);
});

test('an ignore file outside the audited tree suppresses by fingerprint; the grade and coverage stay', async () => {
  const home = await materializeDir(DEMO);
  const first = parseReport((await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json'])).stdout);
  const github = first.entries.find((e) => e.name === 'github');
  const planted = github?.findings.find((f) => f.id === 'pin-store-planted');
  assert.ok(planted !== undefined);
  const ignore = path.join(await tempDir('mcp-audit-ignore'), '.mcp-audit-ignore.yaml');
  await fs.writeFile(ignore, `- fingerprint: ${planted.fingerprint}\n  reason: custom store reviewed by security\n  expires: 2999-01-01\n`);
  const second = parseReport((await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', '--ignore-file', ignore])).stdout);
  const again = second.entries.find((e) => e.name === 'github')?.findings.find((f) => f.id === 'pin-store-planted');
  assert.equal(again?.suppressed?.reason, 'custom store reviewed by security');
  assert.equal(second.entries.find((e) => e.name === 'github')?.grade, 'unverifiable');
  assert.deepEqual(second.coverage, first.coverage);
});

test('nothing inside the audited tree suppresses: its own ignore file is not read, an --ignore-file inside it is refused', async () => {
  const home = await materializeDir(DEMO);
  const first = parseReport((await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json'])).stdout);
  const planted = first.entries.find((e) => e.name === 'github')?.findings.find((f) => f.id === 'pin-store-planted');
  assert.ok(planted !== undefined);
  const text = `- fingerprint: ${planted.fingerprint}\n  reason: planted by the tree itself\n`;
  await fs.writeFile(path.join(home, '.mcp-audit-ignore.yaml'), text);
  const second = parseReport((await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json'])).stdout);
  const again = second.entries.find((e) => e.name === 'github')?.findings.find((f) => f.id === 'pin-store-planted');
  assert.ok(again !== undefined);
  assert.equal(again.suppressed, undefined, 'the tree\'s own ignore file suppresses nothing');
  const inside = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', '--ignore-file', path.join(home, '.mcp-audit-ignore.yaml')]);
  assert.equal(inside.code, 2);
  assert.match(inside.stderr, /inside the audited tree/);
});

test('a suppressed planted store binds to the reviewed path: another path fires anew', async () => {
  const home = await materializeDir(DEMO);
  const cursor = path.join(home, '.cursor/mcp.json');
  const gate = (store: string): string[] => ['--from', 'mcpindex-gate', 'mcpindex-proxy', '--mcpindex-stdio', '--pin-store', store, '--upstream-command', 'npx'];
  const write = (store: string): Promise<void> => fs.writeFile(cursor, JSON.stringify({ mcpServers: { p: { command: 'uvx', args: gate(store) } } }));
  const plantedOf = async (ignore?: string) => {
    const r = parseReport((await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', ...(ignore === undefined ? [] : ['--ignore-file', ignore])])).stdout);
    return r.entries.find((e) => e.name === 'p')?.findings.find((f) => f.id === 'pin-store-planted');
  };
  await write('/srv/reviewed/p.json');
  const reviewed = await plantedOf();
  assert.ok(reviewed !== undefined);
  const ignore = path.join(await tempDir('mcp-audit-ignore'), 'ignore.yaml');
  await fs.writeFile(ignore, `- fingerprint: ${reviewed.fingerprint}\n  reason: reviewed store\n`);
  assert.equal((await plantedOf(ignore))?.suppressed?.reason, 'reviewed store');
  await write('/tmp/evil/p.json');
  const moved = await plantedOf(ignore);
  assert.ok(moved !== undefined);
  assert.notEqual(moved.fingerprint, reviewed.fingerprint);
  assert.equal(moved.suppressed, undefined, 'a new store path is not covered by the old review');
});

test('env overrides are seen in every entry shape: opencode environment, Goose envs (YAML), a sh -c assignment', async () => {
  const gate = ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'npx', '--upstream-arg=-y', '--upstream-arg=some-mcp'];
  const home = await materializeDir(DEMO);
  await fs.mkdir(path.join(home, '.config/opencode'), { recursive: true });
  await fs.writeFile(path.join(home, '.config/opencode/opencode.json'), JSON.stringify({
    mcp: { oc: { type: 'local', command: ['uvx', ...gate], environment: { HOME: '/tmp/oc-home' }, enabled: true } },
  }));
  await fs.mkdir(path.join(home, '.config/goose'), { recursive: true });
  await fs.writeFile(path.join(home, '.config/goose/config.yaml'), [
    'extensions:', '  gz:', '    type: stdio', '    enabled: true', '    cmd: uvx',
    `    args: [${gate.map((a) => JSON.stringify(a)).join(', ')}]`, '    envs:', '      MCPINDEX_STATE_DIR: /tmp/goose-state', '',
  ].join('\n'));
  const cursor = path.join(home, '.cursor/mcp.json');
  await fs.writeFile(cursor, JSON.stringify({ mcpServers: { sh: { command: 'sh', args: ['-c', `PYTHONPATH=/tmp/inject exec uvx ${gate.join(' ')}`] } } }));
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
  assertValidReport(r.stdout);
  const report = parseReport(r.stdout);
  const ids = (name: string): string[] => report.entries.find((e) => e.name === name)?.findings.map((f) => f.id) ?? [];
  assert.ok(ids('oc').includes('env-home-override'), ids('oc').join(','));
  assert.ok(ids('gz').includes('env-store-override'), ids('gz').join(','));
  assert.ok(ids('sh').includes('env-code-injection'), ids('sh').join(','));
  for (const n of ['oc', 'gz', 'sh']) assert.equal(report.entries.find((e) => e.name === n)?.grade, 'unverifiable', n);
  for (const v of ['/tmp/oc-home', '/tmp/goose-state', '/tmp/inject']) assert.ok(!r.stdout.includes(v), `env value ${v} leaked`);
});

test('the table is coloured only when asked or on a terminal, never with --no-color', async () => {
  const home = await materializeDir(DEMO);
  const run = async (...args: string[]): Promise<string> => (await cli(['scan', '--root', home, '--no-project-scan', ...args])).stdout;
  const ansi = /\u001b\[/;
  assert.match(await run('--color'), ansi);
  assert.doesNotMatch(await run(), ansi, 'stdout is a pipe here');
  assert.doesNotMatch(await run('--no-color'), ansi);
  // 11 counted: the Cursor entry with `disabled: true` still runs (cursor/cursor#3656).
  assert.match(await run(), /Coverage: 1\/11 enforcing \(9\.1%\)/);
});

test('fingerprints are unique per finding: accepting one env override never hides another', async () => {
  const home = await materializeDir(DEMO);
  const cursor = path.join(home, '.cursor/mcp.json');
  const gate = ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'npx', '--upstream-arg=some-mcp'];
  await fs.writeFile(cursor, JSON.stringify({ mcpServers: { two: { command: 'uvx', args: gate, env: { LD_PRELOAD: '/tmp/a.so', PYTHONPATH: '/tmp/b' } } } }));
  const first = parseReport((await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json'])).stdout);
  const all = [...first.entries.flatMap((e) => e.findings), ...first.findings].map((f) => f.fingerprint);
  assert.equal(new Set(all).size, all.length, 'no two findings share a fingerprint');
  const injections = first.entries.find((e) => e.name === 'two')?.findings.filter((f) => f.id === 'env-code-injection') ?? [];
  assert.equal(injections.length, 2);
  const ld = injections.find((f) => f.data['name'] === 'LD_PRELOAD');
  assert.ok(ld !== undefined);
  const ignore = path.join(await tempDir('mcp-audit-ignore'), 'ignore.yaml');
  await fs.writeFile(ignore, `- fingerprint: ${ld.fingerprint}\n  reason: the loader is our own\n`);
  const second = parseReport((await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', '--ignore-file', ignore])).stdout);
  const after = second.entries.find((e) => e.name === 'two')?.findings.filter((f) => f.id === 'env-code-injection') ?? [];
  assert.deepEqual(after.map((f) => [f.data['name'], f.suppressed !== undefined]).sort(), [['LD_PRELOAD', true], ['PYTHONPATH', false]]);
});

test('a config mcp-audit cannot read violates the default policy (it may hide entries)', async () => {
  const home = await tempDir('mcp-audit-broken');
  await fs.mkdir(path.join(home, '.cursor'));
  await fs.writeFile(path.join(home, '.cursor/mcp.json'), '{"mcpServers": {');
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /config file that may hide entries/);
  const report = parseReport(r.stdout);
  assert.ok(report.findings.some((f) => f.id === 'config-unparseable' && f.location?.line === 1));
  assert.equal((await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', '--fail-on', 'unprotected'])).code, 0);
});

test('a Windows layout audited under a POSIX --root reads its pin store; the Windows runner path itself cannot be examined here', async () => {
  const home = await tempDir('mcp-audit-win');
  await fs.mkdir(path.join(home, 'AppData/Roaming/Claude'), { recursive: true });
  await fs.writeFile(path.join(home, 'AppData/Roaming/Claude/claude_desktop_config.json'), JSON.stringify({
    mcpServers: { fs: { command: 'C:\\Users\\me\\.local\\bin\\uvx.exe', args: ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'npx', '--upstream-arg=-y', '--upstream-arg=srv'] } },
  }));
  await fs.mkdir(path.join(home, '.mcpindex/pins'), { recursive: true, mode: 0o700 });
  await fs.writeFile(path.join(home, '.mcpindex/pins/fs.json'), JSON.stringify({
    version: 2, pins: [{ server_id: 'fs', tool_name: 't', definition_hash: `sha256:${'ab'.repeat(32)}`, pinned_at: '2026-08-01T10:00:00.000+00:00' }],
  }), { mode: 0o600 });
  await fs.writeFile(path.join(home, '.mcpindex/pins/.ever-pinned.json'), JSON.stringify({ stores: ['fs.json'] }), { mode: 0o600 });
  await fs.chmod(path.join(home, '.mcpindex'), 0o700);
  const r = await cli(['scan', '--root', home, '--platform', 'win32', '--no-project-scan', '--format', 'json']);
  const report = parseReport(r.stdout);
  const fsEntry = report.entries.find((e) => e.name === 'fs');
  const claim = (c: string) => fsEntry?.evidence.find((e) => e.claim === c);
  for (const c of ['store', 'baseline', 'version']) assert.equal(claim(c)?.proven, true, `${c}: ${JSON.stringify(claim(c))}`);
  // C:\Users\me\.local\bin\uvx.exe lies on the Windows machine: nothing here shows it is uv.
  const program = claim('program');
  assert.ok(program !== undefined && !program.proven);
  assert.match(program.reason, /uvx\.exe/);
  assert.equal(fsEntry?.grade, 'unverifiable');
  assert.equal(r.code, 1, r.stderr);
});
