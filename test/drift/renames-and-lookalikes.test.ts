/**
 * tool-renamed-probable pairs unrelated tools whose schemas are degenerate; a look-alike
 * name using `rn` for `m` passes the added-tool name guard. (diff --batch | head EPIPE is the CLI
 * helper's part of the issue.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classify } from '../../src/drift/classify.js';
import { find, kinds, loadReal as realSnapshot, snap, tool } from './helpers.js';

describe('renames need a real contract in common; look-alike names hold', () => {
  it('two unrelated tools with degenerate schemas ({} or only $schema) are removed + added, not a probable rename', () => {
    for (const schema of [{}, { $schema: 'http://json-schema.org/draft-07/schema#' }, { type: 'object' }]) {
      const r = classify(snap(tool({ name: 'get_me', inputSchema: schema })), snap(tool({ name: 'list_alerts', inputSchema: schema })));
      assert.deepEqual(find(r, 'tool-renamed-probable'), [], JSON.stringify(schema));
      assert.ok(kinds(r).includes('tool-removed'), JSON.stringify(schema));
    }
  });
  it('a real shared schema still pairs (everything add → get-sum)', () => {
    const s = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
    const r = classify(snap(tool({ name: 'add', inputSchema: s })), snap(tool({ name: 'get-sum', inputSchema: s })));
    assert.deepEqual(kinds(r), ['tool-renamed-probable']);
  });
  it('rnerge_pr beside merge_pr (rn for m, Unicode TR39 confusables) is tool-added-confusable-name', () => {
    const r = classify(snap(tool({ name: 'merge_pr' })), snap(tool({ name: 'merge_pr' }), tool({ name: 'rnerge_pr' })));
    assert.deepEqual([kinds(r), r.decision], [['tool-added-confusable-name'], 'hold']);
  });
  it('an unrelated new name passes the guard', () => {
    const r = classify(snap(tool({ name: 'merge_pr' })), snap(tool({ name: 'merge_pr' }), tool({ name: 'list_prs', annotations: { readOnlyHint: true } })));
    assert.deepEqual([kinds(r), r.decision], [['tool-added'], 'auto-accept']);
  });
});

describe('degenerate schemas need name evidence to pair', () => {
  it('{type: object, properties: {}} and an empty required list are no contract in common', () => {
    for (const schema of [{ type: 'object', properties: {} }, { type: 'object', properties: {}, required: [] }]) {
      const r = classify(snap(tool({ name: 'browser_wait', inputSchema: schema })), snap(tool({ name: 'browser_handle_dialog', inputSchema: schema })));
      assert.deepEqual(find(r, 'tool-renamed-probable'), [], JSON.stringify(schema));
      assert.ok(kinds(r).includes('tool-removed'), JSON.stringify(schema));
    }
  });

  it('@playwright/mcp 0.0.10 → 0.0.30 (real captures): browser_handle_dialog is an addition, never browser_wait renamed', () => {
    const r = classify(realSnapshot('playwright-mcp', '0.0.10'), realSnapshot('playwright-mcp', '0.0.30'));
    const renames = r.deltas.filter((d) => d.kind.startsWith('tool-renamed'));
    assert.ok(!renames.some((d) => d.tool === 'browser_handle_dialog'), JSON.stringify(renames));
    assert.ok(r.deltas.some((d) => d.tool === 'browser_handle_dialog' && d.kind.startsWith('tool-added')));
    // browser_wait → browser_wait_for has name evidence (the old name is a prefix of the new one).
    assert.deepEqual(renames.map((d) => [d.kind, d.tool, d.details?.['renamedFrom'], d.details?.['heuristic']]),
      [['tool-renamed-probable', 'browser_wait_for', 'browser_wait', 'name-affix']]);
  });

  it('without the name evidence the same pair is a removal plus an addition', () => {
    const old = realSnapshot('playwright-mcp', '0.0.10');
    const next = realSnapshot('playwright-mcp', '0.0.30');
    const r = classify(old, { ...next, tools: next.tools.filter((t) => t.name !== 'browser_wait_for') });
    assert.ok(r.deltas.some((d) => d.kind === 'tool-removed' && d.tool === 'browser_wait'));
    assert.ok(r.deltas.some((d) => d.tool === 'browser_handle_dialog' && d.kind.startsWith('tool-added')));
    assert.deepEqual(r.deltas.filter((d) => d.kind.startsWith('tool-renamed')), []);
  });
});
