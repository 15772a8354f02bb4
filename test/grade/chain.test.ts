import assert from 'node:assert/strict';
import { test } from 'node:test';
import { audit } from '../../src/grade/audit.js';
import type { GradingOptions } from '../../src/grade/audit.js';
import { gradeEntry } from '../../src/grade/grade.js';
import type { GradedEntry } from '../../src/grade/types.js';
import { PROXIES } from '../../src/proxies/index.js';
import { mcpindexGate } from '../../src/proxies/mcpindex-gate.js';
import type { PinningProxy, Proxy } from '../../src/proxies/types.js';
import { RULES } from '../../src/rules/index.js';
import { CLAIMS } from '../../src/rules/types.js';
import type { HomeSpec } from '../helpers/materialize.js';
import { materializeHome } from '../helpers/materialize.js';
import { testEnv } from '../hosts/helpers.js';
import { ARTIFACT_FILES } from '../../src/grade/stores/artifact-files.js';
import { STORE_FILES } from '../../src/grade/stores/files.js';

/** Every grade through the real pipeline: a real ~/.cursor/mcp.json, real stores, audit(). */
const GATE = ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'node', '--upstream-arg=/opt/srv.js'];
const PINS = JSON.stringify({
  version: 2,
  pins: [{ server_id: 'fs', tool_name: 'read', definition_hash: `sha256:${'ab'.repeat(32)}`, pinned_at: '2026-08-01T10:00:00.000+00:00' }],
});
// The gate lists every store file it writes in this index (mcpindex-ai/mcpindex-sdk-ts@3bce661:src/preflight.ts EVER_PINNED_NAME): a gate-written store.
const INDEX = JSON.stringify({ stores: ['fs.json'] });

async function rows(servers: Record<string, unknown>, extra: HomeSpec = {}, grading: GradingOptions = {}): Promise<GradedEntry[]> {
  const home = await materializeHome({
    '.cursor/mcp.json': { content: JSON.stringify({ mcpServers: servers }, null, 2), mode: 0o600 },
    '.mcpindex': { dir: true, mode: 0o700 },
    '.mcpindex/pins': { dir: true, mode: 0o700 },
    '.mcpindex/pins/fs.json': { content: PINS, mode: 0o600 },
    '.mcpindex/pins/.ever-pinned.json': { content: INDEX, mode: 0o600 },
    ...extra,
  });
  return [...(await audit({ root: home, projectScan: false }, testEnv('linux'), grading)).rows];
}

const one = async (server: unknown, grading: GradingOptions = {}): Promise<GradedEntry> => {
  const [row] = await rows({ fs: server }, {}, grading);
  assert.ok(row !== undefined);
  return row;
};

const claimsOf = (r: GradedEntry): string[] => r.evidence.map((c) => c.claim);

test('enforcing: every claim is proven, each with positive evidence', async () => {
  const r = await one({ command: 'uvx', args: GATE });
  assert.equal(r.grade, 'enforcing', r.findings.map((f) => f.id).join(', '));
  assert.deepEqual(claimsOf(r), [...CLAIMS]);
  for (const c of r.evidence) {
    assert.ok(c.proven, `${c.claim} proven`);
    if (c.proven) assert.ok(c.evidence.length > 0 && c.evidence.every((e) => e.trim() !== ''), c.claim);
  }
  const text = JSON.stringify(r.evidence);
  assert.match(text, /1 pin record\(s\) with server_id fs in a v2 pin file, listed in the tamper index \.ever-pinned\.json/);
  assert.match(r.assumptions.join('\n'), /^baseline: assumed the gate keys this server's pins by the entry name fs/m);
  assert.match(text, /mode guard, which blocks/);
  assert.match(text, /release mcpindex-gate==0\.16\.1|release 0\.16\.1/);
});

test('unprotected: no pinning proxy refutes program, the rest is not reached', async () => {
  const r = await one({ command: 'node', args: ['/opt/srv.js'] });
  assert.equal(r.grade, 'unprotected');
  const program = r.evidence.find((c) => c.claim === 'program');
  assert.deepEqual(program?.proven === false ? program.findings : undefined, ['no-pinning-proxy']);
  assert.equal(r.evidence.find((c) => c.claim === 'launched')?.proven, true);
  for (const c of r.evidence.filter((x) => !['launched', 'program'].includes(x.claim))) assert.equal(c.proven, false, c.claim);
});

test('unverifiable: a missing baseline leaves exactly that claim open', async () => {
  const [r] = await rows({ other: { command: 'uvx', args: GATE } });
  assert.equal(r?.grade, 'unverifiable');
  const open = r?.evidence.filter((c) => !c.proven).map((c) => [c.claim, c.proven ? [] : c.findings]);
  assert.deepEqual(open, [['baseline', ['pin-baseline-absent']]]);
});

test('an unversioned gate leaves the version claim unproven (uvx may run a cached, affected release)', async () => {
  const r = await one({ command: 'uvx', args: GATE.map((a) => (a === 'mcpindex-gate==0.16.1' ? 'mcpindex-gate' : a)) });
  assert.equal(r.grade, 'unverifiable');
  assert.deepEqual(r.evidence.filter((c) => !c.proven).map((c) => c.claim), ['version']);
});

test('every grading rule names its claim; file, probe and suppression rules name none', () => {
  // config-unexpected-shape is also filed on the entry row (a wrong-typed field: what the host
  // launches is not known), so it names the launched claim.
  // policy-… rules (a --policy file) judge the report against an organisation's rules, not a claim.
  const claimless = (id: string): boolean => (id.startsWith('config-') && id !== 'config-unexpected-shape') || id.startsWith('probe-')
    || id.startsWith('policy-')
    || ['suppression-expired', 'pins-unmatched', 'home-env-mismatch', 'home-foreign-owner', 'home-unreadable', 'claim-unproven'].includes(id);
  for (const r of RULES) {
    if (claimless(r.id)) assert.equal(r.claim, null, r.id);
    else assert.ok(r.claim !== null && CLAIMS.includes(r.claim), `${r.id} names a claim`);
  }
});

test('recognizer-failed: a recognizer that throws is named, never read as "no proxy"', async () => {
  const thrower: Proxy = {
    id: 'mcp-remote', version: 1, pins: false, reason: 'test', packages: { npm: [], pypi: [], go: [] }, programs: [],
    advisories: { reviewed: '2026-12-01', sources: [], list: [] },
    recognize: () => { throw new TypeError('cannot read shape'); },
  };
  const plain = await one({ command: 'node', args: ['/opt/srv.js'] }, { proxies: [thrower, ...PROXIES] });
  assert.equal(plain.grade, 'unverifiable');
  assert.deepEqual(plain.findings.map((f) => f.id), ['recognizer-failed']);
  assert.equal(plain.findings[0]?.data.recognizer, 'mcp-remote');
  assert.match(plain.findings[0]?.message ?? '', /TypeError: cannot read shape/);
  // Another module still recognises its proxy, but the entry cannot be enforcing.
  const gated = await one({ command: 'uvx', args: GATE }, { proxies: [thrower, ...PROXIES] });
  assert.equal(gated.proxy?.id, 'mcpindex-gate');
  assert.equal(gated.grade, 'unverifiable');
  assert.deepEqual(gated.evidence.filter((c) => !c.proven).map((c) => [c.claim, c.proven ? [] : c.findings]), [['program', ['recognizer-failed']]]);
  // Non-firing: the real registry on the same entries.
  assert.ok(!(await one({ command: 'node', args: ['/opt/srv.js'] })).findings.some((f) => f.id === 'recognizer-failed'));
});

test('pin-store-uninspected: a pinning module without an inspector, or with one that throws, is unverifiable', async () => {
  const noInspector: PinningProxy = { ...mcpindexGate };
  Reflect.deleteProperty(noInspector, 'inspectStore');
  const missing = await one({ command: 'uvx', args: GATE }, { proxies: [noInspector] });
  assert.equal(missing.grade, 'unverifiable');
  assert.deepEqual(missing.findings.map((f) => f.id), ['pin-store-uninspected']);
  assert.match(missing.findings[0]?.message ?? '', /provides no store inspector/);
  assert.deepEqual(missing.evidence.filter((c) => !c.proven).map((c) => c.claim), ['store', 'baseline']);
  const failing: PinningProxy = { ...mcpindexGate, inspectStore: () => Promise.reject(new Error('boom')) };
  const failed = await one({ command: 'uvx', args: GATE }, { proxies: [failing] });
  assert.equal(failed.grade, 'unverifiable');
  assert.match(failed.findings[0]?.message ?? '', /store inspector failed \(Error: boom\)/);
  assert.ok(!(await one({ command: 'uvx', args: GATE })).findings.some((f) => f.id === 'pin-store-uninspected'));
});

test('launched: a launch doubt leaves it unproven (launch-unproven); a disabled entry is listed, not launched', async () => {
  const home = await materializeHome({
    '.cursor/mcp.json': { content: JSON.stringify({ mcpServers: { fs: { command: 'uvx', args: GATE } } }), mode: 0o600 },
    // Cline honours `disabled` (Cursor does not: cursor/cursor#3656), so the switched-off entry lives there.
    '.cline/data/settings/cline_mcp_settings.json': { content: JSON.stringify({ mcpServers: { off: { command: 'uvx', args: GATE, disabled: true } } }), mode: 0o600 },
    '.mcpindex/pins/fs.json': { content: PINS, mode: 0o600 },
    '.mcpindex/pins/.ever-pinned.json': { content: INDEX, mode: 0o600 },
  });
  const result = await audit({ root: home, projectScan: false }, testEnv('linux'));
  const entry = result.discovery.entries.find((e) => e.name === 'fs');
  assert.ok(entry !== undefined);
  // auditRoot: system files (/etc/npmrc …) are read below the temp home, not from this machine.
  const ctx = { home, platform: 'linux' as const, auditRoot: true, uid: process.getuid?.(), user: 'u', userName: (uid: number) => `uid ${uid}`, artifactFiles: ARTIFACT_FILES, storeFiles: STORE_FILES };
  const [doubted] = await gradeEntry({ ...entry, launchDoubts: [{ reason: 'the host expands ${env:X} at launch' }] }, ctx);
  assert.equal(doubted?.grade, 'unverifiable');
  assert.deepEqual(doubted?.findings.map((f) => f.id), ['launch-unproven']);
  const [plain] = await gradeEntry(entry, ctx);
  assert.ok(!(plain?.findings ?? []).some((f) => f.id === 'launch-unproven'));
  const off = result.rows.find((r) => r.name === 'off');
  const launched = off?.evidence.find((c) => c.claim === 'launched');
  assert.equal(launched?.proven, false);
  assert.match(launched !== undefined && !launched.proven ? launched.reason : '', /^not launched: disabled/);
});

test('runner-cwd-unproven: npx resolves against a working directory the host does not prove; the trusted home proves it', async () => {
  const spec: HomeSpec = {
    '.cursor/mcp.json': { content: JSON.stringify({ mcpServers: { pin: { command: 'npx', args: ['-y', 'mcp-pin@1.0.0', '--', 'node', '/opt/srv.js'] } } }), mode: 0o600 },
    '.mcp-pin': { dir: true, mode: 0o700 },
    // The pin file of exactly this wrapped command line (mcp-pin store.js serverId).
    '.mcp-pin/pins.d/01ed2e216a0adbf3.json': { content: JSON.stringify({ id: '01ed2e216a0adbf3', setHash: 'ab'.repeat(32), tools: [], instructions: null, instructionsHash: null }), mode: 0o600 },
  };
  const home = await materializeHome(spec);
  const result = await audit({ root: home, projectScan: false }, testEnv('linux'));
  const [row] = result.rows;
  assert.equal(row?.grade, 'unverifiable');
  assert.deepEqual(row?.findings.map((f) => f.id), ['runner-cwd-unproven']);
  const entry = result.discovery.entries[0];
  assert.ok(entry !== undefined);
  // auditRoot: system files (/etc/npmrc …) are read below the temp home, not from this machine.
  const ctx = { home, platform: 'linux' as const, auditRoot: true, uid: process.getuid?.(), user: 'u', userName: (uid: number) => `uid ${uid}`, artifactFiles: ARTIFACT_FILES, storeFiles: STORE_FILES };
  const [atHome] = await gradeEntry({ ...entry, launchCwd: { kind: 'home' } }, ctx);
  assert.equal(atHome?.grade, 'enforcing', atHome?.findings.map((f) => f.id).join(', '));
  assert.match(JSON.stringify(atHome?.evidence), /npx resolves against the working directory, which is the trusted home; node_modules was looked for there/);
  const [inProject] = await gradeEntry({ ...entry, launchCwd: { kind: 'project', path: '/work/repo' } }, ctx);
  assert.match(inProject?.findings[0]?.message ?? '', /the project directory \/work\/repo/);
});

test('a proxy recognised from a URL alone does not prove the program', async () => {
  const r = await one({ url: 'http://127.0.0.1:8000/hangar/mcp' });
  assert.equal(r.proxy?.id, 'mcp-hangar');
  assert.equal(r.grade, 'unverifiable');
  const program = r.evidence.find((c) => c.claim === 'program');
  assert.equal(program?.proven, false);
  assert.match(program !== undefined && !program.proven ? program.reason : '', /what serves that URL is not verified/);
});
