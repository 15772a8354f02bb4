import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LineFramer } from '../../src/probe/line-framer.js';

function frame(chunks: readonly (string | Buffer)[], max = 100): { lines: string[]; tooLarge: number[] } {
  const lines: string[] = [];
  const tooLarge: number[] = [];
  const framer = new LineFramer(max, (line) => { lines.push(line); return 'continue'; }, (bytes) => tooLarge.push(bytes));
  for (const chunk of chunks) framer.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return { lines, tooLarge };
}

describe('LineFramer', () => {
  it('joins lines split across chunks and strips CR', () => {
    assert.deepEqual(frame(['{"a":', '1}\r\n{"b"', ':2}\n', '{"c":3']).lines, ['{"a":1}', '{"b":2}']);
  });

  it('does not split a multi-byte character cut between chunks', () => {
    const bytes = Buffer.from('"é€"\n');
    assert.deepEqual(frame([bytes.subarray(0, 2), bytes.subarray(2, 5), bytes.subarray(5)]).lines, ['"é€"']);
  });

  it('reports an oversized line before it ends, once, and stops', () => {
    const { lines, tooLarge } = frame(['ok\n', 'x'.repeat(60), 'x'.repeat(60), 'more\nnext\n']);
    assert.deepEqual(lines, ['ok']);
    assert.deepEqual(tooLarge, [120]);
  });

  it('accepts a line of exactly the cap', () => {
    assert.deepEqual(frame([`${'y'.repeat(100)}\n`]).lines, ['y'.repeat(100)]);
  });

  it('stops when the callback says so', () => {
    const seen: string[] = [];
    const framer = new LineFramer(100, (line) => { seen.push(line); return 'stop'; }, () => undefined);
    framer.push(Buffer.from('a\nb\n'));
    framer.push(Buffer.from('c\n'));
    assert.deepEqual(seen, ['a']);
  });
});
