import assert from 'node:assert/strict';
import { it } from 'node:test';
import { liveTools } from '../../src/probe/live-tools.js';

it('reads every page, keeping the float class of each literal beside the plain value', () => {
  const r = liveTools(['{"tools": [{"name": "a", "inputSchema": {"minimum": 0.0}}], "nextCursor": "1"}', '{"tools": [{"name": "b"}]}']);
  assert.ok(r.ok);
  assert.deepEqual(r.tools.map((t) => t.name), ['a', 'b']);
  assert.deepEqual(r.tools[0]?.plain, { name: 'a', inputSchema: { minimum: 0 } });
  const schema = r.tools[0]?.node.members.find((m) => m.key === 'inputSchema')?.value;
  assert.ok(schema?.kind === 'object');
  assert.deepEqual(schema.members[0]?.value.kind, 'float', '0.0 stays a float for the digest');
});

it('a page that is not a tools/list result fails the whole read, saying which page', () => {
  const bad = liveTools(['{"tools": []}', '{"tool": []}']);
  assert.deepEqual(bad, { ok: false, detail: 'tools/list page 2 has no "tools" array' });
  const nameless = liveTools(['{"tools": [{"title": "x"}]}']);
  assert.equal(nameless.ok, false);
  assert.equal(liveTools(['{"tools": [}']).ok, false);
});
