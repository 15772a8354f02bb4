import { canonicalHash } from '../canonical.js';
import { getMember, isObject, jsonObject, jsonString, member } from '../json-model.js';
import type { JsonNode, JsonObject } from '../json-model.js';
import { fail, ok } from '../../shared/result.js';
import type { ToolProfile } from './types.js';

/**
 * mcpindex `definition_hash` (reference §1.12): contract-mode canonical form of
 * `{name, description, input_schema}`. An absent or null name/description becomes "" (the TS port;
 * Python would write "None"); an inputSchema that is not an object becomes {}.
 */
export function narrowPreimage(tool: JsonObject): JsonObject {
  const orEmpty = (n: JsonNode | undefined): JsonNode => (n === undefined || n.kind === 'null' ? jsonString('') : n);
  const schema = getMember(tool, 'inputSchema');
  return jsonObject([
    member('name', orEmpty(getMember(tool, 'name'))),
    member('description', orEmpty(getMember(tool, 'description'))),
    member('input_schema', isObject(schema) ? schema : jsonObject([])),
  ]);
}

export const narrow = {
  id: 'narrow',
  scope: 'tool',
  description: 'mcpindex definition_hash: {name, description, input_schema}, contract mode, sha256:',
  digestTool(tool) {
    const r = canonicalHash(narrowPreimage(tool), { contract: true });
    return r.ok ? ok({ preimage: r.value.canonical, digest: r.value.hash }) : fail(r.problem);
  },
} as const satisfies ToolProfile;
