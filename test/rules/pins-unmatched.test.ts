import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GradedEntry } from '../../src/grade/types.js';
import { provenChain } from '../helpers/proven-chain.js';
import { compareMcpindex } from '../../src/probe/compare.js';
import { applyProbe } from '../../src/probe/run.js';
import type { ProbeSuccess } from '../../src/probe/types.js';
import { RULES } from '../../src/rules/index.js';
import { pinsUnmatched } from '../../src/rules/pins-unmatched.js';

const V1_TEXT = '{"name":"search_docs","description":"Search the documentation index.","inputSchema":{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}}';
const V1 = 'sha256:a5bc94324ee8897ee248249f766b74a05e500362ae8c89f7e0c7987fe3748bd9';
const captured: ProbeSuccess = {
  ok: true, transport: 'stdio', protocolVersion: '2025-06-18', initializeRaw: '{}', toolsRaw: [`{"tools":[${V1_TEXT}]}`],
  promptsRaw: [], deviations: [], elapsedMs: 10,
};
const ctx = { proxy: 'mcpindex-gate', mode: 'guard', blocking: true };
const location = { path: '/home/alice/.cursor/mcp.json', line: 3, column: 5 };
const row: GradedEntry = {
  host: 'cursor', scope: 'user', configPath: location.path, name: 'docs', transport: 'stdio', disabled: false, grade: 'enforcing',
  proxy: { id: 'mcpindex-gate', recognizerVersion: 1, mode: 'guard', blocking: true, pins: true, store: '/home/alice/.mcpindex/pins/docs.json', storeSource: 'default' },
  launch: ['uvx', 'mcpindex-proxy'], envKeys: [], headerKeys: [], location, findings: [], evidence: provenChain(), assumptions: [], files: [],
};
const pins = (hash: string) => [{ serverId: 'docs', toolName: 'search_docs', definitionHash: hash }];

test('pins-unmatched is in the catalogue, documented, and makes the row unverifiable', () => {
  assert.ok(RULES.includes(pinsUnmatched));
  assert.equal(pinsUnmatched.grade, 'unverifiable');
  for (const text of [pinsUnmatched.docs.meaning, pinsUnmatched.docs.whyItMatters, pinsUnmatched.docs.howToFix, pinsUnmatched.docs.example]) assert.ok(text.length > 20);
});

test('fires: no live tool matches the pin under the proxy recipe', () => {
  const out = applyProbe(row, compareMcpindex(captured, pins(`sha256:${'1'.repeat(64)}`), ctx));
  assert.equal(out.grade, 'unverifiable');
  assert.deepEqual(out.findings.map((f) => [f.id, f.location]), [['pins-unmatched', location]]);
  assert.equal(out.findings[0]?.message,
    "docs runs behind mcpindex-gate with 1 pin(s), but a live probe found that none matches any of the 1 tool(s) the server serves under the proxy's recipe");
});

test('does not fire: the pin matches (and drift or unpinned tools do not fire it either)', () => {
  const out = applyProbe(row, compareMcpindex(captured, pins(V1), ctx));
  assert.equal(out, row);
  const unpinned = applyProbe(row, compareMcpindex(captured, [], ctx));
  assert.deepEqual(unpinned.findings.map((f) => f.id), ['probe-unpinned-tools'], 'reported as unpinned, not unmatched');
  assert.equal(unpinned.grade, row.grade);
});
