import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getMember, type JsonNode } from '../../src/canonical/json-model.js';
import { readJsonText } from '../../src/canonical/json-text.js';
import { probe } from '../../src/probe/probe.js';
import { fixture } from './support.js';

/** Follow object keys and array indexes from a node. */
function at(node: JsonNode | undefined, ...path: (string | number)[]): JsonNode | undefined {
  let current = node;
  for (const step of path) {
    if (current === undefined) return undefined;
    if (typeof step === 'number') current = current.kind === 'array' ? current.items[step] : undefined;
    else current = current.kind === 'object' ? getMember(current, step) : undefined;
  }
  return current;
}

describe('captured raw text keeps each number\'s int/float class for the canonical reader', () => {
  it('reads 0.0, 1e3 and 1.0 from a Python-style server as floats', async () => {
    const capture = await probe(fixture('python-style.js'), { timeoutMs: 3_000, graceMs: 300 });
    if (!capture.ok) assert.fail(`${capture.reason}: ${capture.detail}`);
    const read = readJsonText(capture.toolsRaw[0] ?? '');
    if (!read.ok) assert.fail(read.problem.message);
    const factor = at(read.value.value, 'tools', 0, 'inputSchema', 'properties', 'factor');
    assert.equal(at(factor, 'minimum')?.kind, 'float');
    assert.equal(at(factor, 'maximum')?.kind, 'float');
    assert.equal(at(factor, 'default')?.kind, 'float');
    // JSON.parse would have erased all three to integers.
    const erased: unknown = JSON.parse('0.0');
    assert.equal(Number.isInteger(erased), true);
  });
});
