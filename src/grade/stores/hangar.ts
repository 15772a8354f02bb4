import { parse as parseYaml } from 'yaml';
import { finding } from '../../rules/types.js';
import { pinBaselineAbsent } from '../../rules/pin-baseline-absent.js';
import { pinStoreUnreadable } from '../../rules/pin-store-unreadable.js';
import { checkStoreFile } from './check-file.js';
import type { HangarUpstream, StoreContext, StoreInspection, Subject } from './types.js';

const HEX64 = /^[0-9a-f]{64}$/;
const BLOCKING = new Set(['block']);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function pinMap(v: unknown): { pins: Record<string, string>; skipped: number } {
  const pins: Record<string, string> = {};
  let skipped = 0;
  if (!isRecord(v)) return { pins, skipped };
  for (const [tool, digest] of Object.entries(v)) {
    // Hangar warn-skips a pin that is not 64 lowercase hex: that tool runs unpinned.
    if (typeof digest === 'string' && HEX64.test(digest)) pins[tool] = digest;
    else skipped += 1;
  }
  return { pins, skipped };
}

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.length > 0 && v.every((x): x is string => typeof x === 'string') ? v : undefined;

/**
 * How Hangar starts an upstream, when its YAML says: `command` as a list (or a string plus `args`),
 * `env` as a map, `endpoint` for `mode: remote` (mcp-hangar README "Configuration"). Container
 * upstreams (`mode: container`) are left out: mcp-audit does not run images.
 */
function launchOf(spec: Record<string, unknown>): Pick<HangarUpstream, 'command' | 'env' | 'endpoint'> {
  const mode = typeof spec.mode === 'string' ? spec.mode : 'subprocess';
  if (mode === 'remote') return typeof spec.endpoint === 'string' ? { endpoint: spec.endpoint } : {};
  if (mode !== 'subprocess') return {};
  const command = strings(spec.command)
    ?? (typeof spec.command === 'string' ? [spec.command, ...(strings(spec.args) ?? [])] : undefined);
  const env: Record<string, string> = {};
  if (isRecord(spec.env)) for (const [k, v] of Object.entries(spec.env)) if (typeof v === 'string') env[k] = v;
  return { ...(command !== undefined ? { command } : {}), ...(Object.keys(env).length > 0 ? { env } : {}) };
}

/** Reads `mcp_servers` of a Hangar config.yaml: per upstream, its enforcement mode and pins (§2.2). */
export function parseHangarConfig(text: string): { ok: true; upstreams: HangarUpstream[] } | { ok: false; reason: string } {
  let doc: unknown;
  try {
    doc = parseYaml(text, { maxAliasCount: 100, uniqueKeys: false });
  } catch (e: unknown) {
    return { ok: false, reason: `invalid YAML: ${e instanceof Error ? e.message.split('\n')[0] ?? '' : 'parse error'}` };
  }
  if (!isRecord(doc)) return { ok: false, reason: 'not a Hangar config (no mapping at the top level)' };
  // `mcp_servers` (current); `providers` in configs written for older releases.
  const servers = doc.mcp_servers ?? doc.providers;
  if (servers === undefined || servers === null) return { ok: true, upstreams: [] };
  if (!isRecord(servers)) return { ok: false, reason: 'mcp_servers is not a mapping' };
  const upstreams: HangarUpstream[] = [];
  for (const [name, spec] of Object.entries(servers)) {
    const projection = isRecord(spec) && isRecord(spec.tool_projection) ? spec.tool_projection : {};
    const raw = projection.digest_enforcement;
    const enforcement = typeof raw === 'string' ? raw : 'block';
    const all = pinMap(projection.pins);
    let tenantPins = 0;
    let skipped = all.skipped;
    if (isRecord(projection.tenant_overrides)) {
      for (const tenant of Object.values(projection.tenant_overrides)) {
        if (!isRecord(tenant)) continue;
        const t = pinMap(tenant.pins);
        tenantPins += Object.keys(t.pins).length;
        skipped += t.skipped;
      }
    }
    upstreams.push({
      name, enforcement, blocking: BLOCKING.has(enforcement), pins: all.pins, tenantPins, skippedPins: skipped,
      ...(isRecord(spec) ? launchOf(spec) : {}),
    });
  }
  return { ok: true, upstreams: upstreams.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}

export async function inspectHangarConfig(configPath: string, subject: Subject, ctx: StoreContext): Promise<StoreInspection> {
  const checked = await checkStoreFile(configPath, subject, ctx);
  if (checked.state === 'missing') {
    return { path: configPath, findings: [finding(pinBaselineAbsent, { ...subject, path: configPath })], hangarUpstreams: [] };
  }
  if (checked.state === 'bad') return { path: configPath, findings: checked.findings, hangarUpstreams: [] };
  const parsed = parseHangarConfig(checked.text);
  if (!parsed.ok) {
    return {
      path: configPath, hangarUpstreams: [],
      findings: [...checked.findings, finding(pinStoreUnreadable, { ...subject, path: configPath, reason: parsed.reason })],
    };
  }
  return { path: configPath, findings: checked.findings, hangarUpstreams: parsed.upstreams };
}
