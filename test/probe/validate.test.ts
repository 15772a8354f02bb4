import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { schemaDeviations } from '../../src/probe/validate.js';

describe('schemaDeviations', () => {
  it('accepts valid results and names each rejected page with its JSON pointer', async () => {
    const deviations = await schemaDeviations({
      initializeRaw: '{"protocolVersion": "2025-06-18", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}',
      toolsRaw: ['{"tools": [{"name": "ok", "inputSchema": {"type": "object"}}]}', '{"tools": [{"inputSchema": {"type": "object"}}]}'],
      promptsRaw: ['{"prompts": "nope"}'],
    });
    assert.equal(deviations.length, 2);
    assert.match(deviations[0] ?? '', /^tools\/list page 2 does not match the MCP schema \(\/tools\/0\/name: /);
    assert.match(deviations[1] ?? '', /^prompts\/list page 1 does not match the MCP schema \(\/prompts: /);
  });

  it('rejects an initialize result without serverInfo', async () => {
    const deviations = await schemaDeviations({ initializeRaw: '{"protocolVersion": "2025-06-18", "capabilities": {}}', toolsRaw: [], promptsRaw: [] });
    assert.match(deviations.join('\n'), /^initialize result does not match the MCP schema \(\/serverInfo: /);
  });
});
