import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { POLICY_SCHEMA } from '../../src/report/policy-schema.js';
import { FAIL_ON_VALUES } from '../../src/report/policy.js';

test('schemas/policy.schema.json is the schema the CLI validates with', () => {
  const file: unknown = JSON.parse(readFileSync('schemas/policy.schema.json', 'utf8'));
  assert.deepEqual(file, JSON.parse(JSON.stringify(POLICY_SCHEMA)), 'regenerate schemas/policy.schema.json from src/report/policy-schema.ts');
  const ajv = new Ajv2020({ strict: true });
  assert.equal(ajv.validateSchema(POLICY_SCHEMA), true, 'a valid draft 2020-12 schema');
});

test("the schema's fail-on values are --fail-on's", () => {
  assert.deepEqual([...POLICY_SCHEMA.properties['fail-on'].items.enum].sort(), [...FAIL_ON_VALUES].sort());
});
