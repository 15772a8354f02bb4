import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readRepoFile } from './validate.js';

/** Test helper: every line of ndjson output against schemas/ndjson.schema.json. */
const schema: unknown = JSON.parse(readRepoFile('schemas/ndjson.schema.json'));
if (typeof schema !== 'object' || schema === null) throw new Error('schemas/ndjson.schema.json is not an object');
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

/** Parses ndjson text into records, throwing (failing the test) on a line that does not match the schema. */
export function parseNdjson(text: string): Record<string, unknown>[] {
  if (!text.endsWith('\n')) throw new Error('ndjson output does not end with a newline');
  return text.slice(0, -1).split('\n').map((line, i) => {
    const value: unknown = JSON.parse(line);
    if (!validate(value)) throw new Error(`ndjson line ${i + 1} does not match schemas/ndjson.schema.json:\n${JSON.stringify(validate.errors)}\n${line}`);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`line ${i + 1} is not an object`);
    return Object.fromEntries(Object.entries(value));
  });
}

/** The schema's verdict on one value ('' when valid). */
export function ndjsonErrors(value: unknown): string {
  return validate(value) ? '' : JSON.stringify(validate.errors);
}
