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
