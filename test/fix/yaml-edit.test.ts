import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editEntry } from '../../src/fix/editor.js';
import type { EntryOp } from '../../src/fix/types.js';

const edit = (text: string, format: 'json' | 'jsonc' | 'toml' | 'yaml', entryPath: (string | number)[], ops: EntryOp[]) => editEntry(text, format, { entryPath, ops });
const ok = (r: ReturnType<typeof edit>): string => { assert.ok(r.ok, r.ok ? '' : r.reason); return r.ok ? r.text : ''; };

test('YAML: flow sequences stay flow; a quoted scalar keeps its quotes', () => {
  const t = 'servers:\n  s:\n    command: "npx"\n    args: [a, b]\n';
  assert.equal(ok(edit(t, 'yaml', ['servers', 's'], [{ kind: 'set', path: ['command'], value: 'uvx' }, { kind: 'set', path: ['args'], value: ['c'] }])), 'servers:\n  s:\n    command: "uvx"\n    args: [c]\n');
});

test('YAML: a new nested member goes after the entry\'s last one, at its indentation; comments in the entry stay', () => {
  const t = 'mcpServers:\n  - name: s\n    command: npx  # keep\n  - name: t\n';
  assert.equal(ok(edit(t, 'yaml', ['mcpServers', 0], [{ kind: 'set', path: ['m'], value: { a: ['b'] } }])), 'mcpServers:\n  - name: s\n    command: npx  # keep\n    m:\n      a:\n        - b\n  - name: t\n');
});
