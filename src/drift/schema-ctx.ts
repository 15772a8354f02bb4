import type { Scope } from './emit.js';
import type { DirectionKinds, SchemaDirection } from './schema-keywords.js';

/** Diffs two schema nodes; schema-diff.ts supplies it, so object/array diffing can recurse without an import cycle. */
export type SchemaDiff = (a: unknown, b: unknown, path: string, depth: number, ctx: SchemaCtx, prop?: string) => void;

export interface SchemaCtx {
  readonly scope: Scope;
  readonly dir: SchemaDirection;
  readonly k: DirectionKinds;
  /** The tool's effective readOnlyHint (enum-value-added is high on tools that can write). */
  readonly readOnly: boolean;
  pairs: number;
  /** The node differ (diffSchema), carried here for the mutual recursion with schema-object.ts. */
  readonly diff: SchemaDiff;
}
