import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changedRange, editEntry } from '../../src/fix/editor.js';
import { unifiedDiff } from '../../src/fix/diff.js';
import { scanToml } from '../../src/fix/toml-scan.js';
import type { EntryOp } from '../../src/fix/types.js';

const edit = (text: string, format: 'json' | 'jsonc' | 'toml' | 'yaml', entryPath: (string | number)[], ops: EntryOp[]) => editEntry(text, format, { entryPath, ops });
const ok = (r: ReturnType<typeof edit>): string => { assert.ok(r.ok, r.ok ? '' : r.reason); return r.ok ? r.text : ''; };

test('JSONC: removing the last array element keeps the comment of the one before (jsonc-parser 3.3.1 would give [12])', () => {
  const t = '{ "s": { "args": [\n  "a", // keep\n  "b"\n] } }\n';
  assert.equal(ok(edit(t, 'jsonc', ['s'], [{ kind: 'delete', path: ['args', 1] }])), '{ "s": { "args": [\n  "a" // keep\n] } }\n');
  assert.equal(ok(edit('{"s":{"a":[1,2]}}', 'json', ['s'], [{ kind: 'delete', path: ['a', 1] }])), '{"s":{"a":[1]}}');
});

test('JSONC: a new member after a trailing comma keeps the trailing comma style; CRLF kept', () => {
  const t = '{\r\n  "s": {\r\n    "command": "x",\r\n  },\r\n}\r\n';
  assert.equal(ok(edit(t, 'jsonc', ['s'], [{ kind: 'set', path: ['m'], value: 1 }])), '{\r\n  "s": {\r\n    "command": "x",\r\n    "m": 1,\r\n  },\r\n}\r\n');
});

test('strict JSON stays strict; an edit that would leave the entry is refused', () => {
  const r = edit('{"s": {"a": 1}, "t": 2}', 'json', ['s'], [{ kind: 'set', path: ['b'], value: 'x' }]);
  assert.equal(ok(r), '{"s": {"a": 1, "b": "x"}, "t": 2}');
  assert.equal(edit('{"s": ', 'json', ['s'], [{ kind: 'delete', path: ['a'] }]).ok, false, 'a broken file is refused');
});

test('TOML: a value with a comment inside is never re-written; literal strings keep their quotes', () => {
  const commented = '[mcp_servers.s]\nargs = [\n  "a", # why\n  "b",\n]\n';
  assert.equal(edit(commented, 'toml', ['mcp_servers', 's'], [{ kind: 'delete', path: ['args', 1] }]).ok, false);
  const lit = "[mcp_servers.s]\ncommand = 'npx'\n";
  assert.equal(ok(edit(lit, 'toml', ['mcp_servers', 's'], [{ kind: 'set', path: ['command'], value: 'uvx' }])), "[mcp_servers.s]\ncommand = 'uvx'\n");
});

test('TOML scanner: multi-line strings, arrays of tables and dotted keys get their paths', () => {
  const t = 'a = """x\n[not.a.header]\n"""\n[[mcp_servers]]\nname = "one"\n[mcp_servers.env]\nK = "v"\n[[mcp_servers]]\nname = "two"\n';
  const s = scanToml(t);
  assert.ok(s !== undefined);
  assert.deepEqual(s.map((x) => x.path), [['a'], ['mcp_servers', 0], ['mcp_servers', 0, 'name'], ['mcp_servers', 0, 'env'], ['mcp_servers', 0, 'env', 'K'], ['mcp_servers', 1], ['mcp_servers', 1, 'name']]);
  assert.equal(scanToml('a = [1,\n'), undefined, 'an unterminated array: the scanner gives up');
});

test('YAML: flow sequences stay flow; a quoted scalar keeps its quotes', () => {
  const t = 'servers:\n  s:\n    command: "npx"\n    args: [a, b]\n';
  assert.equal(ok(edit(t, 'yaml', ['servers', 's'], [{ kind: 'set', path: ['command'], value: 'uvx' }, { kind: 'set', path: ['args'], value: ['c'] }])), 'servers:\n  s:\n    command: "uvx"\n    args: [c]\n');
});

test('changedRange and unifiedDiff', () => {
  assert.deepEqual(changedRange('abcdef', 'abXef'), { start: 2, end: 4 });
  assert.equal(unifiedDiff('f', 'a\nb\nc\n', 'a\nB\nc\n'), '--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n');
  assert.equal(unifiedDiff('f', 'same\n', 'same\n'), '');
});
