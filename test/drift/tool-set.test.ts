import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classify } from '../../src/drift/classify.js';
import type { JsonObject } from '../../src/drift/types.js';
import { find, kinds, snap, tool } from './helpers.js';

describe('tool set (§7.A)', () => {
  it('keys tools by name: order is not a delta (N2)', () => {
    const a = tool({ name: 'a' });
    const b = tool({ name: 'b', description: 'B' });
    assert.deepEqual(classify(snap(a, b), snap(b, a)).deltas, []);
  });

  it('tool-removed holds', () => {
    const r = classify(snap(tool({ name: 'get_issue' }), tool({ name: 'x', description: 'X' })), snap(tool({ name: 'x', description: 'X' })));
    assert.deepEqual(kinds(r), ['tool-removed']);
    assert.equal(r.deltas[0]?.tool, 'get_issue');
    assert.equal(r.decision, 'hold');
  });

  it('duplicate names are snapshot-malformed', () => {
    const r = classify(snap(tool()), snap(tool(), tool({ description: 'again' })));
    assert.deepEqual(kinds(r), ['snapshot-malformed']);
  });

  it('duplicate member names reported by the caller are snapshot-malformed on the new side only', () => {
    const withDup = { ...snap(tool()), duplicateMembers: ['/tools/0/name'] };
    assert.deepEqual(classify(snap(tool()), withDup).deltas.map((d) => [d.kind, d.path]), [['snapshot-malformed', '/tools/0/name']]);
    assert.deepEqual(classify(withDup, snap(tool())).deltas, []);
  });

  it('a renamed tool is also diffed, and its deltas carry the new name', () => {
    const r = classify(snap(tool({ name: 'getTinyImage', description: 'old' })), snap(tool({ name: 'get-tiny-image', description: 'new' })));
    assert.deepEqual(kinds(r), ['description-text-changed', 'tool-renamed-style-only']);
    assert.ok(r.deltas.every((d) => d.tool === 'get-tiny-image'));
    assert.equal(find(r, 'tool-renamed-style-only')[0]?.details?.['renamedFrom'], 'getTinyImage');
  });

  it('a verb prefix added to a unique name pairs the tools (everything structuredContent → get-structured-content)', () => {
    const r = classify(snap(tool({ name: 'structuredContent', inputSchema: { type: 'object', properties: { location: { type: 'string' } } } })),
      snap(tool({ name: 'get-structured-content', inputSchema: { type: 'object', properties: { location: { type: 'string', enum: ['New York'] } } } })));
    assert.deepEqual(kinds(r), ['enum-constraint-added', 'tool-renamed-probable']);
  });

  it('ambiguous candidates are not paired: removal + additions', () => {
    const empty = { type: 'object' };
    const r = classify(snap(tool({ name: 'a', inputSchema: empty })), snap(tool({ name: 'b', inputSchema: empty }), tool({ name: 'c', inputSchema: empty })));
    assert.deepEqual(kinds(r), ['tool-added', 'tool-added', 'tool-removed']);
    assert.equal(r.decision, 'hold');
  });

  it('removed tools that reappear as operation-enum values are tools-consolidated (github 3c53687e)', () => {
    const wf = (name: string): JsonObject => tool({ name, description: name, inputSchema: { type: 'object', properties: { run_id: { type: 'number' } } } });
    const actions = tool({ name: 'actions_get', inputSchema: { type: 'object', properties: { method: { type: 'string', enum: ['get_workflow', 'get_workflow_run', 'list'] } } } });
    const r = classify(snap(wf('get_workflow'), wf('get_workflow_run'), wf('get_job_logs')), snap(actions, wf('get_job_logs')));
    assert.deepEqual(kinds(r), ['tool-added', 'tools-consolidated']);
    assert.deepEqual(find(r, 'tools-consolidated')[0]?.details?.['removedTools'], ['get_workflow', 'get_workflow_run']);
    assert.equal(r.decision, 'hold');
  });
});
