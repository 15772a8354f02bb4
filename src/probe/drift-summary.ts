/**
 * Classifies the tools whose live contract no longer matches their pin, with the drift module,
 * against the contract the pin recorded (mcpindex keeps it as the record's `schema`). Pure.
 */
import { classify, decide } from '../drift/classify.js';
import type { Delta, ToolContract } from '../drift/types.js';
import type { ProbeDriftedTool } from '../report/model.js';
import type { LiveTool } from './live-tools.js';

/** A pin as the comparison sees it, whatever the proxy's store format. */
export interface PinRecord {
  readonly tool: string;
  readonly digest: string;
  /** The contract recorded with the pin (mcpindex `schema`), when there is one. */
  readonly schema?: unknown;
}

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === 'object' && v !== null && !Array.isArray(v);

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The live tool cut to the contract mcpindex records (§1.10, SDK `toolToDict`): name, description
 * ("" when absent), inputSchema ({} when not an object), annotations and outputSchema when objects.
 * `title`, `icons`, `_meta` and `execution` are not recorded, so they cannot be compared.
 */
export function publicContract(tool: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const description = tool['description'];
  const input = tool['inputSchema'];
  const out: Record<string, unknown> = {
    name: tool['name'],
    description: typeof description === 'string' ? description : '',
    inputSchema: isRecord(input) ? input : {},
  };
  for (const key of ['annotations', 'outputSchema']) {
    const v = tool[key];
    if (isRecord(v)) out[key] = v;
  }
  return out;
}

function recorded(pin: PinRecord): ToolContract | undefined {
  return isRecord(pin.schema) ? { name: pin.tool, raw: { ...pin.schema, name: pin.tool } } : undefined;
}

function unique(deltas: readonly Delta[]): string[] {
  return [...new Set(deltas.map((d) => d.kind))];
}

/**
 * `changed`: pinned and served, digest differs. `removed`: pinned, not served. `added`: served, no pin.
 * A changed tool with nothing classifiable (no recorded schema, or a difference the classifier does
 * not model) is a hold: the gate synthesises `deep-schema-undiffable` for exactly that case (§1.17).
 */
export function classifyDrift(
  changed: readonly { readonly pin: PinRecord; readonly live: LiveTool }[],
  removed: readonly PinRecord[],
  added: readonly LiveTool[],
): ProbeDriftedTool[] {
  const old: ToolContract[] = [];
  const next: ToolContract[] = [];
  for (const { pin, live } of changed) {
    const before = recorded(pin);
    if (before === undefined) continue;
    old.push(before);
    next.push({ name: live.name, raw: publicContract(live.plain) });
  }
  for (const pin of removed) old.push(recorded(pin) ?? { name: pin.tool, raw: { name: pin.tool } });
  for (const live of added) next.push({ name: live.name, raw: publicContract(live.plain) });
  const byTool = new Map<string, Delta[]>();
  for (const d of classify({ tools: old }, { tools: next }).deltas) {
    const key = d.tool ?? '';
    const list = byTool.get(key);
    if (list === undefined) byTool.set(key, [d]);
    else list.push(d);
  }
  const entry = (tool: string, change: ProbeDriftedTool['change'], fallback: { kinds: string[]; decision: string }): ProbeDriftedTool => {
    const deltas = byTool.get(tool) ?? [];
    return deltas.length === 0
      ? { tool, change, ...fallback }
      : { tool, change, kinds: unique(deltas), decision: decide(deltas) };
  };
  return [
    ...changed.map(({ pin }) => entry(pin.tool, 'changed', { kinds: [], decision: 'hold' })),
    ...removed.map((pin) => entry(pin.tool, 'removed', { kinds: [], decision: 'hold' })),
    ...added.map((live) => entry(live.name, 'added', { kinds: ['tool-added'], decision: 'auto-accept' })),
  ].sort((a, b) => cmp(a.tool, b.tool) || cmp(a.change, b.change));
}
