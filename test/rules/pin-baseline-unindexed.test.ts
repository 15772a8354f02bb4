import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { test } from 'node:test';
import { audit } from '../../src/grade/audit.js';
import type { GradedEntry } from '../../src/grade/types.js';
import type { HomeSpec } from '../helpers/materialize.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';

/**
 * pin-baseline-unindexed through the real pipeline: a real ~/.cursor/mcp.json, a real pin file
 * with records for `fs`, and each state of the tamper-evidence index beside it (mcpindex-ai/mcpindex-sdk-ts@3bce661:src/preflight.ts
 * EVER_PINNED_NAME). The reason names which check failed; the grade cases (fixtures/grade/baseline-*) cover
 * the same states by rule id.
 */
const GATE = ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'node', '--upstream-arg=/opt/srv.js'];
const PINS = JSON.stringify({
  version: 2,
  pins: [{ server_id: 'fs', tool_name: 'read', definition_hash: `sha256:${'ab'.repeat(32)}`, pinned_at: '2026-08-01T10:00:00.000+00:00' }],
});
const INDEX = '.mcpindex/pins/.ever-pinned.json';

async function fsRow(index: HomeSpec): Promise<GradedEntry> {
  const home = await materializeHome({
    '.cursor/mcp.json': { content: JSON.stringify({ mcpServers: { fs: { command: 'uvx', args: GATE } } }), mode: 0o600 },
    '.mcpindex': { dir: true, mode: 0o700 },
    '.mcpindex/pins': { dir: true, mode: 0o700 },
    '.mcpindex/pins/fs.json': { content: PINS, mode: 0o600 },
    ...index,
  }, 'mcp-audit-unindexed');
  try {
    const row = (await audit({ root: home, projectScan: false }, testEnv('linux'))).rows.find((r) => r.name === 'fs');
    assert.ok(row !== undefined);
    return row;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const reasonOf = (row: GradedEntry): string | undefined => row.findings.find((f) => f.id === 'pin-baseline-unindexed')?.data.reason;

test('pins without a consistent index leave the baseline unproven, with the failed check as the reason', async () => {
  const cases: [string, HomeSpec, string][] = [
    ['no index', {}, '.ever-pinned.json is missing'],
    ['invalid JSON', { [INDEX]: { content: '{"stores": [', mode: 0o600 } }, '.ever-pinned.json is not valid JSON'],
    ['no stores list', { [INDEX]: { content: '{"stores": "fs.json"}', mode: 0o600 } }, '.ever-pinned.json has no stores list'],
    ['a non-string name', { [INDEX]: { content: '{"stores": ["fs.json", 7]}', mode: 0o600 } }, '.ever-pinned.json lists a store name that is not a string'],
    ['not listed', { [INDEX]: { content: '{"stores": ["other.json"]}', mode: 0o600 } }, '.ever-pinned.json does not list fs.json'],
  ];
  for (const [label, index, reason] of cases) {
    const row = await fsRow(index);
    assert.equal(row.grade, 'unverifiable', label);
    assert.equal(reasonOf(row), reason, label);
    const baseline = row.evidence.find((c) => c.claim === 'baseline');
    assert.deepEqual(baseline?.proven === false ? baseline.findings : undefined, ['pin-baseline-unindexed'], label);
    assert.ok(row.evidence.filter((c) => c.claim !== 'baseline').every((c) => c.proven), `${label}: only the baseline is open`);
  }
});

test('an index that fails the pin-file checks (a directory, one others can rewrite) proves nothing, and says why', async () => {
  for (const [label, index, rule] of [
    ['a directory', { [INDEX]: { dir: true, mode: 0o700 } }, 'pin-store-not-regular'],
    ['world-writable', { [INDEX]: { content: '{"stores": ["fs.json"]}', mode: 0o666 } }, 'pin-store-writable'],
  ] as const) {
    const row = await fsRow(index);
    assert.equal(row.grade, 'unverifiable', label);
    assert.ok(row.findings.some((f) => f.id === rule && f.data.path?.endsWith(INDEX) === true), `${label}: ${rule} on the index`);
    if (label === 'a directory') assert.equal(reasonOf(row), '.ever-pinned.json fails the store checks');
  }
});

test('an index listing the pin file proves the baseline and says what was checked', async () => {
  const row = await fsRow({ [INDEX]: { content: '{\n  "stores": [\n    "fs.json",\n    "other.json"\n  ]\n}\n', mode: 0o600 } });
  assert.equal(row.grade, 'enforcing', row.findings.map((f) => f.message).join('; '));
  assert.equal(reasonOf(row), undefined);
  const baseline = row.evidence.find((c) => c.claim === 'baseline');
  assert.ok(baseline?.proven === true);
  assert.match(baseline.evidence.join(' '), /^1 pin record\(s\) with server_id fs in a v2 pin file, listed in the tamper index \.ever-pinned\.json$/);
});
