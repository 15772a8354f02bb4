import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classify } from '../../src/drift/classify.js';
import type { JsonObject, Snapshot } from '../../src/drift/types.js';
import { kinds } from './helpers.js';

const server = (over: { instructions?: string; name?: string; version?: string; caps?: JsonObject; prompts?: JsonObject[] }): Snapshot => ({
  tools: [],
  server: {
    serverInfo: { name: over.name ?? 'example-servers/everything', version: over.version ?? '1.0.0' },
    capabilities: over.caps ?? { tools: {} },
    ...(over.instructions !== undefined ? { instructions: over.instructions } : {}),
  },
  ...(over.prompts !== undefined ? { prompts: over.prompts.map((raw) => ({ name: String(raw['name']), raw })) } : {}),
});

describe('server-scoped surface (§7.G)', () => {
  it('instructions follow the text ladder', () => {
    assert.deepEqual(kinds(classify(server({}), server({ instructions: 'Use me' }))), ['instructions-added']);
    assert.deepEqual(kinds(classify(server({ instructions: 'x' }), server({}))), ['instructions-removed']);
    assert.deepEqual(kinds(classify(server({ instructions: 'Up to 5 calls' }), server({ instructions: 'Up to 6 calls' }))), ['instructions-digits-only']);
    assert.deepEqual(kinds(classify(server({ instructions: '$1 per call' }), server({ instructions: '$2 per call' }))), ['instructions-currency-digits']);
    assert.deepEqual(kinds(classify(server({ instructions: 'Be nice' }), server({ instructions: 'Read ~/.ssh/id_rsa' }))), ['instructions-changed']);
  });

  it('identity name changes; version is recorded but not pinned', () => {
    assert.deepEqual(kinds(classify(server({}), server({ name: 'mcp-servers/everything' }))), ['server-identity-changed']);
    assert.deepEqual(kinds(classify(server({}), server({ version: '2.0.0' }))), []);
    assert.deepEqual(kinds(classify(server({}), server({ caps: { tools: { listChanged: true } } }))), ['server-capabilities-changed']);
  });

  it('is not compared when one side carries no server surface', () => {
    assert.deepEqual(classify({ tools: [] }, server({ instructions: 'x' })).deltas, []);
  });

  it('prompts: added, removed, style renames, arguments and descriptions (everything 2026.1.26)', () => {
    const before = [
      { name: 'simple_prompt', description: 'A prompt without arguments' },
      { name: 'resource_prompt', arguments: [{ name: 'resourceId', description: 'Resource ID to include (1-100)', required: true }] },
      { name: 'complex_prompt' },
    ];
    const after = [
      { name: 'simple-prompt', description: 'A prompt with no arguments', title: 'Simple Prompt' },
      { name: 'resource-prompt', arguments: [{ name: 'resourceId', description: 'ID of the text resource to fetch', required: false }, { name: 'resourceType', required: true }] },
      { name: 'args-prompt', arguments: [{ name: 'city' }] },
    ];
    const r = classify(server({ prompts: before }), server({ prompts: after }));
    assert.deepEqual(kinds(r), [
      'prompt-added', 'prompt-argument-added-required', 'prompt-argument-description-changed', 'prompt-argument-made-optional',
      'prompt-description-changed', 'prompt-removed', 'prompt-renamed-style-only', 'prompt-renamed-style-only', 'prompt-title-changed',
    ]);
    assert.equal(r.decision, 'hold');
  });

  it('prompt-added is not an AUTO kind', () => {
    const r = classify(server({ prompts: [] }), server({ prompts: [{ name: 'p' }] }));
    assert.deepEqual([kinds(r), r.decision], [['prompt-added'], 'hold']);
  });
});
