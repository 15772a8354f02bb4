import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runPool } from '../../src/probe/pool.js';
import { sleep } from './support.js';

describe('runPool', () => {
  it('keeps input order and never exceeds the job count', async () => {
    let running = 0;
    let peak = 0;
    const results = await runPool([30, 5, 20, 1, 10, 2], 3, async (ms, index) => {
      running++;
      peak = Math.max(peak, running);
      await sleep(ms);
      running--;
      return `${index}:${ms}`;
    });
    assert.deepEqual(results, ['0:30', '1:5', '2:20', '3:1', '4:10', '5:2']);
    assert.equal(peak, 3);
  });

  it('runs items concurrently up to the job count', async () => {
    const started = Date.now();
    await runPool([1, 2, 3, 4], 4, () => sleep(100));
    assert.ok(Date.now() - started < 300);
  });

  it('handles no items and a job count below one', async () => {
    assert.deepEqual(await runPool([], 4, () => Promise.resolve(1)), []);
    assert.deepEqual(await runPool([1, 2], 0, (n) => Promise.resolve(n * 2)), [2, 4]);
  });
});
