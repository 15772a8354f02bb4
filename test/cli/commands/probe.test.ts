import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { canonicalHash } from '../../../src/canonical/canonical.js';
import { fromPlain } from '../../../src/canonical/from-plain.js';
import { narrowPreimage } from '../../../src/canonical/profiles/narrow.js';
import type { AuditReport, ReportEntry } from '../../../src/report/model.js';
import { materializeHome } from '../../helpers/materialize.js';
import { processesWith, SERVERS } from '../../probe/support.js';
import { assertValidReport, parseReport } from '../../report/validate.js';
import { assertValidSarif } from '../../report/sarif-schema.js';

const asObject = (v: unknown): Record<string, unknown> => {
  assert.ok(typeof v === 'object' && v !== null && !Array.isArray(v), 'an object');
  return Object.fromEntries(Object.entries(v));
};
const asArray = (v: unknown): unknown[] => {
  assert.ok(Array.isArray(v), 'an array');
  return v;
};
import { run } from '../../../src/cli/run.js';
import { processEnv } from '../../../src/shared/env.js';
import { BIN } from './cli-harness.js';

/** The independent Python pin writer (test/probe/reference-pin.py, beside reference.py in the source tree). */
const PINNER = fileURLToPath(new URL('../../../../test/probe/reference-pin.py', import.meta.url));
const HANG_TIMEOUT_S = 2;

const gate = (...upstream: string[]): string[] =>
  ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'node', ...upstream.map((a) => `--upstream-arg=${a}`)];

/** Runs the Python reference against a live server and writes ~/.mcpindex/pins/<id>.json; returns tool → hash. */
function pythonPin(home: string, id: string, server: readonly string[], options: { recipe?: string; env?: Record<string, string> } = {}): Map<string, string> {
  const out = join(home, '.mcpindex', 'pins', `${id}.json`);
  const args = [PINNER, out, id, ...(options.recipe !== undefined ? ['--recipe', options.recipe] : []), '--', 'node', ...server];
  const py = spawnSync('python3', args, { encoding: 'utf8', env: { ...process.env, ...options.env } });
  assert.equal(py.status, 0, `reference-pin.py failed: ${py.stderr}`);
  return new Map(py.stdout.trim().split('\n').map((l) => l.split('\t')).map(([tool, hash]) => [tool ?? '', hash ?? '']));
}

interface Run { readonly code: number | null; readonly stdout: string; readonly stderr: string; readonly wallMs: number }

function probeCli(home: string, ...args: string[]): Run {
  const started = Date.now();
  const r = spawnSync(process.execPath, [BIN, 'probe', '--root', home, '--no-project-scan', ...(args.includes('--format') ? [] : ['--format', 'json']), ...args], { encoding: 'utf8', cwd: home });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, wallMs: Date.now() - started };
}

function entry(report: AuditReport, name: string): ReportEntry {
  const e = report.entries.find((x) => x.name === name);
  assert.ok(e !== undefined, `entry ${name} in the report`);
  return e;
}

describe('mcp-audit probe, end to end', () => {
  const marker = `--probe-test-marker=${randomUUID()}`;
  const pythonStyle = join(SERVERS, 'python-style.js');
  let home = '';
  let pyPins = new Map<string, string>();
  let all: Run;
  let report: AuditReport;

  before(async () => {
    home = await materializeHome({
      '.cursor/mcp.json': JSON.stringify({
        mcpServers: {
          weather: { command: 'uvx', args: gate(pythonStyle) },
          forecast: { command: 'uvx', args: gate(join(SERVERS, 'changing.js')), env: { FIXTURE_REVISION: '2' } },
          repinned: { command: 'uvx', args: gate(pythonStyle) },
          stuck: { command: 'uvx', args: gate(join(SERVERS, 'hostile.js'), 'hang', marker) },
          plain: { command: 'node', args: [pythonStyle] },
        },
      }, null, 2),
      '.mcpindex/pins/stuck.json': {
        content: '{"version": 2, "pins": [{"server_id": "stuck", "tool_name": "echo", "definition_hash": "sha256:00", "pinned_at": "2026-11-01T10:00:00.000+00:00"}]}\n',
        mode: 0o600,
      },
      // The gate lists every store file it writes here (mcpindex-ai/mcpindex-sdk-ts@3bce661:src/preflight.ts EVER_PINNED_NAME); reference-pin.py adds its own.
      '.mcpindex/pins/.ever-pinned.json': { content: '{\n  "stores": [\n    "stuck.json"\n  ]\n}\n', mode: 0o600 },
    }, 'mcp-audit-probe');
    pyPins = pythonPin(home, 'weather', [pythonStyle]);
    pythonPin(home, 'forecast', [join(SERVERS, 'changing.js')], { env: { FIXTURE_REVISION: '0' } });
    pythonPin(home, 'repinned', [pythonStyle], { recipe: 'plain' });
    all = probeCli(home, '--timeout', String(HANG_TIMEOUT_S), '--timestamp');
    report = parseReport(all.stdout);
  });

  after(() => {
    if (home !== '') rmSync(home, { recursive: true, force: true });
  });

  it('scan --probe gives the same outcomes as probe; plain scan launches nothing and has no probe objects', () => {
    const scan = (...extra: string[]) => spawnSync(process.execPath, [BIN, 'scan', '--root', home, '--no-project-scan', '--format', 'json', ...extra], { encoding: 'utf8', cwd: home });
    const probed = scan('--probe', '--timeout', String(HANG_TIMEOUT_S));
    assertValidReport(probed.stdout);
    const viaScan = parseReport(probed.stdout);
    assert.equal(viaScan.probed, true);
    const outcomes = (r: AuditReport): string[] => r.entries.map((e) => `${e.name}=${e.probe?.outcome ?? '-'}/${e.grade}`).sort();
    assert.deepEqual(outcomes(viaScan), outcomes(report));
    assert.ok(viaScan.entries.every((e) => e.probe?.elapsedMs === undefined), 'no timing without --timestamp: deterministic');
    assert.equal(viaScan.generatedAt, undefined);
    assert.ok(report.generatedAt !== undefined && report.entries.some((e) => e.probe?.elapsedMs !== undefined), 'timing with --timestamp');
    const plainScan = parseReport(scan().stdout);
    assert.equal(plainScan.probed, false);
    assert.ok(plainScan.entries.every((e) => e.probe === undefined));
  });

  it('SARIF carries the probe: drift as a result, every outcome in run.properties.probes', () => {
    const r = probeCli(home, '--format', 'sarif', '--timeout', String(HANG_TIMEOUT_S));
    assertValidSarif(r.stdout);
    const run = asObject(asArray(asObject(JSON.parse(r.stdout))['runs'])[0]);
    const ruleIds = asArray(run['results']).map((x) => String(asObject(x)['ruleId']));
    assert.ok(ruleIds.includes('probe-drift'), ruleIds.join(','));
    assert.ok(ruleIds.includes('pins-unmatched'));
    assert.ok(ruleIds.includes('probe-failed'));
    const probes = asArray(asObject(run['properties'])['probes']).map(asObject);
    assert.deepEqual(probes.find((p) => p['server'] === 'weather')?.['outcome'], 'pins-confirmed');
  });

  it('writes a JSON report that matches the schema, with probed: true', () => {
    assertValidReport(all.stdout);
    assert.equal(report.probed, true);
  });

  it('pins written by the independent Python reference are confirmed (float literals kept)', () => {
    const e = entry(report, 'weather');
    assert.equal(e.probe?.outcome, 'pins-confirmed', e.probe?.detail);
    assert.deepEqual([e.probe?.matched, e.probe?.pinned, e.probe?.tools], [2, 2, 2]);
    assert.equal(e.grade, 'enforcing');
  });

  it('a JSON.parse path would not reproduce the Python hash of `scale` (0.0 read as 0: V5 vs V6)', () => {
    const store: unknown = JSON.parse(readFileSync(join(home, '.mcpindex', 'pins', 'weather.json'), 'utf8'));
    const pins: unknown = Reflect.get(store ?? {}, 'pins');
    assert.ok(Array.isArray(pins));
    const jsHash = (tool: string): string => {
      const schema: unknown = Reflect.get(pins.find((p: unknown) => Reflect.get(p ?? {}, 'tool_name') === tool) ?? {}, 'schema');
      const node = fromPlain(schema);
      assert.ok(node.ok && node.value.kind === 'object');
      const hash = canonicalHash(narrowPreimage(node.value), { contract: true });
      assert.ok(hash.ok);
      return hash.value.hash;
    };
    assert.notEqual(jsHash('scale'), pyPins.get('scale'), 'scale has 0.0, 1e3 and 1.0: integral floats');
    assert.equal(jsHash('threshold'), pyPins.get('threshold'), 'threshold has only non-integral floats');
  });

  it('a drifted server is reported with classified kinds and the hold decision', () => {
    const e = entry(report, 'forecast');
    assert.equal(e.probe?.outcome, 'drift', e.probe?.detail);
    assert.deepEqual([e.probe?.matched, e.probe?.pinned], [2, 3]);
    const drifted = e.probe?.drift ?? [];
    assert.deepEqual(drifted.map((d) => [d.tool, d.change, d.decision]), [['get_forecast', 'changed', 'hold']]);
    assert.ok(drifted[0]?.kinds.includes('param-added-required'), drifted[0]?.kinds.join());
    assert.ok(drifted[0]?.kinds.includes('description-digits-only'), drifted[0]?.kinds.join());
    assert.match(e.probe?.detail ?? '', /mcpindex-gate would hold get_forecast/);
    assert.equal(e.grade, 'enforcing', 'a guard posture holds the drift: still enforcing');
  });

  it('pins that match nothing under the proxy recipe make the row unverifiable', () => {
    const e = entry(report, 'repinned');
    assert.equal(e.probe?.outcome, 'pins-unmatched', e.probe?.detail);
    assert.equal(e.grade, 'unverifiable');
    assert.deepEqual(e.findings.map((f) => f.id), ['pins-unmatched']);
  });

  it('a hanging server is probe-failed within its timeout and leaves no process behind', () => {
    const e = entry(report, 'stuck');
    assert.equal(e.probe?.outcome, 'probe-failed');
    assert.equal(e.probe?.failure?.reason, 'timeout');
    assert.ok((e.probe?.elapsedMs ?? 0) >= HANG_TIMEOUT_S * 1000);
    assert.ok(all.wallMs < (HANG_TIMEOUT_S + 5) * 1000, `the whole run took ${all.wallMs} ms`);
    assert.deepEqual(processesWith(marker), []);
    assert.match(all.stderr, /^mcp-audit: probe cursor:stuck: timeout: /m, 'a failure is reported on stderr even with --format json');
  });

  it('an unprotected entry gets no probe object', () => {
    assert.equal(entry(report, 'plain').probe, undefined);
  });

  it('named entries only; with --format json nothing reaches stderr when nothing fails', () => {
    const named = probeCli(home, 'weather');
    assertValidReport(named.stdout);
    const r = parseReport(named.stdout);
    assert.deepEqual(r.entries.filter((e) => e.probe !== undefined).map((e) => [e.name, e.probe?.outcome]), [['weather', 'pins-confirmed']]);
    assert.equal(named.stderr.replace(/^mcp-audit: policy violated: .*\n/m, ''), '');
  });

  it('the table and Markdown reports show each probed entry with its outcome', () => {
    for (const format of ['table', 'markdown']) {
      const r = probeCli(home, 'weather', '--format', format);
      assert.match(r.stdout, /pins-confirmed/, format);
      assert.match(r.stdout, /2 of 2 pinned tools match under the mcpindex definition\\?_hash/, format);
      assert.doesNotMatch(r.stderr, /\[1\/1\]/, `${format}: no progress lines when stderr is not a terminal`);
    }
  });

  it('on a terminal, one progress line per server with its outcome and elapsed time', async () => {
    let stderr = '';
    let stdout = '';
    const code = await run(['probe', 'weather', 'forecast', '--root', home, '--no-project-scan', '--jobs', '2'], {
      stdout: { write: (t: string) => { stdout += t; } },
      stderr: { write: (t: string) => { stderr += t; }, isTTY: true },
      readStdin: async () => '',
      env: processEnv({ cwd: home }),
    });
    assert.equal(code, 1, stderr);
    const lines = stderr.split('\n').filter((l) => l.startsWith('['));
    assert.deepEqual(lines.map((l) => l.replace(/ \(\d+\.\d s\) — .*$/, '').replace(/^\[\d\/2\]/, '[n/2]')).sort(),
      ['[n/2] cursor:forecast: drift', '[n/2] cursor:weather: pins-confirmed']);
    assert.match(stdout, /probe {4}pins-confirmed/);
  });

  it('a named entry without a pinning proxy is not launched, and says why', () => {
    const r = probeCli(home, 'plain');
    assertValidReport(r.stdout);
    assert.match(r.stderr, /^mcp-audit: not probed: cursor:plain: no pinning proxy in front of it/m);
    assert.equal(entry(parseReport(r.stdout), 'plain').probe, undefined);
  });

  it('--jobs and --timeout must be positive (exit 2)', () => {
    assert.equal(probeCli(home, '--jobs', '0').code, 2);
    assert.match(probeCli(home, '--timeout', '-1').stderr, /--timeout takes a positive number/);
  });

  it('an unknown name is a usage error (exit 2)', () => {
    const r = probeCli(home, 'nope');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no entry named "nope"/);
  });
});

describe('interrupting a probe', () => {
  it('SIGINT stops the probes, kills every server, and still writes the report: partial, exit 2', async () => {
    const marker = `--probe-test-marker=${randomUUID()}`;
    const hang = join(SERVERS, 'hostile.js');
    const home = await materializeHome({
      '.cursor/mcp.json': JSON.stringify({
        mcpServers: Object.fromEntries(['a', 'b', 'c'].map((n) => [n, { command: 'uvx', args: gate(hang, 'hang', marker) }])),
      }),
      ...Object.fromEntries(['a', 'b', 'c'].map((n) => [`.mcpindex/pins/${n}.json`, {
        content: `{"version": 2, "pins": [{"server_id": "${n}", "tool_name": "echo", "definition_hash": "sha256:00", "pinned_at": "2026-11-01T10:00:00.000+00:00"}]}\n`,
        mode: 0o600,
      }])),
      '.mcpindex/pins/.ever-pinned.json': { content: '{"stores": ["a.json", "b.json", "c.json"]}\n', mode: 0o600 },
    }, 'mcp-audit-interrupt');
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [BIN, 'probe', '--root', home, '--no-project-scan', '--format', 'json', '--jobs', '1', '--timeout', '30'], { cwd: home });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const started = Date.now();
    // Wait until the first server is running, then interrupt.
    while (processesWith(marker).length === 0 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 50));
    assert.ok(processesWith(marker).length > 0, 'a hanging server was launched');
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 2, stderr);
    assert.ok(Date.now() - started < 15_000, 'did not wait for the 30 s timeout');
    assert.match(stderr, /interrupted/);
    assertValidReport(stdout);
    const report = parseReport(stdout);
    assert.equal(report.partial, true);
    const outcomes = report.entries.map((e) => e.probe?.failure?.reason);
    assert.deepEqual(outcomes, ['interrupted', 'interrupted', 'interrupted'], 'the running one and the two never launched');
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(processesWith(marker), [], 'no server left behind');
    rmSync(home, { recursive: true, force: true });
  });
});

describe('mcp-audit probe never shows a secret the server echoes', () => {
  const secrets = { API_SECRET: 'Zq9ConfidentialValue777abc', SIGNING_KEY: 'Kx7ProprietaryKeyMaterial5566', PASSWORD: 'CorrectHorseBattery9' };
  let home = '';
  after(() => {
    if (home !== '') rmSync(home, { recursive: true, force: true });
  });

  it('not in the detail, the stderr tail, nor the stderr line: clipped, tail-cut or passed as an argument', async () => {
    home = await materializeHome({
      '.cursor/mcp.json': JSON.stringify({ mcpServers: { leaky: {
        command: 'uvx', args: gate(join(SERVERS, 'hostile.js'), 'leak', '--password', secrets.PASSWORD),
        env: { API_SECRET: secrets.API_SECRET, SIGNING_KEY: secrets.SIGNING_KEY },
      } } }, null, 2),
    }, 'mcp-audit-probe-leak');
    const r = probeCli(home, '--timeout', '3');
    const e = entry(parseReport(r.stdout), 'leaky');
    assert.equal(e.probe?.failure?.reason, 'non-json');
    assert.match(r.stderr, /^mcp-audit: probe cursor:leaky: non-json: stdout is not JSON-RPC: "x{48}<redacted>"$/m);
    assert.match(e.probe?.failure?.stderrTail ?? '', /y+\n$/);
    for (const secret of Object.values(secrets)) {
      for (let i = 0; i + 6 <= secret.length; i++) {
        const part = secret.slice(i, i + 6);
        assert.ok(!r.stdout.includes(part) && !r.stderr.includes(part), `${part} of a secret is shown`);
      }
    }
  });
});

describe('a probe that confirmed no pin is not a pass', () => {
  it('a server that cannot start: "0 of 1 probed confirmed", never PASS, exit 1 (unless --fail-on none)', async () => {
    const home = await materializeHome({
      '.cursor/mcp.json': JSON.stringify({ mcpServers: { gone: { command: 'uvx', args: gate(join(SERVERS, 'no-such-server.js')) } } }, null, 2),
      '.mcpindex/pins/gone.json': {
        content: '{"version": 2, "pins": [{"server_id": "gone", "tool_name": "echo", "definition_hash": "sha256:00", "pinned_at": "2026-11-01T10:00:00.000+00:00"}]}\n',
        mode: 0o600,
      },
      '.mcpindex/pins/.ever-pinned.json': { content: '{\n  "stores": [\n    "gone.json"\n  ]\n}\n', mode: 0o600 },
    }, 'mcp-audit-probe-gone');
    try {
      const summary = probeCli(home, '--timeout', '5', '--format', 'summary');
      assert.equal(summary.code, 1, summary.stderr);
      assert.match(summary.stdout, /^FAIL 1\/1 enforcing \(100\.0%\); .*0 of 1 probed confirmed/);
      assert.match(summary.stderr.replace(/\n {2}/g, ' '), /policy violated: 0 of 1 probed confirmed: cursor\/user gone \(probe-failed\)/);
      const table = probeCli(home, '--timeout', '5', '--format', 'table');
      assert.match(table.stdout, /0 of 1 probed confirmed/);
      const waived = probeCli(home, '--timeout', '5', '--format', 'summary', '--fail-on', 'none');
      assert.equal(waived.code, 0, waived.stderr);
      assert.match(waived.stdout, /^FAIL /, 'the verdict word does not depend on --fail-on');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
