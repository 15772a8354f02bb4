import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffMasker, maskDiff } from '../../src/fix/mask.js';
import type { ServerEntry } from '../../src/parse/types.js';

const entry = (env: Record<string, string | null>, args: string[] = []): ServerEntry => ({
  host: 'cursor', scope: 'user', configPath: '/h/.cursor/mcp.json', name: 's',
  origin: { file: '/h/.cursor/mcp.json', pointer: '/mcpServers/s', line: 1, column: 1 },
  transport: 'stdio', command: 'npx', args, env, envOrigins: {}, headers: { Authorization: 'Bearer abcdefghijkl' }, disabled: false, raw: {},
});

test('env and header values are masked in every spelling; names stay', () => {
  const mask = diffMasker([entry({ HOME: '/tmp/elsewhere', X: 'v1', QUOTE: 'a"b-long' })]);
  assert.equal(mask('-  "HOME": "/tmp/elsewhere",'), '-  "HOME": "<redacted>",');
  assert.equal(mask('+      X: v1'), '+      X: <redacted>');
  assert.equal(mask(' "QUOTE": "a\\"b-long"'), ' "QUOTE": "<redacted>"');
  assert.equal(mask(' "Authorization": "Bearer abcdefghijkl"'), ' "Authorization": "<redacted>"');
  assert.equal(mask(' "X2": "v1"'), ' "X2": "v1"', 'a short value is masked only at its own key');
});

test('secret-looking arguments, secret-named keys and token shapes are masked; diff headers are not', () => {
  const mask = diffMasker([entry({}, ['--api-key', 'hunter2hunter2'])]);
  assert.equal(mask('   "args": ["--api-key", "hunter2hunter2"]'), '   "args": ["--api-key", "<redacted>"]');
  assert.equal(mask('    apiKey: plain-value'), '    apiKey: <redacted>');
  assert.equal(mask(' "x": "ghp_0123456789abcdefghijABCDEFGHIJ"'), ' "x": "<redacted>"');
  assert.equal(maskDiff('--- a/~/.cursor/mcp.json\n+"apiKey": "k"', mask), '--- a/~/.cursor/mcp.json\n+"apiKey": "<redacted>"');
});
