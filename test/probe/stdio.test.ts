import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { liveGroups } from '../../src/probe/launch.js';
import { probe } from '../../src/probe/probe.js';
import type { ProbeCapture, ProbeSuccess } from '../../src/probe/types.js';
import { fixture, processesWith } from './support.js';

const OPTIONS = { timeoutMs: 3_000, graceMs: 300, hostEnv: { PATH: process.env['PATH'] } };
const scratch = mkdtempSync(join(tmpdir(), 'probe-stdio-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function success(capture: ProbeCapture): ProbeSuccess {
  if (!capture.ok) assert.fail(`probe failed: ${capture.reason}: ${capture.detail}\n${capture.stderrTail}`);
  return capture;
}

function toolNames(capture: ProbeSuccess): string[] {
  return capture.toolsRaw.flatMap((page) => {
    const parsed: unknown = JSON.parse(page);
    assert.ok(typeof parsed === 'object' && parsed !== null && 'tools' in parsed && Array.isArray(parsed.tools));
    return parsed.tools.map((tool: unknown) => (typeof tool === 'object' && tool !== null && 'name' in tool ? String(tool.name) : '?'));
  });
}

function forecastDescription(capture: ProbeSuccess): string {
  const match = /"description":"(Returns the forecast[^"]*)"/.exec(capture.toolsRaw.join(''));
  return match?.[1] ?? '';
}

describe('probe over stdio', () => {
  it('captures tools, prompts, instructions and server info from an SDK server', async () => {
    const target = fixture('normal.js');
    const capture = success(await probe(target, OPTIONS));
    assert.equal(capture.transport, 'stdio');
    assert.deepEqual(toolNames(capture), ['get_forecast', 'set_alert', 'delete_alerts']);
    assert.equal(capture.promptsRaw.length, 1);
    assert.match(capture.promptsRaw[0] ?? '', /"name":"daily-briefing"/);
    assert.equal(capture.instructions, 'Use the weather tool for forecasts.');
    assert.equal(capture.serverInfo?.name, 'fixture-weather');
    assert.match(capture.initializeRaw, /"protocolVersion"/);
    assert.deepEqual(capture.deviations, []);
    assert.deepEqual(processesWith(target.marker), []);
    assert.deepEqual(liveGroups(), []);
  });

  it('keeps number literals exactly as a Python server wrote them', async () => {
    const capture = success(await probe(fixture('python-style.js'), OPTIONS));
    const raw = capture.toolsRaw[0] ?? '';
    assert.match(raw, /"minimum": 0\.0,/);
    assert.match(raw, /"maximum": 1e3,/);
    assert.match(raw, /"default": 1\.0\}/);
    assert.ok(raw.startsWith('{"tools": [{"name": "scale"'), 'the result text is the server\'s own bytes');
    assert.deepEqual(capture.deviations, []);
  });

  it('captures a tools/list the SDK schema rejects and reports it as a deviation', async () => {
    const capture = success(await probe(fixture('python-style.js', '--deviant'), OPTIONS));
    assert.deepEqual(toolNames(capture), ['scale', 'threshold', 'legacy']);
    assert.equal(capture.deviations.length, 1);
    assert.match(capture.deviations[0] ?? '', /^tools\/list page 1 does not match the MCP schema .*\/tools\/2\/inputSchema\/type/);
  });

  it('sees tools change between runs (state file, cwd-relative)', async () => {
    const target = { ...fixture('changing.js', 'state.txt'), cwd: scratch };
    const first = success(await probe(target, OPTIONS));
    const second = success(await probe(target, OPTIONS));
    const third = success(await probe(target, OPTIONS));
    assert.equal(readFileSync(join(scratch, 'state.txt'), 'utf8'), '3\n');
    assert.equal(forecastDescription(first), 'Returns the forecast for a city (revision 0).');
    assert.equal(forecastDescription(second), 'Returns the forecast for a city (revision 1).');
    assert.doesNotMatch(second.toolsRaw.join(''), /"units"/);
    assert.match(third.toolsRaw.join(''), /"required":\["city","units"\]/);
  });

  it('merges the entry env onto the host env, and null removes a host variable', async () => {
    const hostEnv = { ...OPTIONS.hostEnv, FIXTURE_REVISION: '7' };
    const inherited = success(await probe(fixture('changing.js'), { ...OPTIONS, hostEnv }));
    assert.equal(forecastDescription(inherited), 'Returns the forecast for a city (revision 7).');
    const overridden = success(await probe({ ...fixture('changing.js'), env: { FIXTURE_REVISION: '5' } }, { ...OPTIONS, hostEnv }));
    assert.equal(forecastDescription(overridden), 'Returns the forecast for a city (revision 5).');
    const removed = success(await probe({ ...fixture('changing.js'), env: { FIXTURE_REVISION: null } }, { ...OPTIONS, hostEnv }));
    assert.equal(forecastDescription(removed), 'Returns the forecast for a city (revision 0).');
  });

  it('reports a program that cannot be started as spawn-failed', async () => {
    const missing = join(scratch, 'no-such-server');
    const capture = await probe({ kind: 'stdio', program: missing, args: [] }, OPTIONS);
    assert.equal(capture.ok, false);
    assert.equal(capture.ok ? '' : capture.reason, 'spawn-failed');
    assert.match(capture.ok ? '' : capture.detail, /ENOENT/);
    assert.equal(existsSync(missing), false);
    assert.deepEqual(liveGroups(), []);
  });

  it('reports a missing working directory as spawn-failed, naming the directory', async () => {
    const cwd = join(scratch, 'no-such-dir');
    const capture = await probe({ ...fixture('normal.js'), cwd }, OPTIONS);
    assert.equal(capture.ok ? '' : capture.reason, 'spawn-failed');
    assert.match(capture.ok ? '' : capture.detail, /working directory .*no-such-dir" does not exist/);
  });
});
