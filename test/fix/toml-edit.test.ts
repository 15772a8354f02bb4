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
