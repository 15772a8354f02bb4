/**
 * MCPTrust: `mcptrust proxy [--audit-only|--filter-only] --lock FILE -- cmd …` (pinning-systems.md
 * §4.1–4.2). Only the default `enforce` mode blocks calls.
 */
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import {
  afterDashDash, bareNameAt, entryName, explicitStore, findFrame, flagHits, floatingDynamicArg, lastFlagValue, storeUnlessFloating,
} from './args.js';
import { finding } from '../rules/types.js';
import { pinBaselineAbsent } from '../rules/pin-baseline-absent.js';
import { pinStoreNewerFormat } from '../rules/pin-store-newer-format.js';
import { pinStoreUnreadable } from '../rules/pin-store-unreadable.js';
import type { InspectContext, StoreInspection } from './store-types.js';
import type { PinningProxy, ProxyArgs, Recognition } from './types.js';
import type { ProxyWiring } from './wiring-types.js';

const TRUE = new Set(['1', 't', 'T', 'true', 'TRUE', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'false', 'FALSE', 'False']);

/**
 * A cobra/pflag bool flag before `--`: bare means true, `--flag=v` takes strconv.ParseBool's
 * spellings; the last occurrence wins. Another value makes the proxy refuse to start: 'unknown'.
 */
function boolFlag(args: readonly string[], name: string): boolean | 'unknown' {
  let out: boolean | 'unknown' = false;
  for (const a of args) {
    if (a === '--') break;
    if (a === name) out = true;
    else if (a.startsWith(`${name}=`)) {
      const v = a.slice(name.length + 1);
      out = TRUE.has(v) ? true : FALSE.has(v) ? false : 'unknown';
    }
  }
  return out;
}

/**
 * The drift threshold the proxy really applies at preflight. mcptrust internal/proxy/proxy.go
 * `parseSeverityThreshold` @004f710 reads `safe` and `moderate`; every other value, the default
 * `critical` and the `info` its own help text offers included, is critical. A changed tool
 * description is `SeverityModerate` (internal/differ/v3.go `compareTools` @048aff0), and at call
 * time the proxy checks tool names only (internal/proxy/filter.go), so under a critical threshold
 * a changed description is served and called: not blocking.
 */
function failOnBlocks(args: readonly string[]): boolean {
  const value = lastFlagValue(args, ['--fail-on'])?.value ?? 'critical';
  return value === 'moderate' || value === 'safe';
}

/** `proxy`'s own flags before `--`: `--audit-only` / `--filter-only` turn blocking off, and so does a critical `--fail-on` (§4.1). */
function parseArgs(args: readonly string[]): ProxyArgs {
  const audit = boolFlag(args, '--audit-only');
  const filter = boolFlag(args, '--filter-only');
  if (audit === 'unknown' || filter === 'unknown') return { mode: 'unknown', blocking: false, modeUnknown: true };
  if (audit) return { mode: 'audit-only', blocking: false };
  if (filter) return { mode: 'filter-only', blocking: false };
  const failOn = failOnBlocks(args);
  if (!failOn) return { mode: 'fail-on-critical', blocking: false };
  return { mode: 'enforce', blocking: true };
}

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcptrust' && f.args[0] === 'proxy');
  if (found === undefined) return undefined;
  const args = found.frame.args.slice(1);
  const parsed = parseArgs(args);
  const lock = lastFlagValue(args, ['--lock']);
  const upstream = afterDashDash(args);
  const r: Recognition = {
    proxy: 'mcptrust', pins: true, runtime: 'go',
    mode: parsed.mode,
    blocking: parsed.blocking,
    ...(parsed.modeUnknown === true ? { modeUnknown: true } : {}),
    bareName: bareNameAt(chain, found.index),
    serverId: entryName(entry),
    store: storeUnlessFloating(lock === undefined
      ? { kind: 'unresolvable', why: 'no --lock: mcp-lock.json in the working directory' }
      : explicitStore(entry, lock), floatingDynamicArg(chain, args, ['--lock'])),
  };
  return upstream === undefined ? r : { ...r, upstream };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const KNOWN_VERSIONS = new Set(['1.0', '2.0', '3.0']);

/** An MCPTrust lockfile (§4.2, legacy `version` or v3 `lockFileVersion`) with a `tools` map. */
async function inspectStore(_rec: Recognition, lockPath: string, ctx: InspectContext): Promise<StoreInspection> {
  const subject = ctx.subject;
  const checked = await ctx.files.checkStoreFile(lockPath, subject, ctx);
  if (checked.state === 'missing') return { path: lockPath, findings: [finding(pinBaselineAbsent, { ...subject, path: lockPath })] };
  if (checked.state === 'bad') return { path: lockPath, findings: checked.findings };
  const bad = (reason: string): StoreInspection =>
    ({ path: lockPath, findings: [...checked.findings, finding(pinStoreUnreadable, { ...subject, path: lockPath, reason })] });
  let doc: unknown;
  try {
    doc = JSON.parse(checked.text);
  } catch {
    return bad('invalid JSON');
  }
  if (!isRecord(doc)) return bad('not a lockfile');
  const version = typeof doc.lockFileVersion === 'string' ? doc.lockFileVersion : doc.version;
  if (typeof version !== 'string') return bad('no version field');
  // The proxy itself refuses to start on a pre-v3 lock ("proxy requires lockfile v3", mcptrust
  // internal/proxy/proxy.go): such an entry is broken, not protected.
  if (version === '1.0' || version === '2.0') return bad(`lockfile version ${version}: mcptrust proxy requires a v3 lockfile`);
  if (!KNOWN_VERSIONS.has(version)) {
    return { path: lockPath, findings: [...checked.findings, finding(pinStoreNewerFormat, { ...subject, path: lockPath, version })] };
  }
  if (!isRecord(doc.tools)) return bad('no tools map');
  const tools = Object.keys(doc.tools).length;
  if (tools === 0) {
    return { path: lockPath, findings: [...checked.findings, finding(pinBaselineAbsent, { ...subject, path: lockPath })] };
  }
  return { path: lockPath, findings: checked.findings, baseline: `a v${version} lockfile locking ${tools} tool(s)` };
}

export const mcptrust: PinningProxy = {
  id: 'mcptrust',
  version: 1,
  pins: true,
  runtime: 'go',
  recognize,
  parseArgs,
  // The lock is always given (`--lock`), else mcp-lock.json in the working directory (§4.1).
  defaultStore: () => ({ notProven: 'no default location: the lock is --lock FILE, else mcp-lock.json in the working directory' }),
  defaultStoreSpellings: (expected) => [expected],
  inspectStore,
  probeRecipe: () => ({ notProven: "mcp-audit does not recompute mcptrust's digests" }),
  packages: { npm: [], pypi: [], go: ['github.com/mcptrust/mcptrust'] },
  programs: [
    { kind: 'bin', name: 'mcptrust', subcommand: ['proxy'], role: 'proxy', what: 'the enforcing stdio proxy', source: 'mcptrust/mcptrust@048aff0:README.md' },
    { kind: 'bin', name: 'mcptrust', subcommand: ['lock'], role: 'other', what: 'writes a lockfile', source: 'mcptrust/mcptrust@048aff0:README.md' },
    { kind: 'bin', name: 'mcptrust', subcommand: ['check'], role: 'other', what: 'checks a server against a lockfile once', source: 'mcptrust/mcptrust@048aff0:README.md' },
  ],
  launchers: [],
  inputs: {
    component: 'mcptrust',
    source: 'mcptrust/mcptrust@048aff0:internal/cli/proxy.go',
    configFiles: [],
    items: [
      { kind: 'option', name: '--lock', effect: 'moves-store', note: 'the lockfile', source: 'mcptrust/mcptrust@048aff0:internal/cli/proxy.go' },
      { kind: 'option', name: '--audit-only', effect: 'changes-mode', note: 'logs, blocks nothing', source: 'mcptrust/mcptrust@048aff0:internal/cli/proxy.go' },
      { kind: 'option', name: '--filter-only', effect: 'changes-mode', note: 'filters lists, blocks no call', source: 'mcptrust/mcptrust@048aff0:internal/cli/proxy.go' },
      { kind: 'option', name: '--fail-on', effect: 'changes-mode', note: 'drift threshold at preflight', source: 'mcptrust/mcptrust@004f710:internal/proxy/proxy.go parseSeverityThreshold' },
    ],
  },
  modes: [
    { name: 'enforce', blocking: true, source: 'mcptrust/mcptrust@048aff0:README.md' },
    { name: 'filter-only', blocking: false, source: 'mcptrust/mcptrust@048aff0:README.md' },
    { name: 'audit-only', blocking: false, source: 'mcptrust/mcptrust@048aff0:README.md' },
    { name: 'fail-on-critical', blocking: false, source: 'mcptrust/mcptrust@004f710:internal/proxy/proxy.go parseSeverityThreshold' },
  ],
  versionSources: [],
  advisories: {
    reviewed: '2025-12-23',
    sources: ['https://github.com/mcptrust/mcptrust/security/advisories', 'mcptrust/mcptrust@048aff0:internal/proxy/'],
    list: [{
    // mcptrust internal/proxy/proxy.go (preflight → scanner.Scan, @004f710) checks the lock against
    // a separate server process started for the scan; the session the host is given is filtered by
    // tool name only (internal/proxy/filter.go filterToolsList, @048aff0). A contract that changes
    // after the scan, or that the bridged process serves differently, passes: the verifier does not
    // check the listing the client receives (the flaw mcp-pin fixed in 0.1.5, pinning-systems.md §6.1).
    id: 'mcptrust-preflight-only', ecosystem: 'go', package: 'github.com/mcptrust/mcptrust', affected: [{ introduced: '0', fixed: null }], effect: 'check-unsound',
    summary: 'checks the lock once, against a separate preflight process, and then filters the live session by tool name only',
    source: 'mcptrust internal/proxy/proxy.go (preflight) @004f710, internal/proxy/filter.go (filterToolsList) @048aff0; red-team review',
  
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
 * Wiring (pinning-systems.md §4.1; mcptrust/mcptrust README @048aff0):
 * `mcptrust proxy --lock FILE -- CMD ARGS…`, everything after `--` being the upstream argv. The
 * lock has no default location (without `--lock` it is `mcp-lock.json` in the working directory),
 * so wrapping needs one named, under the home; a planted `--lock` has no mechanical fix.
 */
export const wiring: ProxyWiring = {
  proxy: 'mcptrust',
  reference: 'pinning-systems.md §4.1; mcptrust/mcptrust README.md @048aff0',
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
    const own = argv.slice(at + 1);
    const failOn = flagHits(own, ['--fail-on']).map((h) => ({ ...h, index: h.index + at + 1 }));
    const remove = [...modeFlagIndexes(argv), ...failOn.flatMap((h) => (h.written.includes('=') ? [h.index] : [h.index, h.index + 1]))];
    if (remove.length === 0 && failOnBlocks(own)) return undefined;
    return { remove, insert: [{ after: at, values: ['--fail-on', 'moderate'] }] };
  },
};
