import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_LIMITS, limitsOf, MIB, type ProbeCapture, type ProbeFailureReason } from '../../src/probe/types.js';

/** Compile-time: exactly these reasons exist (a missing or extra key does not compile). */
const REASONS: Readonly<Record<ProbeFailureReason, true>> = {
  timeout: true, crash: true, 'non-json': true, flood: true, 'too-many-tools': true, 'too-many-pages': true,
  'message-too-large': true, 'spawn-failed': true, 'protocol-error': true, 'http-error': true,
};

function describeCapture(capture: ProbeCapture): string {
  // Narrowing on `ok` must give each branch its own fields.
  return capture.ok ? `${capture.toolsRaw.length} pages` : `${capture.reason}: ${capture.stderrTail}`;
}

describe('probe types and limits', () => {
  it('has the ten failure reasons of the issue', () => {
    assert.equal(Object.keys(REASONS).length, 10);
    assert.equal(describeCapture({ ok: false, reason: 'crash', detail: '', stderrTail: 'x', elapsedMs: 1 }), 'crash: x');
  });

  it('defaults to the issue\'s caps: 20 s, 16 MiB per message, 100 pages, 5,000 tools, 2 KiB of stderr', () => {
    assert.deepEqual(
      [DEFAULT_LIMITS.timeoutMs, DEFAULT_LIMITS.maxMessageBytes, DEFAULT_LIMITS.maxPages, DEFAULT_LIMITS.maxTools, DEFAULT_LIMITS.stderrTailBytes],
      [20_000, 16 * MIB, 100, 5_000, 2_048]);
  });

  it('overrides only the limits given', () => {
    assert.deepEqual(limitsOf({ timeoutMs: 1_500, maxPages: 3 }), { ...DEFAULT_LIMITS, timeoutMs: 1_500, maxPages: 3 });
  });
});
