import assert from 'node:assert/strict';
import { isObject } from '../../../src/canonical/json-model.js';
import type { JsonObject } from '../../../src/canonical/json-model.js';
import { readJsonText } from '../../../src/canonical/json-text.js';

export function tool(text: string): JsonObject {
  const r = readJsonText(text, { maxDepth: Infinity });
  assert.ok(r.ok, JSON.stringify(!r.ok && r.problem));
  assert.ok(isObject(r.value.value));
  return r.value.value;
}
