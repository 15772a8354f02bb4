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

/** `keys` in UTF-16 order: sorted in place only when they are not already (sort() allocates a work array). */
export function sortedKeys(keys: string[]): string[] {
  if (keysInOrder(keys)) return keys;
  if (keys.length > 12) return keys.sort(alphabetical);
  // A finding's few data keys: an insertion sort in place (sort() makes a work array per call).
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i] ?? '';
    let j = i - 1;
    for (; j >= 0 && (keys[j] ?? '') > k; j--) keys[j + 1] = keys[j] ?? '';
    keys[j + 1] = k;
  }
  return keys;
}

function keysInOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] ?? '') > (keys[i] ?? '')) return false;
  return true;
}

/** An own, enumerable property: what Object.keys and JSON.stringify see (a hidden one is neither). */
const ownEnumerable = (value: object, key: string): boolean => Object.prototype.propertyIsEnumerable.call(value, key);

/**
 * A shape's declared keys, their child shapes at the same places and each key's place: looked up
 * once per shape rather than per object.
 */
interface Members { readonly keys: readonly string[]; readonly shapes: readonly Shape[]; readonly place: ReadonlyMap<string, number> }
const MEMBERS = new WeakMap<Shape, Members>();
function membersOf(shape: Shape): Members {
  let members = MEMBERS.get(shape);
  if (members === undefined) {
    members = { keys: shape.keys, shapes: shape.keys.map((k) => shape.children.get(k) ?? LEAF), place: new Map(shape.keys.map((k, i) => [k, i])) };
    MEMBERS.set(shape, members);
  }
  return members;
}

/**
 * A structurally identical value whose objects have only the shape's keys, in its order. Parts
 * that already are so (plain objects holding exactly declared keys in schema order, maps with
 * sorted keys, no `undefined`) are returned as they are, not copied: the report builder makes its
 * rows in schema order, so a large report is written without a second copy of itself. The result
 * is the same either way (test/report/json-chunks.test.ts).
 */
export function orderKeys(value: unknown, shape: Shape = REPORT_SHAPE): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const w = typeof v === 'object' && v !== null ? orderKeys(v, shape) : v;
      // Holes and undefined are written as null by JSON.stringify either way.
      if (w !== v && out === undefined) out = value.slice(0, i);
      if (out !== undefined) out.push(w);
    }
    return out ?? value;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  const plain = proto === Object.prototype || proto === null;
  return shape.mapOf !== undefined ? orderedMap(value, shape.mapOf, plain) : orderedObject(value, shape, plain);
}

function orderedMap(value: object, of: Shape, plain: boolean): unknown {
  const own = Object.keys(value);
  // As it is: a plain object whose own enumerable keys (JSON.stringify's order) are already sorted,
  // every value defined and unchanged by the walk.
  if (plain && keysInOrder(own) && own.every((key) => {
    const v: unknown = Reflect.get(value, key);
    return v !== undefined && (typeof v !== 'object' || v === null || orderKeys(v, of) === v);
  })) return value;
  const out: Record<string, unknown> = {};
  for (const key of sortedKeys(own)) {
    const v: unknown = Reflect.get(value, key);
    const w = typeof v === 'object' && v !== null ? orderKeys(v, of) : v;
    // Defined, not assigned: a key such as "__proto__" (a host name from a config) stays data.
    if (w !== undefined) Object.defineProperty(out, key, { value: w, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Frozen objects already found to conform to a shape. A frozen object cannot gain, lose or change
 * a key, so the answer holds for the rest of the run: only objects whose members are primitives or
 * frozen arrays of primitives are kept (the shared claim results of grade/chain.ts, which most
 * rows of a large report repeat).
 */
const CONFORMING = new WeakMap<object, Shape>();

function orderedObject(value: object, shape: Shape, plain: boolean): unknown {
  if (CONFORMING.get(value) === shape) return value;
  const out = (plain ? inOrder(value as Record<string, unknown>, shape) : undefined) ?? orderedObjectWalk(value, shape, plain);
  if (out === value && Object.isFrozen(value) && Object.values(value).every(settled)) CONFORMING.set(value, shape);
  return out;
}

/** A member that cannot change: a primitive, or a frozen array of primitives. */
function settled(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return true;
  return Array.isArray(v) && Object.isFrozen(v) && v.every((x: unknown) => typeof x !== 'object' || x === null);
}

/**
 * A plain object whose enumerable keys (what JSON.stringify writes, in its order) are own,
 * declared, in the schema's order and defined, walked in one pass over the keys it has (the walk
 * below tries every declared key): the object itself when no member changes, else a copy with the
 * changed members. Undefined when its keys are not so (an undeclared, inherited, out-of-order or
 * undefined member), left to the walk. No member is walked before the keys are known to be so, so
 * nothing is walked twice.
 */
function inOrder(value: Record<string, unknown>, shape: Shape): unknown {
  const { shapes, place } = membersOf(shape);
  let last = -1;
  for (const key in value) {
    const at = place.get(key);
    if (at === undefined || at <= last || !Object.hasOwn(value, key) || value[key] === undefined) return undefined;
    last = at;
  }
  let out: Record<string, unknown> | undefined;
  for (const key in value) {
    const v = value[key];
    const w = typeof v === 'object' && v !== null ? orderKeys(v, shapes[place.get(key) ?? -1] ?? LEAF) : v;
    if (w !== v && out === undefined) {
      out = {};
      for (const before in value) {
        if (before === key) break;
        out[before] = value[before];
      }
    }
    if (out !== undefined) out[key] = w;
  }
  return out ?? value;
}

function orderedObjectWalk(value: object, shape: Shape, plain: boolean): unknown {
  const { keys, shapes } = membersOf(shape);
  const source = value as Record<string, unknown>;
  // Own properties only, in the schema's order (one hash lookup per declared key, not a scan of the
  // present ones). The keys are the schema's own, never "__proto__", so plain assignment is safe.
  // The copy is started only at the first difference (the members before it are taken as they are).
  let out: Record<string, unknown> | undefined = plain ? undefined : {};
  for (let m = 0; m < keys.length; m++) {
    const key = keys[m] ?? '';
    if (!Object.hasOwn(source, key)) continue;
    const v: unknown = source[key];
    const w = typeof v === 'object' && v !== null ? orderKeys(v, shapes[m] ?? LEAF) : v;
    if (out === undefined && (w !== v || v === undefined)) out = copyBefore(source, keys, m);
    // Written only when enumerable: a hidden own key is neither in Object.keys nor in JSON.stringify.
    if (out !== undefined && w !== undefined && ownEnumerable(source, key)) out[key] = w;
  }
  if (out !== undefined) return out;
  // Every declared key as it is: the object itself, when its enumerable keys (what JSON.stringify
  // writes; it skips symbols and hidden keys, as the copy does) are declared ones, in that order.
  let m = 0;
  for (const key in source) {
    while (m < keys.length && !Object.hasOwn(source, keys[m] ?? '')) m += 1;
    if (key !== keys[m]) return copyBefore(source, keys, keys.length);
    m += 1;
  }
  return value;
}

/** A new object with the declared members of `value` before index `end`, taken as they are (all defined). */
function copyBefore(value: Record<string, unknown>, keys: readonly string[], end: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let m = 0; m < end; m++) {
    const key = keys[m] ?? '';
    if (!ownEnumerable(value, key)) continue;
    const v: unknown = value[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** Array elements stringified at a time (a piece of about 0.5 MB for report entries). */
const BATCH = 256;
/** What `JSON.stringify({ k: [...] }, null, 2)` writes before the first element and after the last (ASCII: as many bytes as characters). */
const BATCH_HEAD = '{\n  "k": [\n';
const BATCH_TAIL = '\n  ]\n}';

/**
 * `text` as UTF-8 in one pass. Buffer.from(text) measures the UTF-8 length in a pass of its own
 * first: for the 241 MB of a 100,000-entry report that pass and the copy took 0.4-0.5 s, this
 * 0.07 s. The buffer is the text's length (JSON text is mostly ASCII: one byte per
 * unit); TextEncoder.encodeInto says how many units it took, and what is left (non-ASCII) goes
 * into a larger buffer, at most 3 bytes per UTF-16 unit (a surrogate pair is 4 bytes for 2).
 */
function utf8(text: string): Buffer {
  const first = Buffer.allocUnsafe(text.length);
  const done = ENCODER.encodeInto(text, first);
  if (done.read === text.length) return first.subarray(0, done.written);
  const out = Buffer.allocUnsafe(done.written + (text.length - done.read) * 3);
  first.copy(out, 0, 0, done.written);
  const rest = ENCODER.encodeInto(text.slice(done.read), out.subarray(done.written));
  return out.subarray(0, done.written + rest.written);
}
const ENCODER = new TextEncoder();

/**
 * The report as `JSON.stringify(orderKeys(report), null, 2)` writes it, in pieces: each top-level
 * array is written element by element, so a report of 100,000 entries is never one string of
 * hundreds of megabytes (nor an ordered copy of the whole report) in memory at once.
 * test/report/json-chunks.test.ts holds the pieces equal to the one-string form.
 */
export function* jsonChunks(report: AuditReport): Generator<string | Uint8Array> {
  let buf = '{';
  let first = true;
  for (const key of REPORT_SHAPE.keys) {
    if (!ownEnumerable(report, key)) continue;
    const v: unknown = Reflect.get(report, key);
    if (v === undefined) continue;
    const shape = REPORT_SHAPE.children.get(key) ?? LEAF;
    buf += `${first ? '' : ','}\n  ${JSON.stringify(key)}: `;
    first = false;
    if (Array.isArray(v) && v.length > 0) {
      // A batch of elements stringified as the value of a one-member object is indented exactly as
      // at this depth; its text between the member's `[` and `]` is the batch, with no re-indenting.
      buf += '[\n';
      for (let i = 0; i < v.length; i += BATCH) {
        const batch = v.slice(i, i + BATCH).map((item: unknown) => orderKeys(item, shape));
        // Encoded once and cut as bytes (a subarray shares them; a string slice of the text is a copy).
        const bytes = utf8(JSON.stringify({ k: batch }, null, 2));
        yield `${buf}${i === 0 ? '' : ',\n'}`;
        yield bytes.subarray(BATCH_HEAD.length, bytes.length - BATCH_TAIL.length);
        buf = '';
      }
      buf += '\n  ]';
    } else {
      buf += (JSON.stringify(orderKeys(v, shape), null, 2) ?? 'null').replaceAll('\n', '\n  ');
    }
  }
  yield `${buf}${first ? '' : '\n'}}\n`;
}

export const json = {
  id: 'json',
  description: 'the report as JSON (schemas/report.schema.json), schemaVersion first',
  render(report: AuditReport, _ctx: ReportContext): string {
    let text = '';
    for (const chunk of jsonChunks(report)) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return text;
  },
  chunks(report: AuditReport, _ctx: ReportContext): Iterable<string | Uint8Array> {
    return jsonChunks(report);
  },
} as const satisfies Reporter;
