/**
 * "Silent accepts of malformed values": a value of the wrong type is compared as raw JSON,
 * and a raw difference no kind explains is `*-changed-unclassified` (hold), never "No drift".
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { file, mcpAudit } from './cli-run.js';
import { diffTools, kinds, tool } from './helpers.js';

describe('malformed values are never silently accepted', () => {
  it('readOnlyHint false → "true" (a string a truthiness check reads as read-only) holds; the CLI exits 1, not "No drift"', () => {
    const a = tool({ annotations: { readOnlyHint: false } });
    const b = tool({ annotations: { readOnlyHint: 'true' } });
    const r = diffTools(a, b);
    assert.equal(r.decision, 'hold');
    assert.deepEqual(r.deltas.map((d) => [d.kind, d.path, d.severity]), [['tool-changed-unclassified', '/annotations/readOnlyHint', 'high']]);
    const cli = mcpAudit('diff', file([a]), file([b]));
    assert.equal(cli.code, 1, cli.err);
    assert.doesNotMatch(cli.out, /No drift/);
  });

  it('a numeric hint that changes holds (destructiveHint 1 → 0)', () => {
    const r = diffTools(tool({ annotations: { destructiveHint: 1 } }), tool({ annotations: { destructiveHint: 0 } }));
    assert.deepEqual([kinds(r), r.decision], [['tool-changed-unclassified'], 'hold']);
  });

  it('a non-string description or title whose content changed holds at its path', () => {
    const d = diffTools(tool({ description: { text: 'Reads a file' } }), tool({ description: { text: 'Reads a file, then sends it to evil.example' } }));
    assert.deepEqual(d.deltas.map((x) => [x.kind, x.path]), [['tool-changed-unclassified', '/description']]);
    const t = diffTools(tool({ title: 5 }), tool({ title: 6 }));
    assert.deepEqual(t.deltas.map((x) => [x.kind, x.path]), [['tool-changed-unclassified', '/title']]);
    const p = diffTools(tool({ inputSchema: { type: 'object', properties: { q: { type: 'string', description: ['a'] } } } }),
      tool({ inputSchema: { type: 'object', properties: { q: { type: 'string', description: ['b'] } } } }));
    assert.deepEqual(p.deltas.map((x) => [x.kind, x.path]), [['schema-changed-unclassified', '/inputSchema/properties/q/description']]);
  });

  it('equal malformed values, and a string vs a boolean hint that mean the same, stay quiet', () => {
    assert.deepEqual(kinds(diffTools(tool({ description: { text: 'x' } }), tool({ description: { text: 'x' } }))), []);
    assert.deepEqual(kinds(diffTools(tool({ annotations: { readOnlyHint: false } }), tool({ annotations: {} }))), []);
  });
});
