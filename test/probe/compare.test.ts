import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareHangar, compareMcpindex, failedSummary } from '../../src/probe/compare.js';
import type { CompareContext } from '../../src/probe/compare.js';
import type { ProbeFailure, ProbeSuccess } from '../../src/probe/types.js';
import type { McpindexPin } from '../../src/grade/stores/types.js';

const GUARD: CompareContext = { proxy: 'mcpindex-gate', mode: 'guard', blocking: true };
const BLOCK: CompareContext = { proxy: 'mcp-hangar', mode: 'block', blocking: true };

function capture(...pages: string[]): ProbeSuccess {
  return {
    ok: true, transport: 'stdio', protocolVersion: '2025-06-18', initializeRaw: '{}', toolsRaw: pages, promptsRaw: [],
    deviations: [], elapsedMs: 42,
  };
}

/** Published vectors (mcpindex-ai/mcpindex-sdk-ts@0f3e676:test/parity.test.ts): V5 is `minimum: 0.0` as a Python float, V6 the JS reading of it. */
const BOUND_TEXT = '{"name":"bound","description":"Bound.","inputSchema":{"type":"object","properties":{"x":{"type":"number","minimum":0.0}}}}';
const V5 = 'sha256:c47e5b3368c4e0a291459a811175f1eb9706dc2e18f443fefa9f8ac3e9dc91ca';
const V6 = 'sha256:1114155260e9500e740b3732473d5c678f24b825fce8f64fea1339d605c4d1e0';
const V1_TEXT = '{"name":"search_docs","description":"Search the documentation index.","inputSchema":{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}}';
const V1 = 'sha256:a5bc94324ee8897ee248249f766b74a05e500362ae8c89f7e0c7987fe3748bd9';

const pin = (toolName: string, definitionHash: string, schema?: unknown): McpindexPin =>
  ({ serverId: 'srv', toolName, definitionHash, ...(schema !== undefined ? { schema } : {}) });

describe('compareMcpindex', () => {
  it('pins-confirmed: n of n, with the float literal kept (V5, not V6)', () => {
    const s = compareMcpindex(capture(`{"tools": [${BOUND_TEXT}]}`, `{"tools":[${V1_TEXT}]}`), [pin('bound', V5), pin('search_docs', V1)], GUARD);
    assert.equal(s.outcome, 'pins-confirmed', s.detail);
    assert.deepEqual([s.tools, s.matched, s.pinned, s.elapsedMs], [2, 2, 2, 42]);
    assert.match(s.detail, /2 of 2 pinned tools match/);
  });

  it('a pin computed the JavaScript way (V6) does not match the Python-exact hash', () => {
    const s = compareMcpindex(capture(`{"tools": [${BOUND_TEXT}]}`), [pin('bound', V6)], GUARD);
    assert.equal(s.outcome, 'pins-unmatched');
    assert.equal(s.matched, 0);
  });

  it('pins-unmatched: pins exist and none matches; names the recipe', () => {
    const s = compareMcpindex(capture(`{"tools":[${V1_TEXT}]}`), [pin('search_docs', `sha256:${'0'.repeat(64)}`)], GUARD);
    assert.equal(s.outcome, 'pins-unmatched');
    assert.match(s.detail, /none of the 1 pin matches any of the 1 served tool under the mcpindex definition_hash \(narrow\) recipe/);
  });

  it('unpinned-tools: every pin matches, a served tool has none', () => {
    const s = compareMcpindex(capture(`{"tools":[${V1_TEXT},${BOUND_TEXT}]}`), [pin('search_docs', V1)], GUARD);
    assert.equal(s.outcome, 'unpinned-tools');
    assert.deepEqual(s.unpinned, ['bound']);
    assert.deepEqual([s.matched, s.pinned, s.tools], [1, 1, 2]);
  });

  it('drift: a changed tool is classified against the recorded schema and held', () => {
    const recorded = { name: 'bound', description: 'Bound.', inputSchema: { type: 'object', properties: { x: { type: 'number', minimum: 0.0 } } } };
    const changed = '{"name":"bound","description":"Bound.","inputSchema":{"type":"object","properties":{"x":{"type":"number","minimum":0.0},"y":{"type":"string"}},"required":["y"]}}';
    const s = compareMcpindex(capture(`{"tools":[${V1_TEXT},${changed}]}`), [pin('search_docs', V1), pin('bound', V5, recorded)], GUARD);
    assert.equal(s.outcome, 'drift', s.detail);
    assert.deepEqual(s.drift, [{ tool: 'bound', change: 'changed', kinds: ['param-added-required'], decision: 'hold' }]);
    assert.match(s.detail, /mcpindex-gate would hold bound/);
  });

  it('drift: an optional parameter alone is auto-accepted; a vanished tool is held', () => {
    const recorded = { name: 'bound', description: 'Bound.', inputSchema: { type: 'object', properties: { x: { type: 'number', minimum: 0.0 } } } };
    const widened = '{"name":"bound","description":"Bound.","inputSchema":{"type":"object","properties":{"x":{"type":"number","minimum":0.0},"z":{"type":"string"}}}}';
    const s = compareMcpindex(capture(`{"tools":[${widened}]}`), [pin('bound', V5, recorded), pin('search_docs', V1), pin('gone', V1)], GUARD);
    // bound changed, search_docs and gone removed: nothing matches → pins-unmatched wins over drift.
    assert.equal(s.outcome, 'pins-unmatched');
    assert.deepEqual(s.drift?.map((d) => [d.tool, d.change]), [['bound', 'changed'], ['gone', 'removed'], ['search_docs', 'removed']],
      'what changed is still classified for the reader');
    const t = compareMcpindex(capture(`{"tools":[${widened},${V1_TEXT}]}`), [pin('bound', V5, recorded), pin('search_docs', V1), pin('gone', V1)], GUARD);
    assert.equal(t.outcome, 'drift');
    assert.deepEqual(t.drift?.map((d) => [d.tool, d.change, d.decision]), [['bound', 'changed', 'auto-accept'], ['gone', 'removed', 'hold']]);
    assert.deepEqual(t.drift?.[0]?.kinds, ['param-added-optional']);
  });

  it('drift with no recorded schema: unclassified, held; a non-blocking mode says so', () => {
    const changed = '{"name":"bound","description":"Bound!","inputSchema":{}}';
    const s = compareMcpindex(capture(`{"tools":[${changed},${V1_TEXT}]}`), [pin('bound', V5), pin('search_docs', V1)],
      { proxy: 'mcpindex-gate', mode: 'monitor', blocking: false });
    assert.equal(s.outcome, 'drift');
    assert.deepEqual(s.drift, [{ tool: 'bound', change: 'changed', kinds: [], decision: 'hold' }]);
    assert.match(s.detail, /bound changed \(unclassified\): hold/);
    assert.match(s.detail, /mode monitor records drift without blocking/);
  });

  it('tools spread over several pages are all compared', () => {
    const s = compareMcpindex(capture(`{"tools":[${V1_TEXT}],"nextCursor":"2"}`, `{"tools":[${BOUND_TEXT}]}`), [pin('search_docs', V1), pin('bound', V5)], GUARD);
    assert.equal(s.outcome, 'pins-confirmed');
  });

  it('probe-failed: the capture failure with its stderr tail; an unreadable page', () => {
    const failure: ProbeFailure = { ok: false, reason: 'timeout', detail: 'no answer within 20000 ms', stderrTail: 'booting\n', elapsedMs: 20_000 };
    assert.deepEqual(compareMcpindex(failure, [], GUARD), {
      outcome: 'probe-failed', detail: 'timeout: no answer within 20000 ms', failure: { reason: 'timeout', stderrTail: 'booting\n' }, elapsedMs: 20_000,
    });
    const bad = compareMcpindex(capture('{"tools": 3}'), [], GUARD);
    assert.equal(bad.outcome, 'probe-failed');
    assert.equal(bad.failure?.reason, 'protocol-error');
  });

  it('no pins and no tools: nothing to contradict', () => {
    assert.equal(compareMcpindex(capture('{"tools":[]}'), [], GUARD).outcome, 'pins-confirmed');
  });
});

describe('compareHangar', () => {
  // The published Hangar vector (§2.5): `add` → 61ccc5d8…
  const ADD = '{"name": "add", "description": "Add numbers", "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}}}, "annotations": {}, "title": ""}';
  const ADD_DIGEST = '61ccc5d86e8ad8087d55647f94b3dd1826e8af4b01ed5d672b55800e9b5bfc53';

  it('pins-confirmed with the published digest; an unpinned served tool is not drift', () => {
    assert.equal(compareHangar(capture(`{"tools":[${ADD}]}`), { add: ADD_DIGEST }, BLOCK).outcome, 'pins-confirmed');
    const s = compareHangar(capture(`{"tools":[${ADD},${V1_TEXT}]}`), { add: ADD_DIGEST }, BLOCK);
    assert.equal(s.outcome, 'unpinned-tools');
    assert.deepEqual(s.unpinned, ['search_docs']);
  });

  it('an mcpindex-style digest is not a Hangar pin: pins-unmatched', () => {
    const s = compareHangar(capture(`{"tools":[${ADD}]}`), { add: 'a'.repeat(64) }, BLOCK);
    assert.equal(s.outcome, 'pins-unmatched');
    assert.match(s.detail, /Hangar compute_tool_digest/);
  });
});

it('failedSummary without detail keeps the reason alone', () => {
  assert.deepEqual(failedSummary('recipe not reproducible', ''), {
    outcome: 'probe-failed', detail: 'recipe not reproducible', failure: { reason: 'recipe not reproducible', stderrTail: '' },
  });
});
