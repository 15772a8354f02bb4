/**
 * Spec deviations: each captured result checked against the MCP SDK's own schemas. The SDK is
 * imported lazily so that a scan without --probe never loads it.
 */
import { clip } from './session.js';
import { append } from '../shared/lists.js';
import { parseJsonValue } from '../parse/json-value.js';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

interface Checkable {
  safeParse(value: unknown): { readonly success: boolean; readonly error?: { readonly issues: readonly Issue[] } | undefined };
}

export interface CapturedResults {
  readonly initializeRaw?: string;
  readonly toolsRaw: readonly string[];
  readonly promptsRaw: readonly string[];
}

const MAX_ISSUES_PER_RESULT = 5;

function pointer(path: readonly PropertyKey[]): string {
  return path.map((part) => `/${String(part)}`).join('') || '/';
}

function check(schema: Checkable, label: string, raw: string): string[] {
  const parsed = schema.safeParse(parseJsonValue(raw));
  if (parsed.success) return [];
  const issues = parsed.error?.issues ?? [];
  const shown = issues.slice(0, MAX_ISSUES_PER_RESULT).map((issue) => `${pointer(issue.path)}: ${clip(issue.message, 120)}`);
  const more = issues.length > MAX_ISSUES_PER_RESULT ? `; and ${issues.length - MAX_ISSUES_PER_RESULT} more` : '';
  return [`${label} does not match the MCP schema (${shown.join('; ')}${more})`];
}

/** One deviation line per result the SDK's strict schemas would reject. */
export async function schemaDeviations(results: CapturedResults): Promise<string[]> {
  const sdk = await import('@modelcontextprotocol/sdk/types.js');
  const deviations: string[] = [];
  if (results.initializeRaw !== undefined) append(deviations, check(sdk.InitializeResultSchema, 'initialize result', results.initializeRaw));
  results.toolsRaw.forEach((raw, index) => append(deviations, check(sdk.ListToolsResultSchema, `tools/list page ${index + 1}`, raw)));
  results.promptsRaw.forEach((raw, index) => append(deviations, check(sdk.ListPromptsResultSchema, `prompts/list page ${index + 1}`, raw)));
  return deviations;
}
