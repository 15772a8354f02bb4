/**
 * Keyword knowledge for the schema differ: which kinds each direction uses (§7.C input, §7.D
 * output), which keywords are recognised, and the numeric / string constraint rules (§7.C
 * constraint-tightened / -loosened / -changed-undecidable).
 */
import type { KindId } from './kinds/index.js';
import { isObject } from './json.js';

export type SchemaDirection = 'input' | 'output';

export interface DirectionKinds {
  readonly tightened: KindId;
  readonly loosened: KindId;
  readonly undecidable: KindId;
  readonly unclassified: KindId;
  readonly typeWidened: KindId;
  readonly typeNarrowed: KindId;
  readonly typeChanged: KindId;
  readonly nullAdded: KindId;
  readonly nullRemoved: KindId;
  readonly enumAdded: KindId;
  readonly enumRemoved: KindId;
  readonly enumConstraintAdded: KindId;
  readonly enumConstraintRemoved: KindId;
  readonly propRemoved: KindId;
  readonly madeRequired: KindId;
  readonly madeOptional: KindId;
}

export const DIRECTION_KINDS: Readonly<Record<SchemaDirection, DirectionKinds>> = {
  input: {
    tightened: 'constraint-tightened', loosened: 'constraint-loosened', undecidable: 'constraint-changed-undecidable',
    unclassified: 'schema-changed-unclassified', typeWidened: 'param-type-widened', typeNarrowed: 'param-type-narrowed',
    typeChanged: 'param-type-changed', nullAdded: 'param-nullable-added', nullRemoved: 'param-nullable-removed',
    enumAdded: 'enum-value-added', enumRemoved: 'enum-value-removed', enumConstraintAdded: 'enum-constraint-added',
    enumConstraintRemoved: 'enum-constraint-removed', propRemoved: 'param-removed',
    madeRequired: 'param-made-required', madeOptional: 'param-made-optional',
  },
  output: {
    tightened: 'output-constraint-tightened', loosened: 'output-constraint-loosened',
    undecidable: 'output-schema-changed-unclassified', unclassified: 'output-schema-changed-unclassified',
    typeWidened: 'output-type-widened', typeNarrowed: 'output-type-narrowed', typeChanged: 'output-type-changed',
    nullAdded: 'output-nullable-added', nullRemoved: 'output-nullable-removed', enumAdded: 'output-enum-value-added',
    enumRemoved: 'output-enum-value-removed', enumConstraintAdded: 'output-constraint-tightened',
    enumConstraintRemoved: 'output-constraint-loosened', propRemoved: 'output-property-removed', madeRequired: 'output-property-made-required',
    madeOptional: 'output-property-made-optional',
  },
};

/** Lower bounds: an increase (or a new bound) tightens. */
export const MIN_KEYWORDS = ['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum', 'minContains'] as const;
/** Upper bounds: a decrease (or a new bound) tightens. */
export const MAX_KEYWORDS = ['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum', 'maxContains'] as const;
/** Added tightens, removed loosens, changed is undecidable. */
export const STRING_CONSTRAINTS = ['pattern', 'format'] as const;

/** Compared only for equality; any change is unclassified at the keyword's path (§9). */
export const OPAQUE_KEYWORDS = [
  'not', 'if', 'then', 'else', 'dependentSchemas', 'dependentRequired', 'patternProperties', 'unevaluatedProperties',
  'unevaluatedItems', 'contains', 'additionalItems', '$dynamicRef', '$ref', '$cycle', 'dependencies',
] as const;

/** Annotation-like keywords with no dedicated kind: a change is unclassified. */
export const OTHER_KNOWN = [
  'examples', 'example', '$comment', 'readOnly', 'writeOnly', 'contentMediaType', 'contentEncoding', 'contentSchema',
  '$id', '$anchor', '$dynamicAnchor', '$vocabulary', 'nullable', '$defs', 'definitions',
] as const;

const HANDLED = [
  'type', 'enum', 'const', 'description', 'title', 'properties', 'required', 'additionalProperties', 'items', 'prefixItems',
  'anyOf', 'oneOf', 'allOf', 'default', 'deprecated', '$schema', 'multipleOf', 'uniqueItems', 'propertyNames',
  '$branchDescription', '$branchTitle',
] as const;

export const KNOWN_KEYWORDS: ReadonlySet<string> = new Set<string>([
  ...HANDLED, ...MIN_KEYWORDS, ...MAX_KEYWORDS, ...STRING_CONSTRAINTS, ...OPAQUE_KEYWORDS, ...OTHER_KNOWN,
]);

/** Names of parameters that select an operation (enum-value-added is high on them). */
export const OPERATION_SELECTORS: ReadonlySet<string> = new Set(['method', 'action', 'operation', 'op', 'command', 'mode', 'resourceType']);

/** Walks schema positions (not property names) for the first unrecognised keyword (guard G-P3). */
export function firstUnrecognizedKeyword(schema: unknown, depth = 0): string | undefined {
  if (!isObject(schema) || depth > 32) return undefined;
  for (const [k, v] of Object.entries(schema)) {
    if (!KNOWN_KEYWORDS.has(k)) return k;
    const children: unknown[] =
      k === 'properties' || k === 'patternProperties' || k === 'dependentSchemas' || k === '$defs' || k === 'definitions'
        ? (isObject(v) ? Object.values(v) : [])
        : k === 'anyOf' || k === 'oneOf' || k === 'allOf' || k === 'prefixItems' || (k === 'items' && Array.isArray(v))
          ? (Array.isArray(v) ? v : [])
          : k === 'enum' || k === 'const' || k === 'default' || k === 'examples' || k === 'example' || k === 'required'
            ? []
            : [v];
    for (const c of children) {
      const hit = firstUnrecognizedKeyword(c, depth + 1);
      if (hit !== undefined) return hit;
    }
  }
  return undefined;
}

export type BoundChange = 'tightened' | 'loosened' | 'undecidable';

/** A lower (`isMin`) or upper bound moved from `a` to `b` (either may be absent). */
export function boundChange(a: unknown, b: unknown, isMin: boolean): BoundChange {
  if (a === undefined) return 'tightened';
  if (b === undefined) return 'loosened';
  if (typeof a !== 'number' || typeof b !== 'number') return 'undecidable';
  return (b > a) === isMin ? 'tightened' : 'loosened';
}

/** multipleOf: a new value that is a multiple of the old one admits fewer numbers. */
export function multipleOfChange(a: unknown, b: unknown): BoundChange {
  if (a === undefined) return 'tightened';
  if (b === undefined) return 'loosened';
  if (typeof a !== 'number' || typeof b !== 'number' || a <= 0 || b <= 0) return 'undecidable';
  if (Number.isInteger(b / a)) return 'tightened';
  if (Number.isInteger(a / b)) return 'loosened';
  return 'undecidable';
}
