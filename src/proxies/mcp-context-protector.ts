/**
 * mcp-context-protector (Trail of Bits): a per-entry wrapper with TOFU + explicit approval
 * (pinning-systems.md §3.1–3.3). Approvals live in `servers.json`, keyed by `<type>:<identifier>`
 * where the identifier is the upstream command string (stdio) or URL.
 */
import path from 'node:path';
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { shellWords } from '../launch/shell-words.js';
import {
  bareNameAt, entryName, explicitStore, findFrame, flagHits, floatingDynamicArg, lastFlagValue, ownArgs, storeUnlessFloating,
} from './args.js';
import { finding } from '../rules/types.js';
import { pinBaselineAbsent } from '../rules/pin-baseline-absent.js';
import { pinStoreUnreadable } from '../rules/pin-store-unreadable.js';
import type { InspectContext, StoreInspection } from './store-types.js';
import type { PinningProxy, ProxyArgs, Recognition } from './types.js';
import { hitIndexes, type ProxyWiring } from './wiring-types.js';

type Approval = NonNullable<Recognition['approvalKey']>;

/**
 * Long options, for argparse-style unambiguous prefixes (`--server-config` = `--server-config-file`):
 * §3.1–3.3, and trailofbits/mcp-context-protector `src/contextprotector/__main__.py` @c64178b
 * (argparse.ArgumentParser(), allow_abbrev default, parse_args), whose store flag is `--config-file`.
 */
const OPTIONS = ['--command', '--command-args', '--url', '--sse-url', '--server-config-file', '--config-file', '--review-server',
  '--review-all-servers', '--review-quarantine', '--list-guardrail-providers', '--quarantine-path', '--quarantine-id',
  '--guardrail-provider', '--visualize-ansi-codes', '--wrap-mcp-json', '--manage-mcp-json-file', '--manage-all-mcp-json'];

/**
 * Options that make the program do something else than wrap a server (`__main__.py` @c64178b:
 * list providers and exit, interactive review, quarantine review; the wrapper CLI rewrites
 * mcp.json files): no drifted call is ever blocked by such a run.
 */
const NOT_A_WRAPPER = ['--list-guardrail-providers', '--review-server', '--review-all-servers', '--review-quarantine',
  '--wrap-mcp-json', '--manage-mcp-json-file', '--manage-all-mcp-json'];

/** The first NOT_A_WRAPPER option given (exactly or by unambiguous prefix), before `--command-args`. */
function otherAction(args: readonly string[]): string | undefined {
  for (const a of args) {
    if (a === '--command-args') return undefined;
    const flag = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (!flag.startsWith('--') || flag.length < 3) continue;
    const exact = OPTIONS.includes(flag) ? [flag] : OPTIONS.filter((o) => o.startsWith(flag));
    const hit = exact.length === 1 ? exact[0] : undefined;
    if (hit !== undefined && NOT_A_WRAPPER.includes(hit)) return hit;
  }
  return undefined;
}

/** The upstream and its approval key from `--command "…"`, `--command-args cmd …`, `--url`, `--sse-url`. */
function upstreamOf(args: readonly string[]): { upstream?: string[]; key?: Approval } {
  const i = args.indexOf('--command-args');
  if (i >= 0) {
    const argv = args.slice(i + 1);
    // The identifier is the command string; for the argv form the proxy joins it with spaces.
    return argv.length === 0 ? {} : { upstream: argv, key: { type: 'stdio', identifier: argv.join(' ') } };
  }
  const command = lastFlagValue(args, ['--command'], OPTIONS);
  // (--command-args handled above: from there on everything is the upstream's.)
  if (command !== undefined) {
    const words = shellWords(command.value);
    const upstream = words.ok ? words.value.map((w) => w.text) : [command.value];
    return { upstream, key: { type: 'stdio', identifier: command.value } };
  }
  // The proxy's own order (`__main__.py` @c64178b): --command, then --url, then --sse-url.
  const url = lastFlagValue(args, ['--url'], OPTIONS);
  if (url !== undefined) return { upstream: [url.value], key: { type: 'http', identifier: url.value } };
  const sse = lastFlagValue(args, ['--sse-url'], OPTIONS);
  if (sse !== undefined) return { upstream: [sse.value], key: { type: 'sse', identifier: sse.value } };
  return {};
}

/** No mode flag: every unapproved or changed server waits for explicit approval (§3.2). */
/** Its parser: a list/review/wrap action means the process is not acting as a wrapper, so nothing blocks. */
function parseArgs(args: readonly string[]): ProxyArgs {
  const action = otherAction(args);
  return action === undefined ? { mode: 'approval', blocking: true } : { mode: action.slice(2), blocking: false, modeUnknown: true };
}

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcp-context-protector' || f.module === 'contextprotector');
  if (found === undefined) return undefined;
  const args = ownArgs(found.frame);
  // Everything after --command-args is the upstream's argv, never the proxy's own options.
  const cut = args.indexOf('--command-args');
  const storeFlag = lastFlagValue(cut < 0 ? args : args.slice(0, cut), ['--server-config-file', '--config-file'], OPTIONS);
  const { upstream, key } = upstreamOf(args);
  let r: Recognition = {
    proxy: 'mcp-context-protector', pins: true, runtime: 'python',
    ...parseArgs(args),
    bareName: bareNameAt(chain, found.index),
    serverId: entryName(entry),
    store: storeUnlessFloating(storeFlag === undefined ? { kind: 'default' } : explicitStore(entry, storeFlag),
      floatingDynamicArg(chain, args, ['--command', '--url', '--sse-url', '--server-config-file', '--config-file', '--quarantine-path', '--quarantine-id', '--guardrail-provider'], ['--command-args'])),
  };
  if (upstream !== undefined) r = { ...r, upstream };
  if (key !== undefined) r = { ...r, approvalKey: key };
  return r;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `servers.json` (§3.3): an approval is looked up by `"<type>:<identifier>"`, the identifier being
 * the full command string. Any change to the command string is a new, unapproved server, so "no
 * approved record for this key" is a missing baseline; so is an entry whose key is not known.
 */
async function inspectStore(rec: Recognition, storePath: string, ctx: InspectContext): Promise<StoreInspection> {
  const subject = ctx.subject;
  const absent = (): StoreInspection =>
    ({ path: storePath, findings: [finding(pinBaselineAbsent, { ...subject, path: storePath })] });
  const key = rec.approvalKey;
  const checked = await ctx.files.checkStoreFile(storePath, subject, ctx);
  if (checked.state === 'missing') return absent();
  if (checked.state === 'bad') return { path: storePath, findings: checked.findings };
  const unreadable = (reason: string): StoreInspection =>
    ({ path: storePath, findings: [...checked.findings, finding(pinStoreUnreadable, { ...subject, path: storePath, reason })] });
  if (key === undefined) return unreadable('the entry names no upstream, so no approval key can be looked up');
  let doc: unknown;
  try {
    doc = JSON.parse(checked.text);
  } catch {
    return unreadable('invalid JSON');
  }
  if (!isRecord(doc) || !Array.isArray(doc.servers)) return unreadable('no servers list');
  const servers: readonly unknown[] = doc.servers;
  const record = servers.find((s) => isRecord(s) && s.type === key.type && s.identifier === key.identifier
    && s.approval_status === 'approved' && isRecord(s.approved_tools));
  if (!isRecord(record) || !isRecord(record.approved_tools)) return { path: storePath, findings: [...checked.findings, ...absent().findings] };
  const tools = Object.keys(record.approved_tools).length;
  return { path: storePath, findings: checked.findings, baseline: `an approved record for ${key.type} server key with ${tools} approved tool(s)` };
}

export const mcpContextProtector: PinningProxy = {
  id: 'mcp-context-protector',
  version: 1,
  pins: true,
  runtime: 'python',
  recognize,
  parseArgs,
  defaultStore(_rec, home, platform) {
    const p = platform === 'win32' ? path.win32 : path.posix;
    return p.join(home, '.mcp-context-protector', 'servers.json');
  },
  inspectStore,
  probeRecipe: () => ({
    notProven: 'its tool hash covers a parameter list derived by mcp_wrapper.py, which mcp-audit does not reproduce; grading checked that an approval exists',
  }),
  packages: { npm: [], pypi: ['mcp-context-protector'], go: [] },
  programs: [
    { kind: 'bin', name: 'mcp-context-protector', subcommand: [], role: 'proxy', what: 'the wrapper (console script, or the .sh / .bat launcher of a git checkout)', source: 'trailofbits/mcp-context-protector@05e56c1:README.md' },
    { kind: 'module', name: 'contextprotector', subcommand: [], role: 'proxy', what: 'python -m contextprotector', source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py' },
  ],
  // The launcher the README's entries name: bash runs `uv --directory $(dirname "$0") run mcp-context-protector "$@"`,
  // so bash reads its start-up variables, finds uv and dirname on PATH, and uv reads UV_* and the
  // install directory's pyproject.toml / uv.toml (trailofbits/mcp-context-protector@84c9c3b:mcp-context-protector.sh).
  launchers: [{
    file: 'mcp-context-protector.sh', release: 'main@84c9c3b',
    sha256: '0f47f2aed1a4023aa1450ba51fc22dd0bfd4f310fb4ada85e40e90000f55509d',
    findsByName: ['uv', 'dirname'], reads: ['BASH_ENV', 'PATH', 'UV_*'],
    runs: ['uv', '--directory', '<dir>', 'run', 'mcp-context-protector', '<args>'],
    source: 'trailofbits/mcp-context-protector@84c9c3b:mcp-context-protector.sh',
  }],
  inputs: {
    component: 'mcp-context-protector',
    source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py',
    configFiles: [],
    items: [
      { kind: 'option', name: '--command', effect: 'benign', note: 'the upstream as one string (its approval key)', source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py' },
      { kind: 'option', name: '--command-args', effect: 'benign', note: 'the upstream argv (its approval key)', source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py' },
      { kind: 'option', name: '--url', effect: 'benign', note: 'a remote upstream', source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py' },
      { kind: 'option', name: '--sse-url', effect: 'benign', note: 'a remote SSE upstream', source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py' },
      { kind: 'option', name: '--server-config-file', effect: 'moves-store', note: 'the approvals file', source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py' },
      { kind: 'option', name: '--config-file', effect: 'moves-store', note: 'the approvals file', source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py' },
      { kind: 'option', name: '--quarantine-path', effect: 'benign', note: 'guardrail quarantine store, not the pins', source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py' },
      { kind: 'option', name: '--guardrail-provider', effect: 'unknown', note: 'loads a guardrail provider', source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py' },
      { kind: 'option', name: '--visualize-ansi-codes', effect: 'benign', note: 'display only', source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py' },
    ],
  },
  modes: [{ name: 'approval', blocking: true, source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/mcp_wrapper.py' }],
  versionSources: ['dist-info'],
  advisories: {
    reviewed: '2026-02-13',
    sources: ['https://github.com/trailofbits/mcp-context-protector/security/advisories'],
    list: [],
  },
};

/**
 * Wiring (pinning-systems.md §3.1; trailofbits/mcp-context-protector @05e56c1 README.md,
 * `mcp_json_config.py`): the argv form `mcp-context-protector --command-args CMD ARGS…` its own
 * writer emits (PR #22: the single-string `--command` form pinned a different identity under
 * Cursor). The bare program is its documented fallback when the install path is unknown; the
 * entry's env is kept, as its writer copies it.
 */
export const wiring: ProxyWiring = {
  proxy: 'mcp-context-protector',
  reference: 'pinning-systems.md §3.1; trailofbits/mcp-context-protector @05e56c1 src/contextprotector/mcp_json_config.py',
  wrap({ upstream }) {
    return { ok: true, command: 'mcp-context-protector', args: ['--command-args', upstream.command, ...(upstream.args ?? [])] };
  },
  unwrap(rec) {
    if (rec.approvalKey?.type !== 'stdio') return undefined;
    const [head, ...rest] = rec.upstream ?? [];
    return head === undefined ? undefined : rest.length === 0 ? { command: head } : { command: head, args: rest };
  },
  dropStoreOverride(argv) {
    const cut = argv.indexOf('--command-args');
    const hits = flagHits(cut < 0 ? argv : argv.slice(0, cut), ['--server-config-file'], OPTIONS);
    return hits.length === 0 ? undefined : { remove: hitIndexes(hits) };
  },
};
