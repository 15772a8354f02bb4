/**
 * `{ ...base, ...extra }` for the objects one entry makes on its way through the pipeline (its
 * ServerEntry, graded row, findings, location checks): the same own enumerable properties in the
 * same order, built as `Object.assign({}, base, extra)`.
 *
 * Why not the spread: on Node 20 (V8 11.3) an object literal that starts with a spread and goes on
 * (`{ ...e, state }`, `{ ...a, ...b }`) gets a hidden class of its own every time it runs: the
 * clone's map is a copy outside the transition tree, so each added key makes a new one. At 100,000
 * entries that was ~12 unshared maps (with their descriptor arrays, ~0.5 KB each) per entry and
 * megamorphic property access in every later stage. Object.assign onto a fresh `{}` walks the
 * shared transition tree instead (test/shared/extend.test.ts checks both under
 * `--allow-natives-syntax`).
 *
 * Only for objects whose keys the code defines: Object.assign sets with [[Set]], so a key
 * `__proto__` taken from a config (an env or header map) would run the prototype setter. Those
 * maps are built with parse/document.ts `defineOwn`.
 */
export function extend<A extends object, const B extends object>(base: A, extra: B): Omit<A, keyof B> & B;
export function extend<A extends object, B extends object, const C extends object>(base: A, more: B, extra: C): Omit<A & B, keyof C> & C;
export function extend(base: object, ...rest: object[]): object {
  return Object.assign({}, base, ...rest) as object;
}

/**
 * An object being filled in before it is handed on as its readonly type: optional keys are
 * assigned one by one (`if (x !== undefined) out.x = x`) rather than spread in. `{ ...a, k }`
 * gives the object a hidden class of its own on Node 20 (see extend above) and a one-key spread
 * costs a runtime call.
 */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
