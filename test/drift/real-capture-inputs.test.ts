/** "Inputs from real captures are rejected": `prompts: null` / `instructions: null` mean absent. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { file, mcpAudit } from './cli-run.js';

const capture = { serverInfo: { name: 'srv', version: '1' }, instructions: null, prompts: null, tools: [{ name: 'a', inputSchema: { type: 'object' } }] };

describe('captures of servers without prompts or instructions are accepted', () => {
  it('mcp-audit diff reads prompts: null and instructions: null as absent (exit 0, no drift)', () => {
    const r = mcpAudit('diff', file(capture), file(capture));
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /No drift/);
  });
  it('mcp-audit digest reads them too', () => {
    const r = mcpAudit('digest', file(capture));
    assert.equal(r.code, 0, r.err);
  });
  it('a prompt list on one side and null on the other is not compared (null = absent), but a non-array is still refused', () => {
    const r = mcpAudit('diff', file({ ...capture, prompts: [{ name: 'p' }] }), file(capture));
    assert.equal(r.code, 0, r.err);
    const bad = mcpAudit('diff', file({ ...capture, prompts: 'none' }), file(capture));
    assert.equal(bad.code, 2);
  });
});
