import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { append, largest, smallest } from '../../src/shared/lists.js';

/** 300,000 elements: more than a spread passes on Node 20's default stack (it throws from about 120,000). */
const MANY = Array.from({ length: 300_000 }, (_v, i) => (i * 7919) % 300_007);

describe('lists without spreads', () => {
  it('the spread these replace does overflow at this size (so the cases below test something)', () => {
    assert.throws(() => [].push(...(MANY as never[])), RangeError);
    assert.throws(() => Math.max(...MANY), RangeError);
  });

  it('append keeps what the target held and adds every item, in order', () => {
    const target = [-1, -2];
    assert.equal(append(target, MANY), target);
    assert.equal(target.length, MANY.length + 2);
    assert.deepEqual([target[0], target[1], target[2], target[target.length - 1]], [-1, -2, MANY[0], MANY[MANY.length - 1]]);
  });

  it('largest and smallest over many values, and their bounds when there are none', () => {
    assert.equal(largest(MANY), 300_006);
    assert.equal(smallest(MANY), 0);
    assert.equal(largest([], 6), 6);
    assert.equal(largest([3, 9, 4], 6), 9);
    assert.equal(smallest([], 2), 2);
    assert.equal(smallest([5, 1, 8], 2), 1);
  });
});
