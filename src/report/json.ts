import type { AuditReport, ReportContext, Reporter } from './model.js';
import reportSchema from '../../schemas/report.schema.json' with { type: 'json' };

/**
 * The JSON report is written from an allow-list DERIVED FROM schemas/report.schema.json, the one
 * source of truth for the report's fields: `schemaVersion` first, then each object's keys in the
 * schema's order. A key the schema does not declare is DROPPED, so a producer that spreads a
 * parsed ServerEntry (with its env/header values) into a report entry cannot leak them; a new
 * field is added to the schema only. Maps (`additionalProperties` with a schema: coverage by
 * host/scope, finding data) keep all keys, alphabetically. `undefined` is dropped.
 */
export interface Shape {
  /** Declared keys, in schema order (empty for a map or a leaf). */
  readonly keys: readonly string[];
  readonly children: ReadonlyMap<string, Shape>;
  /** A map: every value has this shape. */
  readonly mapOf?: Shape;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const LEAF: Shape = { keys: [], children: new Map() };

/** The schema node a local `$ref` points to (`#/$defs/x`). */
function resolve(root: Record<string, unknown>, node: Record<string, unknown>): Record<string, unknown> {
  const ref = node['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let cur: unknown = root;
  for (const part of ref.slice(2).split('/')) cur = isRecord(cur) && Object.hasOwn(cur, part) ? cur[part] : undefined;
  return isRecord(cur) ? cur : {};
}

/** The shape a schema node describes: its properties (own and via `$ref`), array items, the first object of a oneOf. */
export function shapeOf(root: Record<string, unknown>, raw: unknown, depth = 0): Shape {
  if (!isRecord(raw) || depth > 32) return LEAF;
  if (isRecord(raw['items'])) return shapeOf(root, raw['items'], depth + 1);
  // A tuple (`prefixItems`, e.g. the seven claims of the evidence chain): the union of its members.
  const alternatives = Array.isArray(raw['prefixItems']) ? raw['prefixItems'] : raw['oneOf'] ?? raw['anyOf'];
  if (Array.isArray(alternatives)) {
    // Every alternative's keys (a proven and a not-proven claim have different members), in first-seen order.
    const keys: string[] = [];
    const children = new Map<string, Shape>();
    for (const alt of alternatives) {
      const shape = shapeOf(root, alt, depth + 1);
      if (shape.mapOf !== undefined && keys.length === 0) return shape;
      for (const k of shape.keys) {
        if (!keys.includes(k)) keys.push(k);
        const child = shape.children.get(k);
        if (child !== undefined && !children.has(k)) children.set(k, child);
      }
    }
    return keys.length === 0 ? LEAF : { keys, children };
  }
  const base = typeof raw['$ref'] === 'string' ? shapeOf(root, resolve(root, raw), depth + 1) : LEAF;
  const keys = [...base.keys];
  const children = new Map(base.children);
  const props = raw['properties'];
  if (isRecord(props)) {
    for (const [key, sub] of Object.entries(props)) {
      if (!keys.includes(key)) keys.push(key);
      children.set(key, shapeOf(root, sub, depth + 1));
    }
  }
  const additional = raw['additionalProperties'];
  if (keys.length === 0 && isRecord(additional)) return { keys, children, mapOf: shapeOf(root, additional, depth + 1) };
  return base.mapOf !== undefined && keys.length === base.keys.length ? base : { keys, children };
}

const SCHEMA: Record<string, unknown> = isRecord(reportSchema) ? reportSchema : {};
export const REPORT_SHAPE: Shape = shapeOf(SCHEMA, SCHEMA);
/** One entry's shape (entries[]), for outputs that print rows on their own (`why`). */
export const ENTRY_SHAPE: Shape = REPORT_SHAPE.children.get('entries') ?? LEAF;

function alphabetical(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A structurally identical value whose objects have only the shape's keys, in its order. */
export function orderKeys(value: unknown, shape: Shape = REPORT_SHAPE): unknown {
  if (Array.isArray(value)) return value.map((v: unknown) => orderKeys(v, shape));
  if (typeof value !== 'object' || value === null) return value;
  const present = Object.keys(value);
  const keys = shape.mapOf !== undefined ? present.sort(alphabetical) : shape.keys.filter((k) => present.includes(k));
  // Own data properties only: a key such as "__proto__" (a host name from a config) stays data.
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const v: unknown = Reflect.get(value, key);
    if (v === undefined) continue;
    Object.defineProperty(out, key, { value: orderKeys(v, shape.mapOf ?? shape.children.get(key) ?? LEAF), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

export const json = {
  id: 'json',
  description: 'the report as JSON (schemas/report.schema.json), schemaVersion first',
  render(report: AuditReport, _ctx: ReportContext): string {
    return `${JSON.stringify(orderKeys(report), null, 2)}\n`;
  },
} as const satisfies Reporter;
