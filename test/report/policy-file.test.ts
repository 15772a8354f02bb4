import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { materializeHome, tempDir } from '../helpers/materialize.js';
import { cli } from '../cli/commands/cli-run.js';
import { parsePolicyFile } from '../../src/report/policy-file.js';
import { UsageError } from '../../src/shared/errors.js';

const VOCABULARY = { hosts: ['cursor', 'claude-code'], proxies: ['mcpindex-gate', 'mcp-hangar'] };
const parse = (text: string): ReturnType<typeof parsePolicyFile> => parsePolicyFile(text, 'p.yaml', '/abs/p.yaml', VOCABULARY);

function usage(text: string): string {
  try {
    parse(text);
  } catch (e: unknown) {
    assert.ok(e instanceof UsageError, String(e));
    return e.message;
  }
  assert.fail(`no error for ${JSON.stringify(text)}`);
}

test('the issue example reads as written (YAML), and the same policy as JSON reads the same', () => {
  const yaml = [
    'version: 1', 'require-proxy:', '  - hosts: [cursor, claude-code]', '    scopes: [user, project]', '    proxies: [mcpindex-gate, mcp-hangar]',
    'deny-servers: ["@modelcontextprotocol/server-everything"]', 'allow-servers: []', 'deny-env: [NODE_OPTIONS]', 'min-coverage: 80',
    'fail-on: [unverifiable, unprotected, high]', '',
  ].join('\n');
  const p = parse(yaml);
  assert.deepEqual(p.requireProxy.map((r) => [r.hosts, r.scopes, r.proxies, r.at.line]), [[['cursor', 'claude-code'], ['user', 'project'], ['mcpindex-gate', 'mcp-hangar'], 3]]);
  assert.deepEqual([p.denyServers, p.allowServers, p.denyEnv, p.failOn], [['@modelcontextprotocol/server-everything'], [], ['NODE_OPTIONS'], ['unverifiable', 'unprotected', 'high']]);
  assert.deepEqual(p.minCoverage, { percent: 80, at: { path: '/abs/p.yaml', line: 9, column: 1 } });
  const json = parse(JSON.stringify({ version: 1, 'require-proxy': [{ hosts: ['cursor', 'claude-code'], scopes: ['user', 'project'], proxies: ['mcpindex-gate', 'mcp-hangar'] }],
    'deny-servers': ['@modelcontextprotocol/server-everything'], 'allow-servers': [], 'deny-env': ['NODE_OPTIONS'], 'min-coverage': 80, 'fail-on': ['unverifiable', 'unprotected', 'high'] }));
  assert.deepEqual([json.denyServers, json.denyEnv, json.failOn, json.minCoverage?.percent], [p.denyServers, p.denyEnv, p.failOn, 80]);
});

test('an invalid policy file names file:line:column and the key', () => {
  assert.equal(usage('version: 1\ndeny-server: [x]\n'), '--policy p.yaml:2:1: policy key "deny-server" is not a policy key');
  assert.equal(usage('deny-env: [A]\n'), '--policy p.yaml:1:1: policy key "version" is required');
  assert.match(usage('version: 2\n'), /^--policy p\.yaml:1:1: policy key "version" must be equal to constant/);
  assert.equal(usage('version: 1\nmin-coverage: 120\n'), '--policy p.yaml:2:1: policy key "min-coverage" must be <= 100');
  assert.equal(usage('version: 1\nmin-coverage: eighty\n'), '--policy p.yaml:2:1: policy key "min-coverage" must be number');
  assert.match(usage('version: 1\nfail-on: [sometimes]\n'), /^--policy p\.yaml:2:11: policy key "fail-on\[0\]" must be one of unverifiable, unprotected/);
  assert.equal(usage('version: 1\nfail-on: [none, high]\n'), '--policy p.yaml:2:1: policy key "fail-on": "none" cannot be combined with other values');
  assert.equal(usage('version: 1\nrequire-proxy:\n  - hosts: [cursor]\n'), '--policy p.yaml:3:5: policy key "require-proxy[0].proxies" is required');
  assert.match(usage('version: 1\nrequire-proxy:\n  - proxies: [mcp-gate]\n'), /^--policy p\.yaml:3:15: policy key "require-proxy\[0\]\.proxies\[0\]": unknown proxy "mcp-gate" \(one of mcpindex-gate, mcp-hangar\)$/);
  assert.match(usage('version: 1\nrequire-proxy:\n  - hosts: [curser]\n    proxies: [mcp-hangar]\n'), /"require-proxy\[0\]\.hosts\[0\]": unknown host "curser"/);
  assert.match(usage('version: 1\nrequire-proxy:\n  - proxies: [mcp-hangar]\n    scopes: [global]\n'), /"require-proxy\[0\]\.scopes\[0\]" must be one of user, project/);
  assert.match(usage('version: 1\ndeny-env: NODE_OPTIONS\n'), /"deny-env" must be array/);
  assert.match(usage('version: 1\ndeny-env: [A, A]\n'), /"deny-env" must NOT have duplicate items/);
  assert.match(usage('version: 1\nversion: 1\n'), /^--policy p\.yaml:2:1: invalid policy file: Map keys must be unique/);
  assert.match(usage('- version: 1\n'), /^--policy p\.yaml:1:1: the policy must be object/);
  assert.match(usage('version: [1\n'), /^--policy p\.yaml:\d+:\d+: invalid policy file/);
});

test('through the CLI an invalid policy file is exit 2 with that message, and no report', async () => {
  const home = await materializeHome({ '.cursor/mcp.json': '{"mcpServers":{}}' });
  const dir = await tempDir('mcp-audit-bad-policy');
  await fs.writeFile(path.join(dir, 'org.yaml'), 'version: 1\nrequire-proxy:\n  - proxies: [mcp-gate]\n');
  const r = await cli(['scan', '--root', home, '--no-project-scan', '--format', 'json', '--policy', 'org.yaml'], { cwd: dir });
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /--policy org\.yaml:3:15: policy key "require-proxy\[0\]\.proxies\[0\]": unknown proxy "mcp-gate"/);
  const missing = await cli(['scan', '--root', home, '--no-project-scan', '--policy', 'nope.yaml'], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--policy nope\.yaml: cannot read it/);
});

test('a policy file inside the audited tree is never read unless the operator names it', async () => {
  const deny = 'version: 1\ndeny-servers: [mcp-server-fetch]\nmin-coverage: 100\nfail-on: [info]\n';
  const config = JSON.stringify({ mcpServers: { fetch: { command: 'uvx', args: ['mcp-server-fetch'] } } });
  const names = ['.mcp-audit-policy.yaml', '.mcp-audit-policy.yml', '.mcp-audit-policy.json', 'mcp-audit-policy.yaml', 'policy.yaml',
    '.mcp-audit.yaml', '.github/mcp-audit-policy.yaml', '.config/mcp-audit/policy.yaml'];
  const spec: Record<string, string> = { '.cursor/mcp.json': config };
  for (const n of names) spec[n] = deny;
  const repo = await materializeHome(spec, 'mcp-audit-policy-in-tree');
  execFileSync('git', ['init', '-q', repo]);
  const clean = await materializeHome({ '.cursor/mcp.json': config }, 'mcp-audit-policy-clean');
  // --fail-on none: the unprotected entry alone does not decide the exit code; the report shows what was read.
  const scan = (root: string, ...extra: string[]) => cli(['scan', '--root', root, '--no-project-scan', '--format', 'json', '--fail-on', 'none', ...extra], { cwd: root });
  const planted = await scan(repo);
  const reference = await scan(clean);
  assert.equal(planted.code, 0, planted.stderr);
  assert.equal(planted.stdout.split(repo).join('@ROOT@'), reference.stdout.split(clean).join('@ROOT@'), 'the planted policies changed nothing');
  assert.doesNotMatch(planted.stdout, /"id": "policy-/);
  const check = await cli(['check', '.cursor/mcp.json', '--format', 'json', '--fail-on', 'none'], { cwd: repo });
  assert.equal(check.code, 0, check.stderr);
  assert.doesNotMatch(check.stdout, /"id": "policy-/);
  // Named deliberately, a file in the tree is read like any other.
  const named = await scan(repo, '--policy', path.join(repo, '.mcp-audit-policy.yaml'));
  assert.equal(named.code, 0, named.stderr);
  assert.match(named.stdout, /"id": "policy-coverage-below"/);
  assert.match(named.stdout, /"id": "policy-server-denied"/);
});

test('the policy-file code does not look for a policy anywhere: only --policy names one', () => {
  const loader = readFileSync('src/cli/commands/gate-options.ts', 'utf8');
  assert.doesNotMatch(loader, /readdir|glob|\.mcp-audit-policy|IGNORE_FILE_NAMES/);
  assert.match(loader, /readNamed\('policy', files\.policy, cwd\)/, 'the policy is read from the path given, and only it');
  assert.doesNotMatch(readFileSync('src/report/policy-file.ts', 'utf8'), /node:fs/, 'the parser reads no files');
});
