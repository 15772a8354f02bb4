/**
 * Tool annotations judged on effective values (N3, §7.E, §8 direction matrix). Defaults:
 * readOnlyHint=false, destructiveHint=true, idempotentHint=false, openWorldHint=true;
 * destructiveHint and idempotentHint are n/a when the tool is read-only.
 */
import { emit, emitText, type Scope } from './emit.js';
import { isObject, ptr, same } from './json.js';
import type { JsonObject } from './types.js';

export interface EffectiveAnnotations {
  readonly readOnly: boolean;
  /** `undefined` = n/a (read-only tool). */
  readonly destructive: boolean | undefined;
  readonly idempotent: boolean | undefined;
  readonly openWorld: boolean;
}

const BOOLEAN_HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
const HINTS = new Set<string>(['title', ...BOOLEAN_HINTS]);
/** The four boolean hints (N3 fills their defaults). */
export const HINT_KEYS: ReadonlySet<string> = new Set<string>(BOOLEAN_HINTS);

/** Present, but neither a boolean nor null: the spec type is boolean. */
export const isHintOfWrongType = (v: unknown): boolean => v !== undefined && v !== null && typeof v !== 'boolean';

const flag = (o: JsonObject, key: string, dflt: boolean): boolean => {
  const v = o[key];
  return typeof v === 'boolean' ? v : dflt;
};

/** N3: fill spec defaults; a non-object `annotations` counts as none. */
export function effectiveAnnotations(raw: unknown): EffectiveAnnotations {
  const o = isObject(raw) ? raw : {};
  const readOnly = flag(o, 'readOnlyHint', false);
  return {
    readOnly,
    destructive: readOnly ? undefined : flag(o, 'destructiveHint', true),
    idempotent: readOnly ? undefined : flag(o, 'idempotentHint', false),
    openWorld: flag(o, 'openWorldHint', true),
  };
}

const BASE = '/annotations';

export function diffAnnotations(scope: Scope, rawA: unknown, rawB: unknown): void {
  if (same(rawA, rawB)) return;
  const a = effectiveAnnotations(rawA);
  const b = effectiveAnnotations(rawB);
  const ro = ptr(BASE, 'readOnlyHint');
  if (a.readOnly && !b.readOnly) {
    emit(scope, b.destructive === true ? 'annotation-readonly-to-destructive' : 'annotation-readonly-revoked', ro,
      { readOnlyHint: true }, { readOnlyHint: false, destructiveHint: b.destructive });
  } else if (!a.readOnly && b.readOnly) {
    emit(scope, 'annotation-readonly-claimed', ro, false, true);
  } else if (!a.readOnly && !b.readOnly) {
    if (a.destructive !== b.destructive) {
      emit(scope, b.destructive === true ? 'annotation-destructive-added' : 'annotation-destructive-removed', ptr(BASE, 'destructiveHint'), a.destructive, b.destructive);
    }
    if (a.idempotent !== b.idempotent) {
      emit(scope, b.idempotent === true ? 'annotation-idempotent-added' : 'annotation-idempotent-removed', ptr(BASE, 'idempotentHint'), a.idempotent, b.idempotent);
    }
  }
  if (a.openWorld !== b.openWorld) {
    emit(scope, b.openWorld ? 'annotation-openworld-added' : 'annotation-openworld-removed', ptr(BASE, 'openWorldHint'), a.openWorld, b.openWorld);
  }
  const oa = isObject(rawA) ? rawA : {};
  const ob = isObject(rawB) ? rawB : {};
  // Values of the wrong type are compared raw, never read as "absent" on both sides.
  const wrong = (v: unknown): boolean => v !== undefined && v !== null && !isObject(v);
  if ((wrong(rawA) || wrong(rawB)) && !same(rawA, rawB)) {
    emit(scope, 'tool-changed-unclassified', BASE, rawA, rawB, { severity: 'high', details: { reason: 'annotations is not an object; compared as raw JSON' } });
  }
  for (const key of BOOLEAN_HINTS) {
    const x = oa[key];
    const y = ob[key];
    if ((isHintOfWrongType(x) || isHintOfWrongType(y)) && !same(x, y)) {
      emit(scope, 'tool-changed-unclassified', ptr(BASE, key), x, y,
        { severity: 'high', details: { reason: `${key} is not a boolean (a truthiness check may read it either way); compared as raw JSON` } });
    }
  }
  emitText(scope, 'annotation-title', ptr(BASE, 'title'), oa['title'], ob['title']);
  for (const key of new Set([...Object.keys(oa), ...Object.keys(ob)])) {
    if (HINTS.has(key) || same(oa[key], ob[key])) continue;
    emit(scope, 'annotation-unrecognized-changed', ptr(BASE, key), oa[key], ob[key]);
  }
}
