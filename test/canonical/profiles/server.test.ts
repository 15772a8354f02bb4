import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readJsonText } from '../../../src/canonical/json-text.js';
import { server } from '../../../src/canonical/profiles/server.js';
import { toSnapshot } from '../../../src/canonical/snapshot.js';

function digest(text: string): { preimage: string; digest: string } {
  const doc = readJsonText(text);
  assert.ok(doc.ok);
  const snap = toSnapshot(doc.value.value);
  assert.ok(snap.ok);
  const r = server.digestServer(snap.value);
  assert.ok(r.ok);
  return r.value;
}

const PROMPTS = '[{"name":"b","description":"B","arguments":[{"name":"x","required":true}],"_meta":{"k":1}},{"name":"a","title":"A"}]';

test('preimage: instructions plus prompts reduced to name/title/description/arguments, sorted by name', () => {
  const d = digest(`{"serverInfo":{"name":"s","version":"1.0.0"},"instructions":"Use me.","tools":[],"prompts":${PROMPTS}}`);
  assert.equal(d.preimage, '{"instructions":"Use me.","prompts":[{"name":"a","title":"A"},{"arguments":[{"name":"x","required":true}],"description":"B","name":"b"}]}');
});

test('prompt order, serverInfo.version, tools and _meta do not change it; instructions and prompt text do', () => {
  const base = digest(`{"instructions":"Use me.","tools":[],"prompts":${PROMPTS}}`).digest;
  const reordered = '[{"name":"a","title":"A"},{"name":"b","description":"B","arguments":[{"name":"x","required":true}]}]';
  assert.equal(digest(`{"serverInfo":{"name":"s","version":"9"},"instructions":"Use me.","tools":[{"name":"t"}],"prompts":${reordered}}`).digest, base);
  assert.notEqual(digest(`{"instructions":"Use me!","tools":[],"prompts":${PROMPTS}}`).digest, base);
  assert.notEqual(digest(`{"instructions":"Use me.","tools":[],"prompts":${PROMPTS.replace('"B"', '"B2"')}}`).digest, base);
});

test('absent instructions and prompts are omitted', () => {
  assert.equal(digest('{"tools":[]}').preimage, '{}');
  assert.equal(digest('{"tools":[],"prompts":[]}').preimage, '{"prompts":[]}');
});
