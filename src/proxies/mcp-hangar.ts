/**
 * Hangar (`mcp-hangar`): an aggregator, one host entry fronting the upstreams of its config.yaml,
 * where the pins and `digest_enforcement` also live (pinning-systems.md §2.1–2.3).
 * The config path: `--config` / `-c`, else `MCP_CONFIG` in the launch env, else the serving
 * process's own `$MCP_CONFIG` or `./config.yaml` — which the entry cannot tell us.
 */
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { pypiName } from '../launch/package-spec.js';
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import {
  bareNameAt, entryName, envValue, explicitStore, findFrame, flagHits, floatingDynamicArg, lastFlagValue, ownArgs, packageVersion,
  storeUnlessFloating,
} from './args.js';
import { finding } from '../rules/types.js';
import { pinBaselineAbsent } from '../rules/pin-baseline-absent.js';
import { pinStoreUnreadable } from '../rules/pin-store-unreadable.js';
import type { HangarUpstream, InspectContext, StoreInspection } from './store-types.js';
import type { PinningProxy, ProxyArgs, Recognition, StoreRef } from './types.js';
import type { ProxyWiring } from './wiring-types.js';

const isHangar = (name: string): boolean => pypiName(name) === 'mcp-hangar';
/** `serve` options that take a value (§2.1), to find the subcommand among the args. */
const VALUE_OPTIONS = ['--config', '-c', '--host', '--port', '-p', '--log-file', '--log-level'];

/** The first positional argument: the subcommand (`serve` when absent). */
function subcommand(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (VALUE_OPTIONS.includes(a)) { i++; continue; }
    if (a.startsWith('-')) continue;
    return a;
  }
  return undefined;
}

const COMMON = {
  proxy: 'mcp-hangar' as const, pins: true, runtime: 'python' as const,
  // digest_enforcement (audit | warn | block, default block) is per upstream, in the config.
  mode: 'per-upstream', modeInStore: true, blocking: true, aggregator: true,
};

function storeFor(chain: LaunchChain, entry: ServerEntry, args: readonly string[]): StoreRef {
  const flag = lastFlagValue(args, ['--config', '-c']);
  if (flag !== undefined) return explicitStore(entry, flag);
  const env = envValue(chain, 'MCP_CONFIG');
  if (env.found && env.value !== null && env.value !== '') return { kind: 'explicit', flag: 'MCP_CONFIG', value: env.value, via: 'env' };
  const cwd = typeof entry.cwd === 'string' ? ` (entry cwd ${entry.cwd})` : '';
  return {
    kind: 'unresolvable',
    why: `no --config${env.found ? ' and MCP_CONFIG removed or empty' : ''}: serve reads $MCP_CONFIG from the host's environment, else ./config.yaml in its working directory${cwd}`,
  };
}

/** A remote entry names Hangar only when the URL or the entry says so: `…:8000/mcp` alone is any FastMCP server. */
function isHangarUrl(url: string, name: string): boolean {
  return /hangar/i.test(url) || /hangar/i.test(name);
}

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  const name = entryName(entry);
  if (chain.leaf.kind === 'url') {
    if (!isHangarUrl(chain.leaf.url, name)) return undefined;
    return {
      ...COMMON, bareName: false, serverId: name, upstream: [chain.leaf.url],
      store: { kind: 'unresolvable', why: 'remote entry: the serving process\'s --config is not in the host file' },
    };
  }
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcp-hangar' || (f.module !== undefined && /^mcp_hangar(\.|$)/.test(f.module)));
  if (found === undefined) return undefined;
  const args = ownArgs(found.frame);
  const sub = subcommand(args);
  if (sub !== undefined && sub !== 'serve') return undefined; // init, pin, status …: not the gateway
  const version = packageVersion(chain, isHangar);
  const r: Recognition = { ...COMMON, bareName: bareNameAt(chain, found.index), serverId: name, store: storeUnlessFloating(storeFor(chain, entry, args), floatingDynamicArg(chain, args, VALUE_OPTIONS)),
  };
  return version === undefined ? r : { ...r, version };
}

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
    doc = parseYaml(text, { version: '1.1', maxAliasCount: 100, uniqueKeys: false, mapAsMap: true, logLevel: 'error' });
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
    // Absent: Hangar's default, block (§2.3). Written but not a string (`off` is the boolean false in
    // YAML 1.1, `~` is null): not one of audit|warn|block, so not proven to be the default.
    const enforcement = raw === undefined ? 'block' : typeof raw === 'string' ? raw : `non-string value ${raw === null ? 'null' : typeof raw}`;
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

/** The config is the store: per upstream, `digest_enforcement` and the pins (§2.2). */
async function inspectStore(_rec: Recognition, configPath: string, ctx: InspectContext): Promise<StoreInspection> {
  const subject = ctx.subject;
  const checked = await ctx.files.checkStoreFile(configPath, subject, ctx);
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
  // The baseline is per upstream: the grader proves it row by row from `hangarUpstreams`.
  return { path: configPath, findings: checked.findings, hangarUpstreams: parsed.upstreams };
}

export const mcpHangar: PinningProxy = {
  id: 'mcp-hangar',
  version: 1,
  pins: true,
  runtime: 'python',
  recognize,
  // `serve` takes no enforcement flag: digest_enforcement is per upstream in the config (§2.3).
  parseArgs: (): ProxyArgs => ({ mode: 'per-upstream', blocking: true, modeInStore: true }),
  /** `mcp-hangar init`'s DEFAULT_CONFIG_PATH (§2.2); `serve` itself has no home default. */
  defaultStore(_rec, home, platform) {
    const p = platform === 'win32' ? path.win32 : path.posix;
    return p.join(home, '.config', 'mcp-hangar', 'config.yaml');
  },
  inspectStore,
  // The Hangar digest (§2.5), recomputed by probe/compare.ts with the `hangar` canonical profile.
  probeRecipe: () => ({ kind: 'hangar-digest' }),
  packages: { npm: [], pypi: ['mcp-hangar'], go: [] },
  programs: [
    { kind: 'bin', name: 'mcp-hangar', subcommand: ['serve'], role: 'proxy', what: 'the gateway (serve is the default subcommand)', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/server/cli/main.py' },
    { kind: 'module', name: 'mcp_hangar', subcommand: [], role: 'proxy', what: 'python -m mcp_hangar runs the same CLI', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/__main__.py' },
  ],
  launchers: [],
  inputs: {
    component: 'mcp-hangar',
    source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/server/cli/commands/serve.py',
    configFiles: [],
    items: [
      { kind: 'option', name: '--config', effect: 'moves-store', note: 'the config.yaml holding upstreams, pins and digest_enforcement', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/server/cli/commands/serve.py' },
      { kind: 'option', name: '-c', effect: 'moves-store', note: 'short for --config', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/server/cli/commands/serve.py' },
      { kind: 'env', name: 'MCP_CONFIG', effect: 'moves-store', when: { kind: 'without-option', options: ['--config', '-c'] }, note: 'default of --config: read only without it', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/server/cli/commands/serve.py' },
      { kind: 'env', name: 'MCP_MODE', effect: 'unknown', note: 'default of --http: the transport the gateway serves', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/server/cli/commands/serve.py' },
      { kind: 'env', name: 'MCP_HTTP_HOST', effect: 'benign', note: 'HTTP bind host', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/server/cli/commands/serve.py' },
      { kind: 'env', name: 'MCP_HTTP_PORT', effect: 'benign', note: 'HTTP port', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/server/cli/commands/serve.py' },
      { kind: 'env', name: 'MCP_LOG_LEVEL', effect: 'benign', note: 'log level', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/server/cli/commands/serve.py' },
      { kind: 'env', name: 'MCP_JSON_LOGS', effect: 'benign', note: 'log format', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/server/cli/commands/serve.py' },
      { kind: 'env-family', name: 'MCP_', effect: 'unknown', note: 'any other MCP_* variable: read by name across the gateway, effect not modelled', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/' },
      { kind: 'env-family', name: 'HANGAR_', effect: 'unknown', note: 'HANGAR_* settings: effect not modelled', source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/' },
    ],
  },
  modes: [
    { name: 'block', blocking: true, source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/domain/value_objects/tool_digest.py DigestEnforcement' },
    { name: 'warn', blocking: false, source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/domain/value_objects/tool_digest.py DigestEnforcement' },
    { name: 'audit', blocking: false, source: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/domain/value_objects/tool_digest.py DigestEnforcement' },
  ],
  versionSources: ['uv-tool-receipt', 'dist-info'],
  advisories: {
    reviewed: '2026-08-21',
    sources: ['https://github.com/mcp-hangar/mcp-hangar/security/advisories', 'https://pypi.org/project/mcp-hangar/'],
    list: [],
  },
};

/**
 * Wiring (pinning-systems.md §2.1): Hangar is an aggregator with one entry of its own and every
 * upstream in its config.yaml, so no single entry is wrapped in place and none can be unwrapped.
 * A planted `--config` / `-c` is pointed back at `mcp-hangar init`'s default config under the
 * trusted home (§2.2 `DEFAULT_CONFIG_PATH`); which upstreams that file serves is then its own.
 */
export const wiring: ProxyWiring = {
  proxy: 'mcp-hangar',
  reference: 'pinning-systems.md §2.1–2.2; mcp-hangar/mcp-hangar @2a9921f services/config_file.py',
  noWrap: "Hangar is an aggregator: its upstreams live in its own config.yaml (`mcp-hangar init` adds one `mcp-hangar` entry), so an entry is not wrapped in place",
  unwrap() {
    return undefined;
  },
  dropStoreOverride(argv, ctx) {
    // Only Hangar's own options: a runner before it has its own `-c` (uv's --constraints).
    const at = argv.findIndex((a) => /(^|[\\/])mcp-hangar(\.exe)?$/i.test(a) || /^mcp_hangar(\.|$)/.test(a));
    if (at < 0) return undefined;
    const hits = flagHits(argv.slice(at + 1), ['--config', '-c']).map((h) => ({ ...h, index: h.index + at + 1 }));
    if (hits.length === 0) return undefined;
    const target = mcpHangar.defaultStore(ctx.rec, ctx.home, ctx.platform);
    if (typeof target !== 'string') return undefined;
    return {
      remove: [],
      replace: hits.map((h) => (h.written.includes('=') ? { index: h.index, value: `${h.written.slice(0, h.written.indexOf('='))}=${target}` } : { index: h.index + 1, value: target })),
    };
  },
};
