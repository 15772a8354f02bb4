import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changedRange } from '../../src/fix/editor.js';
import { unifiedDiff } from '../../src/fix/diff.js';

test('changedRange and unifiedDiff', () => {
  assert.deepEqual(changedRange('abcdef', 'abXef'), { start: 2, end: 4 });
  assert.equal(unifiedDiff('f', 'a\nb\nc\n', 'a\nB\nc\n'), '--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n');
  assert.equal(unifiedDiff('f', 'same\n', 'same\n'), '');
});
