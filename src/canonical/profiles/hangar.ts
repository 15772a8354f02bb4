import canonicalizeJcs from 'canonicalize';
import { sha256Hex } from '../canonical.js';
import { getMember, jsonObject, member, toPointer } from '../json-model.js';
import type { JsonMember, JsonNode, JsonObject } from '../json-model.js';
import { fail, ok } from '../../shared/result.js';
import type { Result } from '../../shared/result.js';
import type { DigestProblem, ToolProfile } from './types.js';

/**
 * mcp-hangar `compute_tool_digest` (reference §2.5): RFC 8785 (JCS) over `{name, description?,
 * inputSchema?, outputSchema?}`, top-level null / empty string / empty object / empty array
 * dropped, bare 64 lowercase hex. JCS does not NFC-normalize and keeps strings as they are.
 * The `canonicalize` package recurses, so depth is capped here first.
 */
export const HANGAR_MAX_DEPTH = 512;
const OPTIONAL_FIELDS = ['description', 'inputSchema', 'outputSchema'] as const;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const meaningful = (n: JsonNode): boolean => {
  switch (n.kind) {
    case 'null': return false;
    case 'string': return n.value !== '';
    case 'array': return n.items.length > 0;
    case 'object': return n.members.length > 0;
    default: return true;
  }
};

export function hangarPreimage(tool: JsonObject): Result<JsonObject, DigestProblem> {
  const name = getMember(tool, 'name');
  if (name?.kind !== 'string' || name.value === '') {
    return fail({ message: 'a tool needs a non-empty string name', pointer: '/name', ...(name ? { node: name } : {}) });
  }
  const members: JsonMember[] = [member('name', name)];
  for (const f of OPTIONAL_FIELDS) {
    const v = getMember(tool, f);
    if (v !== undefined && meaningful(v)) members.push(member(f, v));
  }
  return ok(jsonObject(members));
}

class JcsFailure {
  constructor(readonly message: string, readonly node: JsonNode) {}
}

/** The model → a plain value for JCS (null-prototype objects, so `__proto__` stays a key). */
function toPlain(node: JsonNode, depth: number, path: (string | number)[]): unknown {
  if (depth > HANGAR_MAX_DEPTH) throw new JcsFailure(`value nested deeper than ${HANGAR_MAX_DEPTH} levels`, node);
  switch (node.kind) {
    case 'null': return null;
    case 'boolean': return node.value;
    case 'string':
      if (LONE_SURROGATE.test(node.value)) throw new JcsFailure('JCS: string contains a lone surrogate', node);
      return node.value;
    case 'integer': {
      const v = Number(node.text);
      if (!Number.isSafeInteger(v)) throw new JcsFailure(`JCS (I-JSON): integer ${node.text} is not exact as a double`, node);
      return v;
    }
    case 'float':
      if (!Number.isFinite(node.value)) throw new JcsFailure(`non-finite number ${node.text ?? String(node.value)}`, node);
      return node.value;
    case 'array': return node.items.map((item, i) => {
      path.push(i);
      const v = toPlain(item, depth + 1, path);
      path.pop();
      return v;
    });
    case 'object': {
      // No prototype: a member named __proto__ stays an ordinary key.
      const out = Object.create(null) as Record<string, unknown>;
      for (const m of node.members) {
        if (LONE_SURROGATE.test(m.key)) throw new JcsFailure('JCS: key contains a lone surrogate', node);
        path.push(m.key);
        out[m.key] = toPlain(m.value, depth + 1, path);
        path.pop();
      }
      return out;
    }
  }
}

export function jcs(node: JsonNode): Result<string, DigestProblem> {
  const path: (string | number)[] = [];
  try {
    const text = canonicalizeJcs(toPlain(node, 0, path));
    return text === undefined ? fail({ message: 'JCS produced no output', pointer: '' }) : ok(text);
  } catch (e: unknown) {
    if (!(e instanceof JcsFailure)) throw e;
    return fail({ message: e.message, pointer: toPointer(path), node: e.node });
  }
}

export const hangar = {
  id: 'hangar',
  scope: 'tool',
  description: 'mcp-hangar tool digest: RFC 8785 JCS over {name, description?, inputSchema?, outputSchema?}, bare hex',
  digestTool(tool) {
    const pre = hangarPreimage(tool);
    if (!pre.ok) return pre;
    const text = jcs(pre.value);
    return text.ok ? ok({ preimage: text.value, digest: sha256Hex(text.value) }) : text;
  },
} as const satisfies ToolProfile;
