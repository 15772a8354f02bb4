import { fail, ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import { toPointer } from './json-model.js';
import type { JsonMember, JsonNode } from './json-model.js';

/**
 * An already-parsed JS value (no source text) → the model. JavaScript has one number type, so the
 * float class of an integral literal is already gone: an integral finite number becomes an
 * integer (exact digits, -0 → 0), any other number a float. `0.0` in the original text is
 * therefore hashed as the integer 0 (mcpindex vector V6, not V5). A bigint becomes an integer.
 */

export interface PlainProblem {
  readonly message: string;
  readonly pointer: string;
}

export const PLAIN_MAX_DEPTH = 1000;

class PlainFailure {
  constructor(readonly message: string) {}
}

export function fromPlain(value: unknown, maxDepth: number = PLAIN_MAX_DEPTH): Result<JsonNode, PlainProblem> {
  const path: (string | number)[] = [];
  try {
    return ok(convert(value, 0, maxDepth, path));
  } catch (e: unknown) {
    if (!(e instanceof PlainFailure)) throw e;
    return fail({ message: e.message, pointer: toPointer(path) });
  }
}

function convert(value: unknown, depth: number, maxDepth: number, path: (string | number)[]): JsonNode {
  if (value === null) return { kind: 'null' };
  switch (typeof value) {
    case 'boolean': return { kind: 'boolean', value };
    case 'string': return { kind: 'string', value };
    case 'bigint': return { kind: 'integer', text: value.toString() };
    case 'number':
      return Number.isInteger(value)
        ? { kind: 'integer', text: BigInt(value).toString() }
        : { kind: 'float', value };
    case 'object': break;
    default: throw new PlainFailure(`a ${typeof value} is not a JSON value`);
  }
  if (depth >= maxDepth) throw new PlainFailure(`nesting deeper than ${maxDepth} levels (or a cycle)`);
  if (Array.isArray(value)) {
    const items: JsonNode[] = [];
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const item: unknown = value[i];
      items.push(convert(item, depth + 1, maxDepth, path));
      path.pop();
    }
    return { kind: 'array', items };
  }
  const members: JsonMember[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue; // as JSON.stringify: an undefined member is absent
    path.push(key);
    members.push({ key, value: convert(v, depth + 1, maxDepth, path) });
    path.pop();
  }
  return { kind: 'object', members };
}
