/**
 * Expectations for the reference servers published on npm from https://github.com/modelcontextprotocol/servers, checked against the
 * captures committed under fixtures/drift/real (made by fixtures/drift/capture.ts; no network here).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classify } from '../../src/drift/classify.js';
import type { DriftResult } from '../../src/drift/types.js';
import { find, loadReal } from './helpers.js';

const FS = 'server-filesystem';
const EV = 'server-everything';
const MEM = 'server-memory';
const run = (pkg: string, a: string, b: string): DriftResult => classify(loadReal(pkg, a), loadReal(pkg, b));
const count = (r: DriftResult, kind: string): number => find(r, kind).length;
const toolsOf = (r: DriftResult, kind: string): string[] => find(r, kind).map((d) => d.tool ?? '').sort();

describe('filesystem 2026.1.14 → 2026.8.31 (servers 86fd903d, d31124c9, 97b70ee2)', () => {
  const r = run(FS, '2026.1.14', '2026.8.31');
  it('move_file destructiveHint false → true is annotation-destructive-added', () => {
    const d = find(r, 'annotation-destructive-added');
    assert.deepEqual(d.map((x) => [x.tool, x.path, x.before, x.after]), [['move_file', '/annotations/destructiveHint', 'false', 'true']]);
  });
  it('all 14 tools gaining openWorldHint:false is annotation-openworld-removed ×14', () => assert.equal(count(r, 'annotation-openworld-removed'), 14));
  it('read_media_file: description text and an output change the differ cannot call compatible', () => {
    assert.deepEqual(toolsOf(r, 'description-text-changed'), ['read_media_file']);
    assert.ok(count(r, 'output-schema-changed-unclassified') + count(r, 'output-property-removed') >= 1);
  });
  it('holds', () => assert.equal(r.decision, 'hold'));
});

describe('filesystem 2025.11.25 → 2026.8.31 (the issue example) and 2025.11.25 → 2026.1.14', () => {
  it('carries the same annotation deltas', () => {
    const r = run(FS, '2025.11.25', '2026.8.31');
    assert.deepEqual(toolsOf(r, 'annotation-destructive-added'), ['move_file']);
    assert.equal(count(r, 'annotation-openworld-removed'), 14);
  });
  it('two releases with no drift', () => {
    const r = run(FS, '2025.11.25', '2026.1.14');
    assert.deepEqual([r.deltas.length, r.decision, r.changed], [0, 'auto-accept', false]);
  });
});

describe('filesystem 2025.8.21 (as released, sdk 1.17.5) → 2025.11.25', () => {
  const r = run(FS, '2025.8.21+sdk1.17.5', '2025.11.25');
  it('output-schema-added ×14, title-changed ×14, execution-changed ×14', () => {
    assert.deepEqual([count(r, 'output-schema-added'), count(r, 'title-changed'), count(r, 'execution-changed')], [14, 14, 14]);
  });
  it('annotation-readonly-claimed on the ten reading tools', () => {
    assert.deepEqual(toolsOf(r, 'annotation-readonly-claimed'), ['directory_tree', 'get_file_info', 'list_allowed_directories', 'list_directory',
      'list_directory_with_sizes', 'read_file', 'read_media_file', 'read_multiple_files', 'read_text_file', 'search_files']);
  });
  it('destructive removed on create_directory and move_file; idempotent added on create_directory and write_file', () => {
    assert.deepEqual(toolsOf(r, 'annotation-destructive-removed'), ['create_directory', 'move_file']);
    assert.deepEqual(toolsOf(r, 'annotation-idempotent-added'), ['create_directory', 'write_file']);
  });
  it('constraint-loosened ×14: root additionalProperties:false dropped on 13 tools, plus edit_file edits[]', () => {
    const d = find(r, 'constraint-loosened');
    assert.equal(d.length, 14);
    assert.equal(d.filter((x) => x.path === '/inputSchema/additionalProperties').length, 13);
    assert.ok(d.some((x) => x.tool === 'edit_file' && x.path === '/inputSchema/properties/edits/items/additionalProperties'));
  });
  it('directory_tree +excludePatterns is the AUTO kind; the server capabilities change; the event holds', () => {
    assert.deepEqual(find(r, 'param-added-optional').map((d) => [d.tool, d.path]), [['directory_tree', '/inputSchema/properties/excludePatterns']]);
    assert.equal(count(r, 'server-capabilities-changed'), 1);
    assert.equal(r.decision, 'hold');
  });
});

describe('filesystem 2025.8.21: the same version installed fresh (zod 4) emits degenerate schemas', () => {
  const r = run(FS, '2025.8.21+sdk1.17.5', '2025.8.21');
  it('input-schema-invalid and param-removed × N with no version bump', () => {
    assert.ok(count(r, 'input-schema-invalid') >= 13, String(count(r, 'input-schema-invalid')));
    assert.ok(count(r, 'param-removed') >= 13);
    assert.equal(r.decision, 'hold');
  });
});

describe('everything', () => {
  it('2025.9.25 → 2025.11.25: only tool-added zip → AUTO', () => {
    const r = run(EV, '2025.9.25', '2025.11.25');
    assert.deepEqual(r.deltas.map((d) => [d.kind, d.tool]), [['tool-added', 'zip']]);
    assert.equal(r.decision, 'auto-accept');
  });

  describe('2025.11.25 → 2026.1.26 (refactor)', () => {
    const r = run(EV, '2025.11.25', '2026.1.26');
    const renames = (kind: string): string[] => find(r, kind).map((d) => `${d.details?.['renamedFrom']} → ${d.tool ?? d.prompt}`).sort();
    it('serverInfo.name changes and instructions are rewritten', () => {
      assert.deepEqual(find(r, 'server-identity-changed').map((d) => [d.path, d.before, d.after]),
        [['/serverInfo/name', '"example-servers/everything"', '"mcp-servers/everything"'],
          ['/serverInfo/title', '"Everything Example Server"', '"Everything Reference Server"']]);
      assert.equal(count(r, 'instructions-changed'), 1);
    });
    it('camelCase → kebab-case tools are tool-renamed-style-only', () => {
      assert.deepEqual(renames('tool-renamed-style-only'),
        ['getResourceLinks → get-resource-links', 'getResourceReference → get-resource-reference', 'getTinyImage → get-tiny-image']);
    });
    it('add → get-sum (identical inputSchema) is tool-renamed-probable', () => assert.ok(renames('tool-renamed-probable').includes('add → get-sum')));
    it('structuredContent → get-structured-content: location becomes an enum of three cities', () => {
      const d = find(r, 'enum-constraint-added');
      assert.deepEqual(d.map((x) => [x.tool, x.path]), [['get-structured-content', '/inputSchema/properties/location/enum']]);
      assert.deepEqual(JSON.parse(d[0]?.after ?? 'null'), ['New York', 'Chicago', 'Los Angeles']);
    });
    it('prompts: two style renames, complex_prompt removed, args-prompt and completable-prompt added, resourceType now required', () => {
      assert.deepEqual(renames('prompt-renamed-style-only'), ['resource_prompt → resource-prompt', 'simple_prompt → simple-prompt']);
      assert.deepEqual(find(r, 'prompt-removed').map((d) => d.prompt), ['complex_prompt']);
      assert.deepEqual(find(r, 'prompt-added').map((d) => d.prompt).sort(), ['args-prompt', 'completable-prompt']);
      assert.deepEqual(find(r, 'prompt-argument-added-required').map((d) => [d.prompt, d.path]), [['resource-prompt', '/arguments/resourceType']]);
    });
    it('new tools are present and the event holds', () => {
      const added = toolsOf(r, 'tool-added');
      for (const name of ['toggle-simulated-logging', 'toggle-subscriber-updates', 'gzip-file-as-resource', 'simulate-research-query']) assert.ok(added.includes(name), name);
      assert.equal(r.decision, 'hold');
    });
  });
});

describe('memory 2025.9.25 (sdk 1.0.1) → 2026.1.26 (sdk 1.32.2)', () => {
  const r = run(MEM, '2025.9.25', '2026.1.26');
  it('output-schema-added ×9, title-changed ×9, schema-dialect-changed ×9, execution-changed ×9, constraint-loosened ×14', () => {
    assert.deepEqual(['output-schema-added', 'title-changed', 'schema-dialect-changed', 'execution-changed', 'constraint-loosened'].map((k) => count(r, k)),
      [9, 9, 9, 9, 14]);
    assert.equal(r.decision, 'hold');
  });
});
