import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optionValues, scanOptions, tok } from '../../src/launch/context.js';

const SPEC = { values: ['-p', '--package'], flags: ['-y'] };
const argv = (...a: string[]) => a.map(tok);

test('reads flags, value options in both forms, and stops at the first positional', () => {
  const s = scanOptions(argv('-y', '--package', 'a', '--package=b', '-pc', 'cmd', '-y'), 0, SPEC);
  assert.ok(s.ok);
  assert.equal(s.next, 5);
  assert.deepEqual(optionValues(s.seen, '-p', '--package'), ['a', 'b', 'c']);
});

test('-- ends options; an unknown option refuses', () => {
  const s = scanOptions(argv('-y', '--', '-x'), 0, SPEC);
  assert.ok(s.ok && s.next === 2 && s.dashDash);
  const u = scanOptions(argv('--weird', 'pkg'), 0, SPEC);
  assert.ok(!u.ok);
  assert.match(u.reason, /--weird/);
  const missing = scanOptions(argv('--package'), 0, SPEC);
  assert.ok(!missing.ok);
});
