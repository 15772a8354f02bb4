import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { AuditReport } from '../../src/report/model.js';

/**
 * Test helper: validates a JSON report (text or parsed) against schemas/report.schema.json.
 * Every test that produces a JSON report should call `assertValidReport` on it.
 */
const ROOT = new URL('../../../', import.meta.url);

export function readRepoFile(rel: string): string {
  return readFileSync(new URL(rel, ROOT), 'utf8');
}

const schema: unknown = JSON.parse(readRepoFile('schemas/report.schema.json'));
if (typeof schema !== 'object' || schema === null) throw new Error('schemas/report.schema.json is not an object');

const ajv = new Ajv2020({ allErrors: true, strict: true });
// ajv-formats is CommonJS: under NodeNext its default import is module.exports, whose .default is the plugin.
addFormats.default(ajv);
const validate = ajv.compile<AuditReport>(schema);

function describe(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('\n');
}

/** The schema's errors for `value` ('' when valid). */
export function reportErrors(value: unknown): string {
  return validate(value) ? '' : describe(validate.errors);
}

/** Throws (failing the test) unless `report` — JSON text or a parsed value — matches the schema. */
export function assertValidReport(report: unknown): asserts report is AuditReport {
  const value: unknown = typeof report === 'string' ? JSON.parse(report) : report;
  if (!validate(value)) throw new Error(`report does not match schemas/report.schema.json:\n${describe(validate.errors)}`);
}

/** Parses a JSON report and returns it typed, after validating it against the schema. */
export function parseReport(text: string): AuditReport {
  const value: unknown = JSON.parse(text);
  if (!validate(value)) throw new Error(`report does not match schemas/report.schema.json:\n${describe(validate.errors)}`);
  return value;
}
