import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Golden files under fixtures/report/golden/. A mismatch fails; `UPDATE_GOLDEN=1` rewrites the
 * file instead (review the diff before committing it).
 */
const GOLDEN_DIR = new URL('../../../fixtures/report/golden/', import.meta.url);

export function matchGolden(name: string, actual: string): void {
  const url = new URL(name, GOLDEN_DIR);
  if (process.env['UPDATE_GOLDEN'] === '1') {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(url, actual);
    return;
  }
  let expected: string;
  try {
    expected = readFileSync(url, 'utf8');
  } catch (e: unknown) {
    throw new Error(`golden file fixtures/report/golden/${name} is missing: run the tests with UPDATE_GOLDEN=1`, { cause: e });
  }
  assert.equal(actual, expected, `output differs from fixtures/report/golden/${name} (UPDATE_GOLDEN=1 to regenerate)`);
}
