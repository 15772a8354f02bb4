import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { liveGroups } from '../../src/probe/launch.js';
import type { ProbeFailure } from '../../src/probe/types.js';
import { failingHostile, HOSTILE_BOUND_MS, HOSTILE_TIMEOUT_MS, processAlive, processesWith } from './support.js';

const TIMEOUT_MS = HOSTILE_TIMEOUT_MS;
const BOUND_MS = HOSTILE_BOUND_MS;
const failing = failingHostile;

function childPid(mode: string, failure: ProbeFailure): number {
  const pid = Number(new RegExp(`${mode} (\\d+)`).exec(failure.stderrTail)?.[1]);
  assert.ok(pid > 0, `child pid in stderr tail: ${JSON.stringify(failure.stderrTail)}`);
  return pid;
}

describe('processes that leave the process group are killed too (Linux /proc)', { skip: process.platform !== 'linux' && 'needs /proc' }, () => {
  it('a detached child (own session and group) of a hanging server does not survive the timeout', async () => {
    const { failure, wallMs, marker } = await failing('escape');
    assert.equal(failure.reason, 'timeout', failure.detail);
    assert.ok(wallMs < BOUND_MS, `took ${wallMs} ms`);
    const pid = childPid('escape', failure);
    assert.equal(processAlive(pid), false, `escaped child ${pid} is still alive`);
    assert.deepEqual(processesWith(marker), []);
    assert.deepEqual(liveGroups(), []);
  });

  it('a detached child holding stdout open after the leader exits 0 does not survive', async () => {
    const { failure, wallMs, marker } = await failing('holder');
    assert.equal(failure.reason, 'crash', failure.detail);
    assert.match(failure.detail, /exited with code 0/);
    assert.ok(wallMs < TIMEOUT_MS, `took ${wallMs} ms`);
    const pid = childPid('holder', failure);
    assert.equal(processAlive(pid), false, `holder ${pid} is still alive`);
    assert.deepEqual(processesWith(marker), []);
    assert.deepEqual(liveGroups(), []);
  });
});
