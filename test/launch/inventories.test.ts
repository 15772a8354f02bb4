import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HOSTS } from '../../src/hosts/index.js';
import { INVENTORIES, frameInventories, runtimeInventories } from '../../src/launch/inventories/index.js';
import { RUNNER_OPTIONS } from '../../src/launch/runners.js';
import { UNWRAPPED_PROGRAMS } from '../../src/launch/unwrap.js';
import { PROXIES } from '../../src/proxies/index.js';
import { optionItem } from '../../src/grade/env-reach.js';

const cites = (s: string): boolean => /https?:\/\/|[\w.-]+\/[\w.-]+@[\w.-]+/.test(s);

test('every program the launch stage unwraps has an inventory (a new wrapper without one fails here)', () => {
  const missing = [...UNWRAPPED_PROGRAMS, 'python', 'python3', 'python3.12', 'py', 'npx-cli.js', 'npm-cli.js']
    .filter((name) => frameInventories({ name }) === undefined);
  assert.deepEqual(missing, []);
  assert.equal(frameInventories({ name: 'mcp-pin' }), undefined, 'a program with no inventory is reported as such, not as "reads nothing"');
});

test('every proxy runtime a module declares has inventories, and an unknown runtime has none', () => {
  for (const p of PROXIES) if (p.pins && p.runtime !== 'unknown') assert.ok(runtimeInventories(p.runtime) !== undefined, p.id);
  assert.equal(runtimeInventories('unknown'), undefined);
});

test('every host names the env files it loads, with a source; Gemini CLI loads .env files in its documented order', () => {
  for (const h of HOSTS) assert.ok(h.envFiles.source.length > 0, h.id);
  const gemini = HOSTS.find((h) => h.id === 'gemini-cli');
  assert.deepEqual(gemini?.envFiles.files.map((f) => f.path), ['<cwd>/.gemini/.env', '<cwd>/.env', '~/.gemini/.env', '~/.env']);
  assert.ok(gemini?.envFiles.files.every((f) => f.group === 'gemini-env' && f.format === 'dotenv'));
});

test('every inventory, item and config file cites its source', () => {
  const bad: string[] = [];
  // The proxies' own inventories live in their modules (test/proxies); here: present and non-empty.
  for (const p of PROXIES) if (p.pins && (p.inputs.source.trim() === '' || p.inputs.items.some((i) => i.source.trim() === ''))) bad.push(p.id);
  for (const inv of INVENTORIES) {
    if (!cites(inv.source)) bad.push(`${inv.component}: ${inv.source}`);
    for (const i of inv.items) if (i.source.trim() === '') bad.push(`${inv.component} ${i.name}`);
    for (const f of inv.configFiles) if (!cites(f.source)) bad.push(`${inv.component} ${f.path}`);
  }
  for (const h of HOSTS) for (const f of h.envFiles.files) if (!cites(f.source)) bad.push(`${h.id} ${f.path}`);
  assert.deepEqual(bad, []);
});

test('every option a runner accepts has a modelled effect in its inventory', () => {
  const missing: string[] = [];
  for (const [component, specs] of Object.entries(RUNNER_OPTIONS)) {
    const inv = INVENTORIES.find((i) => i.component === component);
    assert.ok(inv !== undefined, component);
    for (const spec of specs) for (const o of [...spec.values, ...spec.flags]) if (optionItem(inv, o) === undefined) missing.push(`${component} ${o}`);
  }
  assert.deepEqual(missing, []);
});

test('inventory sizes (for the note: component, items, config files)', (t) => {
  for (const inv of INVENTORIES) t.diagnostic(`${inv.component}: ${inv.items.length} items, ${inv.configFiles.length} config files`);
  assert.ok(INVENTORIES.length >= 19);
});
