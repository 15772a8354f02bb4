import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { liveGroups } from '../../src/probe/launch.js';
import { probe } from '../../src/probe/probe.js';
import type { ProbeFailure, ProbeFailureReason } from '../../src/probe/types.js';
import { failingHostile, fixture, HOSTILE_BOUND_MS, HOSTILE_GRACE_MS, HOSTILE_OPTIONS, HOSTILE_TIMEOUT_MS, processAlive, processesWith } from './support.js';

const TIMEOUT_MS = HOSTILE_TIMEOUT_MS;
const GRACE_MS = HOSTILE_GRACE_MS;
const OPTIONS = HOSTILE_OPTIONS;
const BOUND_MS = HOSTILE_BOUND_MS;
const failing = failingHostile;

const CASES: readonly { readonly mode: string; readonly reason: ProbeFailureReason; readonly detail: RegExp; readonly fast: boolean }[] = [
  { mode: 'hang', reason: 'timeout', detail: /within 1500 ms while waiting for initialize/, fast: false },
  { mode: 'flood', reason: 'flood', detail: /more than 10000 messages/, fast: true },
  { mode: 'many-tools', reason: 'too-many-tools', detail: /more than 5000 tools/, fast: true },
  { mode: 'endless-cursor', reason: 'too-many-pages', detail: /after 100 pages/, fast: true },
  { mode: 'crash', reason: 'crash', detail: /exited with code 3 while the probe waited for initialize/, fast: true },
  { mode: 'non-json', reason: 'non-json', detail: /"Weather server v1\.2 listening on stdio"/, fast: true },
  { mode: 'huge', reason: 'message-too-large', detail: /exceeded 16777216 bytes while waiting for tools\/list/, fast: true },
];

describe('hostile stdio servers end within the timeout and leave nothing behind', () => {
  for (const { mode, reason, detail, fast } of CASES) {
    it(`${mode} → ${reason}`, async () => {
      const { failure, wallMs, marker } = await failing(mode);
      assert.equal(failure.reason, reason, failure.detail);
      assert.match(failure.detail, detail);
      assert.ok(wallMs < (fast ? TIMEOUT_MS : BOUND_MS), `took ${wallMs} ms`);
      assert.ok(failure.elapsedMs <= wallMs + 1, `elapsed ${failure.elapsedMs} ms (rounded) within the ${wallMs.toFixed(1)} ms measured around it`);
      assert.deepEqual(processesWith(marker), [], 'the server process is gone');
      assert.deepEqual(liveGroups(), []);
    });
  }

  it('escalates to SIGKILL when the server ignores SIGTERM', async () => {
    const { failure, wallMs, marker } = await failing('stubborn');
    assert.equal(failure.reason, 'timeout');
    assert.ok(wallMs >= TIMEOUT_MS + GRACE_MS, `SIGKILL came only after the grace period (${wallMs} ms)`);
    assert.ok(wallMs < BOUND_MS, `took ${wallMs} ms`);
    assert.deepEqual(processesWith(marker), []);
  });

  it('keeps the stderr tail of a crash', async () => {
    const { failure } = await failing('crash');
    assert.equal(failure.stderrTail, 'fatal: cannot load configuration\n');
  });

  it('kills the whole process group: a grandchild does not survive', async () => {
    const { failure, wallMs, marker } = await failing('grandchild');
    assert.equal(failure.reason, 'timeout');
    assert.ok(wallMs < BOUND_MS, `took ${wallMs} ms`);
    const pid = Number(/grandchild (\d+)/.exec(failure.stderrTail)?.[1]);
    assert.ok(pid > 0, `grandchild pid in stderr tail: ${JSON.stringify(failure.stderrTail)}`);
    assert.equal(processAlive(pid), false, `grandchild ${pid} is still alive`);
    assert.deepEqual(processesWith(marker), []);
  });

  it('bounds the stderr tail and redacts the entry env values from it', async () => {
    const secret = 'tok-0123456789abcdef';
    const capture = await probe(
      { kind: 'stdio', program: process.execPath, env: { API_TOKEN: secret },
        args: ['-e', `process.stderr.write("x".repeat(5000) + " token=" + process.env.API_TOKEN + "\\n"); process.exit(1)`] },
      { ...OPTIONS, stderrTailBytes: 100 });
    assert.equal(capture.ok, false);
    const tail = capture.ok ? '' : capture.stderrTail;
    assert.ok(tail.length <= 100, `tail is ${tail.length} bytes`);
    assert.match(tail, /token=<redacted>\n$/);
    assert.doesNotMatch(tail, new RegExp(secret));
  });
});
