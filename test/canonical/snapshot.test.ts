import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { getMember } from '../../src/canonical/json-model.js';
import { readJsonText } from '../../src/canonical/json-text.js';
import { snapshotShape, toSnapshot } from '../../src/canonical/snapshot.js';

const root = (text: string) => {
  const r = readJsonText(text);
  assert.ok(r.ok);
  return r.value.value;
};
const names = (text: string): string[] => {
  const s = toSnapshot(root(text));
  assert.ok(s.ok, JSON.stringify(!s.ok && s.problem.message));
  return s.value.tools.map((t) => {
    const n = getMember(t, 'name');
    return n?.kind === 'string' ? n.value : '?';
  });
};

test('accepts one Tool, an array of tools, a tools/list result and a snapshot', () => {
  assert.deepEqual(names('{"name":"a","inputSchema":{}}'), ['a']);
  assert.deepEqual(names('[{"name":"a"},{"name":"b"}]'), ['a', 'b']);
  assert.deepEqual(names('{"tools":[{"name":"a"}],"nextCursor":null}'), ['a']);
  assert.deepEqual(names('{"serverInfo":{"name":"s","version":"1"},"instructions":"i","tools":[{"name":"a"}],"prompts":[{"name":"p"}]}'), ['a']);
  assert.equal(snapshotShape(root('{"name":"a"}')), 'tool');
  assert.equal(snapshotShape(root('[]')), 'tool-array');
  assert.equal(snapshotShape(root('{"tools":[],"nextCursor":"c2"}')), 'tools-list-result');
  assert.equal(snapshotShape(root('{"tools":[],"instructions":"x"}')), 'snapshot');
});

test('a tools/list page with a nextCursor is marked incomplete', () => {
  const s = toSnapshot(root('{"tools":[{"name":"a"}],"nextCursor":"page2"}'));
  assert.ok(s.ok);
  assert.equal(s.value.incomplete, true);
  const full = toSnapshot(root('{"tools":[{"name":"a"}]}'));
  assert.ok(full.ok);
  assert.equal(full.value.incomplete, undefined);
});

test('literals survive into the snapshot (a 0.0 stays a float)', () => {
  const s = toSnapshot(root('{"name":"a","inputSchema":{"minimum":0.0}}'));
  assert.ok(s.ok);
  const schema = getMember(s.value.tools[0] ?? { kind: 'object', members: [] }, 'inputSchema');
  assert.ok(schema?.kind === 'object');
  assert.deepEqual(getMember(schema, 'minimum'), { kind: 'float', value: 0, text: '0.0', offset: 37 });
});

test('rejects other shapes with a pointer to the offending value', () => {
  const cases: [string, string][] = [
    ['42', ''], ['{"foo":1}', ''], ['[1]', '/0'], ['[{"name":1}]', '/0'], ['{"tools":{}}', '/tools'],
    ['{"tools":[{"name":"a"},"x"]}', '/tools/1'], ['{"tools":[],"prompts":[{}]}', '/prompts/0'],
    ['{"tools":[],"serverInfo":[]}', '/serverInfo'], ['{"tools":[],"instructions":5}', '/instructions'],
  ];
  for (const [text, pointer] of cases) {
    const s = toSnapshot(root(text));
    assert.ok(!s.ok, text);
    assert.equal(s.problem.pointer, pointer, text);
  }
});

test('the demo snapshot conforms to schemas/snapshot.schema.json and toSnapshot accepts it', () => {
  const schema: unknown = JSON.parse(readFileSync(new URL('../../../schemas/snapshot.schema.json', import.meta.url), 'utf8'));
  assert.ok(typeof schema === 'object' && schema !== null);
  const validate = new Ajv2020({ strict: true }).compile(schema);
  const text = readFileSync(new URL('../../../fixtures/demo/snapshot.json', import.meta.url), 'utf8');
  assert.ok(validate(JSON.parse(text)), JSON.stringify(validate.errors));
  assert.ok(!validate({ tools: [{ description: 'no name' }] }), 'a tool without a name is invalid');
  assert.deepEqual(names(text), ['echo', 'get-annotated-message', 'get-structured-content', 'get-sum']);
});
