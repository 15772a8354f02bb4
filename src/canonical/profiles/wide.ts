import { canonicalHash } from '../canonical.js';
import { getMember, jsonObject, member } from '../json-model.js';
import type { JsonMember, JsonObject } from '../json-model.js';
import { fail, ok } from '../../shared/result.js';
import type { ToolProfile } from './types.js';

/** Tool field → preimage key. mcpindex publishes the field list, not the encoding (reference §1.16). */
const WIDE_FIELDS = [
  ['name', 'name'], ['title', 'title'], ['description', 'description'],
  ['inputSchema', 'input_schema'], ['outputSchema', 'output_schema'], ['annotations', 'annotations'],
] as const;

/** `{name, title, description, input_schema, output_schema, annotations}`; absent members omitted. */
export function widePreimage(tool: JsonObject): JsonObject {
  const members: JsonMember[] = [];
  for (const [field, key] of WIDE_FIELDS) {
    const v = getMember(tool, field);
    if (v !== undefined) members.push(member(key, v));
  }
  return jsonObject(members);
}

export const wide = {
  id: 'wide',
  scope: 'tool',
  description: 'wide tool hash: narrow fields + title, output_schema, annotations (absent omitted), contract mode',
  digestTool(tool) {
    const r = canonicalHash(widePreimage(tool), { contract: true });
    return r.ok ? ok({ preimage: r.value.canonical, digest: r.value.hash }) : fail(r.problem);
  },
} as const satisfies ToolProfile;
