import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, spawnCli } from './cli-harness.js';

test("the real CLI: echo '[1125899906842623.125]' | mcp-audit canonical - prints the Python bytes", () => {
  const r = spawnCli(['canonical', '-'], '[1125899906842623.125]\n');
  assert.equal(r.stderr, '');
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '["1.12589990684262312e+15"]\n');
});

test('the real CLI: --hash prints the sha256: line of V5 read from a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-audit-cli-'));
  try {
    const file = join(dir, 'preimage.json');
    writeFileSync(file, '{"name":"bound","description":"Bound.","input_schema":{"type":"object","properties":{"x":{"type":"number","minimum":0.0}}}}');
    const r = spawnCli(['canonical', file, '--hash']);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, 'sha256:c47e5b3368c4e0a291459a811175f1eb9706dc2e18f443fefa9f8ac3e9dc91ca\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--mode plain merges NFC-colliding keys; contract (default) keeps both', async () => {
  const input = '{"\\u00e9":1,"e\\u0301":2}';
  assert.equal((await runCli(['canonical', '-'], input)).stdout, '{"e\\u0301":2,"\\u00e9":1}\n');
  assert.equal((await runCli(['canonical', '-', '--mode', 'plain'], input)).stdout, '{"\\u00e9":1}\n');
});

test('invalid JSON, non-finite numbers and excessive depth exit 2 with one line naming pointer and line:column', async () => {
  const cases: [string, RegExp][] = [
    ['{"a":\n  [1, ]}', /^mcp-audit: <stdin>:2:7: invalid JSON: trailing comma at \/a\/1\n$/],
    ['{"a":\n  {"b": 1e400}}', /^mcp-audit: <stdin>:2:9: non-finite number 1e400 at \/a\/b\n$/],
    [`{"deep":${'['.repeat(70)}${']'.repeat(70)}}`, /^mcp-audit: <stdin>:1:73: value nested deeper than 64 levels at \/deep(\/0){64}\n$/],
    ['{"a": NaN}', /^mcp-audit: <stdin>:1:7: invalid JSON: expected a JSON value, found "NaN" at \/a\n$/],
    [`${'['.repeat(200_000)}`, /^mcp-audit: <stdin>:1:1001: invalid JSON: nesting deeper than 1000 levels at (\/0){1000}\n$/],
  ];
  for (const [input, expected] of cases) {
    const r = await runCli(['canonical', '-'], input);
    assert.equal(r.code, 2, input.slice(0, 30));
    assert.equal(r.stdout, '');
    assert.match(r.stderr, expected);
  }
});

test('duplicate keys: a warning with location on stderr, the last value used', async () => {
  const r = await runCli(['canonical', '-'], '{"a":1,\n"a":2}');
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '{"a":2}\n');
  assert.match(r.stderr, /warning: <stdin>:2:1: duplicate key "a" at \/a/);
});

test('an unreadable file exits 2; --help shows examples', async () => {
  const missing = await runCli(['canonical', '/nonexistent/x.json']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read \/nonexistent\/x.json/);
  const help = await runCli(['canonical', '--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Examples:/);
  assert.match(help.stdout, /1125899906842623\.125/);
});
