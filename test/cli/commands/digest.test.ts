import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { runCli, spawnCli } from './cli-harness.js';

const DEMO = fileURLToPath(new URL('../../../../fixtures/demo/snapshot.json', import.meta.url));
const V1 = '{"name":"search_docs","description":"Search the documentation index.","inputSchema":{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}}';

interface Row { subject: string; profile: string; digest: string }
function rows(stdout: string): Row[] {
  const parsed: unknown = JSON.parse(stdout);
  assert.ok(typeof parsed === 'object' && parsed !== null && 'digests' in parsed && Array.isArray(parsed.digests));
  return parsed.digests.map((d: unknown): Row => {
    assert.ok(typeof d === 'object' && d !== null && 'subject' in d && 'profile' in d && 'digest' in d);
    assert.ok(typeof d.subject === 'string' && typeof d.profile === 'string' && typeof d.digest === 'string');
    return { subject: d.subject, profile: d.profile, digest: d.digest };
  });
}

test('one Tool on stdin: narrow is the published V1 hash, hangar the computed one', async () => {
  const narrow = await runCli(['digest', '-', '--profile', 'narrow', '--format', 'json'], V1);
  assert.equal(narrow.code, 0);
  assert.deepEqual(rows(narrow.stdout), [{ subject: 'search_docs', profile: 'narrow', digest: 'sha256:a5bc94324ee8897ee248249f766b74a05e500362ae8c89f7e0c7987fe3748bd9' }]);
  const hangar = await runCli(['digest', '-', '--profile', 'hangar', '--format', 'json'], `[${V1}]`);
  assert.deepEqual(rows(hangar.stdout).map((r) => r.digest), ['d66f27e4630d81b35f389e9c0dec7c6aff815e859c1decd1330fdccaeda55060']);
});

test('the real CLI on the demo snapshot: every profile, one server row, a table', () => {
  const r = spawnCli(['digest', DEMO, '--profile', 'all', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const got = rows(r.stdout);
  assert.deepEqual([...new Set(got.map((x) => x.profile))], ['narrow', 'wide', 'server', 'hangar']);
  assert.equal(got.filter((x) => x.profile === 'server').length, 1);
  assert.equal(got.filter((x) => x.profile === 'narrow').length, 4);
  const table = spawnCli(['digest', DEMO]);
  assert.equal(table.code, 0);
  assert.match(table.stdout, /Subject.*Profile.*Digest/);
  // 80 columns in a pipe: a digest wraps inside its cell (--format json has each whole).
  assert.match(table.stdout, /get-sum\s+│ hangar\s+│ [0-9a-f]{32}/);
  assert.ok(table.stdout.split('\n').every((l) => [...l].length <= 80));
});

test('a bare tool list gets no server row (it has no server surface)', async () => {
  const all = await runCli(['digest', '-', '--format', 'json'], `[${V1}]`);
  assert.deepEqual(rows(all.stdout).map((r) => r.profile), ['narrow', 'wide', 'hangar']);
  const server = await runCli(['digest', '-', '--profile', 'server', '--format', 'json'], `[${V1}]`);
  assert.equal(server.code, 0);
  assert.deepEqual(rows(server.stdout), []);
  assert.match(server.stderr, /not a snapshot/);
});

test('a tools/list page with nextCursor warns that later pages are missing', async () => {
  const r = await runCli(['digest', '-', '--profile', 'narrow'], `{"tools":[${V1}],"nextCursor":"p2"}`);
  assert.equal(r.code, 0);
  assert.match(r.stderr, /nextCursor is set/);
});

test('bad input exits 2 with the pointer and line:column in the source document', async () => {
  const badFloat = await runCli(['digest', '-', '--profile', 'narrow'], '{"tools":[\n {"name":"x","inputSchema":{"maximum":1e999}}]}');
  assert.equal(badFloat.code, 2);
  assert.equal(badFloat.stderr, 'mcp-audit: <stdin>:2:39: narrow: non-finite number 1e999 at /tools/0/inputSchema/maximum\n');
  const notTools = await runCli(['digest', '-'], '{"foo":1}');
  assert.equal(notTools.code, 2);
  assert.match(notTools.stderr, /expected a tool, an array of tools, a tools\/list result or a snapshot/);
  const noName = await runCli(['digest', '-', '--profile', 'hangar'], '[{"name":""}]');
  assert.equal(noName.code, 2);
  assert.match(noName.stderr, /<stdin>:1:10: hangar: a tool needs a non-empty string name at \/0\/name/);
  const badProfile = await runCli(['digest', '-', '--profile', 'nope'], V1);
  assert.equal(badProfile.code, 2);
});

test('--help lists the profiles and examples', async () => {
  const r = await runCli(['digest', '--help']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /Examples:/);
  for (const p of ['narrow', 'wide', 'server', 'hangar']) assert.match(r.stdout, new RegExp(`\\b${p}\\b`));
});
