/** Every drift kind, one family per file (STYLE §1 / §5). An explicit registry, no side-effect imports. */
import type { DriftKind, Severity } from '../types.js';
import { ANNOTATION_KINDS } from './annotations.js';
import { INPUT_SCHEMA_KINDS } from './input-schema.js';
import { OUTPUT_SCHEMA_KINDS } from './output-schema.js';
import { SERVER_KINDS } from './server.js';
import { TEXT_KINDS } from './text.js';
import { TOOL_FIELD_KINDS } from './tool-fields.js';
import { TOOL_SET_KINDS } from './tool-set.js';

export const KINDS = [
  ...TOOL_SET_KINDS, ...TEXT_KINDS, ...INPUT_SCHEMA_KINDS, ...OUTPUT_SCHEMA_KINDS,
  ...ANNOTATION_KINDS, ...TOOL_FIELD_KINDS, ...SERVER_KINDS,
] as const satisfies readonly DriftKind[];

export type KindId = (typeof KINDS)[number]['id'];

const BY_ID: ReadonlyMap<string, DriftKind> = new Map(KINDS.map((k) => [k.id, k]));

export function kindById(id: string): DriftKind | undefined {
  return BY_ID.get(id);
}

export function defaultSeverity(id: KindId): Severity {
  return BY_ID.get(id)?.severity ?? 'medium';
}

/** The kinds whose decision is `auto`: by design exactly tool-added, param-added-optional, output-schema-added. */
export const AUTO_KINDS: ReadonlySet<string> = new Set(KINDS.filter((k) => k.decision === 'auto').map((k) => k.id));
