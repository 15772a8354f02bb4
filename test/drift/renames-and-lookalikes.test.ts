/**
 * Issue 11: tool-renamed-probable pairs unrelated tools whose schemas are degenerate; a look-alike
 * name using `rn` for `m` passes the added-tool name guard. (diff --batch | head EPIPE is the CLI
 * helper's part of the issue.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classify } from '../../src/drift/classify.js';
import { find, kinds, snap, tool } from './helpers.js';

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
