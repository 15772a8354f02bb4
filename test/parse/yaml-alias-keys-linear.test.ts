import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Alias, parseDocument, visit } from 'yaml';
import { parseYaml } from '../../src/parse/yaml.js';

/**
 * Found by review on e2a56d4 (yaml.ts firstCollectionKey). For each alias used as a mapping key it
 * calls `Alias.resolve(doc)` without a context, and the library then walks the whole document to
 * find the anchor (yaml 2.9.1 dist/nodes/Alias.js `resolve`: the walk is cached only in a toJS
 * context). n alias keys cost n whole-document walks: a legal 200 KB Continue config.yaml with
 * 6,000 anchored keys and 6,000 alias keys scans in 16 s (baseline 4fd882c: 1.3 s), 8,000 alias
 * keys of one anchor in 37 s (baseline 0.36 s; both refuse it as an alias bomb).
 *
 * The work is counted, never timed: each resolve without the toJS cache is one walk of every node
 * of the document, counted here by wrapping the library's own method (behaviour unchanged).
 */
const N = 2000;
const text = [
  'name: cfg', 'version: 1', 'mcpServers:', '  - name: s', '    command: npx', 'data:',
  ...Array.from({ length: N }, (_v, i) => `  - &k${i} key${i}`),
  'map:',
  ...Array.from({ length: N }, (_v, i) => `  *k${i} : v${i}`),
].join('\n');

describe('YAML alias keys', () => {
  it('cost a bounded number of whole-document walks, not one per alias key', () => {
    let nodes = 0;
    visit(parseDocument(text), { Node: () => { nodes++; } });
    let walked = 0;
    const resolve = Alias.prototype.resolve;
    Alias.prototype.resolve = function counted(this: Alias, ...args: Parameters<Alias['resolve']>) {
      const [, ctx] = args;
      if (ctx?.aliasResolveCache === undefined) walked += nodes;
      return resolve.apply(this, args);
    };
    let parsed: ReturnType<typeof parseYaml>;
    try {
      parsed = parseYaml(text);
    } finally {
      Alias.prototype.resolve = resolve;
    }
    assert.equal(parsed.ok, true, 'a legal file: distinct anchors, each aliased once');
    // Baseline: one walk (toJS fills its cache on the first alias). Today: N + 1 walks.
    assert.ok(walked <= 2 * nodes, `${String(walked / nodes)} whole-document walks for ${String(N)} alias keys (${String(nodes)} nodes)`);
  });
});
