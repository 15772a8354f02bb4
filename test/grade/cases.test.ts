import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { gradeEntry } from '../../src/grade/grade.js';
import type { GradedEntry } from '../../src/grade/types.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { RULES } from '../../src/rules/index.js';
import { isRoot, materializeHome } from '../helpers/materialize.js';
import type { HomeSpec } from '../helpers/materialize.js';

/**
 * Table-driven grading: each fixtures/grade/<case>.json is a host entry plus a home (pin stores,
 * configs) and the grade and rule ids that must (and must not) fire.
 */
const DIR = path.resolve('fixtures/grade');

interface Expect { grade: string; fires: string[]; quiet: string[] }
interface Case {
  name: string;
  description: string;
  entry: Record<string, unknown>;
  home: HomeSpec;
  expect: Expect | { upstreams: Record<string, Expect> };
  requires?: string;
}

function loadCases(): Case[] {
  return readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((f) => {
    const parsed: unknown = JSON.parse(readFileSync(path.join(DIR, f), 'utf8'));
    return { name: f.replace(/\.json$/, ''), ...(parsed as Omit<Case, 'name'>) };
  });
}

function substitute(value: unknown, home: string): unknown {
  if (typeof value === 'string') return value.split('@HOME@').join(home);
  if (Array.isArray(value)) return value.map((v) => substitute(v, home));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, home)]));
  }
  return value;
}

export function entryFrom(raw: Record<string, unknown>, home: string): ServerEntry {
  const e = substitute(raw, home) as Record<string, unknown>;
  const configPath = path.join(home, '.cursor', 'mcp.json');
  const name = String(e.name);
  const env: Record<string, string | null> = {};
  if (e.env !== undefined && e.env !== null && typeof e.env === 'object') {
    for (const [k, v] of Object.entries(e.env)) env[k] = typeof v === 'string' ? v : null;
  }
  return {
    host: 'cursor', scope: 'user', configPath, name,
    origin: { file: configPath, pointer: `/mcpServers/${name}`, line: 3, column: 5 },
    transport: typeof e.url === 'string' ? 'http' : 'stdio',
    ...(typeof e.command === 'string' ? { command: e.command } : {}),
    args: Array.isArray(e.args) ? e.args.map(String) : [],
    env, envOrigins: {},
    ...(typeof e.url === 'string' ? { url: e.url } : {}),
    ...(typeof e.cwd === 'string' ? { cwd: e.cwd } : {}),
    headers: {}, disabled: e.disabled === true, raw: e,
  };
}

const ctxFor = (home: string) => ({
  home, platform: 'linux' as const, uid: process.getuid?.(), user: os.userInfo().username,
  userName: (uid: number) => `uid ${uid}`,
});

function check(row: GradedEntry, exp: Expect, label: string): void {
  const ids = row.findings.map((f) => f.id);
  assert.equal(row.grade, exp.grade, `${label}: grade (findings: ${ids.join(', ')})`);
  for (const id of exp.fires) assert.ok(ids.includes(id), `${label}: expected ${id} to fire, got ${ids.join(', ')}`);
  for (const id of exp.quiet) assert.ok(!ids.includes(id), `${label}: expected ${id} to stay quiet`);
}

const CASES = loadCases();

for (const c of CASES) {
  test(`grade case ${c.name}: ${c.description}`, { skip: c.requires === 'root' && !isRoot() ? 'chown needs root' : false }, async () => {
    const home = await materializeHome(c.home);
    const rows = await gradeEntry(entryFrom(c.entry, home), ctxFor(home));
    if ('upstreams' in c.expect) {
      const names = rows.map((r) => r.upstream).sort();
      assert.deepEqual(names, Object.keys(c.expect.upstreams).sort());
      for (const row of rows) {
        const exp = c.expect.upstreams[row.upstream ?? ''];
        assert.ok(exp !== undefined);
        check(row, exp, `${c.name}/${row.upstream ?? ''}`);
      }
    } else {
      assert.equal(rows.length, 1);
      const row = rows[0];
      assert.ok(row !== undefined);
      check(row, c.expect, c.name);
      for (const f of row.findings) assert.ok(f.location !== undefined, `${c.name}: ${f.id} has a location`);
    }
  });
}

test('every grading rule has a firing and a non-firing case', () => {
  const fires = new Set<string>();
  const quiet = new Set<string>();
  for (const c of CASES) {
    const exps = 'upstreams' in c.expect ? Object.values(c.expect.upstreams) : [c.expect];
    for (const e of exps) {
      e.fires.forEach((id) => fires.add(id));
      e.quiet.forEach((id) => quiet.add(id));
    }
  }
  // Rules exercised elsewhere: discovery's file-level rules (test/hosts), the report-level and
  // suppression rules (test/report, test/cli), and the probe's (test/probe). The chain's own
  // rules need a registry or discovery fields a case file cannot give: test/grade/chain.test.ts.
  const ELSEWHERE = new Set(['home-env-mismatch', 'suppression-expired', 'pins-unmatched', 'probe-drift', 'probe-unpinned-tools', 'probe-failed',
    'recognizer-failed', 'pin-store-uninspected', 'launch-unproven']);
  const elsewhere = (id: string): boolean => id.startsWith('config-') || ELSEWHERE.has(id);
  const missing = RULES.map((r) => r.id).filter((id) => !elsewhere(id) && (!fires.has(id) || !quiet.has(id)));
  assert.deepEqual(missing, [], 'rules without a firing and a non-firing grade case');
});
