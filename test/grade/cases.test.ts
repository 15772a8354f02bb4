import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { audit } from '../../src/grade/audit.js';
import { createHash } from 'node:crypto';
import type { GradingOptions } from '../../src/grade/audit.js';
import { PROXIES } from '../../src/proxies/index.js';
import { HOSTS } from '../../src/hosts/index.js';
import type { HostDefinition } from '../../src/hosts/types.js';
import type { GradedEntry } from '../../src/grade/types.js';
import { RULES } from '../../src/rules/index.js';
import type { Env } from '../../src/shared/env.js';
import { isRoot, materializeHome } from '../helpers/materialize.js';
import type { HomeSpec } from '../helpers/materialize.js';

/**
 * Table-driven grading through the real pipeline: each fixtures/grade/<case>.json is a host entry
 * plus a home (pin stores, configs) and the grade and rule ids that must (and must not) fire. The
 * entry is written into a real config file of the home (`~/.cursor/mcp.json` unless the case names
 * another `config`), and `audit()` reads it back: discover → normalize → unwrap → recognise → grade.
 */
const DIR = path.resolve('fixtures/grade');

interface Expect { grade: string; fires: string[]; quiet: string[]; /** Patterns the row's stated assumptions must match. */ assumes?: string[]; /** Claims that must be left open. */ unproven?: string[]; /** Claims that must be proven (rows that cannot be enforcing still prove what holds). */ proven?: string[] }
interface Case {
  name: string;
  description: string;
  entry: Record<string, unknown>;
  /** Another host's config file: its path under the home and the key holding the servers map. */
  config?: { file: string; key: string };
  /** A file of the home that stands in for the proxy's released launcher (see launcherGrading). */
  launcher?: { proxy: string; file: string };
  /** Facts of one proxy module replaced for this case (what the grade would be if the module said so). */
  module?: { proxy: string; facts: Record<string, unknown> };
  /** The config file's text as written (for shapes JSON.stringify cannot produce); `entry.name` still names the row. */
  configText?: string;
  home: HomeSpec;
  /** Discover project files too (the projects the home's host records list): for project-scope entries. */
  projectScan?: boolean;
  expect: Expect | { upstreams: Record<string, Expect> };
  requires?: string;
  /** The OS layout audited (`--platform`; default linux): for rules that differ per layout. */
  platform?: 'linux' | 'darwin' | 'win32';
  /** A known bypass not fixed yet: the case states the right grade and runs as a node:test todo (reported, not failing). */
  todo?: string;
}

function loadCases(): Case[] {
  return readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((f) => {
    const parsed: unknown = JSON.parse(readFileSync(path.join(DIR, f), 'utf8'));
    return { name: f.replace(/\.json$/, ''), ...(parsed as Omit<Case, 'name'>) };
  });
}

const sub = (s: string, home: string): string => s.split('@HOME@').join(home);

/** Writes the case's entry into the host config file the real reader will find under `home`. */
async function writeConfig(c: Case, home: string): Promise<void> {
  const cfg = c.config ?? { file: '.cursor/mcp.json', key: 'mcpServers' };
  const target = path.join(home, cfg.file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  if (c.configText !== undefined) {
    await fs.writeFile(target, sub(c.configText, home));
    return;
  }
  const { name, ...body } = c.entry;
  const text = JSON.stringify({ [cfg.key]: { [String(name)]: body } }, null, 2);
  await fs.writeFile(target, sub(text, home));
}

const envFor = (): Env => ({
  platform: 'linux', vars: {}, cwd: '/', uid: typeof process.getuid === 'function' ? process.getuid() : undefined,
  now: () => new Date('2026-11-29T00:00:00Z'),
});

function check(row: GradedEntry, exp: Expect, label: string): void {
  const ids = row.findings.map((f) => f.id);
  assert.equal(row.grade, exp.grade, `${label}: grade (findings: ${ids.join(', ')})`);
  for (const id of exp.fires) assert.ok(ids.includes(id), `${label}: expected ${id} to fire, got ${ids.join(', ')}`);
  for (const id of exp.quiet) assert.ok(!ids.includes(id), `${label}: expected ${id} to stay quiet`);
  const shown = (c: string): string => JSON.stringify(row.evidence.find((x) => x.claim === c) ?? 'no such claim');
  for (const c of exp.unproven ?? []) assert.equal(row.evidence.find((x) => x.claim === c)?.proven, false, `${label}: the ${c} claim must stay open: ${shown(c)}`);
  for (const c of exp.proven ?? []) assert.equal(row.evidence.find((x) => x.claim === c)?.proven, true, `${label}: the ${c} claim must be proven: ${shown(c)}`);
  for (const a of exp.assumes ?? []) assert.ok(row.assumptions.some((x) => new RegExp(a).test(x)), `${label}: expected an assumption matching ${a}, got ${row.assumptions.join(' | ')}`);
  // A row that is not enforcing always carries a finding: SARIF, the table and the policy line agree.
  if (!row.disabled && row.grade !== 'enforcing' && row.grade !== 'wired') {
    assert.ok(row.findings.some((f) => f.grade !== 'none'), `${label}: a ${row.grade} row carries no grading finding`);
  }
}

const CASES = loadCases();

/**
 * The host whose user file the case writes, so discovery looks there only (a case is one entry of
 * one host; the other hosts' locations would all be absent). A project file or another path keeps
 * every host.
 */
function hostsOf(c: Case): { hosts?: readonly HostDefinition[] } {
  const file = `~/${(c.config ?? { file: '.cursor/mcp.json' }).file}`;
  if (c.projectScan === true) return {};
  // Its owner, not a host that imports the file (mcporter reads other hosts' files as imports).
  const owners = HOSTS.filter((h) => h.locations.some((l) => l.path === file && !('importKind' in l)));
  return owners.length === 1 ? { hosts: owners } : {};
}

/**
 * The whole graded row as `why --format json` would show it, with the fixture home written as
 * @HOME@: the evidence, findings, assumptions and files are what a
 * user reads, so a change to any of them must show up as a reviewed change of
 * fixtures/grade/why/<case>.json (UPDATE_GOLDEN=1 rewrites them).
 */
const WHY = path.join(DIR, 'why');
function shownRows(rows: readonly GradedEntry[], home: string): string {
  // How many folders lie above the home depends on where the temp directory is.
  const text = JSON.stringify(rows, null, 2).split(home).join('@HOME@').replace(/each of its \d+ parent\(s\)/g, 'each of its @N@ parent(s)');
  return `${text}\n`;
}
async function matchGolden(name: string, text: string): Promise<void> {
  const file = path.join(WHY, `${name}.json`);
  if (process.env.UPDATE_GOLDEN === '1') {
    await fs.mkdir(WHY, { recursive: true });
    await fs.writeFile(file, text);
    return;
  }
  let want: string;
  try { want = await fs.readFile(file, 'utf8'); } catch { assert.fail(`${name}: no golden ${path.relative(process.cwd(), file)} (UPDATE_GOLDEN=1 writes it, to be reviewed)`); }
  assert.equal(text, want, `${name}: the graded row differs from ${path.relative(process.cwd(), file)}`);
}

/**
 * `launcher`: the fixture's file stands in for the proxy's released launcher. The module keeps
 * the released file's sha256 (its bytes are another project's code, not copied here), so the case
 * grades with that launcher's recorded facts and the fixture file's own digest.
 */
async function launcherGrading(c: Case, home: string): Promise<GradingOptions> {
  let proxies = PROXIES;
  if (c.module !== undefined) {
    const { proxy, facts } = c.module;
    assert.ok(PROXIES.some((p) => p.id === proxy && p.pins), `${c.name}: no pinning module ${proxy}`);
    proxies = proxies.map((p) => (p.id === proxy && p.pins ? { ...p, ...facts } : p));
  }
  if (c.launcher === undefined) return c.module === undefined ? {} : { proxies };
  const { proxy, file } = c.launcher;
  const sha256 = createHash('sha256').update(await fs.readFile(path.join(home, file))).digest('hex');
  proxies = proxies.map((p) => (p.id === proxy && p.pins ? { ...p, launchers: p.launchers.map((l) => ({ ...l, sha256 })) } : p));
  assert.ok(proxies.some((p) => p.id === proxy && p.pins && p.launchers.length > 0), `${c.name}: ${proxy} records no released launcher`);
  return { proxies };
}

/** `requires`: 'root' (chown). */
function skipReason(c: Case): string | false {
  if (c.requires === 'root') return isRoot() ? false : 'chown needs root';
  return c.requires === undefined ? false : `unknown requirement ${c.requires}`;
}

for (const c of CASES) {
  test(`grade case ${c.name}: ${c.description}`, { skip: skipReason(c), ...(c.todo !== undefined ? { todo: c.todo } : {}) }, async () => {
    const home = await materializeHome(c.home);
    await writeConfig(c, home);
    const result = await audit({ root: home, projectScan: c.projectScan === true, ...hostsOf(c), ...(c.platform !== undefined ? { platform: c.platform } : {}) }, envFor(), await launcherGrading(c, home));
    const rows = result.rows.filter((r) => r.name === c.entry.name);
    assert.ok(rows.length > 0, `${c.name}: the reader found no entry ${String(c.entry.name)} (entries: ${result.rows.map((r) => r.name).join(', ')})`);
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
    await matchGolden(c.name, shownRows(rows, home));
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
  // The --all-users account rules (home-*) need several accounts: test/grade/all-users.test.ts;
  // pin-store-acl-unproven needs files on Windows (a DACL reader): test/grade/windows-acl.test.ts.
  // baseline-shared compares two entries of an audit (a case holds one): test/grade/shared-baseline.test.ts.
  const ELSEWHERE = new Set(['home-env-mismatch', 'suppression-expired', 'pins-unmatched', 'probe-drift', 'probe-unpinned-tools', 'probe-failed',
    'recognizer-failed', 'pin-store-uninspected', 'launch-unproven', 'home-foreign-owner', 'home-unreadable', 'pin-store-acl-unproven', 'baseline-shared']);
  // policy-… rules come from a --policy file over the report: test/report/policy-check.test.ts has each one's cases.
  const elsewhere = (id: string): boolean => id.startsWith('config-') || id.startsWith('policy-') || ELSEWHERE.has(id);
  const missing = RULES.map((r) => r.id).filter((id) => !elsewhere(id) && (!fires.has(id) || !quiet.has(id)));
  assert.deepEqual(missing, [], 'rules without a firing and a non-firing grade case');
});
