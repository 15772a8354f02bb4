import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Validates against the official SARIF 2.1.0 JSON schema (rtm.5, draft-04) as shipped by the
 * npm package @microsoft/jest-sarif (devDependency, MIT). ajv 8 reads draft-04 once `id` becomes
 * `$id` and the draft-04 `$schema` line is dropped; one pattern in rtm.5 needs non-unicode regexps.
 */
function loadValidator(): (value: unknown) => string[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  const schema: unknown = JSON.parse(readFileSync(file, 'utf8'));
  assert.ok(typeof schema === 'object' && schema !== null && !Array.isArray(schema));
  const entries: [string, unknown][] = Object.entries(schema);
  const { $schema: _draft, id, ...rest } = Object.fromEntries(entries);
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, validateSchema: false });
  // The schema's `format: uri` / `uri-reference` / `date-time` are checked too (SARIF consumers rely on them).
  addFormats.default(ajv);
  assert.equal(typeof id, 'string', 'the draft-04 schema names itself with `id`');
  const validate = ajv.compile({ ...rest, $id: String(id) });
  return (value: unknown) => {
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
  };
}

let cached: ((value: unknown) => string[]) | undefined;

/** Throws unless `text` is valid against the SARIF 2.1.0 schema. */
export function assertValidSarif(text: string): void {
  cached ??= loadValidator();
  const errors = cached(JSON.parse(text));
  assert.deepEqual(errors, [], 'SARIF 2.1.0 schema errors');
}
