import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLAIMS } from '../../../src/rules/types.js';
import { materializeHome } from '../../helpers/materialize.js';
import { spawnCli } from './cli-harness.js';

/** `mcp-audit why` through the real CLI on a real fixture home. */
const GATE = ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', 'node', '--upstream-arg=/opt/srv.js'];
const PINS = JSON.stringify({
  version: 2,
  pins: [{ server_id: 'fs', tool_name: 'read', definition_hash: `sha256:${'ab'.repeat(32)}`, pinned_at: '2026-08-01T10:00:00.000+00:00' }],
});

async function home(): Promise<string> {
  return materializeHome({
    '.cursor/mcp.json': { content: JSON.stringify({ mcpServers: {
      fs: { command: 'uvx', args: GATE },
      docs: { command: 'uvx', args: GATE, env: { PYTHONPATH: '/tmp/x', API_TOKEN: 'sk-live-secret-value-123456' } },
    } }, null, 2), mode: 0o600 },
    '.mcpindex/pins/fs.json': { content: PINS, mode: 0o600 },
    '.mcpindex/pins/.ever-pinned.json': { content: '{"stores": ["fs.json"]}\n', mode: 0o600 },
  });
}

test('why SERVER prints every claim of an enforcing entry and exits 0', async () => {
  const r = spawnCli(['why', 'fs', '--root', await home(), '--no-project-scan']);
  assert.equal(r.code, 0, r.stderr);
  for (const c of CLAIMS) assert.match(r.stdout, new RegExp(`proven +${c} `), c);
  assert.doesNotMatch(r.stdout, /NOT proven/);
  assert.match(r.stdout, /1 pin record\(s\) with server_id fs/);
  assert.match(r.stdout, /listed\s+in\s+the\s+tamper\s+index/);
});

test('why on an entry that is not enforcing names the open claims and their findings, exit 1, no env value', async () => {
  const r = spawnCli(['why', 'docs', '--root', await home(), '--no-project-scan']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /NOT proven +environment/);
  assert.match(r.stdout, /env-code-injection/);
  assert.match(r.stdout, /NOT proven +baseline/);
  assert.doesNotMatch(r.stdout, /sk-live-secret|\/tmp\/x/);
});

test('why --format json gives the chain of each row, in claim order', async () => {
  const r = spawnCli(['why', 'docs', '--root', await home(), '--no-project-scan', '--format', 'json']);
  assert.equal(r.code, 1, r.stderr);
  const doc: unknown = JSON.parse(r.stdout);
  const entries: unknown = typeof doc === 'object' && doc !== null ? Reflect.get(doc, 'entries') : undefined;
  assert.ok(Array.isArray(entries) && entries.length === 1);
  const first: unknown = entries[0];
  const evidence: unknown = typeof first === 'object' && first !== null ? Reflect.get(first, 'evidence') : undefined;
  assert.ok(Array.isArray(evidence));
  const claims: unknown[] = evidence.map((c: unknown): unknown => (typeof c === 'object' && c !== null ? Reflect.get(c, 'claim') : undefined));
  assert.deepEqual(claims, [...CLAIMS]);
  assert.doesNotMatch(r.stdout, /sk-live-secret/);
});

test('why on a server that is not there is a usage error (exit 2)', async () => {
  const r = spawnCli(['why', 'nope', '--root', await home(), '--no-project-scan']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no server named "nope"/);
  assert.equal(r.stdout, '');
});

test('why states what the grade takes on trust: the runner on the host PATH and the unpublished server id', async () => {
  const r = spawnCli(['why', 'fs', '--root', await home(), '--no-project-scan']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /assumed \(cannot be read, taken on trust\):/);
  assert.match(r.stdout, /program: assumed the uvx the host finds on its PATH is the genuine uvx/);
  assert.match(r.stdout, /baseline: assumed the gate keys this server's pins by the entry name fs/);
});

test('why and the JSON report: a launcher path that does not exist proves nothing, and the row names why', async () => {
  const h = await materializeHome({
    '.cursor/mcp.json': { content: JSON.stringify({ mcpServers: {
      gone: { command: '/opt/mcp-audit-absent-for-test/bin/mcpindex-proxy', args: GATE.slice(3) },
    } }, null, 2), mode: 0o600 },
  });
  const r = spawnCli(['why', 'gone', '--root', h, '--no-project-scan']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /NOT proven +program +mcpindex-proxy is run by path:\s+\/opt\/mcp-audit-absent-for-test\/bin\/mcpindex-proxy\s+does not exist/);
  assert.doesNotMatch(r.stdout, /named by path/);
});

test('why lists every config file the launch reads, found absent or read, and what read it', async () => {
  const h = await materializeHome({
    '.cursor/mcp.json': { content: JSON.stringify({ mcpServers: { fs: { command: 'uvx', args: GATE } } }, null, 2), mode: 0o600 },
    '.config/uv/uv.toml': { content: 'native-tls = true\n', mode: 0o644 },
  });
  const r = spawnCli(['why', 'fs', '--root', h, '--no-project-scan']);
  assert.match(r.stdout, /files the launch reads:/);
  assert.match(r.stdout, /~\/\.config\/uv\/uv\.toml: read .*\[uv\]/);
  assert.match(r.stdout, /~\/_system\/etc\/uv\/uv\.toml: absent .*\[uv\]/);
});
