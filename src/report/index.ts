import { json } from './json.js';
import { markdown } from './markdown.js';
import { ndjson } from './ndjson.js';
import type { Reporter } from './model.js';
import { sarif } from './sarif.js';
import { summary } from './summary.js';
import { table } from './table.js';

/** Every output format, in the order `--format` lists them. Explicit list: no loading by name. */
export const REPORTERS = [table, json, sarif, markdown, ndjson, summary] as const satisfies readonly Reporter[];

export type ReporterId = (typeof REPORTERS)[number]['id'];

export const REPORTER_IDS: readonly ReporterId[] = REPORTERS.map((r) => r.id);

export function reporterById(id: string): (typeof REPORTERS)[number] | undefined {
  return REPORTERS.find((r) => r.id === id);
}
