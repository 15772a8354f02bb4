import { canonicalHash } from '../canonical.js';
import { getMember, jsonObject, member } from '../json-model.js';
import type { JsonMember, JsonNode, JsonObject } from '../json-model.js';
import { compareCodePoints } from '../strings.js';
import { fail, ok } from '../../shared/result.js';
import type { Snapshot } from '../snapshot.js';
import type { ServerProfile } from './types.js';

const PROMPT_FIELDS = ['name', 'title', 'description', 'arguments'] as const;

function pick(obj: JsonObject, fields: readonly string[]): JsonObject {
  const members: JsonMember[] = [];
  for (const f of fields) {
    const v = getMember(obj, f);
    if (v !== undefined) members.push(member(f, v));
  }
  return jsonObject(members);
}

const promptName = (p: JsonObject): string => {
  const n = getMember(p, 'name');
  return n?.kind === 'string' ? n.value : '';
};

/**
 * `{instructions, prompts}`: the content-bearing server surface only (no serverInfo.version, no
 * observation or status fields). Prompts keep `{name, title, description, arguments}` and are
 * sorted by name (code point; equal names keep their served order). Absent members are omitted.
 */
export function serverPreimage(snapshot: Snapshot): JsonObject {
  const members: JsonMember[] = [];
  if (snapshot.instructions !== undefined) members.push(member('instructions', snapshot.instructions));
  if (snapshot.prompts !== undefined) {
    const prompts: JsonNode[] = [...snapshot.prompts]
      .sort((a, b) => compareCodePoints(promptName(a), promptName(b)))
      .map((p) => pick(p, PROMPT_FIELDS));
    members.push(member('prompts', { kind: 'array', items: prompts }));
  }
  return jsonObject(members);
}

export const server = {
  id: 'server',
  scope: 'server',
  description: 'server-scoped hash: {instructions, prompts[name,title,description,arguments]}, contract mode',
  digestServer(snapshot) {
    const r = canonicalHash(serverPreimage(snapshot), { contract: true });
    return r.ok ? ok({ preimage: r.value.canonical, digest: r.value.hash }) : fail(r.problem);
  },
} as const satisfies ServerProfile;
