import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJson5 } from '../../src/parse/json5.js';
import { editEntry } from '../../src/fix/editor.js';
import type { EntryEdit } from '../../src/fix/types.js';

describe('parseJson5: a config as a host that reads it with the json5 package sees it', () => {
  it('reads JSON5-only syntax: unquoted keys, single quotes, hex numbers, trailing commas', () => {
    const r = parseJson5("{ mcp: { servers: { 'a-b': { command: 'npx', port: 0x10, args: ['x',], }, }, }, }");
    assert.ok(r.ok);
    assert.deepEqual(r.value.value, { mcp: { servers: { 'a-b': { command: 'npx', port: 16, args: ['x'] } } } });
  });

  it('keeps JSONC text on the positioned reader: a server is located at its own line', () => {
    const r = parseJson5('{\n  // c\n  "mcp": {\n    "servers": { "s": { "command": "npx" } }\n  }\n}\n');
    assert.ok(r.ok);
    assert.deepEqual(r.value.locate(['mcp', 'servers', 's']), { line: 4, column: 18 });
  });

  it('keeps the last of a duplicated key and __proto__ as an own key, as the json5 package does', () => {
    const r = parseJson5("{ a: 1, a: 2, __proto__: { command: 'x' } }");
    assert.ok(r.ok);
    const v = r.value.value as Record<string, unknown>;
    assert.equal(v.a, 2);
    assert.ok(Object.hasOwn(v, '__proto__'));
    assert.equal(Object.getPrototypeOf(v), Object.prototype);
  });

  it('reports a syntax error at its position without quoting the text', () => {
    const r = parseJson5("{ a: 'secret-token\n");
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'syntax');
    assert.equal(r.problem.message, 'invalid JSON5');
    assert.ok(!r.problem.message.includes('secret'));
  });

  it('refuses nesting past the cap, also in JSON5-only text, without recursion', () => {
    const deep = `{ k: ${'['.repeat(20000)}${']'.repeat(20000)} }`;
    const r = parseJson5(deep);
    assert.ok(!r.ok);
    assert.equal(r.problem.kind, 'too-deep');
    const fine = parseJson5(`{ k: ${'['.repeat(100)}${']'.repeat(100)} }`);
    assert.ok(fine.ok);
    // Brackets inside a single-quoted string are text, not nesting.
    const quoted = parseJson5(`{ k: '${'['.repeat(600)}' }`);
    assert.ok(quoted.ok);
    assert.equal((quoted.value.value as { k: string }).k.length, 600);
  });

  it('an edit of a JSON5-only file is refused; the same file in JSONC form is edited', () => {
    const op: EntryEdit = { entryPath: ['mcp', 'servers', 's'], ops: [{ kind: 'set', path: ['args'], value: ['y'] }] };
    const json5Only = editEntry("{ mcp: { servers: { s: { command: 'npx' } } } }\n", 'json5', op);
    assert.equal(json5Only.ok, false);
    const jsonc = editEntry('{ "mcp": { "servers": { "s": { "command": "npx" } } } }\n', 'json5', op);
    assert.ok(jsonc.ok, jsonc.ok ? '' : jsonc.reason);
    assert.match(jsonc.text, /"args": \["y"\]/);
  });
});
