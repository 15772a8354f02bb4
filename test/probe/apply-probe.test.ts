import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GradedEntry } from '../../src/grade/types.js';
import { provenChain } from '../helpers/proven-chain.js';
import { applyProbe } from '../../src/probe/run.js';
import type { ProbeSummary } from '../../src/report/model.js';

const row: GradedEntry = {
  host: 'cursor', scope: 'user', configPath: '/h/.cursor/mcp.json', name: 'weather', transport: 'stdio', disabled: false,
  grade: 'enforcing', launch: ['node', 'server.js'], envKeys: [], headerKeys: [],
  location: { path: '/h/.cursor/mcp.json', line: 3, column: 5 }, findings: [], evidence: provenChain(), assumptions: [], files: [],
  proxy: { id: 'mcpindex-gate', recognizerVersion: 1, mode: 'guard', blocking: true, pins: true, store: '/h/.mcpindex/pins/weather.json', storeSource: 'default' },
};

const ids = (summary: ProbeSummary): string[] => applyProbe(row, summary).findings.map((f) => f.id).sort();

test('pins-confirmed adds nothing and keeps the grade', () => {
  const out = applyProbe(row, { outcome: 'pins-confirmed', detail: '2 of 2', matched: 2, pinned: 2, tools: 2 });
  assert.equal(out, row);
});

test('pins-unmatched makes the row unverifiable', () => {
  const out = applyProbe(row, { outcome: 'pins-unmatched', detail: 'none match', matched: 0, pinned: 2, tools: 2 });
  assert.deepEqual(out.findings.map((f) => f.id), ['pins-unmatched']);
  assert.equal(out.grade, 'unverifiable');
});

test('drift is reported (probe-drift, hold or auto-accept named) without changing the grade', () => {
  const s: ProbeSummary = {
    outcome: 'drift', detail: '1 changed', drift: [
      { tool: 'get_forecast', change: 'changed', kinds: ['param-added-required'], decision: 'hold' },
      { tool: 'new_tool', change: 'added', kinds: ['tool-added'], decision: 'auto-accept' },
    ],
  };
  const out = applyProbe(row, s);
  assert.deepEqual(out.findings.map((f) => f.id), ['probe-drift']);
  assert.match(out.findings[0]?.message ?? '', /1 tool\(s\).*get_forecast \(the proxy holds them\)/);
  assert.equal(out.grade, 'enforcing');
});

test('unpinned tools and failed probes are findings of their own; grade unchanged', () => {
  assert.deepEqual(ids({ outcome: 'unpinned-tools', detail: 'x', unpinned: ['a', 'b'] }), ['probe-unpinned-tools']);
  assert.deepEqual(ids({ outcome: 'probe-failed', detail: 'timeout', failure: { reason: 'timeout', stderrTail: '' } }), ['probe-failed']);
  assert.equal(applyProbe(row, { outcome: 'probe-failed', detail: 't' }).grade, 'enforcing');
});

test('a row without a proxy is never touched', () => {
  const bare: GradedEntry = { ...row, proxy: null, grade: 'unprotected' };
  assert.equal(applyProbe(bare, { outcome: 'pins-unmatched', detail: '' }), bare);
});
