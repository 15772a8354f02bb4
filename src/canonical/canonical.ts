import { createHash } from 'node:crypto';
import { fail, ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import { pyExp17 } from './float-format.js';
import { findPointer } from './json-model.js';
import type { JsonNode, JsonObject } from './json-model.js';
import { compareCodePoints, guardContractString, isLowKey, nfc, quoteAscii } from './strings.js';

/**
 * The canonical form of schemas/canonical-form.md: Python
 * `json.dumps(canon(x), sort_keys=True, separators=(",", ":"), ensure_ascii=True)`.
 * Pure; recursion is bounded by MAX_DEPTH.
 */

export const MAX_DEPTH = 64;

export interface CanonicalOptions {
  /** Contract mode (mcpindex definition_hash): guard float-shaped strings, keep NFC-colliding keys. */
  readonly contract: boolean;
}

export type CanonicalProblemCode = 'non-finite' | 'too-deep';

export interface CanonicalProblem {
  readonly code: CanonicalProblemCode;
  readonly message: string;
  /** Pointer within the value that was canonicalized. */
  readonly pointer: string;
  /** The offending node (its `offset`, if any, locates it in the source text). */
  readonly node: JsonNode;
}

class CanonicalFailure {
  constructor(readonly code: CanonicalProblemCode, readonly message: string, readonly node: JsonNode) {}
}

export function canonicalize(value: JsonNode, options: CanonicalOptions): Result<string, CanonicalProblem> {
  try {
    return ok(emit(value, 0, options.contract));
  } catch (e: unknown) {
    if (!(e instanceof CanonicalFailure)) throw e;
    return fail({ code: e.code, message: e.message, pointer: findPointer(value, e.node) ?? '', node: e.node });
  }
}

/** `sha256:` + lowercase hex of the UTF-8 bytes. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function contentHash(canonicalText: string): string {
  return `sha256:${sha256Hex(canonicalText)}`;
}

export interface CanonicalHash {
  readonly canonical: string;
  readonly hash: string;
}

export function canonicalHash(value: JsonNode, options: CanonicalOptions): Result<CanonicalHash, CanonicalProblem> {
  const r = canonicalize(value, options);
  return r.ok ? ok({ canonical: r.value, hash: contentHash(r.value) }) : r;
}

function emit(node: JsonNode, depth: number, contract: boolean): string {
  if (depth > MAX_DEPTH) {
    throw new CanonicalFailure('too-deep', `value nested deeper than ${MAX_DEPTH} levels`, node);
  }
  switch (node.kind) {
    case 'null': return 'null';
    case 'boolean': return node.value ? 'true' : 'false';
    case 'integer': return node.text === '-0' ? '0' : node.text;
    case 'float': {
      if (!Number.isFinite(node.value)) {
        throw new CanonicalFailure('non-finite', `non-finite number ${node.text ?? String(node.value)}`, node);
      }
      return `"${pyExp17(node.value === 0 ? 0 : node.value)}"`;
    }
    case 'string': {
      const s = nfc(node.value);
      return quoteAscii(contract ? guardContractString(s) : s);
    }
    case 'array': {
      let out = '[';
      const items = node.items;
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (item === undefined) continue;
        out += (i === 0 ? '' : ',') + emit(item, depth + 1, contract);
      }
      return `${out}]`;
    }
    case 'object': {
      const entries = objectEntries(node, contract);
      let out = '{';
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i];
        if (e === undefined) continue;
        out += `${i === 0 ? '' : ','}${quoteAscii(e.key)}:${emit(e.value, depth + 1, contract)}`;
      }
      return `${out}}`;
    }
  }
}

interface Entry {
  /** The key written out. */
  readonly key: string;
  readonly value: JsonNode;
}

/**
 * Members → entries sorted by code point. An exact duplicate raw key keeps its last value. Keys
 * are NFC-normalized; when raw keys collide after NFC, contract mode keeps them all under their raw
 * names, otherwise the value of the raw key sorting last wins under the normalized key.
 */
function objectEntries(node: JsonObject, contract: boolean): Entry[] {
  const members = node.members;
  // Fast path: no duplicate keys and every key below U+0300 (already NFC, no surrogates, so
  // UTF-16 order is code point order).
  let simple = true;
  const entries: Entry[] = [];
  const seen = members.length > 8 ? new Set<string>() : undefined;
  for (let i = 0; i < members.length && simple; i++) {
    const m = members[i];
    if (m === undefined) continue;
    const key = m.key;
    if (!isLowKey(key)) simple = false;
    else if (seen !== undefined) {
      if (seen.has(key)) simple = false;
      else seen.add(key);
    } else {
      for (let j = 0; j < i; j++) if (members[j]?.key === key) simple = false;
    }
    entries.push({ key, value: m.value });
  }
  if (simple) return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return objectEntriesGeneral(node, contract);
}

function objectEntriesGeneral(node: JsonObject, contract: boolean): Entry[] {
  const byRaw = new Map<string, JsonNode>();
  for (const m of node.members) byRaw.set(m.key, m.value);
  const byNfc = new Map<string, string[]>();
  let collision = false;
  for (const raw of byRaw.keys()) {
    const k = nfc(raw);
    const group = byNfc.get(k);
    if (group === undefined) byNfc.set(k, [raw]);
    else {
      group.push(raw);
      collision = true;
    }
  }
  const entries: Entry[] = [];
  for (const [key, raws] of byNfc) {
    if (raws.length === 1 || !collision) {
      const raw = raws[0] ?? key;
      entries.push({ key, value: byRaw.get(raw) ?? { kind: 'null' } });
    } else if (contract) {
      for (const raw of raws) entries.push({ key: raw, value: byRaw.get(raw) ?? { kind: 'null' } });
    } else {
      const raw = raws.reduce((a, b) => (compareCodePoints(a, b) >= 0 ? a : b));
      entries.push({ key, value: byRaw.get(raw) ?? { kind: 'null' } });
    }
  }
  return entries.sort((a, b) => compareCodePoints(a.key, b.key));
}
