/**
 * Compares what a server really serves with the pins its proxy keeps, under that proxy's own
 * recipe: mcpindex `definition_hash` (the `narrow` profile, Python-exact float literals) and the
 * Hangar digest (`hangar` profile, bare hex). Pure: a capture and the row's evidence in, the
 * probe summary out (recipes: mcpindex-ai/mcpindex-sdk-ts@35f4dd6:src/canonical.ts, vectors in test/parity.test.ts @0f3e676;
 * mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/domain/services/digest_computation.py `compute_tool_digest`).
 *
 *   pins-confirmed   every pin matches and every served tool is pinned (n of n)
 *   drift            some pins match, others changed or are no longer served (classified)
 *   unpinned-tools   every pin matches, but some served tools have none
 *   pins-unmatched   pins exist and not one matches a served tool: the recipe or the id is wrong,
 *                    so the pins cannot be what the proxy checks → the row becomes unverifiable
 *   probe-failed     no capture, or one this module cannot read
 */
import { hangar } from '../canonical/profiles/hangar.js';
import { narrow } from '../canonical/profiles/narrow.js';
import type { ToolProfile } from '../canonical/profiles/types.js';
import type { McpindexPin } from '../grade/stores/types.js';
import type { ProbeSummary } from '../report/model.js';
import { classifyDrift } from './drift-summary.js';
import type { PinRecord } from './drift-summary.js';
import { liveTools } from './live-tools.js';
import type { LiveTool } from './live-tools.js';
import type { ProbeCapture, ProbeSuccess } from './types.js';

export type ProbeOutcome = 'pins-confirmed' | 'drift' | 'unpinned-tools' | 'pins-unmatched' | 'probe-failed';
export const PROBE_OUTCOMES: readonly ProbeOutcome[] = ['pins-confirmed', 'drift', 'unpinned-tools', 'pins-unmatched', 'probe-failed'];

/** The proxy as graded: its id, mode and whether that mode blocks. */
export interface CompareContext {
  readonly proxy: string;
  readonly mode: string;
  readonly blocking: boolean;
}

/** Reasons a row is reported `probe-failed` without launching anything. */
export const NOT_LAUNCHED = {
  noUpstream: 'upstream launch line not in evidence',
  recipe: 'recipe not reproducible',
  noPins: 'pins not in evidence',
} as const;

/** A probe that did not produce a comparable capture. */
export function failedSummary(reason: string, detail: string, stderrTail = '', elapsedMs?: number): ProbeSummary {
  return {
    outcome: 'probe-failed', detail: detail === '' ? reason : `${reason}: ${detail}`,
    failure: { reason, stderrTail }, ...(elapsedMs !== undefined ? { elapsedMs } : {}),
  };
}

const LIST_MAX = 5;
/** Up to five names, then `and N more`. */
export function listed(names: readonly string[]): string {
  const head = names.slice(0, LIST_MAX).join(', ');
  return names.length > LIST_MAX ? `${head} and ${names.length - LIST_MAX} more` : head;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The shared comparison: `digestOf` is the proxy's recipe, `undefined` when a tool cannot be digested. */
function comparePins(
  capture: ProbeSuccess, pins: readonly PinRecord[], recipe: string, digestOf: (tool: LiveTool) => string | undefined,
  ctx: CompareContext,
): ProbeSummary {
  const elapsedMs = capture.elapsedMs;
  const read = liveTools(capture.toolsRaw);
  if (!read.ok) return failedSummary('protocol-error', read.detail, '', elapsedMs);
  const live = new Map<string, LiveTool>();
  for (const tool of read.tools) live.set(tool.name, tool);
  const byTool = new Map<string, PinRecord>();
  for (const pin of pins) byTool.set(pin.tool, pin); // a repeated (server, tool) record: the last one wins
  const changed: { pin: PinRecord; live: LiveTool }[] = [];
  const removed: PinRecord[] = [];
  let matched = 0;
  for (const pin of byTool.values()) {
    const tool = live.get(pin.tool);
    if (tool === undefined) removed.push(pin);
    else if (digestOf(tool) === pin.digest) matched += 1;
    else changed.push({ pin, live: tool });
  }
  const unpinned = [...live.values()].filter((t) => !byTool.has(t.name));
  const counts = { tools: live.size, matched, pinned: byTool.size, elapsedMs };
  const unpinnedNames = unpinned.map((t) => t.name);
  const withUnpinned = unpinned.length > 0 ? { unpinned: unpinnedNames } : {};
  const score = `${matched} of ${plural(byTool.size, 'pinned tool')} match under the ${recipe} recipe`;
  if (byTool.size > 0 && matched === 0) {
    // Kept for the reader: if every pinned tool really changed, the classification says how.
    const drift = changed.length > 0 ? { drift: classifyDrift(changed, removed, unpinned) } : {};
    return {
      outcome: 'pins-unmatched', ...counts, ...drift, ...withUnpinned,
      detail: `none of the ${plural(byTool.size, 'pin')} matches any of the ${plural(live.size, 'served tool')} under the ${recipe} `
        + `recipe: the pins were written by another recipe or for another server (or every pinned tool changed), `
        + `so they cannot be shown to be what ${ctx.proxy} checks`,
    };
  }
  if (changed.length > 0 || removed.length > 0) {
    const drift = classifyDrift(changed, removed, unpinned);
    const held = drift.filter((d) => d.decision === 'hold' && d.change !== 'added').map((d) => d.tool);
    const described = drift.filter((d) => d.change !== 'added')
      .map((d) => `${d.tool} ${d.change}${d.kinds.length > 0 ? ` (${d.kinds.join(', ')})` : ' (unclassified)'}: ${d.decision}`);
    const posture = ctx.blocking ? '' : ` (mode ${ctx.mode} records drift without blocking)`;
    const verdict = held.length > 0 ? `; ${ctx.proxy} would hold ${listed(held)}${posture}` : `; ${ctx.proxy} would auto-accept every change`;
    return {
      outcome: 'drift', ...counts, drift, ...withUnpinned,
      detail: `${score}; ${described.slice(0, LIST_MAX).join('; ')}${described.length > LIST_MAX ? '; …' : ''}${verdict}`,
    };
  }
  if (unpinned.length > 0) {
    return { outcome: 'unpinned-tools', ...counts, ...withUnpinned, detail: `${score}; served but not pinned: ${listed(unpinnedNames)}` };
  }
  return {
    outcome: 'pins-confirmed', ...counts,
    detail: byTool.size === 0 ? 'the server lists no tools and none are pinned' : `${score}; every served tool is pinned`,
  };
}

function digestWith(profile: ToolProfile): (tool: LiveTool) => string | undefined {
  return (tool) => {
    const r = profile.digestTool(tool.node);
    return r.ok ? r.value.digest : undefined;
  };
}

/** mcpindex: `narrow` of each live tool against the `definition_hash` records (already filtered to this server id). */
export function compareMcpindex(capture: ProbeCapture, pins: readonly McpindexPin[], ctx: CompareContext): ProbeSummary {
  if (!capture.ok) return failedSummary(capture.reason, capture.detail, capture.stderrTail, capture.elapsedMs);
  const records = pins.map((p): PinRecord => ({ tool: p.toolName, digest: p.definitionHash, ...(p.schema !== undefined ? { schema: p.schema } : {}) }));
  return comparePins(capture, records, 'mcpindex definition_hash (narrow)', digestWith(narrow), ctx);
}

/** Hangar: `hangar` digests against `tool_projection.pins` (tool → 64 hex); Hangar keeps no schema. */
export function compareHangar(capture: ProbeCapture, pins: Readonly<Record<string, string>>, ctx: CompareContext): ProbeSummary {
  if (!capture.ok) return failedSummary(capture.reason, capture.detail, capture.stderrTail, capture.elapsedMs);
  const records = Object.entries(pins).map(([tool, digest]): PinRecord => ({ tool, digest }));
  return comparePins(capture, records, 'Hangar compute_tool_digest (JCS)', digestWith(hangar), ctx);
}
