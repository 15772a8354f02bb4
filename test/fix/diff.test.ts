import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outsideKept } from '../../src/fix/editor.js';
import { unifiedDiff } from '../../src/fix/diff.js';

test('outsideKept and unifiedDiff', () => {
  assert.ok(outsideKept('ab[cd]ef', 'ab[  cX]ef', { start: 2, end: 6 }));
  assert.ok(!outsideKept('ab[cd]ef', 'aB[cd]ef', { start: 2, end: 6 }));
  assert.ok(outsideKept('A\n  B\n', 'A\n    x\n  B\n', { start: 0, end: 2 }), 'an insertion at the span end, whatever a common-prefix diff would align');
  assert.equal(unifiedDiff('f', 'a\nb\nc\n', 'a\nB\nc\n'), '--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n');
  assert.equal(unifiedDiff('f', 'same\n', 'same\n'), '');
});
