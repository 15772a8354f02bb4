/**
 * Appends `items` to `target` in place, one by one, and returns `target`. `target.push(...items)`
 * passes every element as an argument on the stack, and V8 throws "RangeError: Maximum call stack
 * size exceeded" once they do not fit: from about 120,000 elements on Node 20's default stack,
 * which one legal config reaches (150,000 servers in a 4.4 MB ~/.claude.json ended every
 * discovering command in an internal error). `npm run lint` refuses a spread into push.
 */
export function append<T>(target: T[], items: readonly T[]): T[] {
  for (let i = 0; i < items.length; i++) target.push(items[i] as T);
  return target;
}

/** The largest of `values` and `atLeast`, by a loop (Math.max(...values) overflows as push does). */
export function largest(values: Iterable<number>, atLeast = -Infinity): number {
  let out = atLeast;
  for (const v of values) if (v > out) out = v;
  return out;
}

/** The smallest of `values` and `atMost`. */
export function smallest(values: Iterable<number>, atMost = Infinity): number {
  let out = atMost;
  for (const v of values) if (v < out) out = v;
  return out;
}
