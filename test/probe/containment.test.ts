import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { liveGroups } from '../../src/probe/launch.js';
import { probe } from '../../src/probe/probe.js';
import { fixture, HOSTILE_OPTIONS, processAlive, processesWith, SERVERS } from './support.js';

const RUNS = 20;

describe('containment: nothing a probe starts outlives it (Linux /proc)', { skip: process.platform !== 'linux' && 'needs /proc' }, () => {
  it(`a daemon double-forked through sh -c 'setsid … &' on tools/list, ignoring SIGTERM, is gone after each of ${RUNS} probes`, async () => {
    for (let run = 1; run <= RUNS; run++) {
      const target = fixture('daemon.js');
      // A short grace: the sleeper ignores SIGTERM, so every run waits it out before SIGKILL.
      const capture = await probe(target, { ...HOSTILE_OPTIONS, graceMs: 20 });
      if (!capture.ok) assert.fail(`run ${run}: ${capture.reason}: ${capture.detail}`);
      // The server answers only once the sleeper runs, so it existed while the probe ran.
      const pid = Number(/sleeper (\d+)/.exec(capture.toolsRaw.join(''))?.[1]);
      assert.ok(pid > 0, `run ${run}: sleeper pid in ${JSON.stringify(capture.toolsRaw)}`);
      assert.deepEqual(processesWith(target.marker), [], `run ${run}: processes with the marker are still alive`);
      assert.equal(processAlive(pid), false, `run ${run}: sleeper ${pid} is still alive`);
      assert.deepEqual(liveGroups(), []);
    }
  });

  it('the process-exit handler ends the daemon too, when mcp-audit exits without stopping the probe', () => {
    const marker = `--probe-test-marker=${crypto.randomUUID()}`;
    const script = path.join(SERVERS, '..', 'probe', 'exit-handler', 'run.js');
    const r = spawnSync(process.execPath, [script, marker], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const pid = Number(r.stdout.trim());
    assert.ok(pid > 0, `daemon pid on stdout: ${JSON.stringify(r.stdout)}`);
    assert.deepEqual(processesWith(marker), []);
    assert.equal(processAlive(pid), false, `daemon ${pid} is still alive`);
  });
});
