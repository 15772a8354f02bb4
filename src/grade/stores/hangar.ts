import { parse as parseYaml } from 'yaml';
import { finding } from '../../rules/types.js';
import { pinBaselineAbsent } from '../../rules/pin-baseline-absent.js';
import { pinStoreUnreadable } from '../../rules/pin-store-unreadable.js';
import { checkStoreFile } from './check-file.js';
import type { HangarUpstream, StoreContext, StoreInspection, Subject } from './types.js';

const HEX64 = /^[0-9a-f]{64}$/;
const BLOCKING = new Set(['block']);

/**
 * Hangar reads its config with PyYAML's `safe_load` (YAML 1.1): `<<` merge keys apply, `on`/`yes`
 * are booleans, `0b…` is an integer. The YAML is parsed the same way here, into Maps so that a
 * key's type survives (Hangar skips a pin whose tool name is not a non-empty string).
 */
type Node = unknown;
const isMap = (v: Node): v is Map<unknown, unknown> => v instanceof Map;
const field = (m: Node, key: string): Node => (isMap(m) ? m.get(key) : undefined);

function pinMap(v: Node): { pins: Record<string, string>; skipped: number } {
  const pins: Record<string, string> = {};
  let skipped = 0;
  if (!isMap(v)) return { pins, skipped };
  for (const [tool, digest] of v) {
    // Hangar skips a tool name that is not a non-empty string, and warn-skips a digest that is not
    // 64 lowercase hex: either way that tool runs unpinned.
    if (typeof tool === 'string' && tool !== '' && typeof digest === 'string' && HEX64.test(digest)) pins[tool] = digest;
    else skipped += 1;
  }
  return { pins, skipped };
}

const strings = (v: Node): string[] | undefined =>
  Array.isArray(v) && v.length > 0 && v.every((x): x is string => typeof x === 'string') ? v : undefined;

/**
 * How Hangar starts an upstream, when its YAML says: `command` as a list (or a string plus `args`),
 * `env` as a map, `endpoint` for `mode: remote` (mcp-hangar README "Configuration"). Container
 * upstreams (`mode: container`) are left out: mcp-audit does not run images.
 */
function launchOf(spec: Node): Pick<HangarUpstream, 'command' | 'env' | 'endpoint'> {
  const rawMode = field(spec, 'mode');
  const mode = typeof rawMode === 'string' ? rawMode : 'subprocess';
  const endpoint = field(spec, 'endpoint');
  if (mode === 'remote') return typeof endpoint === 'string' ? { endpoint } : {};
  if (mode !== 'subprocess') return {};
  const cmd = field(spec, 'command');
  const command = strings(cmd) ?? (typeof cmd === 'string' ? [cmd, ...(strings(field(spec, 'args')) ?? [])] : undefined);
  const env: Record<string, string> = {};
  const rawEnv = field(spec, 'env');
  if (isMap(rawEnv)) for (const [k, v] of rawEnv) if (typeof k === 'string' && typeof v === 'string') env[k] = v;
  return { ...(command !== undefined ? { command } : {}), ...(Object.keys(env).length > 0 ? { env } : {}) };
}

/** Reads `mcp_servers` of a Hangar config.yaml: per upstream, its enforcement mode and pins (§2.2). */
export function parseHangarConfig(text: string): { ok: true; upstreams: HangarUpstream[] } | { ok: false; reason: string } {
  let doc: Node;
  try {
    doc = parseYaml(text, { version: '1.1', maxAliasCount: 100, uniqueKeys: false, mapAsMap: true });
  } catch {
    // No parser text in the reason: it can quote the file, and the file can hold secrets.
    return { ok: false, reason: 'invalid YAML' };
  }
  if (!isMap(doc)) return { ok: false, reason: 'not a Hangar config (no mapping at the top level)' };
  const servers = field(doc, 'mcp_servers');
  if (servers === undefined || servers === null) {
    // Current releases read only `mcp_servers`; a `providers:` config gives upstreams with no pins.
    return field(doc, 'providers') === undefined
      ? { ok: true, upstreams: [] }
      : { ok: false, reason: 'it uses `providers:`, which current Hangar releases do not read (no pins load)' };
  }
  if (!isMap(servers)) return { ok: false, reason: 'mcp_servers is not a mapping' };
  const upstreams: HangarUpstream[] = [];
  for (const [name, spec] of servers) {
    if (typeof name !== 'string') continue;
    const projection = field(spec, 'tool_projection');
    const raw = field(projection, 'digest_enforcement');
    const enforcement = typeof raw === 'string' ? raw : 'block';
    const all = pinMap(field(projection, 'pins'));
    let tenantPins = 0;
    let skipped = all.skipped;
    const overrides = field(projection, 'tenant_overrides');
    if (isMap(overrides)) {
      for (const tenant of overrides.values()) {
        const t = pinMap(field(tenant, 'pins'));
        tenantPins += Object.keys(t.pins).length;
        skipped += t.skipped;
      }
    }
    upstreams.push({ name, enforcement, blocking: BLOCKING.has(enforcement), pins: all.pins, tenantPins, skippedPins: skipped, ...launchOf(spec) });
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
