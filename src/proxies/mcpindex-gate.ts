/**
 * mcpindex gate (PyPI `mcpindex-gate`): a per-entry stdio wrapper (mcpindex-ai/mcpindex-web@0b4ab44:app/docs/page.tsx
 * "Install the gate"). Any one indicator mcpindex's own scanner uses (mcpindex-ai/mcpindex-web lib/scan/parse.ts) identifies it; the upstream comes from the `_mcpindexWired` marker
 * when present, else from `--upstream-command` / `--upstream-arg=`.
 */
import path from 'node:path';
import { pypiName } from '../launch/package-spec.js';
import type { Frame, LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { pinBaselineAbsent } from '../rules/pin-baseline-absent.js';
import { pinBaselineDeleted } from '../rules/pin-baseline-deleted.js';
import { pinBaselineUnindexed } from '../rules/pin-baseline-unindexed.js';
import { pinStoreNewerFormat } from '../rules/pin-store-newer-format.js';
import { pinStoreUnreadable } from '../rules/pin-store-unreadable.js';
import {
  bareNameAt, entryName, explicitStore, findFrame, flagHits, floatingDynamicArg, lastFlagValue, ownArgs, packageVersion,
  storeUnlessFloating,
} from './args.js';
import type { InspectContext, McpindexPin, StoreInspection, Subject } from './store-types.js';
import type { Inventory, PinningProxy, ProxyArgs, ProxyProgram, Recognition } from './types.js';
import { hitIndexes, type ProxyWiring } from './wiring-types.js';
import { append } from '../shared/lists.js';
import { parseJsonValue } from '../parse/json-value.js';

const MODULES = ['tooling.cse.proxy', 'mcpindex_gate.tooling.cse.proxy'];
/** The proxy's long options, for argparse-style unambiguous prefixes (`--pin-st` = `--pin-store`). */
const OPTIONS = ['--mcpindex-stdio', '--upstream-command', '--upstream-arg', '--posture', '--pin-store'];
const POSTURES = ['guard', 'strict', 'monitor'];

const isGatePackage = (name: string): boolean => pypiName(name) === 'mcpindex-gate';

const CONFIRMING = (a: string): boolean => a === '--mcpindex-stdio' || a === '--upstream-command' || a.startsWith('--upstream-command=');

/**
 * The frame that runs the proxy: `mcpindex-proxy`, a known `-m` module, or (confirmed by the
 * proxy's own flags) the program a runner starts from the `mcpindex-gate` package. The flags alone
 * identify nothing: any server can be given `--mcpindex-stdio`. Recognising the gate's package is
 * not proof that the proxy runs: grading's program claim (launch-options.ts OWN_PROGRAMS) checks
 * the program is the package's proxy script (`uvx --from mcpindex-gate python …` runs python).
 */
function proxyFrame(chain: LaunchChain): { frame: Frame; index: number } | undefined {
  return findFrame(chain, (f) => {
    if (f.name === 'mcpindex-proxy') return true;
    if (f.module !== undefined && MODULES.includes(f.module)) return true;
    const i = chain.frames.indexOf(f);
    const runner = i > 0 ? chain.frames[i - 1] : undefined;
    const fromGate = runner?.kind === 'package-runner' && runner.package?.ecosystem === 'pypi' && isGatePackage(runner.package.name);
    return fromGate && f.args.some(CONFIRMING);
  });
}

/** `_mcpindexWired` as an object, and its `original` command line when well-formed. */
function marker(raw: unknown): { present: boolean; original?: string[]; originalHasArgs?: boolean; originalExact?: boolean } {
  if (typeof raw !== 'object' || raw === null) return { present: false };
  const wired: unknown = Reflect.get(raw, '_mcpindexWired');
  if (typeof wired !== 'object' || wired === null || Array.isArray(wired)) return { present: false };
  const original: unknown = Reflect.get(wired, 'original');
  if (typeof original !== 'object' || original === null) return { present: true };
  const command: unknown = Reflect.get(original, 'command');
  const args: unknown = Reflect.get(original, 'args');
  if (typeof command !== 'string') return { present: true };
  const list = Array.isArray(args) ? args.filter((a): a is string => typeof a === 'string') : [];
  return { present: true, original: [command, ...list], originalHasArgs: args !== undefined, originalExact: !Array.isArray(args) || list.length === args.length };
}

function upstreamFromArgs(args: readonly string[]): string[] | undefined {
  const command = lastFlagValue(args, ['--upstream-command'], OPTIONS);
  if (command === undefined) return undefined;
  return [command.value, ...flagHits(args, ['--upstream-arg'], OPTIONS).map((h) => h.value)];
}

/** `--posture` (argparse: unambiguous prefixes, last occurrence wins), default guard; guard and strict block (mcpindex-ai/mcpindex-sdk-ts@30ab505:src/gate.ts). */
/** The options that take a value (the rest of OPTIONS is a flag). */
const VALUED = ['--upstream-command', '--upstream-arg', '--posture', '--pin-store'];

/**
 * Words of the gate's command line that are none of its published options (an option, a prefix of
 * exactly one as argparse accepts, or the value of one): the gate's CLI source is not public, so
 * what such a word does (`--fail-open`, `--server-id`) is not known, and the posture is not proven.
 */
function unlistedWords(args: readonly string[]): string[] {
  const out: string[] = [];
  const known = (flag: string): string | undefined => {
    if (OPTIONS.includes(flag)) return flag;
    const c = flag.startsWith('--') && flag.length > 2 ? OPTIONS.filter((o) => o.startsWith(flag)) : [];
    return c.length === 1 ? c[0] : undefined;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const name = known(eq > 0 ? a.slice(0, eq) : a);
    if (name === undefined) { out.push(a); continue; }
    if (eq < 0 && VALUED.includes(name)) i++;
  }
  return out;
}

function parseArgs(args: readonly string[]): ProxyArgs {
  const posture = lastFlagValue(args, ['--posture'], OPTIONS)?.value ?? 'guard';
  const blocking = posture === 'guard' || posture === 'strict';
  const unlisted = unlistedWords(args);
  if (unlisted.length > 0) return { mode: `${posture}, with ${unlisted.join(' ')} (not among the gate's published options)`, blocking: false, modeUnknown: true };
  return POSTURES.includes(posture) ? { mode: posture, blocking } : { mode: posture, blocking, modeUnknown: true };
}

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  let raw: unknown;
  try { raw = entry.raw; } catch { raw = undefined; }
  const mark = marker(raw);
  const proxy = proxyFrame(chain);
  const fromGate = chain.frames.some((f) => f.package !== undefined && f.package.ecosystem === 'pypi' && isGatePackage(f.package.name));
  if (proxy === undefined && !mark.present && !fromGate) return undefined;
  const version = packageVersion(chain, isGatePackage);
  const base = { proxy: 'mcpindex-gate' as const, pins: true, runtime: 'python' as const, serverId: entryName(entry) };
  const withVersion = <R extends Recognition>(r: R): R => (version === undefined ? r : { ...r, version });
  const withUpstream = <R extends Recognition>(r: R, args: readonly string[]): R => {
    const up = upstreamFromArgs(args);
    if (mark.original === undefined) return up === undefined ? r : { ...r, upstream: up, upstreamSource: 'args' };
    // The marker keeps the command line that was wired (lib/scan/parse.ts); `--upstream-command`
    // is what the documented install runs. When both are there and differ, which one the gate
    // launches is not published: both are checked (a vulnerable `mcp-remote` in either is reported).
    const differs = up !== undefined && up.join('\u0000') !== mark.original.join('\u0000');
    return { ...r, upstream: mark.original, upstreamSource: 'marker', ...(differs ? { otherUpstream: up } : {}) };
  };
  if (chain.leaf.kind !== 'exec') {
    // A marker or `--from mcpindex-gate` on an entry whose command cannot be followed (or a URL).
    const why = chain.leaf.kind === 'opaque'
      ? `launch chain is opaque: ${chain.leaf.why.reason}`
      : 'remote entry: the gate\'s HTTP gateway pins per process and re-pins on restart (§1.3)';
    const r: Recognition = { ...base, mode: 'unknown', modeUnknown: true, blocking: false, bareName: false, store: { kind: 'unresolvable', why } };
    return withVersion(withUpstream(r, proxy === undefined ? [] : ownArgs(proxy.frame)));
  }
  // A marker left on an entry that no longer runs the proxy is not protection: not recognised.
  if (proxy === undefined) return undefined;
  const args = ownArgs(proxy.frame);
  const parsed = parseArgs(args);
  const pinStore = lastFlagValue(args, ['--pin-store'], OPTIONS);
  let r: Recognition = {
    ...base,
    mode: parsed.mode,
    blocking: parsed.blocking,
    bareName: bareNameAt(chain, proxy.index),
    store: storeUnlessFloating(pinStore === undefined ? { kind: 'default' } : explicitStore(entry, pinStore),
      floatingDynamicArg(chain, args, ['--upstream-command', '--upstream-arg', '--posture', '--pin-store'])),
  };
  if (parsed.modeUnknown === true) r = { ...r, modeUnknown: true };
  return withVersion(withUpstream(r, args));
}

/** `sanitizeServerId` (mcpindex-ai/mcpindex-sdk-ts@3bce661:src/preflight.ts): `[A-Za-z0-9._-]` kept, others `_`, outer `.`/`_` runs stripped, 128 max, `_` if empty. */
export function sanitizeServerId(id: string): string {
  const s = id.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._]+/, '').replace(/[._]+$/, '').slice(0, 128);
  return s === '' ? '_' : s;
}

/** The pin-file format version mcp-audit reads (mcpindex-ai/mcpindex-sdk-ts@3bce661:src/preflight.ts `PIN_STORE_VERSION`). */
export const MCPINDEX_STORE_VERSION = 2;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The tamper-evidence index's file name, beside the pin files (mcpindex-ai/mcpindex-sdk-ts@3bce661:src/preflight.ts). */
const EVER_PINNED = '.ever-pinned.json';

/** `.ever-pinned.json` read: the basenames it lists, or why it proves nothing; `findings` from the store checks of the index file itself. */
type EverPinned =
  | { readonly ok: true; readonly stores: readonly string[]; readonly findings: readonly Finding[] }
  | { readonly ok: false; readonly reason: string; readonly findings: readonly Finding[] };

/**
 * Reads the index beside `storePath` (src/preflight.ts, as above): `{ "stores": ["<basename>.json", ...] }`, which the
 * gate rewrites after every pin write. It gets the same checks as a pin file (regular, owned by the
 * user, not writable by others): an index another account can rewrite can list a planted file.
 * Anything else (absent, unreadable, not that shape, a non-string name) is not an index.
 */
async function everPinned(storePath: string, ctx: InspectContext): Promise<EverPinned> {
  const checked = await ctx.files.checkStoreFile(path.join(path.dirname(storePath), EVER_PINNED), ctx.subject, ctx);
  if (checked.state === 'missing') return { ok: false, reason: `${EVER_PINNED} is missing`, findings: [] };
  if (checked.state === 'bad') return { ok: false, reason: `${EVER_PINNED} fails the store checks`, findings: checked.findings };
  const findings = checked.findings;
  let parsed: unknown;
  try {
    parsed = parseJsonValue(checked.text);
  } catch {
    return { ok: false, reason: `${EVER_PINNED} is not valid JSON`, findings };
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.stores)) return { ok: false, reason: `${EVER_PINNED} has no stores list`, findings };
  const stores = parsed.stores.filter((s): s is string => typeof s === 'string');
  if (stores.length !== parsed.stores.length) return { ok: false, reason: `${EVER_PINNED} lists a store name that is not a string`, findings };
  return { ok: true, stores, findings };
}

/**
 * Parses a v2 pin file the way the gate's loader does (the SDK's tainted reasons, mcpindex-ai/mcpindex-sdk-ts@3bce661:src/preflight.ts) and
 * returns the records for `serverId`. A file may hold several server ids.
 */
export function parseMcpindexPins(text: string, serverId: string, subject: Subject, p: string):
  { findings: Finding[]; pins: McpindexPin[] } {
  const unreadable = (reason: string): { findings: Finding[]; pins: McpindexPin[] } =>
    ({ findings: [finding(pinStoreUnreadable, { ...subject, path: p, reason })], pins: [] });
  let parsed: unknown;
  try {
    parsed = parseJsonValue(text);
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

/**
 * Inspects the mcpindex pin file for one server at `storePath` (already known to be the default).
 * The baseline is proven only when the file holds records for the server id AND the index beside
 * it lists the file: the gate records every store file it writes there (src/preflight.ts), so a pin file the
 * index does not list was not written by the gate's pinning, or the index was deleted, and a later
 * deletion of the file would read as a first run (mcpindex-ai/mcpindex-web content/whitepaper.md §7).
 */
async function inspectStore(rec: Recognition, storePath: string, ctx: InspectContext): Promise<StoreInspection> {
  const subject = ctx.subject;
  const file = path.basename(storePath);
  const checked = await ctx.files.checkStoreFile(storePath, subject, ctx);
  if (checked.state === 'missing') {
    const listed = await everPinned(storePath, ctx);
    const rule = listed.ok && listed.stores.includes(file) ? pinBaselineDeleted : pinBaselineAbsent;
    return { path: storePath, findings: [finding(rule, { ...subject, path: storePath })], mcpindexPins: [] };
  }
  if (checked.state === 'bad') return { path: storePath, findings: checked.findings, mcpindexPins: [] };
  const parsed = parseMcpindexPins(checked.text, rec.serverId, subject, storePath);
  const findings = [...checked.findings, ...parsed.findings];
  if (parsed.pins.length === 0) {
    if (parsed.findings.length === 0) findings.push(finding(pinBaselineAbsent, { ...subject, path: storePath }));
    return { path: storePath, findings, mcpindexPins: parsed.pins };
  }
  const index = await everPinned(storePath, ctx);
  append(findings, index.findings);
  const unindexed = !index.ok ? index.reason : index.stores.includes(file) ? undefined : `${EVER_PINNED} does not list ${file}`;
  if (unindexed !== undefined) {
    findings.push(finding(pinBaselineUnindexed, { ...subject, path: storePath, reason: unindexed }));
    return { path: storePath, findings, mcpindexPins: parsed.pins };
  }
  // The server id is the entry's name: how the gate derives it is not published by mcpindex,
  // so the records' own `server_id` is the evidence that the gate named a server so.
  const baseline = `${parsed.pins.length} pin record(s) with server_id ${rec.serverId} in a v${MCPINDEX_STORE_VERSION} pin file, `
    + `listed in the tamper index ${EVER_PINNED}`;
  const assumptions = [`baseline: assumed the gate keys this server's pins by the entry name ${rec.serverId}: the proxy is given no server id, and how it derives one is not published (a probe that confirms the pins live settles it)`];
  return { path: storePath, findings, mcpindexPins: parsed.pins, baseline, assumptions };
}

const MODES_SOURCE = 'mcpindex-ai/mcpindex-web lib/changeKinds.ts postureOutcome; public tune-postures.json';

/**
 * The programs the `mcpindex-gate` wheel provides (mcpindex-ai/mcpindex-web public/install.ps1: the
 * proxy is the stable console script `mcpindex-proxy`; lib/install/commands.ts CONFIG_WIRE_COMMAND;
 * mcpindex-ai/mcpindex-sdk-ts src/gate.ts `mcpindex-report`).
 */
const PROGRAMS: readonly ProxyProgram[] = [
  { kind: 'bin', name: 'mcpindex-proxy', subcommand: [], role: 'proxy', what: 'the stdio pinning proxy', source: 'mcpindex-ai/mcpindex-web public/install.ps1' },
  { kind: 'module', name: 'mcpindex_gate.tooling.cse.proxy', subcommand: [], role: 'proxy', what: 'the proxy module (gate 0.8.0 and later)', source: 'mcpindex-ai/mcpindex-web public/install.ps1' },
  { kind: 'module', name: 'tooling.cse.proxy', subcommand: [], role: 'proxy', what: 'the proxy module as older wiring named it', source: 'mcpindex-ai/mcpindex-sdk-ts README.md (port of tooling/cse/*.py)' },
  { kind: 'bin', name: 'mcpindex-config-wire', subcommand: [], role: 'other', what: 'the wiring wizard: rewrites configs, proxies nothing', source: 'mcpindex-ai/mcpindex-web lib/install/commands.ts' },
  { kind: 'bin', name: 'mcpindex-report', subcommand: [], role: 'other', what: 'prints a pin record', source: 'mcpindex-ai/mcpindex-sdk-ts src/gate.ts' },
  { kind: 'bin', name: 'mcpindex-gate', subcommand: [], role: 'other', what: '`pin` / `check` a baseline from the command line', source: 'mcpindex-ai/mcpindex-web content/whitepaper.md §8.6' },
];

const SDK = 'mcpindex-ai/mcpindex-sdk-ts';
/** What the proxy reads (the SDK is a port of the Python modules "so a Python pin round-trips": mcpindex-ai/mcpindex-sdk-ts README.md). */
const INPUTS: Inventory = {
  component: 'mcpindex-gate',
  source: `${SDK} src/preflight.ts, src/driftTelemetry.ts, src/cli.ts; mcpindex-ai/mcpindex-web app/privacy/page.tsx, app/docs/page.tsx`,
  configFiles: [],
  items: [
    { kind: 'env', name: 'MCPINDEX_STATE_DIR', effect: 'moves-store', benignWhen: { kind: 'blank' }, note: 'root of the pin store and its tamper index, when non-empty after trimming', source: `${SDK} src/preflight.ts defaultPinStorePath` },
    { kind: 'env', name: 'MCPINDEX_DRIFT_TELEMETRY', effect: 'benign', note: 'telemetry mode; pins and posture unchanged', source: `${SDK} src/driftTelemetry.ts` },
    { kind: 'env', name: 'MCPINDEX_AMBIENT_NOTICE', effect: 'benign', note: 'the stderr notice line', source: 'mcpindex-ai/mcpindex-web app/docs/page.tsx' },
    { kind: 'env', name: 'MCPINDEX_AMBIENT_NOTICE_MODE', effect: 'benign', note: 'the stderr notice line', source: `${SDK} CHANGELOG.md 0.3.0` },
    { kind: 'env', name: 'MCPINDEX_PROJECT_SCAN', effect: 'benign', note: 'same as --no-project-scan', source: 'mcpindex-ai/mcpindex-web app/privacy/page.tsx' },
    { kind: 'env', name: 'MCPINDEX_RECEIPT_INGEST_ENABLED', effect: 'benign', note: 'Python wrap() receipts only', source: 'mcpindex-ai/mcpindex-web app/privacy/page.tsx' },
    { kind: 'env', name: 'MCPINDEX_ACTION_CLASSIFICATION_ENABLED', effect: 'benign', note: 'the advisory blast-radius grade', source: `${SDK} README.md` },
    { kind: 'env', name: 'MCPINDEX_YES', effect: 'benign', note: 'installer only', source: 'mcpindex-ai/mcpindex-web public/install.sh' },
    { kind: 'env', name: 'MCPINDEX_NO_BOOTSTRAP', effect: 'benign', note: 'installer only', source: 'mcpindex-ai/mcpindex-web public/install.sh' },
    { kind: 'env', name: 'MCPINDEX_INSTALL_TEST', effect: 'benign', note: 'installer only', source: 'mcpindex-ai/mcpindex-web public/install.ps1' },
    { kind: 'env', name: 'MCPINDEX_WEB_BASE', effect: 'unknown', note: 'the login/API host: what the proxy does with it is not published', source: `${SDK} src/cli.ts` },
    { kind: 'env', name: 'MCPINDEX_GATEWAY_MULTI_TENANT', effect: 'unknown', note: 'HTTP gateway mode; its effect on a stdio proxy is not published', source: 'mcpindex-ai/mcpindex-web content/whitepaper.md §8.2' },
    { kind: 'env-family', name: 'MCPINDEX_', effect: 'unknown', note: 'any other MCPINDEX_* variable: not in the published list, effect not modelled', source: `${SDK} src/` },
    { kind: 'env', name: 'HOME', effect: 'moves-store', benignWhen: { kind: 'trusted-home' }, note: 'the home the default ~/.mcpindex/pins is under ("a wired entry\'s env is copied onto the proxy")', source: 'mcpindex-ai/mcpindex-web content/guides/pin-mcp-tool-contracts.json §5; ' + `${SDK} src/preflight.ts defaultPinStorePath (os.homedir)` },
    { kind: 'env', name: 'USERPROFILE', effect: 'moves-store', benignWhen: { kind: 'trusted-home' }, note: 'the home on Windows', source: `${SDK} src/preflight.ts defaultPinStorePath (os.homedir)` },
    { kind: 'env', name: 'DO_NOT_TRACK', effect: 'benign', note: 'vetoes egress and ambient lines', source: 'mcpindex-ai/mcpindex-web content/whitepaper.md §8.1' },
    { kind: 'option', name: '--mcpindex-stdio', effect: 'benign', note: 'stdio proxy mode', source: 'mcpindex-ai/mcpindex-web app/docs/page.tsx' },
    { kind: 'option', name: '--upstream-command', effect: 'benign', note: 'the wrapped server (graded as the upstream)', source: 'mcpindex-ai/mcpindex-web app/docs/page.tsx' },
    { kind: 'option', name: '--upstream-arg', effect: 'benign', note: 'one upstream argv element', source: 'mcpindex-ai/mcpindex-web app/docs/page.tsx' },
    { kind: 'option', name: '--posture', effect: 'changes-mode', note: 'monitor | guard | strict (read by parseArgs)', source: 'mcpindex-ai/mcpindex-web public/tune-postures.json' },
    { kind: 'option', name: '--pin-store', effect: 'moves-store', note: 'overrides the pin store', source: 'mcpindex-ai/mcpindex-web content/whitepaper.md §7, §10' },
  ],
};

export const mcpindexGate: PinningProxy = {
  id: 'mcpindex-gate',
  version: 1,
  pins: true,
  runtime: 'python',
  recognize,
  parseArgs,
  defaultStore(rec, home, platform) {
    const p = platform === 'win32' ? path.win32 : path.posix;
    return p.join(home, '.mcpindex', 'pins', `${sanitizeServerId(rec.serverId)}.json`);
  },
  // `--pin-store <path>` overrides the pin store, "file or directory" (mcpindex-ai/mcpindex-web content/whitepaper.md §7, §10).
  defaultStoreSpellings: (expected, platform) => [expected, (platform === 'win32' ? path.win32 : path.posix).dirname(expected)],
  inspectStore,
  // The gate's definition hash over the public tool contract (mcpindex-ai/mcpindex-sdk-ts@35f4dd6:src/canonical.ts): recomputed by probe/compare.ts.
  probeRecipe: () => ({ kind: 'mcpindex-definition-hash' }),
  packages: { npm: [], pypi: ['mcpindex-gate'], go: [] },
  programs: PROGRAMS,
  launchers: [],
  inputs: INPUTS,
  modes: [
    { name: 'guard', blocking: true, source: MODES_SOURCE },
    { name: 'strict', blocking: true, source: MODES_SOURCE },
    { name: 'monitor', blocking: false, source: MODES_SOURCE },
  ],
  versionSources: ['uv-tool-receipt', 'dist-info'],
  advisories: {
    reviewed: '2026-10-05',
    sources: ['https://github.com/advisories?query=mcpindex', 'https://pypi.org/project/mcpindex-gate/ (release history 0.11.1-0.22.0)'],
    list: [{
      id: 'GHSA-g737-65vx-q7qm', ecosystem: 'pypi', package: 'mcpindex-gate', affected: [{ introduced: '0', fixed: '0.16.1' }], effect: 'check-unsound',
      summary: 'treated some changed tool contracts as unchanged or auto-accepted them (fixed in 0.16.1)',
      source: 'https://github.com/advisories/GHSA-g737-65vx-q7qm',
    }],
  },
};

/**
 * Wiring (mcpindex-ai/mcpindex-web@0b4ab44:app/docs/page.tsx, the documented manual form; lib/scan/parse.ts): the entry keeps its name and becomes
 * `uvx --from mcpindex-gate mcpindex-proxy --mcpindex-stdio --upstream-command CMD --upstream-arg=A…`
 * (each arg in the `=` form, "a dash-leading arg like -y does not survive a bare passthrough"),
 * with the `_mcpindexWired` marker keeping the original for a byte-identical un-wire (lib/scan/parse.ts,
 * public/install.sh: "marked for in-place un-wire"). The wiring never writes `--pin-store` and no posture (Guard by default).
 */
/**
 * The hosts mcpindex's own wirer writes the marker into (`mcpindex-web` `lib/install/manifest.ts`
 * `GATE_WIRING_HOSTS`). In any other host's file an unknown member may be
 * refused by a strict schema, so the entry gets form (a) alone: the upstream is then read back from
 * `--upstream-command` / `--upstream-arg=` (as lib/scan/parse.ts does), which is enough to unwrap it.
 */
const MARKER_HOSTS = ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'windsurf', 'cline', 'zed', 'gemini-cli'];

/**
 * The release the wiring writes (`--from mcpindex-gate==0.16.1`): the first outside every advisory
 * above (GHSA-g737-65vx-q7qm, fixed in 0.16.1). An unpinned `--from mcpindex-gate` would be graded
 * proxy-version-unknown: a cached older release may be the one that runs.
 */
const RELEASE = '0.16.1';

export const wiring: ProxyWiring = {
  proxy: 'mcpindex-gate',
  reference: 'mcpindex-ai/mcpindex-web@0b4ab44:app/docs/page.tsx ("Install the gate": --upstream-command, one --upstream-arg=VALUE per arg); mcpindex-ai/mcpindex-web lib/scan/parse.ts (the _mcpindexWired marker)',
  release: { version: RELEASE, source: 'https://github.com/advisories/GHSA-g737-65vx-q7qm (fixed in 0.16.1)' },
  markerKey: '_mcpindexWired',
  wrap({ upstream, hosts }) {
    const args = upstream.args ?? [];
    const original = upstream.args === undefined ? { command: upstream.command } : { command: upstream.command, args: [...args] };
    const wired = ['--from', `mcpindex-gate==${RELEASE}`, 'mcpindex-proxy', '--mcpindex-stdio', '--upstream-command', upstream.command, ...args.map((a) => `--upstream-arg=${a}`)];
    const marked = hosts.length > 0 && hosts.every((h) => MARKER_HOSTS.includes(h));
    return marked
      ? { ok: true, command: 'uvx', args: wired, marker: { key: '_mcpindexWired', value: { marker: 'mcpindex', original } } }
      : { ok: true, command: 'uvx', args: wired };
  },
  unwrap(rec, raw) {
    // The marker's original, when well-formed (lib/scan/parse.ts: it wins over the proxy's arguments).
    const mark = marker(raw);
    if (mark.original !== undefined) {
      // An args list with non-strings is not an argv: undo nothing rather than a guess.
      if (mark.originalExact !== true) return undefined;
      const [command, ...args] = mark.original;
      if (command !== undefined) return mark.originalHasArgs === true ? { command, args } : { command };
    }
    if (rec.upstream === undefined || rec.upstream.length === 0) return undefined;
    const [head, ...rest] = rec.upstream;
    return head === undefined ? undefined : rest.length === 0 ? { command: head } : { command: head, args: rest };
  },
  dropStoreOverride(argv) {
    const hits = flagHits(argv, ['--pin-store'], OPTIONS);
    return hits.length === 0 ? undefined : { remove: hitIndexes(hits) };
  },
  restoreBlocking(argv) {
    const hits = flagHits(argv, ['--posture'], OPTIONS);
    return hits.length === 0 ? undefined : { remove: hitIndexes(hits) };
  },
  pinRelease(argv) {
    // The package a runner installs from: the value of its one `--from` (uvx) or `--spec` (pipx),
    // named without a version. Two such options (pipx uses the last) or none: nothing is pinned.
    const sources: { index: number; value: string; prefix: string }[] = [];
    argv.forEach((w, index) => {
      if (index === 0) return;
      if ((w === '--from' || w === '--spec') && argv[index + 1] !== undefined) sources.push({ index: index + 1, value: argv[index + 1] ?? '', prefix: '' });
      const eq = /^(--from=|--spec=)(.*)$/.exec(w);
      if (eq !== null) sources.push({ index, value: eq[2] ?? '', prefix: eq[1] ?? '' });
    });
    const only = sources.length === 1 ? sources[0] : undefined;
    if (only === undefined || only.value !== 'mcpindex-gate') return undefined;
    return { remove: [], replace: [{ index: only.index, value: `${only.prefix}mcpindex-gate==${RELEASE}` }] };
  },
};
