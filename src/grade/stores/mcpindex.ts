import path from 'node:path';
import { finding } from '../../rules/types.js';
import type { Finding } from '../../rules/types.js';
import { pinBaselineAbsent } from '../../rules/pin-baseline-absent.js';
import { pinBaselineDeleted } from '../../rules/pin-baseline-deleted.js';
import { pinStoreNewerFormat } from '../../rules/pin-store-newer-format.js';
import { pinStoreUnreadable } from '../../rules/pin-store-unreadable.js';
import { checkStoreFile } from './check-file.js';
import { readSmallFile } from './file-state.js';
import type { McpindexPin, StoreContext, StoreInspection, Subject } from './types.js';

/** The pin-file format version mcp-audit reads (pinning-systems.md §1.10). */
export const MCPINDEX_STORE_VERSION = 2;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Basenames listed in `.ever-pinned.json` beside the store; undefined when absent or unreadable. */
async function everPinned(storePath: string): Promise<readonly string[] | undefined> {
  const read = await readSmallFile(path.join(path.dirname(storePath), '.ever-pinned.json'));
  if (!read.ok) return undefined;
  try {
    const parsed: unknown = JSON.parse(read.text);
    if (!isRecord(parsed) || !Array.isArray(parsed.stores)) return undefined;
    return parsed.stores.filter((s): s is string => typeof s === 'string');
  } catch {
    return undefined;
  }
}

/**
 * Parses a v2 pin file the way the gate's loader does (the SDK's tainted reasons, §1.10) and
 * returns the records for `serverId`. A file may hold several server ids.
 */
export function parseMcpindexPins(text: string, serverId: string, subject: Subject, p: string):
  { findings: Finding[]; pins: McpindexPin[] } {
  const unreadable = (reason: string): { findings: Finding[]; pins: McpindexPin[] } =>
    ({ findings: [finding(pinStoreUnreadable, { ...subject, path: p, reason })], pins: [] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return unreadable('baseline file is present but unreadable (invalid JSON)');
  }
  if (!isRecord(parsed)) return unreadable('baseline file is not a pin store');
  if (typeof parsed.version === 'number' && parsed.version > MCPINDEX_STORE_VERSION) {
    return { findings: [finding(pinStoreNewerFormat, { ...subject, path: p, version: String(parsed.version) })], pins: [] };
  }
  if (!Array.isArray(parsed.pins)) return unreadable('baseline file has no readable pin list');
  const findings: Finding[] = [];
  const pins: McpindexPin[] = [];
  let bad = 0;
  for (const rec of parsed.pins) {
    if (!isRecord(rec) || typeof rec.server_id !== 'string' || typeof rec.tool_name !== 'string'
      || typeof rec.definition_hash !== 'string' || typeof rec.pinned_at !== 'string') {
      bad += 1;
      continue;
    }
    if (rec.server_id !== serverId) continue;
    pins.push({
      serverId: rec.server_id, toolName: rec.tool_name, definitionHash: rec.definition_hash,
      ...(isRecord(rec.schema) ? { schema: rec.schema } : {}),
    });
  }
  if (bad > 0) {
    findings.push(finding(pinStoreUnreadable, { ...subject, path: p, reason: `baseline file contains ${bad} unreadable record(s)` }));
  }
  return { findings, pins };
}

/** Inspects the mcpindex pin file for one server at `storePath` (already known to be the default). */
export async function inspectMcpindexStore(storePath: string, serverId: string, subject: Subject, ctx: StoreContext):
  Promise<StoreInspection> {
  const checked = await checkStoreFile(storePath, subject, ctx);
  if (checked.state === 'missing') {
    const listed = await everPinned(storePath);
    const rule = listed?.includes(path.basename(storePath)) === true ? pinBaselineDeleted : pinBaselineAbsent;
    return { path: storePath, findings: [finding(rule, { ...subject, path: storePath })], mcpindexPins: [] };
  }
  if (checked.state === 'bad') return { path: storePath, findings: checked.findings, mcpindexPins: [] };
  const parsed = parseMcpindexPins(checked.text, serverId, subject, storePath);
  const findings = [...checked.findings, ...parsed.findings];
  if (parsed.findings.length === 0 && parsed.pins.length === 0) {
    findings.push(finding(pinBaselineAbsent, { ...subject, path: storePath }));
  }
  return { path: storePath, findings, mcpindexPins: parsed.pins };
}
