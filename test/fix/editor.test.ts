import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editEntry } from '../../src/fix/editor.js';
import type { EntryOp } from '../../src/fix/types.js';

const edit = (text: string, format: 'json' | 'jsonc' | 'toml' | 'yaml', entryPath: (string | number)[], ops: EntryOp[]) => editEntry(text, format, { entryPath, ops });
const ok = (r: ReturnType<typeof edit>): string => { assert.ok(r.ok, r.ok ? '' : r.reason); return r.ok ? r.text : ''; };

test('strict JSON stays strict; an edit that would leave the entry is refused', () => {
  const r = edit('{"s": {"a": 1}, "t": 2}', 'json', ['s'], [{ kind: 'set', path: ['b'], value: 'x' }]);
  assert.equal(ok(r), '{"s": {"a": 1, "b": "x"}, "t": 2}');
  assert.equal(edit('{"s": ', 'json', ['s'], [{ kind: 'delete', path: ['a'] }]).ok, false, 'a broken file is refused');
});

test('an edit is verified by re-reading: ops that cannot be written as the format are refused', () => {
  assert.equal(edit('[mcp_servers.s]\ncommand = "x"\n', 'toml', ['mcp_servers', 's'], [{ kind: 'set', path: ['command'], value: null }]).ok, false, 'TOML has no null');
  assert.equal(edit('{"s": {"a": 1}}', 'json', ['t'], [{ kind: 'delete', path: ['a'] }]).ok, false, 'no such entry');
});
