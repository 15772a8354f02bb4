import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { liveGroups } from '../../src/probe/launch.js';
import { probe } from '../../src/probe/probe.js';
import { EVERYTHING, processesWith } from './support.js';

describe('the published @modelcontextprotocol/server-everything', () => {
  it('is probed end to end over stdio', async () => {
    const marker = `--probe-test-marker=everything-${process.pid}`;
    const capture = await probe(
      { kind: 'stdio', program: process.execPath, args: [EVERYTHING, 'stdio', marker] },
      { timeoutMs: 5_000, graceMs: 300, hostEnv: { PATH: process.env['PATH'] } });
    if (!capture.ok) assert.fail(`${capture.reason}: ${capture.detail}\n${capture.stderrTail}`);
    const names = capture.toolsRaw.flatMap((page) => [...page.matchAll(/"name":"([^"]+)","(?:title|description)"/g)].map((m) => m[1]));
    assert.equal(names.length, 13, names.join(','));
    assert.ok(names.includes('echo') && names.includes('get-sum'));
    assert.equal(capture.serverInfo?.name, 'mcp-servers/everything');
    assert.equal(capture.promptsRaw.length, 1);
    assert.ok((capture.instructions ?? '').length > 0);
    assert.deepEqual(capture.deviations, []);
    assert.deepEqual(processesWith(marker), []);
    assert.deepEqual(liveGroups(), []);
  });
});
