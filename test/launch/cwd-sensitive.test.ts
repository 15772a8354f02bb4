import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cwdSensitiveFrames } from '../../src/launch/cwd-sensitive.js';
import { unwrapArgv } from '../../src/launch/unwrap.js';

const runners = (...argv: string[]): string[] => cwdSensitiveFrames(unwrapArgv(argv).frames).map((s) => s.runner);

test('npm-family runners resolve against the working directory (local node_modules/.bin, project .npmrc)', () => {
  assert.deepEqual(runners('npx', '-y', 'mcp-pin@1.0.0', '--', 'node', '/opt/s.js'), ['npx']);
  assert.deepEqual(runners('pnpm', 'dlx', 'mcp-pin@1.0.0'), ['pnpm']);
  assert.deepEqual(runners('bunx', 'mcp-pin@1.0.0'), ['bunx']);
});

test('uvx and uv tool run read only user and system configuration: not cwd-sensitive', () => {
  assert.deepEqual(runners('uvx', '--from', 'mcpindex-gate==0.16.1', 'mcpindex-proxy', '--mcpindex-stdio'), []);
  assert.deepEqual(runners('/usr/local/bin/uv', 'tool', 'run', '--from', 'mcpindex-gate', 'mcpindex-proxy'), []);
});

test('uv run, python -m and relative paths resolve against the working directory', () => {
  assert.deepEqual(runners('uv', 'run', 'mcp-hangar', 'serve'), ['uv']);
  assert.deepEqual(runners('python3', '-m', 'contextprotector', '--command', 'x'), ['python3']);
  assert.deepEqual(runners('node', 'bin/proxy.js'), ['node']);
  assert.deepEqual(runners('./bin/mcpindex-proxy', '--mcpindex-stdio'), ['mcpindex-proxy']);
});

test('absolute programs and scripts are not cwd-sensitive', () => {
  assert.deepEqual(runners('/opt/mcp-context-protector/mcp-context-protector.sh', '--command', 'x'), []);
  assert.deepEqual(runners('node', '/opt/proxy/bin.js'), []);
  assert.deepEqual(runners('mcpindex-proxy', '--mcpindex-stdio'), [], 'a bare name goes through PATH, not the cwd');
});

test('python -I / -P keep the working directory off sys.path; uv run --directory / --project look elsewhere', () => {
  assert.deepEqual(runners('python3', '-I', '-m', 'contextprotector', '--command-args', 'node', 's.js'), []);
  assert.deepEqual(runners('python3', '-P', '-m', 'contextprotector', '--command-args', 'node', 's.js'), []);
  assert.deepEqual(runners('python3', '-u', '-m', 'contextprotector', '--command-args', 'node', 's.js'), ['python3'], '-u is not -P');
  assert.deepEqual(runners('uv', 'run', '--directory', '/opt/p', 'mcp-hangar', 'serve'), []);
});
