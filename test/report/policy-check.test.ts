import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { materializeHome, tempDir } from '../helpers/materialize.js';
import { parseReport } from './validate.js';
import { cli } from '../cli/commands/cli-run.js';
import { serverNames } from '../../src/report/policy-check.js';
import type { AuditReport } from '../../src/report/model.js';

/**
 * Each policy-file key with a violating and a complying fixture, through the real CLI: a real
 * fixture home, a real policy file outside it, the JSON report checked against the schema.
 */
const GATE = ['--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio'];
const wrapped = { command: 'uvx', args: [...GATE, '--upstream-command', 'npx', '--upstream-arg=-y', '--upstream-arg=@modelcontextprotocol/server-filesystem'] };
const everything = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31'] };
const remote = { url: 'https://api.githubcopilot.com/mcp/' };
const withEnv = { command: 'node', args: ['/opt/srv/index.js'], env: { NODE_OPTIONS: '--require /tmp/x.js' } };

async function run(servers: Record<string, unknown>, policy: string, ...extra: string[]): Promise<{ code: number; report: AuditReport; stderr: string; policyFile: string }> {
  const home = await materializeHome({ '.cursor/mcp.json': `${JSON.stringify({ mcpServers: servers }, null, 2)}\n` }, 'mcp-audit-policy');
  const policyFile = path.join(await tempDir('mcp-audit-policy-file'), 'policy.yaml');
  await fs.writeFile(policyFile, policy);
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', '--policy', policyFile, ...extra]);
  assert.notEqual(r.code, 2, r.stderr);
  return { code: r.code, report: parseReport(r.stdout), stderr: r.stderr, policyFile };
}

const policyIds = (report: AuditReport): string[] => [
  ...report.entries.flatMap((e) => e.findings.filter((f) => f.id.startsWith('policy-')).map((f) => `${e.name} ${f.id}`)),
  ...report.findings.filter((f) => f.id.startsWith('policy-')).map((f) => f.id),
].sort();

test('require-proxy: an entry of a listed host and scope behind no listed proxy is a finding at the entry', async () => {
  const policy = 'version: 1\nrequire-proxy:\n  - hosts: [cursor]\n    scopes: [user]\n    proxies: [mcpindex-gate]\nfail-on: [none]\n';
  const r = await run({ plain: everything, fs: wrapped }, policy);
  assert.deepEqual(policyIds(r.report), ['plain policy-proxy-required']);
  const f = r.report.entries.find((e) => e.name === 'plain')?.findings.find((x) => x.id === 'policy-proxy-required');
  assert.equal(f?.location?.line, r.report.entries.find((e) => e.name === 'plain')?.location.line);
  assert.match(f?.message ?? '', /must run behind one of mcpindex-gate .* but it runs behind no proxy/);
  assert.equal(r.code, 0, '--fail-on none in the file turns the gate off');
  // Complying: every covered entry is wrapped; another host's or scope's rule does not apply.
  const ok = await run({ fs: wrapped, plain: everything },
    'version: 1\nrequire-proxy:\n  - hosts: [claude-code]\n    proxies: [mcpindex-gate]\n  - scopes: [project]\n    proxies: [mcp-hangar]\n');
  assert.deepEqual(policyIds(ok.report), []);
});

test('a policy-file violation fails the run by itself (exit 1), with its own reason', async () => {
  const r = await run({ fs: wrapped }, 'version: 1\nrequire-proxy:\n  - proxies: [mcp-hangar]\nfail-on: [critical]\n');
  assert.deepEqual(policyIds(r.report), ['fs policy-proxy-required']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /1 policy-file violation: policy-proxy-required/);
});

test('deny-servers: a package (any version), a command or a URL host anywhere on the launch line', async () => {
  const r = await run({ all: everything, fs: wrapped, gh: remote, n: withEnv },
    'version: 1\ndeny-servers: ["@modelcontextprotocol/server-everything", api.githubcopilot.com, "@modelcontextprotocol/server-filesystem", node]\nfail-on: [none]\n');
  assert.deepEqual(policyIds(r.report), ['all policy-server-denied', 'fs policy-server-denied', 'gh policy-server-denied', 'n policy-server-denied']);
  const ok = await run({ all: everything, fs: wrapped, gh: remote }, 'version: 1\ndeny-servers: ["@modelcontextprotocol/server-memory", example.com]\n', '--fail-on', 'none');
  assert.deepEqual(policyIds(ok.report), []);
});

test('allow-servers: an unproxied entry by its program, a proxied one by its upstream; an empty list allows all', async () => {
  const policy = 'version: 1\nallow-servers: ["@modelcontextprotocol/server-filesystem", api.githubcopilot.com]\nfail-on: [none]\n';
  const r = await run({ all: everything, fs: wrapped, gh: remote }, policy);
  assert.deepEqual(policyIds(r.report), ['all policy-server-not-allowed']);
  const f = r.report.entries.find((e) => e.name === 'all')?.findings.find((x) => x.id === 'policy-server-not-allowed');
  assert.equal(f?.data.program, '@modelcontextprotocol/server-everything');
  const ok = await run({ fs: wrapped, gh: remote }, policy);
  assert.deepEqual(policyIds(ok.report), []);
  const empty = await run({ all: everything }, 'version: 1\nallow-servers: []\nfail-on: [none]\n');
  assert.deepEqual(policyIds(empty.report), []);
  // The proxy's own program is not the server: allowing it does not allow what it fronts.
  const proxyOnly = await run({ fs: wrapped }, 'version: 1\nallow-servers: [uvx, mcpindex-gate]\nfail-on: [none]\n');
  assert.deepEqual(policyIds(proxyOnly.report), ['fs policy-server-not-allowed']);
});

test('deny-env: the variable is named (never its value)', async () => {
  const r = await run({ n: withEnv, fs: wrapped }, 'version: 1\ndeny-env: [NODE_OPTIONS, PYTHONPATH]\nfail-on: [none]\n');
  assert.deepEqual(policyIds(r.report), ['n policy-env-denied']);
  const f = r.report.entries.find((e) => e.name === 'n')?.findings.find((x) => x.id === 'policy-env-denied');
  assert.equal(f?.data.name, 'NODE_OPTIONS');
  const text = JSON.stringify(r.report);
  assert.ok(!text.includes('/tmp/x.js'), 'the env value never appears');
  const ok = await run({ fs: wrapped }, 'version: 1\ndeny-env: [NODE_OPTIONS]\nfail-on: [none]\n');
  assert.deepEqual(policyIds(ok.report), []);
});

test('min-coverage: below the floor is a finding at the key in the policy file; at or above it is none', async () => {
  const r = await run({ all: everything }, 'version: 1\n# floor\nmin-coverage: 80\nfail-on: [none]\n');
  const f = r.report.findings.find((x) => x.id === 'policy-coverage-below');
  assert.deepEqual(f?.location, { path: r.policyFile, line: 3, column: 1 });
  assert.match(f?.message ?? '', /coverage 0(\.0)?% is below min-coverage 80%/);
  const ok = await run({ all: everything }, 'version: 1\nmin-coverage: 0\n', '--fail-on', 'none');
  assert.deepEqual(policyIds(ok.report), []);
});

test('fail-on: the file sets what violates; --fail-on on the command line takes precedence', async () => {
  // One unprotected entry: the default (unverifiable, unprotected) fails it.
  const strict = await run({ all: everything }, 'version: 1\nfail-on: [unprotected]\n');
  assert.equal(strict.code, 1);
  const lenient = await run({ all: everything }, 'version: 1\nfail-on: [unverifiable, critical]\n');
  assert.equal(lenient.code, 0, lenient.stderr);
  const overridden = await run({ all: everything }, 'version: 1\nfail-on: [unverifiable]\n', '--fail-on', 'unprotected');
  assert.equal(overridden.code, 1);
});

test('serverNames: words, base names, package names without versions, URL hosts, --flag=value values', () => {
  const names = serverNames({ launch: ['/usr/bin/node', '--upstream-arg=@scope/pkg@1.2.3', 'mcp-server-fetch==0.6', 'https://h.example/sse', 'sh words'] });
  for (const n of ['/usr/bin/node', 'node', '@scope/pkg', 'mcp-server-fetch', 'h.example', 'sh', 'words']) assert.ok(names.includes(n), n);
  assert.ok(!names.includes('pkg'), 'a scoped package is not its last segment');
});
