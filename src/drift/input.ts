/**
 * Turns a parsed JSON value into a Snapshot. Accepted shapes:
 *   - a snapshot `{serverInfo?, capabilities?, instructions?, tools, prompts?}` (extra keys such
 *     as `protocolVersion` or `capture` are ignored);
 *   - a `tools/list` result `{tools, nextCursor?}` (any non-null nextCursor = a partial page: refused);
 *   - a JSON-RPC response whose `result` is one of the above;
 *   - an array of tools; a single tool `{name, inputSchema, …}`.
 * Errors carry a message and the JSON Pointer of the offending value; the CLI turns them into
 * InputError (drift/ does not import shared/).
 */
import type { JsonNode } from '../canonical/json-model.js';
import { isObject, put } from './json.js';
import type { JsonObject, PromptContract, Snapshot, ToolContract } from './types.js';

export type SnapshotParse =
  | { readonly ok: true; readonly snapshot: Snapshot }
  | { readonly ok: false; readonly message: string; readonly pointer: string };

class ShapeError extends Error {
  constructor(message: string, readonly pointer: string) {
    super(message);
  }
}

function named(v: unknown, pointer: string, what: string): { name: string; raw: JsonObject } {
  if (!isObject(v)) throw new ShapeError(`${what} must be an object`, pointer);
  const name = v['name'];
  if (typeof name !== 'string' || name === '') throw new ShapeError(`${what} needs a non-empty string "name"`, `${pointer}/name`);
  return { name, raw: v };
}

function list(v: unknown, pointer: string, what: string): { name: string; raw: JsonObject }[] {
  if (!Array.isArray(v)) throw new ShapeError(`"${pointer.slice(1)}" must be an array of ${what}s`, pointer);
  return v.map((x, i) => named(x, `${pointer}/${i}`, what));
}

function fromObject(o: JsonObject, base: string): Snapshot {
  const next = o['nextCursor'];
  // Any cursor but null (or none) means more pages, whatever its type (as canonical/snapshot.ts decides).
  if (next !== undefined && next !== null) {
    throw new ShapeError('partial tools/list page (nextCursor is set): concatenate every page before diffing', `${base}/nextCursor`);
  }
  const tools: ToolContract[] = list(o['tools'], `${base}/tools`, 'tool');
  // `prompts: null` is what a capture of a server without prompts writes: absent (schemas/snapshot.schema.json).
  const hasPrompts = o['prompts'] !== undefined && o['prompts'] !== null;
  const prompts: PromptContract[] | undefined = hasPrompts ? list(o['prompts'], `${base}/prompts`, 'prompt') : undefined;
  const { serverInfo, capabilities, instructions } = o;
  if (serverInfo !== undefined && !isObject(serverInfo)) throw new ShapeError('"serverInfo" must be an object', `${base}/serverInfo`);
  if (capabilities !== undefined && !isObject(capabilities)) throw new ShapeError('"capabilities" must be an object', `${base}/capabilities`);
  if (instructions !== undefined && instructions !== null && typeof instructions !== 'string') {
    throw new ShapeError('"instructions" must be a string', `${base}/instructions`);
  }
  const hasServer = serverInfo !== undefined || capabilities !== undefined || 'instructions' in o;
  return {
    tools,
    ...(prompts !== undefined ? { prompts } : {}),
    ...(hasServer ? {
      server: {
        ...(isObject(serverInfo) ? { serverInfo } : {}),
        ...(isObject(capabilities) ? { capabilities } : {}),
        ...(typeof instructions === 'string' ? { instructions } : {}),
      },
    } : {}),
  };
}

export function parseSnapshot(value: unknown): SnapshotParse {
  try {
    if (Array.isArray(value)) return { ok: true, snapshot: { tools: list(value, '', 'tool') } };
    if (!isObject(value)) throw new ShapeError('expected a snapshot, a tools/list result, an array of tools or a single tool', '');
    if (value['tools'] !== undefined) return { ok: true, snapshot: fromObject(value, '') };
    const result = value['result'];
    if (isObject(result) && result['tools'] !== undefined) return { ok: true, snapshot: fromObject(result, '/result') };
    if (typeof value['name'] === 'string' && 'inputSchema' in value) return { ok: true, snapshot: { tools: [named(value, '', 'tool')] } };
    throw new ShapeError('expected a snapshot ({tools, …}), a tools/list result, an array of tools or a single tool ({name, inputSchema, …})', '');
  } catch (e: unknown) {
    if (e instanceof ShapeError) return { ok: false, message: e.message, pointer: e.pointer };
    throw e;
  }
}

/**
 * The differ's input from the literal-preserving model instead of JSON.parse: an integer literal
 * beyond ±(2^53 − 1) becomes a bigint with its exact digits, so `9007199254740993` and
 * `9007199254740992` stay different (JSON.parse rounds both to the same double). Everything else
 * is what JSON.parse returns, duplicate members included (the last copy wins).
 */
export function fromJsonNode(n: JsonNode): unknown {
  switch (n.kind) {
    case 'null': return null;
    case 'boolean': return n.value;
    case 'string': return n.value;
    case 'float': return n.value;
    case 'integer': {
      const v = Number(n.text);
      return Number.isSafeInteger(v) ? v : BigInt(n.text);
    }
    case 'array': return n.items.map(fromJsonNode);
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const m of n.members) {
        put(o, m.key, fromJsonNode(m.value)); // a member named __proto__ is data, as JSON.parse makes it
      }
      return o;
    }
  }
}
