import assert from 'node:assert/strict';
import { it } from 'node:test';
import { classifyDrift, publicContract } from '../../src/probe/drift-summary.js';
import type { LiveTool } from '../../src/probe/live-tools.js';
import { liveTools } from '../../src/probe/live-tools.js';

function live(json: string): LiveTool {
  const r = liveTools([`{"tools":[${json}]}`]);
  assert.ok(r.ok && r.tools[0] !== undefined);
  return r.tools[0];
}

it('the live side is cut to the contract mcpindex records: title, icons, _meta and execution are not compared', () => {
  assert.deepEqual(publicContract({ name: 't', title: 'T', icons: [], _meta: {}, execution: {}, inputSchema: 3, annotations: { readOnlyHint: true } }),
    { name: 't', description: '', inputSchema: {}, annotations: { readOnlyHint: true } });
  const recorded = { name: 't', description: 'D', inputSchema: { type: 'object' } };
  const out = classifyDrift([{ pin: { tool: 't', digest: 'x', schema: recorded }, live: live('{"name":"t","title":"New","description":"D","inputSchema":{"type":"object"}}') }], [], []);
  assert.deepEqual(out, [{ tool: 't', change: 'changed', kinds: [], decision: 'hold' }], 'an unclassifiable hash change is held');
});

it('changed, removed and added tools, sorted by tool', () => {
  const recorded = { name: 'b', description: 'Run.', inputSchema: { type: 'object', properties: {} } };
  const out = classifyDrift(
    [{ pin: { tool: 'b', digest: 'x', schema: recorded }, live: live('{"name":"b","description":"Run now.","inputSchema":{"type":"object","properties":{}}}') }],
    [{ tool: 'a', digest: 'y' }],
    [live('{"name":"c","description":"New.","inputSchema":{"type":"object"}}')],
  );
  assert.deepEqual(out.map((d) => [d.tool, d.change, d.decision]), [['a', 'removed', 'hold'], ['b', 'changed', 'hold'], ['c', 'added', 'auto-accept']]);
  assert.deepEqual(out[1]?.kinds, ['description-text-changed']);
  assert.deepEqual(out[2]?.kinds, ['tool-added']);
});
