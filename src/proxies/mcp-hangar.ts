/**
 * Hangar (PyPI `mcp-hangar`, mcp-hangar/mcp-hangar): an aggregator, one host entry fronting the
 * upstreams of its config.yaml, where the pins and `digest_enforcement` also live. Read from its
 * source @2a9921f (release 2.13.0): server/cli/main.py and commands/serve.py (the command line,
 * typer/click), server/cli/cli_compat.py (the legacy `python -m mcp_hangar.server`), server/config.py
 * (`load_configuration`, `load_config_from_file`, `_interpolate_env_vars`, `load_config`,
 * `_load_mcp_server_config`, `_register_config_pins`), server/bootstrap/pinning.py (per-tenant pins).
 */
import path from 'node:path';
import { pypiName } from '../launch/package-spec.js';
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { parsePython } from './argparse.js';
import { PyTimestamp, safeLoad } from './pyyaml.js';
import type { PyOption } from './argparse.js';
import {
  bareNameAt, entryName, envValue, explicitStore, findFrame, flagHits, floatingDynamicArg, launchEnv, ownArgs, packageVersion,
  readEnv, storeUnlessFloating,
} from './args.js';
import type { FlagHit, LaunchEnv } from './args.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { hangarToolsUnpinned } from '../rules/hangar-tools-unpinned.js';
import { pinBaselineAbsent } from '../rules/pin-baseline-absent.js';
import { pinStoreUnreadable } from '../rules/pin-store-unreadable.js';
import type { HangarUpstream, InspectContext, StoreInspection } from './store-types.js';
import type { Inventory, PinningProxy, ProxyArgs, ProxyProgram, Recognition, StoreRef } from './types.js';
import type { ProxyWiring } from './wiring-types.js';

const SRC = 'mcp-hangar/mcp-hangar@2a9921f';
const CONFIG_PY = `${SRC}:src/mcp_hangar/server/config.py`;
const SERVE_PY = `${SRC}:src/mcp_hangar/server/cli/commands/serve.py`;
const MAIN_PY = `${SRC}:src/mcp_hangar/server/cli/main.py`;

const isHangar = (name: string): boolean => pypiName(name) === 'mcp-hangar';

/** main.py `main_callback` options (before a subcommand) and serve.py `serve_command` options; click reads `--opt=v`, `-cV`, last wins, no abbreviations. */
const TOP_VALUE = new Set(['--config', '-c']);
const TOP_FLAG = new Set(['--verbose', '-v', '--quiet', '-q', '--json']);
const SERVE_VALUE = new Set(['--config', '-c', '--host', '--port', '-p', '--log-file', '--log-level']);
const SERVE_FLAG = new Set(['--http', '--json-logs', '--unsafe-no-auth']);
/** main.py `_register_commands`: subcommands that are not the gateway. */
const OTHER_COMMANDS: Readonly<Record<string, string>> = {
  init: 'is the setup wizard', status: 'prints a health dashboard', add: 'adds a server to the config', remove: 'removes a server from the config',
  completion: 'prints shell completion', auth: 'manages credentials', config: 'edits the config',
};
/** cli_compat.py `parse_args`: the legacy parser behind `python -m mcp_hangar.server` (argparse: prefixes, no `-c`). */
const LEGACY: readonly PyOption[] = [
  { names: ['-h', '--help'], dest: 'help', nargs: 0, help: true }, { names: ['-V', '--version'], dest: 'version', nargs: 0, help: true },
  { names: ['--http'], dest: 'http', nargs: 0 }, { names: ['--host'], dest: 'host', nargs: 1 }, { names: ['--port'], dest: 'port', nargs: 1 },
  { names: ['--config'], dest: 'config', nargs: 1 }, { names: ['--log-file'], dest: 'log_file', nargs: 1 },
  { names: ['--log-level'], dest: 'log_level', nargs: 1 }, { names: ['--json-logs'], dest: 'json_logs', nargs: 0 },
  { names: ['--unsafe-no-auth'], dest: 'unsafe_no_auth', nargs: 0 },
];

const COMMON = {
  proxy: 'mcp-hangar' as const, pins: true, runtime: 'python' as const,
  // digest_enforcement (audit | warn | block, default block) is per upstream, in the config.
  mode: 'per-upstream', modeInStore: true, blocking: true, aggregator: true,
};

type CommandLine =
  | { readonly kind: 'gateway'; readonly config: FlagHit | 'env' | undefined; readonly http: boolean }
  | { readonly kind: 'other'; readonly word: string; readonly why: string }
  | { readonly kind: 'broken'; readonly mode: string; readonly why: string };

/** One click option scan: value options (spaced, `=`, or `-cV`), flags; stops at the first positional. */
function clickScan(args: readonly string[], from: number, values: ReadonlySet<string>, flags: ReadonlySet<string>):
  { ok: true; next: number; config: FlagHit | undefined; http: boolean } | { ok: false; why: string; exit?: true } {
  let config: FlagHit | undefined;
  let http = false;
  for (let i = from; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--help' || a === '--version' || a === '-V') return { ok: false, why: `${a} prints and exits`, exit: true };
    if (!a.startsWith('-') || a === '-') return { ok: true, next: i, config, http };
    if (a === '--') return { ok: true, next: i + 1, config, http };
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const name = eq > 0 ? a.slice(0, eq) : !a.startsWith('--') && a.length > 2 ? a.slice(0, 2) : a;
    if (values.has(name)) {
      let hit: FlagHit;
      if (eq > 0) hit = { value: a.slice(eq + 1), index: i, written: a };
      else if (name !== a) hit = { value: a.slice(2), index: i, written: a };
      else if (i + 1 < args.length) { hit = { value: args[i + 1] ?? '', index: i, written: a }; i++; } else return { ok: false, why: `${a} needs a value` };
      if (name === '--config' || name === '-c') config = hit;
      continue;
    }
    if (flags.has(a)) { if (a === '--http') http = true; continue; }
    return { ok: false, why: `no such option ${a}` };
  }
  return { ok: true, next: args.length, config, http };
}

const CLICK_TRUE = new Set(['1', 'true', 't', 'yes', 'y', 'on']);

/**
 * Which config `serve` loads. With no subcommand the callback runs serve with the top-level
 * `--config` (whose default is `$MCP_CONFIG`); with `serve` given, serve's own `--config`, else
 * serve's own `$MCP_CONFIG` default, beats the top-level `--config` (serve.py: "A --config passed
 * to `serve` overrides the top-level option"). Neither: `load_configuration` reads `$MCP_CONFIG`,
 * else `./config.yaml`.
 */
function readCli(chain: LaunchChain, args: readonly string[]): CommandLine {
  const top = clickScan(args, 0, TOP_VALUE, TOP_FLAG);
  if (!top.ok) return { kind: 'broken', mode: top.exit === true ? 'help' : 'argument-error', why: top.why };
  const word = args[top.next];
  const env = envValue(chain, 'MCP_CONFIG');
  const envSet = env.found && env.value !== null && env.value !== '';
  const mode = envValue(chain, 'MCP_MODE');
  const modeHttp = mode.found && mode.value !== null && mode.value.toLowerCase() === 'http';
  if (word === undefined) return { kind: 'gateway', config: top.config ?? (envSet ? 'env' : undefined), http: modeHttp };
  if (word !== 'serve') {
    const why = Object.hasOwn(OTHER_COMMANDS, word) ? OTHER_COMMANDS[word] : undefined;
    return why === undefined ? { kind: 'broken', mode: 'unknown-command', why: `no such command ${word}` } : { kind: 'other', word, why };
  }
  const serve = clickScan(args, top.next + 1, SERVE_VALUE, SERVE_FLAG);
  if (!serve.ok) return { kind: 'broken', mode: serve.exit === true ? 'help' : 'argument-error', why: serve.why };
  if (serve.next < args.length) return { kind: 'broken', mode: 'argument-error', why: 'unexpected extra argument' };
  const httpEnv = mode.found && mode.value !== null && CLICK_TRUE.has(mode.value.toLowerCase());
  return { kind: 'gateway', config: serve.config ?? (envSet ? 'env' : top.config), http: serve.http || httpEnv || modeHttp };
}

function readLegacy(chain: LaunchChain, args: readonly string[]): CommandLine {
  const parsed = parsePython(args, LEGACY, false);
  if (!parsed.ok) return { kind: 'broken', mode: parsed.exit === 'help' ? 'help' : 'argument-error', why: parsed.why };
  const at = parsed.occurrences.filter((o) => o.dest === 'config').at(-1);
  const value = parsed.values.get('config');
  const env = envValue(chain, 'MCP_CONFIG');
  const mode = envValue(chain, 'MCP_MODE');
  const http = parsed.values.get('http') === true || (mode.found && mode.value === 'http');
  const hit = at !== undefined && typeof value === 'string' ? { value, index: at.index, written: args[at.index] ?? '--config' } : undefined;
  return { kind: 'gateway', config: hit ?? (env.found && env.value !== null && env.value !== '' ? 'env' : undefined), http };
}

function storeFor(chain: LaunchChain, entry: ServerEntry, line: Extract<CommandLine, { kind: 'gateway' }>): StoreRef {
  if (line.config !== undefined && line.config !== 'env') return explicitStore(entry, line.config);
  const env = envValue(chain, 'MCP_CONFIG');
  if (line.config === 'env' && env.value !== null) return { kind: 'explicit', flag: 'MCP_CONFIG', value: env.value, via: 'env' };
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
  const version = packageVersion(chain, isHangar);
  const module = found.frame.module;
  const line: CommandLine = module === undefined ? readCli(chain, args)
    : module === 'mcp_hangar.server' ? readLegacy(chain, args)
      : { kind: 'broken', mode: 'not-runnable', why: `python -m ${module}: the package has no such __main__ (only mcp_hangar.server)` };
  const bareName = bareNameAt(chain, found.index);
  let r: Recognition;
  if (line.kind === 'other') {
    r = {
      ...COMMON, pins: false, aggregator: false, modeInStore: false, mode: line.word, blocking: false, bareName, serverId: name,
      reason: `\`mcp-hangar ${line.word}\` ${line.why}, not the gateway`,
      store: { kind: 'unresolvable', why: `\`mcp-hangar ${line.word}\` is not the gateway` },
    };
  } else if (line.kind === 'broken' || line.http) {
    const why = line.kind === 'broken' ? line.why : 'HTTP mode (--http or MCP_MODE): the gateway serves a port, not this stdio entry';
    r = {
      ...COMMON, mode: line.kind === 'broken' ? line.mode : 'http', modeInStore: false, blocking: false, modeUnknown: true, bareName, serverId: name,
      store: { kind: 'unresolvable', why: `Hangar does not serve this entry: ${why}` },
    };
  } else {
    r = { ...COMMON, bareName, serverId: name, store: storeUnlessFloating(storeFor(chain, entry, line), floatingDynamicArg(chain, args, [...SERVE_VALUE])) };
  }
  return version === undefined ? r : { ...r, version };
}

const HEX64 = /^[0-9a-f]{64}\n?$/;
/** input_validator.py `validate_mcp_server_id` (PROVIDER_ID_PATTERN with `re.match`, so a final newline passes; at most 64 characters). */
const SERVER_ID = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}\n?$/;
const ENFORCEMENTS = new Set(['audit', 'warn', 'block']);

/**
 * Hangar reads its config with PyYAML's `safe_load` (config.py `load_config_from_file`): read here
 * by ./pyyaml.ts, which resolves scalars and merges as PyYAML does (`on`/`yes` are booleans, `y`/`n`
 * strings, the last of two `<<` keys wins), into Maps so that a key's type survives (Hangar skips a
 * pin whose tool name is not a non-empty string).
 */
type Node = unknown;
const isMap = (v: Node): v is Map<unknown, unknown> => v instanceof Map;
const field = (m: Node, key: string): Node => (isMap(m) ? m.get(key) : undefined);

/** A string whose `${VAR}` reads a variable whose value is not known here (it may come from the host's environment). */
class Unresolved {
  constructor(readonly vars: readonly string[]) {}
}
class MissingVar extends Error {
  constructor(readonly variable: string) { super(variable); }
}

const ENV_VAR = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * `_interpolate_env_vars`, once over the whole document: every string value (not keys), in maps
 * and lists, has `${VAR}` / `${VAR:-default}` replaced by the variable when it is set (even to
 * an empty string), else the default; neither refuses the boot. `env` is what the entry's launch
 * gives the gateway; a variable it does not set may come from the host's environment: unknown.
 */
function interpolate(v: Node, env: LaunchEnv): Node {
  if (typeof v === 'string') {
    const unknown: string[] = [];
    const out = v.replace(ENV_VAR, (_m: string, name: string, dflt: string | undefined) => {
      const r = readEnv(env, name);
      if (r.kind === 'set') return r.value;
      if (r.kind === 'unknown') { unknown.push(name); return ''; }
      if (dflt !== undefined) return dflt;
      throw new MissingVar(name);
    });
    return unknown.length > 0 ? new Unresolved(unknown) : out;
  }
  if (isMap(v)) return new Map([...v].map(([k, x]) => [k, interpolate(x, env)]));
  if (Array.isArray(v)) return v.map((x: unknown) => interpolate(x, env));
  return v;
}

/** Python truthiness of a decoded YAML value. */
function pyTruthy(v: Node): boolean | undefined {
  if (v instanceof Unresolved) return undefined;
  if (v === null || v === undefined || v === false || v === 0 || v === 0n || v === '') return false;
  if (v instanceof PyTimestamp) return true;
  if (isMap(v)) return v.size > 0;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

const unresolvedText = (u: Unresolved): string => `\${${[...new Set(u.vars)].join('}, ${')}}`;

function pinMap(v: Node): { pins: Record<string, string>; skipped: number; unknown: number } {
  const pins: Record<string, string> = {};
  let skipped = 0;
  let unknown = 0;
  if (!isMap(v)) return { pins, skipped, unknown };
  for (const [tool, digest] of v) {
    // _register_config_pins: a tool name that is not a non-empty string is skipped, a digest that is
    // not a string or not 64 lowercase hex (ToolDigest, `re.match`) warn-skipped: that tool runs unpinned.
    if (digest instanceof Unresolved) unknown += 1;
    else if (typeof tool === 'string' && tool !== '' && typeof digest === 'string' && HEX64.test(digest)) pins[tool] = digest;
    else skipped += 1;
  }
  return { pins, skipped, unknown };
}

const strings = (v: Node): string[] | undefined =>
  Array.isArray(v) && v.length > 0 && v.every((x): x is string => typeof x === 'string') ? v : undefined;
const mentionsVar = (v: Node): boolean =>
  typeof v === 'string' ? v.includes('${') : isMap(v) ? [...v.values()].some(mentionsVar) : Array.isArray(v) ? v.some(mentionsVar) : false;

/**
 * How Hangar starts an upstream, when its YAML says: `command` as a list (or a string plus `args`),
 * `env` as a map, `endpoint` for `mode: remote` (mcp-hangar README "Configuration"). Container
 * upstreams are left out: mcp-audit does not run images. A field that interpolates a variable is
 * left out too, so that no environment value reaches a report.
 */
function launchOf(spec: Node, raw: Node): Pick<HangarUpstream, 'command' | 'env' | 'endpoint'> {
  const rawMode = field(spec, 'mode');
  const mode = typeof rawMode === 'string' ? rawMode : 'subprocess';
  const endpoint = field(spec, 'endpoint');
  if (mode === 'remote') return typeof endpoint === 'string' && !mentionsVar(field(raw, 'endpoint')) ? { endpoint } : {};
  if (mode !== 'subprocess') return {};
  const cmd = field(spec, 'command');
  const fromVars = mentionsVar(field(raw, 'command')) || mentionsVar(field(raw, 'args'));
  const command = fromVars ? undefined : strings(cmd) ?? (typeof cmd === 'string' ? [cmd, ...(strings(field(spec, 'args')) ?? [])] : undefined);
  const env: Record<string, string> = {};
  const rawEnv = field(spec, 'env');
  if (isMap(rawEnv) && !mentionsVar(field(raw, 'env'))) for (const [k, v] of rawEnv) if (typeof k === 'string' && typeof v === 'string') env[k] = v;
  return { ...(command !== undefined ? { command } : {}), ...(Object.keys(env).length > 0 ? { env } : {}) };
}

/** Why a config makes Hangar refuse to start, or the upstreams it serves and whether discovery adds more. */
export type HangarConfig =
  | { readonly ok: true; readonly upstreams: HangarUpstream[]; readonly discovery: boolean | 'unknown' }
  | { readonly ok: false; readonly reason: string };

/**
 * A pin holds only its own tool: the call path checks a tool that has a pin and lets every other
 * tool through (`_gate_digest_pin`: "No pin -> unchanged behavior"), and the tools an upstream
 * serves live only in the gateway's memory (application/read_models/tool_projection.py
 * ToolProjectionRegistry, built from each backend's tools/list when it starts): no file lists them.
 */
const COVERAGE = `Hangar passes a tool with no pin unchecked (${SRC}:src/mcp_hangar/server/tools/batch/executor.py _gate_digest_pin) `
  + 'and no file it keeps lists the tools the upstream serves, so the pins are not known to cover them (`mcp-audit probe` lists them)';

/** One upstream as `_load_mcp_server_config` registers it: its enforcement and its all-tenants pins. */
function upstreamOf(name: string, spec: Node, raw: Node): HangarUpstream {
  const mode = field(spec, 'mode');
  const base = { name, tenantPins: 0, coverage: COVERAGE, ...launchOf(spec, raw) };
  if (mode instanceof Unresolved) {
    return { ...base, enforcement: `unknown (mode reads ${unresolvedText(mode)})`, blocking: false, pins: {}, tenantOverridePins: 0, skippedPins: 0 };
  }
  if (mode === 'group') {
    // load_config: a `mode: group` entry goes to _load_group_config, which never reads tool_projection.
    return { ...base, enforcement: 'group (tool_projection is not read for a group)', blocking: false, pins: {}, tenantOverridePins: 0, skippedPins: 0 };
  }
  const projection = field(spec, 'tool_projection');
  if (!isMap(projection)) return { ...base, enforcement: 'block', blocking: true, pins: {}, tenantOverridePins: 0, skippedPins: 0 };
  const raw0 = field(projection, 'digest_enforcement');
  // DigestEnforcement(value) or a warning and the registry's default, BLOCK (tool_projection.py get_digest_enforcement).
  const enforcement = raw0 instanceof Unresolved ? `unknown (digest_enforcement reads ${unresolvedText(raw0)})`
    : typeof raw0 === 'string' && ENFORCEMENTS.has(raw0) ? raw0 : 'block';
  const all = pinMap(field(projection, 'pins'));
  let tenantOverridePins = 0;
  const overrides = field(projection, 'tenant_overrides');
  if (isMap(overrides)) for (const tenant of overrides.values()) { const p = field(tenant, 'pins'); if (isMap(p)) tenantOverridePins += p.size; }
  return {
    ...base, enforcement, blocking: enforcement === 'block', pins: all.pins, tenantOverridePins,
    skippedPins: all.skipped + all.unknown,
  };
}

/**
 * Reads a Hangar config.yaml as `load_configuration` does, with the environment the entry's launch
 * gives the gateway: interpolation over the whole document, the checks that refuse the boot, then
 * per upstream (a valid server id) its enforcement and all-tenants pins. Tenant-override pins never
 * hold this entry's caller: over stdio it carries no tenant, and with auth off they refuse the boot.
 */
export function parseHangarConfig(text: string, env: LaunchEnv): HangarConfig {
  const loaded = safeLoad(text);
  if (!loaded.ok) {
    return { ok: false, reason: loaded.refused ? `${loaded.reason}: PyYAML's safe_load raises, so Hangar refuses to start` : `${loaded.reason}: what PyYAML, and so Hangar, makes of it is not known` };
  }
  const raw: Node = loaded.value;
  if (pyTruthy(raw) !== true || !isMap(raw)) return { ok: false, reason: 'not a Hangar config (no mapping at the top level): Hangar refuses to start' };
  let doc: Node;
  try {
    doc = interpolate(raw, env);
  } catch (e: unknown) {
    if (e instanceof MissingVar) return { ok: false, reason: `\${${e.variable}} is not set and has no default: Hangar refuses to start` };
    throw e;
  }
  const discoveryOn = pyTruthy(field(field(doc, 'discovery'), 'enabled'));
  const discovery = isMap(field(doc, 'discovery')) ? (discoveryOn ?? 'unknown') : false;
  if (!isMap(doc) || !doc.has('mcp_servers')) {
    if (discovery === true) return { ok: true, upstreams: [], discovery };
    return { ok: false, reason: `no mcp_servers section${field(doc, 'providers') !== undefined ? ' (it uses `providers:`, which Hangar does not read)' : ''}: Hangar refuses to start` };
  }
  const servers = field(doc, 'mcp_servers');
  const rawServers = field(raw, 'mcp_servers');
  if (!isMap(servers)) return { ok: false, reason: 'mcp_servers is not a mapping: Hangar fails to load it' };
  const upstreams: HangarUpstream[] = [];
  let tenantPins = 0;
  for (const [name, spec] of servers) {
    if (!isMap(spec)) return { ok: false, reason: 'an mcp_servers entry is not a mapping: Hangar fails to load it' };
    const t = upstreamOf(typeof name === 'string' ? name : String(name), spec, field(rawServers, typeof name === 'string' ? name : ''));
    tenantPins += t.tenantOverridePins;
    // load_config skips an id that validate_mcp_server_id refuses: that upstream is never served,
    // and nothing Hangar would apply to it is proven (its row says so rather than vanishing).
    const served = typeof name === 'string' && name.length <= 64 && SERVER_ID.test(name);
    upstreams.push(served ? t : { ...t, enforcement: 'not loaded (validate_mcp_server_id refuses the id)', blocking: false, pins: {} });
  }
  if (tenantPins > 0) {
    const auth = pyTruthy(field(field(doc, 'auth'), 'enabled'));
    if (auth === false) return { ok: false, reason: `${tenantPins} per-tenant pin(s) with authentication off: Hangar refuses to start (bootstrap/pinning.py)` };
    if (auth === undefined) return { ok: false, reason: 'per-tenant pins, and whether authentication is on reads a variable mcp-audit cannot see: whether Hangar starts is unknown' };
  }
  return { ok: true, upstreams: upstreams.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)), discovery };
}

/**
 * The config is the store: per upstream, `digest_enforcement` and the pins, read with the entry's
 * launch environment. A config that serves no upstream has no baseline; one with discovery on
 * also serves servers that are in no file, with no pins.
 */
async function inspectStore(_rec: Recognition, configPath: string, ctx: InspectContext): Promise<StoreInspection> {
  const subject = ctx.subject;
  const checked = await ctx.files.checkStoreFile(configPath, subject, ctx);
  if (checked.state === 'missing') {
    // load_configuration: a missing file starts Hangar with its built-in example upstream, unpinned.
    return { path: configPath, findings: [finding(pinBaselineAbsent, { ...subject, path: configPath })], hangarUpstreams: [] };
  }
  if (checked.state === 'bad') return { path: configPath, findings: checked.findings, hangarUpstreams: [] };
  const parsed = parseHangarConfig(checked.text, launchEnv(ctx.chain));
  if (!parsed.ok) {
    return {
      path: configPath, hangarUpstreams: [],
      findings: [...checked.findings, finding(pinStoreUnreadable, { ...subject, path: configPath, reason: parsed.reason })],
    };
  }
  const findings: Finding[] = [...checked.findings];
  if (parsed.upstreams.length === 0) findings.push(finding(pinBaselineAbsent, { ...subject, path: configPath }));
  if (parsed.discovery !== false) {
    findings.push(finding(hangarToolsUnpinned, {
      server: subject.server, path: configPath,
      upstream: parsed.discovery === true ? 'every server discovery adds' : 'any server discovery adds (discovery.enabled reads a variable)',
    }));
  }
  // The baseline is per upstream: the grader proves it row by row from `hangarUpstreams`.
  return { path: configPath, findings, hangarUpstreams: parsed.upstreams };
}

const PROGRAMS: readonly ProxyProgram[] = [
  { kind: 'bin', name: 'mcp-hangar', subcommand: [], role: 'proxy', what: 'the gateway: with no subcommand the callback runs serve', source: MAIN_PY },
  { kind: 'bin', name: 'mcp-hangar', subcommand: ['serve'], role: 'proxy', what: 'the gateway', source: SERVE_PY },
  { kind: 'module', name: 'mcp_hangar.server', subcommand: [], role: 'proxy', what: 'python -m mcp_hangar.server: the legacy argparse entry point (no subcommands, no -c)', source: `${SRC}:src/mcp_hangar/server/__main__.py; ${SRC}:src/mcp_hangar/server/cli/cli_compat.py` },
  ...Object.entries(OTHER_COMMANDS).map(([word, what]): ProxyProgram => ({ kind: 'bin', name: 'mcp-hangar', subcommand: [word], role: 'other', what, source: MAIN_PY })),
];

const ENV_ITEM = (name: string, effect: Inventory['items'][number]['effect'], note: string, file: string): Inventory['items'][number] =>
  ({ kind: 'env', name, effect, note, source: `${SRC}:src/mcp_hangar/${file}` });

const INPUTS: Inventory = {
  component: 'mcp-hangar',
  source: `${MAIN_PY}; ${SERVE_PY}; ${CONFIG_PY}; every os.getenv / os.environ read under ${SRC}:src/mcp_hangar`,
  configFiles: [
    { path: '<cwd>/config.yaml', format: 'yaml', scope: 'project', skippedBy: ['--config', '-c'], source: `${CONFIG_PY} load_configuration (no --config and no $MCP_CONFIG)` },
  ],
  items: [
    { kind: 'option', name: '--config', effect: 'moves-store', note: 'the config.yaml holding upstreams, pins and digest_enforcement; serve\'s own (or its $MCP_CONFIG default) beats the top-level one', source: `${SERVE_PY}; ${MAIN_PY}` },
    { kind: 'option', name: '-c', effect: 'moves-store', note: 'short for --config (click: also -cPATH)', source: SERVE_PY },
    { kind: 'option', name: '--http', effect: 'changes-mode', note: 'serves HTTP on a port instead of this stdio entry', source: SERVE_PY },
    { kind: 'option', name: '--host', effect: 'benign', note: 'HTTP bind host', source: SERVE_PY },
    { kind: 'option', name: '--port', effect: 'benign', note: 'HTTP port (-p)', source: SERVE_PY },
    { kind: 'option', name: '--log-file', effect: 'benign', note: 'log destination', source: SERVE_PY },
    { kind: 'option', name: '--log-level', effect: 'benign', note: 'log level', source: SERVE_PY },
    { kind: 'option', name: '--json-logs', effect: 'benign', note: 'log format', source: SERVE_PY },
    { kind: 'option', name: '--unsafe-no-auth', effect: 'unknown', note: 'allows an unauthenticated non-loopback HTTP bind', source: SERVE_PY },
    { kind: 'option', name: '--verbose', effect: 'benign', note: 'top-level, -v', source: MAIN_PY },
    { kind: 'option', name: '--quiet', effect: 'benign', note: 'top-level, -q', source: MAIN_PY },
    { kind: 'option', name: '--json', effect: 'benign', note: 'top-level output format', source: MAIN_PY },
    { kind: 'config-key', name: '${VAR} / ${VAR:-default}', effect: 'unknown', note: 'any string value in the config reads any variable of the gateway\'s environment', source: `${CONFIG_PY} _interpolate_env_vars` },
    { kind: 'config-key', name: 'mcp_servers.<id>.tool_projection.digest_enforcement', effect: 'changes-mode', note: 'audit | warn | block; absent, null or any other value: block', source: `${CONFIG_PY} _load_mcp_server_config` },
    { kind: 'config-key', name: 'mcp_servers.<id>.tool_projection.pins', effect: 'moves-store', note: 'the all-tenants pins, the only ones that hold a stdio caller', source: `${CONFIG_PY} _register_config_pins` },
    { kind: 'config-key', name: 'mcp_servers.<id>.tool_projection.tenant_overrides.<t>.pins', effect: 'changes-identity', note: 'per-tenant pins: with auth off they refuse the boot; they never hold an anonymous caller', source: `${SRC}:src/mcp_hangar/server/bootstrap/pinning.py` },
    { kind: 'config-key', name: 'mcp_servers.<id>.mode', effect: 'changes-mode', note: '`group` routes to members and its tool_projection is never read', source: `${CONFIG_PY} load_config` },
    { kind: 'config-key', name: 'mcp_servers.<id>.command / args / env / endpoint / image', effect: 'runs-code', note: 'what each upstream runs', source: `${CONFIG_PY} _load_mcp_server_config` },
    { kind: 'config-key', name: 'auth.enabled', effect: 'changes-identity', note: 'Python truthiness (the string "false" is on)', source: `${SRC}:src/mcp_hangar/server/bootstrap/pinning.py _auth_is_enabled` },
    { kind: 'config-key', name: 'discovery.enabled', effect: 'unknown', note: 'adds servers found at run time, which no file pins', source: `${CONFIG_PY} load_config_from_file` },
    ENV_ITEM('MCP_CONFIG', 'moves-store', 'default of --config (top-level and serve), and of load_configuration', 'server/config.py'),
    ENV_ITEM('MCP_MODE', 'changes-mode', '`http` (or a click true value for serve\'s --http): the gateway serves HTTP, not this entry', 'server/cli/commands/serve.py'),
    ENV_ITEM('HANGAR_CONFIG_STRICT', 'unknown', 'refuses a config with unknown keys', 'server/config_schema.py'),
    ENV_ITEM('MCP_ALLOWED_COMMANDS', 'unknown', 'restricts the commands an upstream may run', 'domain/security/input_validator.py'),
    ENV_ITEM('MCP_CONTAINER_RUNTIME', 'runs-code', 'which container runtime starts container upstreams', 'infrastructure/launchers/container.py'),
    ENV_ITEM('MCP_CI_RELAX_VOLUME_PERMS', 'unknown', 'relaxes container volume checks', 'infrastructure/launchers/container.py'),
    ENV_ITEM('MCP_CONTAINER_INHERIT_STDERR', 'benign', 'container stderr', 'infrastructure/launchers/container.py'),
    ENV_ITEM('DOCKER_HOST', 'runs-code', 'the Docker daemon discovery and containers use', 'infrastructure/discovery/docker_source.py'),
    ENV_ITEM('MCP_TRUSTED_PROXIES', 'unknown', 'who may assert a client identity over HTTP', 'infrastructure/identity/trusted_proxy.py'),
    ENV_ITEM('MCP_TRUSTED_HOSTS', 'unknown', 'HTTP host allowlist', 'trusted_hosts.py'),
    ENV_ITEM('MCP_JWT_MAX_TOKEN_LIFETIME', 'unknown', 'HTTP auth token lifetime', 'auth/config.py'),
    ENV_ITEM('MCP_CORS_ORIGINS', 'benign', 'HTTP only', 'server/api/middleware.py'),
    ENV_ITEM('MCP_CORS_CREDENTIALS', 'benign', 'HTTP only', 'server/api/middleware.py'),
    ENV_ITEM('MCP_HTTP_HOST', 'benign', 'HTTP bind host', 'server/cli/cli_compat.py'),
    ENV_ITEM('MCP_HTTP_PORT', 'benign', 'HTTP port', 'server/cli/cli_compat.py'),
    ENV_ITEM('MCP_LOG_LEVEL', 'benign', 'log level', 'server/cli/cli_compat.py'),
    ENV_ITEM('MCP_JSON_LOGS', 'benign', 'log format', 'server/cli/cli_compat.py'),
    ENV_ITEM('MCP_COMPLIANCE_FORMAT', 'benign', 'compliance log format', 'server/bootstrap/event_handlers.py'),
    ENV_ITEM('MCP_COMPLIANCE_OUTPUT', 'benign', 'compliance log file', 'server/bootstrap/event_handlers.py'),
    ENV_ITEM('MCP_ENVIRONMENT', 'benign', 'trace attribute', 'observability/tracing.py'),
    ENV_ITEM('MCP_TRACING_ENABLED', 'benign', 'tracing', 'observability/tracing.py'),
    ENV_ITEM('MCP_LANGFUSE_SAMPLE_RATE', 'benign', 'tracing', 'server/bootstrap/observability.py'),
    ENV_ITEM('OTEL_EXPORTER_OTLP_ENDPOINT', 'benign', 'tracing', 'observability/tracing.py'),
    ENV_ITEM('OTEL_TRACES_SAMPLER', 'benign', 'tracing', 'observability/tracing.py'),
    ENV_ITEM('OTEL_TRACES_SAMPLER_ARG', 'benign', 'tracing', 'observability/tracing.py'),
    ENV_ITEM('JAEGER_HOST', 'benign', 'tracing', 'server/bootstrap/observability.py'),
    ENV_ITEM('JAEGER_PORT', 'benign', 'tracing', 'server/bootstrap/observability.py'),
    ENV_ITEM('LANGFUSE_HOST', 'benign', 'tracing', 'server/bootstrap/observability.py'),
    ENV_ITEM('LANGFUSE_PUBLIC_KEY', 'benign', 'tracing credential', 'server/bootstrap/observability.py'),
    ENV_ITEM('LANGFUSE_SECRET_KEY', 'benign', 'tracing credential', 'server/bootstrap/observability.py'),
    ENV_ITEM('HANGAR_INSTANCE_LABEL', 'benign', 'instance label', 'server/bootstrap/__init__.py'),
    ENV_ITEM('HANGAR_LICENSE_KEY', 'benign', 'licence', 'server/bootstrap/__init__.py'),
    { ...ENV_ITEM('HOME', 'moves-store', 'Path.home(): `mcp-hangar init`\'s default ~/.config/mcp-hangar/config.yaml', 'server/cli/services/config_file.py'), benignWhen: { kind: 'trusted-home' } },
    { kind: 'env-family', name: 'MCP_', effect: 'unknown', note: 'any other MCP_* variable: not read at 2.13.0, effect in later releases not modelled', source: `${SRC}:src/mcp_hangar` },
    { kind: 'env-family', name: 'HANGAR_', effect: 'unknown', note: 'any other HANGAR_* variable: effect not modelled', source: `${SRC}:src/mcp_hangar` },
  ],
};

export const mcpHangar: PinningProxy = {
  id: 'mcp-hangar',
  version: 2,
  pins: true,
  runtime: 'python',
  recognize,
  // `serve` takes no enforcement flag: digest_enforcement is per upstream in the config.
  parseArgs: (): ProxyArgs => ({ mode: 'per-upstream', blocking: true, modeInStore: true }),
  /** `mcp-hangar init`'s DEFAULT_CONFIG_PATH (services/config_file.py); `serve` itself has no home default. */
  defaultStore(_rec, home, platform) {
    const p = platform === 'win32' ? path.win32 : path.posix;
    return p.join(home, '.config', 'mcp-hangar', 'config.yaml');
  },
  defaultStoreSpellings: (expected) => [expected],
  inspectStore,
  // The Hangar digest (domain/services/digest_computation.py `compute_tool_digest`), recomputed by probe/compare.ts with the `hangar` canonical profile.
  probeRecipe: () => ({ kind: 'hangar-digest' }),
  // pyproject.toml @2a9921f: project `mcp-hangar`, one console script.
  packages: { npm: [], pypi: ['mcp-hangar'], go: [] },
  programs: PROGRAMS,
  launchers: [],
  inputs: INPUTS,
  modes: [
    { name: 'block', blocking: true, source: `${SRC}:src/mcp_hangar/domain/value_objects/tool_digest.py DigestEnforcement` },
    { name: 'warn', blocking: false, source: `${SRC}:src/mcp_hangar/domain/value_objects/tool_digest.py DigestEnforcement` },
    { name: 'audit', blocking: false, source: `${SRC}:src/mcp_hangar/domain/value_objects/tool_digest.py DigestEnforcement` },
  ],
  versionSources: ['uv-tool-receipt', 'dist-info'],
  advisories: {
    reviewed: '2026-12-01',
    sources: [`${SRC}:CHANGELOG.md (1.6.3–2.13.0)`, `${SRC}:SECURITY.md`, 'https://github.com/mcp-hangar/mcp-hangar/security/advisories'],
    list: [{
      id: 'mcp-hangar-2.6.0-pins-unmatched', ecosystem: 'pypi', package: 'mcp-hangar', affected: [{ introduced: '0', fixed: '2.6.0' }], effect: 'check-unsound',
      summary: 'digest pins were addressable only per tenant and never matched an anonymous caller, so with auth off every call went through unverified while digest pinning was advertised',
      source: `${SRC}:CHANGELOG.md 2.6.0 (mcp-hangar/mcp-hangar#907)`,
    }],
  },
};

/**
 * Wiring (mcp-hangar/mcp-hangar@1163948:src/mcp_hangar/server/cli/services/mcp_clients.py, `mcp-hangar init`): Hangar is an aggregator with one entry of its own and every
 * upstream in its config.yaml, so no single entry is wrapped in place and none can be unwrapped.
 * A planted `--config` / `-c` is pointed back at `mcp-hangar init`'s default config under the
 * trusted home (mcp-hangar/mcp-hangar@2a9921f services/config_file.py `DEFAULT_CONFIG_PATH`); which upstreams that file serves is then its own.
 */
export const wiring: ProxyWiring = {
  proxy: 'mcp-hangar',
  reference: 'mcp-hangar/mcp-hangar@2a9921f:src/mcp_hangar/server/cli/services/config_file.py (DEFAULT_CONFIG_PATH); mcp-hangar/mcp-hangar@1163948:src/mcp_hangar/server/cli/services/mcp_clients.py (the entry `mcp-hangar init` merges)',
  release: { version: null, why: 'Hangar has no single-entry wiring to pin' },
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
