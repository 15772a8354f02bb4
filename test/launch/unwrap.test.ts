import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unwrap } from '../../src/launch/unwrap.js';
import type { ServerEntry } from '../../src/parse/types.js';
import { argvEntry, entry } from './entry-fixture.js';

test('a plain program is one exec frame and the same leaf', () => {
  const c = unwrap(argvEntry(['mcp-server-fetch', '--x']));
  assert.deepEqual(c.frames, [{ kind: 'exec', program: 'mcp-server-fetch', name: 'mcp-server-fetch', args: ['--x'] }]);
  assert.deepEqual(c.leaf, { kind: 'exec', program: 'mcp-server-fetch', name: 'mcp-server-fetch', args: ['--x'] });
});

test('absolute paths and Windows suffixes reach the same wrapper handling', () => {
  for (const program of ['/usr/local/bin/npx', 'C:\\Program Files\\nodejs\\NPX.CMD', 'npx.cmd', 'npx.exe']) {
    const c = unwrap(argvEntry([program, '-y', 'mcp-remote@0.1.15', 'u']));
    assert.equal(c.frames[0]?.name, 'npx', program);
    assert.equal(c.frames[0]?.program, program);
    assert.ok(c.leaf.kind === 'exec' && c.leaf.name === 'mcp-remote', program);
  }
});

test('remote entries are a url leaf with no frames, entry env still listed', () => {
  const c = unwrap(entry({ url: 'https://mcp.example.com/mcp', env: { A: 'x' } }));
  assert.deepEqual(c.frames, []);
  assert.deepEqual(c.leaf, { kind: 'url', url: 'https://mcp.example.com/mcp' });
  assert.deepEqual(c.env, [{ name: 'A', value: 'x', source: 'entry-env' }]);
});

test('entry env comes first (null = removed), then prefix and shell assignments in order', () => {
  const c = unwrap(entry({ command: 'env', args: ['B=2', 'sh', '-c', 'C=3 exec x'], env: { A: '1', HOME: null } }));
  assert.deepEqual(c.env.map((a) => `${a.source}:${a.name}=${String(a.value)}`), [
    'entry-env:A=1', 'entry-env:HOME=null', 'env-prefix:B=2', 'shell:C=3',
  ]);
});

test('the program position depending on a variable is opaque, never guessed', () => {
  for (const command of ['$SERVER', '${HOME}/bin/x', '%APPDATA%\\x.exe']) {
    const c = unwrap(argvEntry([command, 'serve']));
    assert.equal(c.leaf.kind, 'opaque', command);
  }
  assert.equal(unwrap(argvEntry(['env', 'A=1', '$X'])).leaf.kind, 'opaque');
});

test('entries with no command, empty command or bad args are opaque', () => {
  assert.equal(unwrap(entry({})).leaf.kind, 'opaque');
  assert.equal(unwrap(entry({ command: '' })).leaf.kind, 'opaque');
  assert.equal(unwrap(entry({ command: '   ' })).leaf.kind, 'opaque');
  assert.equal(unwrap(entry({ command: 'sh', args: ['-c', ''] })).leaf.kind, 'opaque');
});

test('deep nesting is bounded', () => {
  const argv: string[] = [];
  for (let i = 0; i < 100; i++) argv.push('env');
  argv.push('x');
  const c = unwrap(argvEntry(argv));
  assert.equal(c.leaf.kind, 'opaque');
});

/** A small deterministic PRNG so a failure reproduces. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PIECES = ['npx', 'uvx', 'env', 'sh', '-c', 'bash', 'cmd', '/c', 'powershell', '-Command', 'node', 'python', '-m', 'uv', 'run',
  'tool', 'pipx', 'docker', 'run', '--from', '-y', '--', '"', "'", '\\', '$', '${', '$(', '`', '|', '&', ';', '>', '2>', '<', '%X%',
  '^', '=', 'A=1', '-u', '-i', '-S', '@', '@s/p@1', 'x==1', '\n', ' ', '', '~', '*', '{a,b}', 'deno', 'npm:', 'exec', '#'];

test('never throws on garbage (fuzz)', () => {
  const next = rng(20261129);
  const pick = (): string => PIECES[Math.floor(next() * PIECES.length)] ?? '';
  const junk = (): string => Array.from({ length: Math.floor(next() * 6) }, pick).join(next() < 0.5 ? ' ' : '');
  for (let i = 0; i < 3000; i++) {
    const argv = Array.from({ length: Math.floor(next() * 8) }, junk);
    const c = unwrap(argvEntry(argv));
    assert.ok(['exec', 'opaque', 'url'].includes(c.leaf.kind));
  }
  const weird: unknown[] = [null, 42, { a: 1 }, ['x', 1], 'str', undefined, [[]]];
  for (const w of weird) {
    const bad: ServerEntry = { ...entry({ command: 'npx' }), args: Array.isArray(w) ? w.filter((a): a is string => typeof a === 'string') : [], raw: w };
    assert.doesNotThrow(() => unwrap(bad));
    const hostile: unknown = { ...entry({}), command: w, args: w, env: w, url: w };
    // Simulate an entry that breaks its type (parsed from a hostile file): unwrap must stay total.
    assert.doesNotThrow(() => unwrap(Object.assign(entry({}), hostile)));
  }
});
