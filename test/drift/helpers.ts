/** Shared builders for drift tests: one-tool snapshots and fixture loading. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classify } from '../../src/drift/classify.js';
import { parseSnapshot } from '../../src/drift/input.js';
import type { Delta, DriftResult, JsonObject, Snapshot } from '../../src/drift/types.js';

/** dist/test/drift → repository root. */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const REAL = path.join(REPO, 'fixtures', 'drift', 'real');

export function snap(...tools: JsonObject[]): Snapshot {
  return { tools: tools.map((raw) => ({ name: typeof raw['name'] === 'string' ? raw['name'] : '', raw })) };
}

export function tool(fields: JsonObject = {}): JsonObject {
  return { name: 't', description: 'A tool', inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, ...fields };
}

/** Classifies one tool before / after (same name unless overridden). */
export function diffTools(a: JsonObject, b: JsonObject): DriftResult {
  return classify(snap(a), snap(b));
}

export const kinds = (r: DriftResult): string[] => r.deltas.map((d) => d.kind).sort();
export const find = (r: DriftResult, kind: string): Delta[] => r.deltas.filter((d) => d.kind === kind);

export function loadReal(pkg: string, version: string): Snapshot {
  const value: unknown = JSON.parse(readFileSync(path.join(REAL, pkg, `${version}.json`), 'utf8'));
  const r = parseSnapshot(value);
  if (!r.ok) throw new Error(`${pkg}@${version}: ${r.message}`);
  return r.snapshot;
}
