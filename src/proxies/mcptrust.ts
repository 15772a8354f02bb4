/**
 * MCPTrust (`github.com/mcptrust/mcptrust`, a cobra CLI): `mcptrust [global flags] proxy --lock FILE
 * [--fail-on moderate] -- CMD …`. Read from its source @048aff0: internal/cli/root.go (persistent
 * flags), internal/cli/proxy.go (the proxy's flags; `--lock` required), internal/proxy/proxy.go
 * (preflight and threshold, also @004f710), internal/locker/manager.go and internal/models
 * (the lockfile as Go decodes it). Cobra and pflag semantics: spf13/cobra command.go `Find`
 * (`stripFlags`, `argsMinusFirstX`) and spf13/pflag flag.go `Parse` (interspersed flags; every
 * non-flag word, before or after `--`, is a positional argument).
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import {
  bareNameAt, entryName, explicitStore, findFrame, floatingDynamicArg, storeUnlessFloating,
} from './args.js';
import type { FlagHit } from './args.js';
import { goUnmarshal, isGoObject } from './go-json.js';
import type { GoType, GoValue } from './go-json.js';
import { finding } from '../rules/types.js';
import { pinBaselineAbsent } from '../rules/pin-baseline-absent.js';
import { pinStoreNewerFormat } from '../rules/pin-store-newer-format.js';
import { pinStoreUnreadable } from '../rules/pin-store-unreadable.js';
import type { InspectContext, StoreInspection } from './store-types.js';
import type { Inventory, PinningProxy, ProxyArgs, ProxyProgram, Recognition } from './types.js';
import type { ProxyWiring } from './wiring-types.js';
import { append } from '../shared/lists.js';

const ROOT = 'mcptrust/mcptrust@048aff0:internal/cli/root.go';
const PROXY_CLI = 'mcptrust/mcptrust@048aff0:internal/cli/proxy.go';
const PROXY = 'mcptrust/mcptrust@004f710:internal/proxy/proxy.go';

type FlagKind = 'string' | 'bool' | 'duration' | 'float';

/** root.go `init`: persistent flags, inherited by every subcommand and accepted before its name. */
const PERSISTENT: Readonly<Record<string, FlagKind>> = {
  'log-format': 'string', 'log-level': 'string', 'log-output': 'string', receipt: 'string', 'receipt-mode': 'string',
  otel: 'bool', 'otel-endpoint': 'string', 'otel-protocol': 'string', 'otel-insecure': 'bool', 'otel-service-name': 'string',
  'otel-sample-ratio': 'float',
};

/** proxy.go `init`, plus the help flag cobra adds when it executes the command. */
const PROXY_FLAGS: Readonly<Record<string, FlagKind>> = {
  lock: 'string', timeout: 'duration', 'fail-on': 'string', policy: 'string', 'audit-only': 'bool', 'filter-only': 'bool',
  'print-effective-allowlist': 'bool', 'allow-static-resources': 'bool', help: 'bool',
};

/** root.go `init` AddCommand, and the `help` / `completion` commands cobra adds. */
const OTHER_COMMANDS: Readonly<Record<string, string>> = {
  scan: 'prints a scan report', lock: 'writes a lockfile', check: 'checks a server against a lockfile once',
  diff: 'compares a server with a lockfile', policy: 'evaluates a policy', keygen: 'creates a signing key',
  sign: 'signs a lockfile', verify: 'verifies a lockfile signature', bundle: 'packs a lockfile bundle',
  artifact: 'inspects artifacts', run: 'runs a server from a verified artifact, with no proxy between it and the host',
  help: 'prints help', completion: 'prints a shell completion script',
};

const TRUE = new Set(['1', 't', 'T', 'true', 'TRUE', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'false', 'FALSE', 'False']);
const DURATION = /^[-+]?(0|((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+)$/;
const FLOAT = /^[-+]?((\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?|inf|infinity|nan)$/i;

/** cobra `stripFlags` over the root command's flags: the words that name (sub)commands. */
function commandWords(args: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const s = args[i] ?? '';
    if (s === '--') break;
    if (s.startsWith('--') && !s.includes('=') && PERSISTENT[s.slice(2)] !== 'bool') { i++; continue; }
    // No root flag has a shorthand, so `-x word` takes the word as its value too.
    if (s.startsWith('-') && !s.includes('=') && s.length === 2) { i++; continue; }
    if (s !== '' && !s.startsWith('-')) words.push(s);
  }
  return words;
}

/** cobra `argsMinusFirstX`: the arguments without the first word that is `x` and no flag's value. */
function minusFirst(args: readonly string[], x: string): string[] {
  for (let i = 0; i < args.length; i++) {
    const s = args[i] ?? '';
    if (s === '--') break;
    if ((s.startsWith('--') && !s.includes('=') && PERSISTENT[s.slice(2)] !== 'bool') || (s.startsWith('-') && !s.includes('=') && s.length === 2)) { i++; continue; }
    if (!s.startsWith('-') && s === x) return [...args.slice(0, i), ...args.slice(i + 1)];
  }
  return [...args];
}

interface ProxyLine {
  readonly flags: ReadonlyMap<string, string>;
  /** The last `--lock`, with where it was written. */
  readonly lock: FlagHit | undefined;
  readonly positional: readonly string[];
}

/** pflag `Parse` over the proxy's flags and the inherited ones: last value wins; an unknown or malformed flag is an error. */
function parseProxyLine(args: readonly string[]): { ok: true; line: ProxyLine } | { ok: false; why: string; help?: true } {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  let lock: FlagHit | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') { append(positional, args.slice(i + 1)); break; }
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      const kind = Object.hasOwn(PROXY_FLAGS, name) ? PROXY_FLAGS[name] : Object.hasOwn(PERSISTENT, name) ? PERSISTENT[name] : undefined;
      if (kind === undefined || name.startsWith('-') || name === '') return { ok: false, why: `unknown flag --${name}` };
      let value: string;
      if (eq >= 0) value = a.slice(eq + 1);
      else if (kind === 'bool') value = 'true';
      else if (i + 1 < args.length) { value = args[i + 1] ?? ''; i++; } else return { ok: false, why: `flag needs an argument: --${name}` };
      if (kind === 'bool' && !TRUE.has(value) && !FALSE.has(value)) return { ok: false, why: `invalid boolean value for --${name}` };
      if (kind === 'duration' && !DURATION.test(value)) return { ok: false, why: `invalid duration for --${name}` };
      if (kind === 'float' && !FLOAT.test(value)) return { ok: false, why: `invalid number for --${name}` };
      if (name === 'help' && TRUE.has(value)) return { ok: false, why: '--help prints the help text and exits', help: true };
      flags.set(name, value);
      if (name === 'lock') lock = { value, index: i - (eq < 0 ? 1 : 0), written: eq < 0 ? a : a };
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      // The only shorthand is cobra's `-h`.
      if (a === '-h') return { ok: false, why: '-h prints the help text and exits', help: true };
      return { ok: false, why: `unknown shorthand flag in ${a.slice(0, 2)}` };
    }
    positional.push(a);
  }
  return { ok: true, line: { flags, lock, positional } };
}

type Reading =
  | { readonly kind: 'proxy'; readonly line: ProxyLine; readonly args: readonly string[] }
  | { readonly kind: 'other'; readonly word: string; readonly why: string }
  | { readonly kind: 'broken'; readonly mode: string; readonly why: string };

/** What `mcptrust ARGS` runs: cobra finds the command past the persistent flags, then pflag reads the rest. */
function read(all: readonly string[]): Reading {
  const [first] = commandWords(all);
  if (first === undefined) return { kind: 'broken', mode: 'no-command', why: 'no subcommand: mcptrust prints its help' };
  if (first !== 'proxy') {
    const what = Object.hasOwn(OTHER_COMMANDS, first) ? OTHER_COMMANDS[first] : undefined;
    return what === undefined ? { kind: 'broken', mode: 'unknown-command', why: `unknown command ${first}` } : { kind: 'other', word: first, why: what };
  }
  const args = minusFirst(all, 'proxy');
  const parsed = parseProxyLine(args);
  if (!parsed.ok) return { kind: 'broken', mode: parsed.help === true ? 'help' : 'argument-error', why: parsed.why };
  return { kind: 'proxy', line: parsed.line, args };
}

/**
 * The mode, from the arguments pflag gives the proxy command (the `proxy` word removed, flags
 * before it included). `--lock` is required (MarkFlagRequired): without it the proxy refuses to
 * start. `--audit-only` / `--filter-only` turn blocking off; `--fail-on` is the preflight
 * threshold, and proxy.go `parseSeverityThreshold` reads only `safe` and `moderate`: every other
 * value, the default `critical` and the `info` the help text offers included, is critical. A
 * changed description is `SeverityModerate` (internal/differ/v3.go @048aff0), and at call time the
 * proxy checks tool names only (internal/proxy/filter.go), so under a critical threshold a changed
 * description is served and called: not blocking.
 */
function modeOf(parsedLine: ProxyLine | { why: string; help?: true }): ProxyArgs {
  if (!('flags' in parsedLine)) return { mode: parsedLine.help === true ? 'help' : 'argument-error', blocking: false, modeUnknown: true };
  const f = parsedLine.flags;
  const on = (name: string): boolean => TRUE.has(f.get(name) ?? 'false');
  if (on('print-effective-allowlist')) return { mode: 'print-effective-allowlist', blocking: false, modeUnknown: true };
  if (parsedLine.lock === undefined) return { mode: 'argument-error', blocking: false, modeUnknown: true };
  if (on('audit-only')) return { mode: 'audit-only', blocking: false };
  if (on('filter-only')) return { mode: 'filter-only', blocking: false };
  const failOn = f.get('fail-on') ?? 'critical';
  if (failOn !== 'moderate' && failOn !== 'safe') return { mode: 'fail-on-critical', blocking: false };
  return { mode: 'enforce', blocking: true };
}

function parseArgs(args: readonly string[]): ProxyArgs {
  const parsed = parseProxyLine(args);
  return modeOf(parsed.ok ? parsed.line : parsed);
}

const VALUE_FLAGS = Object.entries({ ...PERSISTENT, ...PROXY_FLAGS }).filter(([, k]) => k !== 'bool').map(([n]) => `--${n}`);

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcptrust');
  if (found === undefined) return undefined;
  const all = found.frame.args;
  const r = read(all);
  const base = { proxy: 'mcptrust' as const, runtime: 'go' as const, bareName: bareNameAt(chain, found.index), serverId: entryName(entry) };
  if (r.kind === 'other') {
    return {
      ...base, pins: false, mode: r.word, blocking: false, reason: `\`mcptrust ${r.word}\` ${r.why}, not the enforcing proxy`,
      store: { kind: 'unresolvable', why: `\`mcptrust ${r.word}\` is not the proxy` },
    };
  }
  if (r.kind === 'broken') {
    return { ...base, pins: true, mode: r.mode, blocking: false, modeUnknown: true, store: { kind: 'unresolvable', why: `mcptrust does not start the proxy: ${r.why}` } };
  }
  const parsed = modeOf(r.line);
  const lock = r.line.lock;
  const rec: Recognition = {
    ...base, pins: true,
    mode: parsed.mode,
    blocking: parsed.blocking,
    ...(parsed.modeUnknown === true ? { modeUnknown: true } : {}),
    store: storeUnlessFloating(lock === undefined
      ? { kind: 'unresolvable', why: '--lock is required: mcptrust proxy refuses to start without it' }
      : explicitStore(entry, lock), floatingDynamicArg(chain, all, VALUE_FLAGS)),
  };
  // pflag: every non-flag word is an argument; runProxy runs them all as the server's command line.
  return r.line.positional.length === 0 ? rec : { ...rec, upstream: r.line.positional };
}

/** internal/models/lockfile_v3.go `LockfileV3` and lockfile.go `ToolLock`, as Go decodes them. */
const S = { kind: 'string' } as const;
const LOCK_V3: GoType = {
  kind: 'struct', fields: {
    lockFileVersion: S,
    meta: { kind: 'struct', fields: { generator: S, updatedAt: S } },
    server: { kind: 'struct', fields: { name: S, artifact: { kind: 'object-any' } } },
    prompts: { kind: 'struct', fields: { definitions: { kind: 'map', of: { kind: 'struct', fields: { argumentsHash: S, titleHash: S, descriptionHash: S } } } } },
    resources: { kind: 'struct', fields: { templates: { kind: 'slice', of: { kind: 'struct', fields: { uriTemplate: S, templateHash: S, nameHash: S, descriptionHash: S, mimeType: S } } } } },
    tools: { kind: 'map', of: { kind: 'struct', fields: { description_hash: S, input_schema_hash: S, risk_level: S } } },
  },
};
/** manager.go `DetectLockfileVersion`: the two version fields only. */
const VERSION_ONLY: GoType = { kind: 'struct', fields: { version: S, lockFileVersion: S } };

const field = (v: GoValue, k: string): GoValue | undefined => (isGoObject(v) && Object.hasOwn(v, k) ? v[k] : undefined);

/**
 * The lockfile, read as the proxy reads it (proxy.go `New`): `DetectLockfileVersion` (the
 * non-empty `lockFileVersion`, else `version`), which must be exactly "3.0", then `LoadV3`. Any
 * decode error (a `tools` that is a string, a version that is a number, invalid JSON) makes the
 * proxy refuse to start; a lock with no tool locks none.
 */
async function inspectStore(_rec: Recognition, lockPath: string, ctx: InspectContext): Promise<StoreInspection> {
  const subject = ctx.subject;
  const checked = await ctx.files.checkStoreFile(lockPath, subject, ctx);
  if (checked.state === 'missing') return { path: lockPath, findings: [finding(pinBaselineAbsent, { ...subject, path: lockPath })] };
  if (checked.state === 'bad') return { path: lockPath, findings: checked.findings };
  const bad = (reason: string): StoreInspection =>
    ({ path: lockPath, findings: [...checked.findings, finding(pinStoreUnreadable, { ...subject, path: lockPath, reason })] });
  const versions = goUnmarshal(checked.text, VERSION_ONLY);
  if (!versions.ok) return bad(`mcptrust cannot read its version (${versions.why}) and refuses to start`);
  const lfv = field(versions.value, 'lockFileVersion');
  const legacy = field(versions.value, 'version');
  const version = typeof lfv === 'string' && lfv !== '' ? lfv : typeof legacy === 'string' ? legacy : '';
  if (version === '') return bad('no version field: mcptrust refuses to start');
  if (version === '1.0' || version === '2.0') return bad(`lockfile version ${version}: mcptrust proxy requires a v3 lockfile`);
  if (version !== '3.0') {
    return { path: lockPath, findings: [...checked.findings, finding(pinStoreNewerFormat, { ...subject, path: lockPath, version })] };
  }
  const lock = goUnmarshal(checked.text, LOCK_V3);
  if (!lock.ok) return bad(`the v3 lockfile does not decode (${lock.why}): mcptrust refuses to start`);
  const tools = field(lock.value, 'tools');
  const count = isGoObject(tools) ? Object.keys(tools).length : 0;
  if (count === 0) {
    return { path: lockPath, findings: [...checked.findings, finding(pinBaselineAbsent, { ...subject, path: lockPath })] };
  }
  return { path: lockPath, findings: checked.findings, baseline: `a v3 lockfile, decoded as Go decodes it, locking ${count} tool(s)` };
}

const PROGRAMS: readonly ProxyProgram[] = [
  { kind: 'bin', name: 'mcptrust', subcommand: ['proxy'], role: 'proxy', what: 'the enforcing stdio proxy (persistent flags may precede the word)', source: PROXY_CLI },
  ...Object.entries(OTHER_COMMANDS).map(([word, what]): ProxyProgram => ({ kind: 'bin', name: 'mcptrust', subcommand: [word], role: 'other', what, source: ROOT })),
];

const INPUTS: Inventory = {
  component: 'mcptrust',
  source: `${ROOT}; ${PROXY_CLI}; ${PROXY}`,
  // The lockfile is the store, named by --lock; no other file is read by the proxy.
  configFiles: [],
  items: [
    { kind: 'option', name: '--lock', effect: 'moves-store', note: 'the lockfile (required; relative: against the working directory); may precede `proxy`', source: PROXY_CLI },
    { kind: 'option', name: '--audit-only', effect: 'changes-mode', note: 'logs, blocks nothing (pflag bool: bare, or =1/t/true…)', source: PROXY_CLI },
    { kind: 'option', name: '--filter-only', effect: 'changes-mode', note: 'filters lists, blocks no call', source: PROXY_CLI },
    { kind: 'option', name: '--fail-on', effect: 'changes-mode', note: 'preflight threshold: only safe and moderate lower it from critical', source: `${PROXY} parseSeverityThreshold` },
    { kind: 'option', name: '--print-effective-allowlist', effect: 'changes-mode', note: 'prints the allowlist and exits: no proxy', source: PROXY_CLI },
    { kind: 'option', name: '--policy', effect: 'unknown', note: 'an extra policy preset checked at preflight', source: `${PROXY} preflight` },
    { kind: 'option', name: '--timeout', effect: 'benign', note: 'preflight server start-up timeout', source: PROXY_CLI },
    { kind: 'option', name: '--allow-static-resources', effect: 'unknown', note: 'also allows resources from the startup resources/list', source: PROXY_CLI },
    { kind: 'option', name: '--log-format', effect: 'benign', note: 'persistent: log format', source: ROOT },
    { kind: 'option', name: '--log-level', effect: 'benign', note: 'persistent: log level', source: ROOT },
    { kind: 'option', name: '--log-output', effect: 'benign', note: 'persistent: where logs are written', source: ROOT },
    { kind: 'option', name: '--receipt', effect: 'benign', note: 'persistent: a receipt file it writes', source: ROOT },
    { kind: 'option', name: '--receipt-mode', effect: 'benign', note: 'persistent: overwrite or append', source: ROOT },
    { kind: 'option', name: '--otel', effect: 'benign', note: 'persistent: tracing on', source: ROOT },
    { kind: 'option', name: '--otel-endpoint', effect: 'benign', note: 'persistent: where traces go', source: ROOT },
    { kind: 'option', name: '--otel-protocol', effect: 'benign', note: 'persistent', source: ROOT },
    { kind: 'option', name: '--otel-insecure', effect: 'benign', note: 'persistent', source: ROOT },
    { kind: 'option', name: '--otel-service-name', effect: 'benign', note: 'persistent', source: ROOT },
    { kind: 'option', name: '--otel-sample-ratio', effect: 'benign', note: 'persistent', source: ROOT },
    { kind: 'option', name: '--help', effect: 'changes-mode', note: '-h / --help prints help and exits', source: 'spf13/cobra command.go InitDefaultHelpFlag' },
    { kind: 'env', name: 'OTEL_EXPORTER_OTLP_ENDPOINT', effect: 'benign', note: 'trace endpoint when --otel', source: 'mcptrust/mcptrust@048aff0:internal/observability/otel/otel.go' },
  ],
};

export const mcptrust: PinningProxy = {
  id: 'mcptrust',
  version: 2,
  pins: true,
  runtime: 'go',
  recognize,
  parseArgs,
  // --lock is required (proxy.go MarkFlagRequired): there is no default location.
  defaultStore: () => ({ notProven: 'no default location: --lock FILE is required' }),
  defaultStoreSpellings: (expected) => [expected],
  inspectStore,
  probeRecipe: () => ({ notProven: "mcp-audit does not recompute mcptrust's digests" }),
  // Installed with `go install github.com/mcptrust/mcptrust/cmd/mcptrust@…` (README.md @048aff0; go.mod module path).
  packages: { npm: [], pypi: [], go: ['github.com/mcptrust/mcptrust'] },
  programs: PROGRAMS,
  launchers: [],
  inputs: INPUTS,
  modes: [
    { name: 'enforce', blocking: true, source: PROXY_CLI },
    { name: 'filter-only', blocking: false, source: PROXY_CLI },
    { name: 'audit-only', blocking: false, source: PROXY_CLI },
    { name: 'fail-on-critical', blocking: false, source: `${PROXY} parseSeverityThreshold` },
  ],
  // A Go binary: its release is in its build info (`go version -m`), which mcp-audit does not read yet.
  versionSources: [],
  advisories: {
    reviewed: '2026-12-01',
    sources: ['mcptrust/mcptrust@048aff0 (tags v0.1.0, v0.1.1, v0.1.2; no SECURITY advisories in the tree)', 'https://github.com/mcptrust/mcptrust/security/advisories'],
    list: [{
      // proxy.go (preflight → scanner.Scan over the joined command string, @004f710) checks the lock
      // against a separate server process started for the scan; the session the host is given is
      // filtered by tool name only (internal/proxy/filter.go filterToolsList, @048aff0). A contract
      // that changes after the scan, or that the bridged process serves differently, passes.
      id: 'mcptrust-preflight-only', ecosystem: 'go', package: 'github.com/mcptrust/mcptrust', affected: [{ introduced: '0', fixed: null }], effect: 'check-unsound',
      summary: 'checks the lock once, against a separate preflight process, and then filters the live session by tool name only',
      source: 'mcptrust/mcptrust@004f710:internal/proxy/proxy.go preflight; mcptrust/mcptrust@048aff0:internal/proxy/filter.go filterToolsList',
    }],
  },
};

/** `--audit-only` / `--filter-only` in any spelling cobra accepts, before `--`. */
function modeFlagIndexes(argv: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--') break;
    if (/^--(audit|filter)-only(=|$)/.test(a)) out.push(i);
  }
  return out;
}

/**
 * Wiring (mcptrust/mcptrust@048aff0:README.md):
 * `mcptrust proxy --lock FILE -- CMD ARGS…`, everything after `--` being the upstream argv. The
 * lock has no default location (`--lock` is required), so wrapping needs one named, under the
 * home; a planted `--lock` has no mechanical fix.
 */
export const wiring: ProxyWiring = {
  proxy: 'mcptrust',
  reference: 'mcptrust/mcptrust@048aff0:README.md (`mcptrust proxy --lock FILE -- CMD …`)',
  release: { version: null, why: 'no mcptrust release is outside mcptrust-preflight-only (no release fixes it): a wrap cannot reach enforcing whatever it names' },
  wrap({ upstream, store }) {
    if (store === undefined) return { ok: false, reason: 'mcptrust has no default lock file: name one under your home with --store' };
    if (!/^(\/|[A-Za-z]:[\\/])/.test(store)) return { ok: false, reason: 'the lock file must be an absolute path (a relative one resolves against whatever directory the host starts in)' };
    return { ok: true, command: 'mcptrust', args: ['proxy', '--lock', store, '--', upstream.command, ...(upstream.args ?? [])] };
  },
  unwrap(rec) {
    const [head, ...rest] = rec.upstream ?? [];
    return head === undefined ? undefined : rest.length === 0 ? { command: head } : { command: head, args: rest };
  },
  /**
   * Blocking needs `--audit-only` / `--filter-only` gone and `--fail-on moderate` (parseArgs above:
   * the default `critical` threshold lets a changed description through): both are set.
   */
  restoreBlocking(argv) {
    const at = argv.indexOf('proxy');
    if (at < 0) return undefined;
    // pflag reads the proxy's flags before and after the `proxy` word, up to `--`.
    const end = argv.indexOf('--') < 0 ? argv.length : argv.indexOf('--');
    const remove = modeFlagIndexes(argv);
    let failOn: string | undefined;
    for (let i = 0; i < end; i++) {
      const a = argv[i] ?? '';
      if (a.startsWith('--fail-on=')) { remove.push(i); failOn = a.slice('--fail-on='.length); } else if (a === '--fail-on') { remove.push(i, i + 1); failOn = argv[i + 1]; i++; }
    }
    if (modeFlagIndexes(argv).length === 0 && (failOn === 'moderate' || failOn === 'safe')) return undefined;
    return { remove, insert: [{ after: at, values: ['--fail-on', 'moderate'] }] };
  },
};
