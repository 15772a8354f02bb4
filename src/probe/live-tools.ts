/**
 * The tools a probe captured, read from the raw text of each `tools/list` page twice: with the
 * literal-preserving reader (so `0.0` stays a float and the proxy's own digest can be recomputed
 * Python-exactly) and as plain JSON (what the drift classifier compares). Pure.
 */
import { readJsonText } from '../canonical/json-text.js';
import { getMember } from '../canonical/json-model.js';
import type { JsonObject } from '../canonical/json-model.js';
import { toSnapshot } from '../canonical/snapshot.js';
import { parseJsonValue } from '../parse/json-value.js';

export interface LiveTool {
  readonly name: string;
  /** The tool as served, literals preserved (for digests). */
  readonly node: JsonObject;
  /** The same tool as a plain value (for drift classification). */
  readonly plain: Readonly<Record<string, unknown>>;
}

export type LiveTools =
  | { readonly ok: true; readonly tools: readonly LiveTool[] }
  | { readonly ok: false; readonly detail: string };

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === 'object' && v !== null && !Array.isArray(v);

function plainTools(text: string): readonly unknown[] | undefined {
  try {
    const parsed: unknown = parseJsonValue(text);
    const tools = isRecord(parsed) ? parsed['tools'] : undefined;
    return Array.isArray(tools) ? tools : undefined;
  } catch {
    return undefined;
  }
}

/** Every tool of every page, in served order. A page that is not a tools/list result fails the whole read. */
export function liveTools(pages: readonly string[]): LiveTools {
  const tools: LiveTool[] = [];
  for (const [i, text] of pages.entries()) {
    const doc = readJsonText(text);
    if (!doc.ok) return { ok: false, detail: `tools/list page ${i + 1} is not JSON: ${doc.problem.message}` };
    const root = doc.value.value;
    if (root.kind !== 'object' || getMember(root, 'tools') === undefined) {
      return { ok: false, detail: `tools/list page ${i + 1} has no "tools" array` };
    }
    const snapshot = toSnapshot(root);
    if (!snapshot.ok) return { ok: false, detail: `tools/list page ${i + 1}: ${snapshot.problem.message} at ${snapshot.problem.pointer}` };
    const plain = plainTools(text);
    if (plain === undefined || plain.length !== snapshot.value.tools.length) {
      return { ok: false, detail: `tools/list page ${i + 1} reads differently as plain JSON` };
    }
    for (const [j, node] of snapshot.value.tools.entries()) {
      const name = getMember(node, 'name');
      const value = plain[j];
      if (name?.kind !== 'string' || !isRecord(value)) return { ok: false, detail: `tools/list page ${i + 1}: tool ${j} has no name` };
      tools.push({ name: name.value, node, plain: value });
    }
  }
  return { ok: true, tools };
}
