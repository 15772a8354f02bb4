/**
 * Diff of one paired tool (same name, or a rename pair): title, description, annotations,
 * inputSchema, outputSchema (with guards G-O1–G-O3), icons, _meta, execution, unknown fields.
 */
import { diffAnnotations, effectiveAnnotations, HINT_KEYS, isHintOfWrongType } from './annotations.js';
import { emit, emitText, type Scope } from './emit.js';
import { isObject, looseSame, ptr, put, same, someString } from './json.js';
import { normalizeSchema, type NormalizedSchema } from './normalize.js';
import { diffDefinitions, diffSchema, schemaCtx } from './schema-diff.js';
import { hasHidden } from './text.js';
import type { Delta, JsonObject, ToolContract } from './types.js';

const TOOL_FIELDS = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', 'icons', '_meta', 'execution']);
const SIMPLE_FIELDS = [['icons', 'icons-changed'], ['_meta', 'meta-changed'], ['execution', 'execution-changed']] as const;

/** Why an inputSchema is invalid (§7.C input-schema-invalid), or undefined when it is a valid object schema. */
export function inputSchemaProblem(raw: unknown, n: NormalizedSchema): string | undefined {
  if (!isObject(raw)) return raw === undefined ? 'inputSchema missing' : 'inputSchema is not an object';
  if (n.unresolved.length > 0) return `unresolvable $ref ${n.unresolved.join(', ')}`;
  const s = n.schema;
  if (!isObject(s) || s['type'] !== 'object') return 'inputSchema lacks type "object"';
  return undefined;
}

/** Guard G-O2: the new outputSchema is well-formed. */
export function outputSchemaProblem(raw: unknown, n: NormalizedSchema): string | undefined {
  if (!isObject(raw)) return 'outputSchema is not an object';
  if (n.unresolved.length > 0) return `unresolvable $ref ${n.unresolved.join(', ')}`;
  if (n.overBudget) return 'outputSchema exceeds the node budget';
  return undefined;
}

const present = (v: unknown): boolean => v !== undefined && v !== null;

export function diffTool(oldT: ToolContract, newT: ToolContract, out: Delta[]): void {
  const a = oldT.raw;
  const b = newT.raw;
  if (oldT.name === newT.name && same(a, b)) return;
  const scope: Scope = { out, tool: newT.name };
  const start = out.length;
  emitText(scope, 'title', '/title', a['title'], b['title']);
  emitText(scope, 'description', '/description', a['description'], b['description']);
  diffAnnotations(scope, a['annotations'], b['annotations']);
  const readOnly = effectiveAnnotations(b['annotations']).readOnly;

  const ia = a['inputSchema'];
  const ib = b['inputSchema'];
  if (!same(ia, ib)) {
    const na = normalizeSchema(ia);
    const nb = normalizeSchema(ib);
    const pa = inputSchemaProblem(ia, na);
    const pb = inputSchemaProblem(ib, nb);
    if (pb !== undefined && pb !== pa) emit(scope, 'input-schema-invalid', '/inputSchema', ia, ib, { long: true, details: { reason: pb } });
    if (isObject(ia) && isObject(ib)) {
      const ctx = schemaCtx(scope, 'input', readOnly);
      diffSchema(na.schema, nb.schema, '/inputSchema', 0, ctx);
      diffDefinitions(ia, ib, '/inputSchema', ctx);
    }
    else if (pb === undefined || pb === pa) emit(scope, 'schema-changed-unclassified', '/inputSchema', ia, ib, { long: true });
  }

  const oa = a['outputSchema'];
  const ob = b['outputSchema'];
  if (!same(oa, ob)) {
    if (!present(oa) && present(ob)) outputSchemaAdded(scope, ob);
    else if (present(oa) && !present(ob)) emit(scope, 'output-schema-removed', '/outputSchema', oa, ob ?? undefined);
    else {
      const nb = normalizeSchema(ob);
      const problem = outputSchemaProblem(ob, nb);
      if (problem !== undefined) emit(scope, 'output-schema-invalid', '/outputSchema', oa, ob, { long: true, details: { reason: problem } });
      else {
        const ctx = schemaCtx(scope, 'output', readOnly);
        diffSchema(normalizeSchema(oa).schema, nb.schema, '/outputSchema', 0, ctx);
        diffDefinitions(oa, ob, '/outputSchema', ctx);
      }
    }
  }

  for (const [field, kind] of SIMPLE_FIELDS) if (!same(a[field], b[field])) emit(scope, kind, ptr('', field), a[field], b[field]);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (TOOL_FIELDS.has(key) || same(a[key], b[key])) continue;
    emit(scope, 'tool-field-unrecognized-changed', ptr('', key), a[key], b[key]);
  }
  if (out.length === start && oldT.name === newT.name) unexplained(scope, a, b);
}

/**
 * The tool-level fallback: nothing was classified, yet the raw tools differ. Each field
 * still different after the meaning-preserving normalisations (N1 key order, N3 annotation
 * defaults, N4–N8 on schemas) becomes tool-changed-unclassified at its path.
 */
function unexplained(scope: Scope, a: JsonObject, b: JsonObject): void {
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[key];
    const y = b[key];
    const equal = key === 'annotations' ? same(annotationForm(x), annotationForm(y))
      : key === 'inputSchema' || key === 'outputSchema' ? looseSame(normalizeSchema(x).schema, normalizeSchema(y).schema)
        : same(x, y);
    if (!equal) emit(scope, 'tool-changed-unclassified', ptr('', key), x, y, { long: true, details: { reason: 'changed, but no kind explains it' } });
  }
}

/** Effective hints (N3) plus every other member as it is; a hint of the wrong type stays raw. */
function annotationForm(v: unknown): unknown {
  if (v !== undefined && v !== null && !isObject(v)) return v;
  const rest: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(isObject(v) ? v : {})) if (isHintOfWrongType(x) || !HINT_KEYS.has(k)) put(rest, k, x);
  return { effective: effectiveAnnotations(v), rest };
}

/** First-time outputSchema: AUTO unless a guard fails (G-O2 well-formed, G-O3 no hidden characters). */
function outputSchemaAdded(scope: Scope, schema: unknown): void {
  const problem = outputSchemaProblem(schema, normalizeSchema(schema));
  if (problem !== undefined) {
    emit(scope, 'output-schema-invalid', '/outputSchema', undefined, schema, { long: true, details: { guard: 'G-O2', reason: problem } });
    return;
  }
  if (someString(schema, hasHidden)) {
    emit(scope, 'hidden-characters-added', '/outputSchema', undefined, schema, { details: { guard: 'G-O3' } });
    return;
  }
  emit(scope, 'output-schema-added', '/outputSchema', undefined, schema);
}
