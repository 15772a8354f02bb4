import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { assertValidSarif } from './sarif-schema.js';

const golden = readFileSync('fixtures/report/golden/report.sarif', 'utf8');

test('the golden SARIF validates against the official SARIF 2.1.0 schema', () => {
  assertValidSarif(golden);
});

test('the schema check rejects what SARIF forbids (it can fail)', () => {
  const log: unknown = JSON.parse(golden);
  assert.ok(typeof log === 'object' && log !== null);
  const broken = JSON.stringify({ ...log, version: '9.9.9' });
  assert.throws(() => assertValidSarif(broken));
  const badLevel = golden.replace(/"level": "(error|warning|note)"/, '"level": "catastrophic"');
  assert.notEqual(badLevel, golden);
  assert.throws(() => assertValidSarif(badLevel));
  const badUri = golden.replace(/"uri": "[^"]+"/, '"uri": "not a uri\\\\with spaces"');
  assert.notEqual(badUri, golden);
  assert.throws(() => assertValidSarif(badUri), 'format: uri-reference is checked');
});
