import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editEntry } from '../../src/fix/editor.js';
import type { EntryOp } from '../../src/fix/types.js';

const edit = (text: string, format: 'json' | 'jsonc' | 'toml' | 'yaml', entryPath: (string | number)[], ops: EntryOp[]) => editEntry(text, format, { entryPath, ops });
const ok = (r: ReturnType<typeof edit>): string => { assert.ok(r.ok, r.ok ? '' : r.reason); return r.ok ? r.text : ''; };

test('TOML: a value with a comment inside is never re-written; literal strings keep their quotes', () => {
  const commented = '[mcp_servers.s]\nargs = [\n  "a", # why\n  "b",\n]\n';
  assert.equal(edit(commented, 'toml', ['mcp_servers', 's'], [{ kind: 'delete', path: ['args', 1] }]).ok, false);
  const lit = "[mcp_servers.s]\ncommand = 'npx'\n";
  assert.equal(ok(edit(lit, 'toml', ['mcp_servers', 's'], [{ kind: 'set', path: ['command'], value: 'uvx' }])), "[mcp_servers.s]\ncommand = 'uvx'\n");
});

test('TOML: an entry written as an inline table, and an inline env table, are re-written whole', () => {
  const t = '[mcp_servers]\ns = { command = "uvx", args = ["--posture", "monitor", "x"], env = { HOME = "/tmp", K = "v" } }\nother = { command = "y" }\n';
  const out = ok(edit(t, 'toml', ['mcp_servers', 's'], [{ kind: 'delete', path: ['args', 1] }, { kind: 'delete', path: ['args', 0] }, { kind: 'delete', path: ['env', 'HOME'] }]));
  assert.equal(out, '[mcp_servers]\ns = { command = "uvx", args = ["x"], env = { K = "v" } }\nother = { command = "y" }\n');
});

test('TOML: a new key goes after the table\'s last key, before its sub-tables', () => {
  const t = '[mcp_servers.s]\ncommand = "x"\n\n[mcp_servers.s.env]\nK = "v"\n';
  assert.equal(ok(edit(t, 'toml', ['mcp_servers', 's'], [{ kind: 'set', path: ['m'], value: { a: ['b'] } }])), '[mcp_servers.s]\ncommand = "x"\nm = { a = ["b"] }\n\n[mcp_servers.s.env]\nK = "v"\n');
});

test('TOML: a multi-line array keeps one element per line, its indentation and its trailing comma', () => {
  const t = '[mcp_servers.s]\nargs = [\n    "--posture",\n    "monitor",\n    "x",\n]\n';
  assert.equal(ok(edit(t, 'toml', ['mcp_servers', 's'], [{ kind: 'delete', path: ['args', 1] }, { kind: 'delete', path: ['args', 0] }])), '[mcp_servers.s]\nargs = [\n    "x",\n]\n');
});
