import { fail, ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import { getMember } from './json-model.js';
import type { JsonNode, JsonObject } from './json-model.js';

/**
 * What a server serves (schemas/snapshot.schema.json), in the literal-preserving model:
 * `{serverInfo?, instructions?, tools, prompts?}`. Tools and prompts are kept as served.
 * `instructions: null` and `prompts: null` mean absent.
 */
export interface Snapshot {
  readonly serverInfo?: JsonObject;
  readonly instructions?: JsonNode;
  readonly tools: readonly JsonObject[];
  readonly prompts?: readonly JsonObject[];
  /** The input was a `tools/list` page with a `nextCursor`: later pages are missing. */
  readonly incomplete?: true;
}

export type SnapshotShape = 'tool' | 'tool-array' | 'tools-list-result' | 'snapshot';

export interface SnapshotProblem {
  readonly message: string;
  readonly pointer: string;
  readonly node: JsonNode;
}

function objects(arr: JsonNode, pointer: string, what: string): Result<JsonObject[], SnapshotProblem> {
  if (arr.kind !== 'array') return fail({ message: `${what} must be an array`, pointer, node: arr });
  const out: JsonObject[] = [];
  for (let i = 0; i < arr.items.length; i++) {
    const item = arr.items[i];
    if (item === undefined) continue;
    if (item.kind !== 'object') return fail({ message: `each of ${what} must be an object`, pointer: `${pointer}/${i}`, node: item });
    const name = getMember(item, 'name');
    if (name?.kind !== 'string') {
      return fail({ message: `each of ${what} needs a string "name"`, pointer: `${pointer}/${i}`, node: name ?? item });
    }
    out.push(item);
  }
  return ok(out);
}

/** Which of the accepted shapes a document is, or undefined. */
export function snapshotShape(doc: JsonNode): SnapshotShape | undefined {
  if (doc.kind === 'array') return 'tool-array';
  if (doc.kind !== 'object') return undefined;
  const tools = getMember(doc, 'tools');
  if (tools !== undefined) {
    const snapshotOnly = ['serverInfo', 'instructions', 'prompts'].some((k) => getMember(doc, k) !== undefined);
    return snapshotOnly ? 'snapshot' : getMember(doc, 'nextCursor') !== undefined ? 'tools-list-result' : 'snapshot';
  }
  return getMember(doc, 'name') !== undefined ? 'tool' : undefined;
}

/** One Tool, an array of tools, a `tools/list` result or a snapshot → a snapshot. */
export function toSnapshot(doc: JsonNode): Result<Snapshot, SnapshotProblem> {
  const shape = snapshotShape(doc);
  if (shape === undefined) {
    return fail({
      message: 'expected a tool, an array of tools, a tools/list result or a snapshot',
      pointer: '',
      node: doc,
    });
  }
  if (shape === 'tool-array') {
    const tools = objects(doc, '', 'the tools');
    return tools.ok ? ok({ tools: tools.value }) : tools;
  }
  if (doc.kind !== 'object') return fail({ message: 'expected an object', pointer: '', node: doc });
  if (shape === 'tool') {
    const tools = objects({ kind: 'array', items: [doc] }, '', 'the tools');
    return tools.ok ? ok({ tools: tools.value }) : fail({ ...tools.problem, pointer: '' });
  }
  const toolsNode = getMember(doc, 'tools');
  if (toolsNode === undefined) return fail({ message: 'missing "tools"', pointer: '', node: doc });
  const tools = objects(toolsNode, '/tools', 'tools');
  if (!tools.ok) return tools;
  let snapshot: Snapshot = { tools: tools.value };
  const serverInfo = getMember(doc, 'serverInfo');
  if (serverInfo !== undefined) {
    if (serverInfo.kind !== 'object') return fail({ message: 'serverInfo must be an object', pointer: '/serverInfo', node: serverInfo });
    snapshot = { ...snapshot, serverInfo };
  }
  const instructions = getMember(doc, 'instructions');
  if (instructions !== undefined) {
    if (instructions.kind !== 'string' && instructions.kind !== 'null') {
      return fail({ message: 'instructions must be a string', pointer: '/instructions', node: instructions });
    }
    if (instructions.kind === 'string') snapshot = { ...snapshot, instructions };
  }
  const promptsNode = getMember(doc, 'prompts');
  // null = absent: what a capture of a server that serves no prompts writes (schemas/snapshot.schema.json).
  if (promptsNode !== undefined && promptsNode.kind !== 'null') {
    const prompts = objects(promptsNode, '/prompts', 'prompts');
    if (!prompts.ok) return prompts;
    snapshot = { ...snapshot, prompts: prompts.value };
  }
  const cursor = getMember(doc, 'nextCursor');
  if (cursor !== undefined && cursor.kind !== 'null') snapshot = { ...snapshot, incomplete: true };
  return ok(snapshot);
}
