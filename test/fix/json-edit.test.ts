import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editEntry } from '../../src/fix/editor.js';
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
