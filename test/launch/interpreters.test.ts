import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import type { LaunchChain } from '../../src/launch/types.js';
import { argvEntry } from './entry-fixture.js';

const chain = (...argv: string[]): LaunchChain => unwrap(argvEntry(argv));
const last = (c: LaunchChain) => c.frames[c.frames.length - 1];

test('node script.js: interpreter frame with the script; node flags skipped', () => {
  const c = chain('node', '--enable-source-maps', '-r', 'pre.js', '/opt/s/index.js', '--x');
  assert.equal(last(c)?.kind, 'interpreter');
  assert.equal(last(c)?.script, '/opt/s/index.js');
  assert.ok(c.leaf.kind === 'exec' && c.leaf.name === 'node');
  assert.equal(chain('node', '-e', 'x').leaf.kind, 'opaque');
  assert.equal(chain('node').leaf.kind, 'opaque');
});

test('node …/npx-cli.js is npx (the Windows workaround form)', () => {
  const c = chain('C:\\Program Files\\nodejs\\node.exe', 'C:\\Program Files\\nodejs\\node_modules\\npm\\bin\\npx-cli.js', '-y', 'mcp-remote@0.1.15', 'https://r');
  assert.deepEqual(c.frames.map((f) => f.kind), ['interpreter', 'package-runner', 'exec']);
  assert.equal(c.frames[1]?.package?.version, '0.1.15');
  assert.ok(c.leaf.kind === 'exec' && c.leaf.name === 'mcp-remote');
});

test('python -m module, glued -mmodule, python3.12 script.py, py -3 launcher', () => {
  assert.equal(last(chain('python', '-u', '-m', 'tooling.cse.proxy', '--mcpindex-stdio'))?.module, 'tooling.cse.proxy');
  assert.equal(last(chain('python3', '-mcontextprotector'))?.module, 'contextprotector');
  assert.equal(last(chain('/usr/bin/python3.12', '-X', 'utf8', 'server.py'))?.script, 'server.py');
  assert.equal(last(chain('py', '-3', '-m', 'contextprotector'))?.module, 'contextprotector');
  assert.equal(last(chain('C:\\Python312\\python.exe', '-m', 'x'))?.module, 'x');
  assert.equal(chain('python', '-c', 'print(1)').leaf.kind, 'opaque');
});

test('deno run npm:pkg records the package; docker run is opaque', () => {
  const d = chain('deno', 'run', '-A', '--config', 'deno.json', 'npm:mcp-remote@0.1.15', 'u');
  assert.deepEqual(last(d)?.package, { ecosystem: 'npm', name: 'mcp-remote', version: '0.1.15' });
  assert.equal(last(d)?.script, 'npm:mcp-remote@0.1.15');
  const k = chain('docker', 'run', '-i', '--rm', 'ghcr.io/x/mcp-hangar:1', 'serve');
  assert.equal(k.leaf.kind, 'opaque');
  assert.ok(k.leaf.kind === 'opaque' && /container image/.test(k.leaf.why.reason));
  assert.equal(chain('podman', 'container', 'run', 'img').leaf.kind, 'opaque');
  assert.ok(chain('docker', 'mcp', 'gateway', 'run').leaf.kind === 'exec');
});
