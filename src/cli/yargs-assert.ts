/**
 * Bundled in place of `node:assert` for yargs' Node platform shim only (build-bundle.ts), which
 * imports `notStrictEqual` and `strictEqual` from it to check its own arguments (yargs 18.2.0
 * lib/platform-shims/esm.mjs). Loading node:assert costs 1.3 ms a run. The checks are Node's:
 * strict equality is Object.is (https://nodejs.org/docs/latest-v20.x/api/assert.html#assertstrictequalactual-expected-message),
 * and a failed one throws.
 */
export class AssertionError extends Error {
  override readonly name = 'AssertionError';
}

function fail(message: string | Error | undefined, fallback: string): never {
  if (message instanceof Error) throw message;
  throw new AssertionError(message ?? fallback);
}

export function strictEqual(actual: unknown, expected: unknown, message?: string | Error): void {
  if (!Object.is(actual, expected)) fail(message, 'Expected values to be strictly equal');
}

export function notStrictEqual(actual: unknown, expected: unknown, message?: string | Error): void {
  if (Object.is(actual, expected)) fail(message, 'Expected "actual" to be strictly unequal to "expected"');
}
