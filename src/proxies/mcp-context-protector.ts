/**
 * mcp-context-protector (Trail of Bits, trailofbits/mcp-context-protector): a per-entry wrapper with
 * trust-on-first-use and explicit approval. Approvals live in `servers.json`, keyed by
 * `<type>:<identifier>`, the identifier being the upstream command string (stdio) or URL. Read from
 * its source @05e56c1: `__main__.py` (arguments), `wrapper_config.py` (identifier, store),
 * `mcp_wrapper.py` `_connect_via_stdio` (how the command runs), `mcp_config.py` (the store).
 */
import path from 'node:path';
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import { parsePython, pySplit } from './argparse.js';
import type { PyOccurrence, PyOption } from './argparse.js';
import {
  bareNameAt, entryName, explicitStore, findFrame, floatingDynamicArg, ownArgs, storeUnlessFloating,
} from './args.js';
import { finding } from '../rules/types.js';
import { pinBaselineAbsent } from '../rules/pin-baseline-absent.js';
import { pinStoreUnreadable } from '../rules/pin-store-unreadable.js';
import type { InspectContext, StoreInspection } from './store-types.js';
import type { PinningProxy, ProxyArgs, Recognition } from './types.js';
import type { ProxyWiring } from './wiring-types.js';
import { parseJsonValue } from '../parse/json-value.js';

type Approval = NonNullable<Recognition['approvalKey']>;

const MAIN = 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/__main__.py';
const WRAPPER = 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/mcp_wrapper.py';
const CONFIG = 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/mcp_config.py';

/**
 * Its parser (`__main__.py` `_parse_args`): `argparse.ArgumentParser()`, so every long option may be
 * abbreviated, and `-e` is `--environment`. When the literal word `--command-args` is on the
 * command line it calls `parse_known_args` and appends every unknown word to the command
 * (`args.command_args + unknown_args`); otherwise `parse_args`, which refuses unknown words.
 */
const OPTIONS: readonly PyOption[] = [
  { names: ['-h', '--help'], dest: 'help', nargs: 0, help: true },
  { names: ['--command'], dest: 'command', nargs: 1 },
  { names: ['--command-args'], dest: 'command_args', nargs: '+' },
  { names: ['--url'], dest: 'url', nargs: 1 },
  { names: ['--sse-url'], dest: 'sse_url', nargs: 1 },
  { names: ['--list-guardrail-providers'], dest: 'list_guardrail_providers', nargs: 0 },
  { names: ['--review-server'], dest: 'review_server', nargs: 0 },
  { names: ['--review-quarantine'], dest: 'review_quarantine', nargs: 0 },
  { names: ['--review-all-servers'], dest: 'review_all_servers', nargs: 0 },
  { names: ['--manage-mcp-json-file'], dest: 'manage_mcp_json_file', nargs: 1 },
  { names: ['--manage-all-mcp-json'], dest: 'manage_all_mcp_json', nargs: 0 },
  { names: ['--wrap-mcp-json'], dest: 'wrap_mcp_json', nargs: 1 },
  { names: ['--environment', '-e'], dest: 'environment', nargs: 1 },
  { names: ['--server-config-file'], dest: 'server_config_file', nargs: 1 },
  { names: ['--guardrail-provider'], dest: 'guardrail_provider', nargs: 1 },
  { names: ['--visualize-ansi-codes'], dest: 'visualize_ansi_codes', nargs: 0 },
  { names: ['--quarantine-id'], dest: 'quarantine_id', nargs: 1 },
  { names: ['--quarantine-path'], dest: 'quarantine_path', nargs: 1 },
];


/** `main_async`'s order of actions before it wraps a server: each of these runs something else and returns. */
const OTHER_ACTIONS: readonly (readonly [string, string])[] = [
  ['list_guardrail_providers', 'list-guardrail-providers'],
  ['review_quarantine', 'review-quarantine'],
  ['review_all_servers', 'review-all-servers'],
  ['manage_mcp_json_file', 'manage-mcp-json-file'],
  ['manage_all_mcp_json', 'manage-all-mcp-json'],
  ['wrap_mcp_json', 'wrap-mcp-json'],
  ['review_server', 'review-server'],
];

/** What one run of the program does with these arguments, read as `_parse_args` and `main_async` read them. */
type Reading =
  | { readonly kind: 'wrap'; readonly key: Approval; readonly upstream: readonly string[]; readonly store: PyOccurrence | undefined; readonly storeValue: string }
  | { readonly kind: 'other'; readonly mode: string; readonly why: string };

const truthy = (v: string | readonly string[] | true | undefined): boolean => v === true || (typeof v === 'string' ? v !== '' : v !== undefined && v.length > 0);

function read(args: readonly string[]): Reading {
  const parsed = parsePython(args, OPTIONS, args.includes('--command-args'));
  if (!parsed.ok) {
    return { kind: 'other', mode: parsed.exit === 'help' ? 'help' : parsed.exit === 'uncertain' ? 'unreadable-arguments' : 'argument-error', why: parsed.why };
  }
  const v = parsed.values;
  const listed = v.get('command_args');
  let commandArgs = typeof listed === 'object' ? [...listed] : undefined;
  if (commandArgs !== undefined) commandArgs = [...commandArgs, ...parsed.extras];
  else if (parsed.extras.length > 0) return { kind: 'other', mode: 'argument-error', why: 'unrecognized arguments' };
  const commandValue = v.get('command');
  let command = typeof commandValue === 'string' ? commandValue : undefined;
  if (truthy(command) && commandArgs !== undefined) return { kind: 'other', mode: 'argument-error', why: '--command and --command-args are mutually exclusive' };
  if (commandArgs !== undefined) command = commandArgs.join(' ');
  for (const [dest, name] of OTHER_ACTIONS) {
    if (truthy(v.get(dest))) return { kind: 'other', mode: name, why: `--${name} runs something other than the wrapper` };
  }
  const cfg = v.get('server_config_file');
  const storeValue = typeof cfg === 'string' ? cfg : '';
  const storeHit = storeValue === '' ? undefined : parsed.occurrences.filter((o) => o.dest === 'server_config_file').at(-1);
  const url = v.get('url');
  const sse = v.get('sse_url');
  if (command !== undefined && command !== '') {
    // _connect_via_stdio: one pair of surrounding double quotes is dropped, then the string is split on whitespace.
    const identifier = command.startsWith('"') && command.endsWith('"') ? command.slice(1, -1) : command;
    const upstream = pySplit(identifier);
    if (upstream.length === 0) return { kind: 'other', mode: 'argument-error', why: 'the command is empty once split ("Invalid command")' };
    return { kind: 'wrap', key: { type: 'stdio', identifier }, upstream, store: storeHit, storeValue };
  }
  if (typeof url === 'string' && url !== '') return { kind: 'wrap', key: { type: 'http', identifier: url }, upstream: [url], store: storeHit, storeValue };
  if (typeof sse === 'string' && sse !== '') return { kind: 'wrap', key: { type: 'sse', identifier: sse }, upstream: [sse], store: storeHit, storeValue };
  return { kind: 'other', mode: 'argument-error', why: 'no --command, --command-args, --url or --sse-url: "No valid connection type"' };
}

/** The mode its parser gives: only a run that wraps a server blocks anything (every unapproved change waits for approval). */
function parseArgs(args: readonly string[]): ProxyArgs {
  const r = read(args);
  return r.kind === 'wrap' ? { mode: 'approval', blocking: true } : { mode: r.mode, blocking: false, modeUnknown: true };
}

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcp-context-protector' || f.module === 'contextprotector');
  if (found === undefined) return undefined;
  const args = ownArgs(found.frame);
  const r = read(args);
  const base = { proxy: 'mcp-context-protector' as const, runtime: 'python' as const, bareName: bareNameAt(chain, found.index), serverId: entryName(entry) };
  // Every word can be one of its options (argparse reads options after --command-args too).
  const floating = floatingDynamicArg(chain, args, OPTIONS.filter((o) => o.nargs === 1).flatMap((o) => o.names), []);
  if (r.kind === 'other') {
    return { ...base, pins: true, mode: r.mode, blocking: false, modeUnknown: true, store: storeUnlessFloating({ kind: 'default' }, floating) };
  }
  const hit = r.store === undefined ? undefined : { value: r.storeValue, index: r.store.index, written: r.store.written };
  return {
    ...base, pins: true, mode: 'approval', blocking: true,
    store: storeUnlessFloating(hit === undefined ? { kind: 'default' } : explicitStore(entry, hit), floating),
    upstream: r.upstream, approvalKey: r.key,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Python `f"{value}"` for a JSON value, where it is unambiguous: a string, None, True, False. */
function pyStr(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  // A number's Python text depends on int/float, which JSON.parse does not keep; objects print as reprs.
  return undefined;
}

/**
 * `servers.json`, read as `MCPConfigDatabase.load` does: each record is stored under
 * `f"{type}:{identifier}"` (`MCPServerEntry.create_key`), a later record replacing an earlier one
 * with the same key, and a status other than a known one reads as unapproved. The approval for this
 * entry is the last record whose key is exactly `"<type>:<identifier>"`; any change to the command
 * string is a new, unapproved server, so no approved record is a missing baseline.
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
    doc = parseJsonValue(checked.text);
  } catch {
    return unreadable('invalid JSON (the wrapper then starts with an empty approval database)');
  }
  if (!isRecord(doc)) return unreadable('not a JSON object (the wrapper fails to load it)');
  if (!Object.hasOwn(doc, 'servers')) return { path: storePath, findings: [...checked.findings, ...absent().findings] };
  if (!Array.isArray(doc.servers)) return unreadable('servers is not a list (the wrapper fails to load it)');
  const servers: readonly unknown[] = doc.servers;
  const wanted = `${key.type}:${key.identifier}`;
  let record: Record<string, unknown> | undefined;
  for (const s of servers) {
    if (!isRecord(s)) return unreadable('a server record is not an object (the wrapper fails to load it)');
    const type = pyStr(s.type);
    const identifier = pyStr(s.identifier);
    if (type === undefined || identifier === undefined) return unreadable('a record whose type or identifier is not a string: the key it is stored under cannot be told');
    if (`${type}:${identifier}` === wanted) record = s;
  }
  if (record === undefined || record.approval_status !== 'approved' || !isRecord(record.approved_tools)) {
    return { path: storePath, findings: [...checked.findings, ...absent().findings] };
  }
  const tools = Object.keys(record.approved_tools).length;
  return { path: storePath, findings: checked.findings, baseline: `the last record stored under this entry's ${key.type} key is approved, with ${tools} approved tool(s)` };
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
  defaultStoreSpellings: (expected) => [expected],
  inspectStore,
  probeRecipe: () => ({
    notProven: 'its tool hash covers a parameter list derived by mcp_wrapper.py, which mcp-audit does not reproduce; grading checked that an approval exists',
  }),
  // Installed from a git checkout (`git clone … && uv sync`, README.md); the repository has no tag,
  // so its release workflow (.github/workflows/release.yml, on a published release) never ran, and
  // no `mcp-context-protector` or `contextprotector` project is on PyPI. A runner fetching that name
  // from an index fetches someone else's package.
  packages: { npm: [], pypi: [], go: [] },
  programs: [
    { kind: 'bin', name: 'mcp-context-protector', subcommand: [], role: 'proxy', what: 'the console script of a checkout (`uv run mcp-context-protector`), or its .sh launcher', source: 'trailofbits/mcp-context-protector@05e56c1:pyproject.toml [project.scripts]' },
    { kind: 'module', name: 'contextprotector', subcommand: [], role: 'proxy', what: 'python -m contextprotector', source: MAIN },
  ],
  launchers: [{
    // The only launcher the repository ever shipped under this name (blob 713c077, unchanged from
    // 84c9c3b to 05e56c1; no tag, no .bat). The README asks users to edit it to hold uv's full path,
    // so an edited copy is not this file.
    file: 'mcp-context-protector.sh', release: 'main 84c9c3b–05e56c1 (untagged)',
    sha256: '0f47f2aed1a4023aa1450ba51fc22dd0bfd4f310fb4ada85e40e90000f55509d',
    findsByName: ['uv', 'dirname'],
    reads: ['BASH_ENV', 'UV_*', 'PATH', 'the checkout beside it: pyproject.toml, uv.lock, .python-version, .venv'],
    runs: ['uv', '--directory', '<dir>', 'run', 'mcp-context-protector', '<args>'],
    source: 'trailofbits/mcp-context-protector@05e56c1:mcp-context-protector.sh (`#!/bin/bash`, `uv --directory $(dirname "$0") run mcp-context-protector "$@"`)',
  }],
  inputs: {
    component: 'mcp-context-protector',
    source: `${MAIN} _parse_args, main_async; trailofbits/mcp-context-protector@05e56c1:src/contextprotector/wrapper_config.py; ${CONFIG}`,
    configFiles: [],
    items: [
      { kind: 'option', name: '--command', effect: 'changes-identity', note: 'the upstream as one string: its approval key after one pair of outer quotes is dropped; run split on whitespace', source: `${MAIN}; ${WRAPPER} _connect_via_stdio` },
      { kind: 'option', name: '--command-args', effect: 'changes-identity', note: 'nargs=+; with it on the line, parse_known_args appends every unknown word to the command, joined by spaces', source: MAIN },
      { kind: 'option', name: '--url', effect: 'changes-identity', note: 'a remote upstream (streamable HTTP), keyed by URL', source: MAIN },
      { kind: 'option', name: '--sse-url', effect: 'changes-identity', note: 'a remote SSE upstream, keyed by URL', source: MAIN },
      { kind: 'option', name: '--server-config-file', effect: 'moves-store', note: 'the approvals file (empty: the default); an abbreviation such as --server works too, also among the upstream\'s words', source: `${MAIN}; trailofbits/mcp-context-protector@05e56c1:src/contextprotector/wrapper_config.py from_args` },
      { kind: 'option', name: '--environment', effect: 'benign', note: 'only read by --wrap-mcp-json; as `-e` it takes the next word, also out of an upstream command given with --command-args', source: MAIN },
      { kind: 'option', name: '-e', effect: 'changes-identity', note: 'short for --environment: an upstream `-e VALUE` after --command-args is taken by the wrapper, so the server runs without it', source: MAIN },
      { kind: 'option', name: '--quarantine-path', effect: 'benign', note: 'guardrail quarantine store, not the pins', source: MAIN },
      { kind: 'option', name: '--quarantine-id', effect: 'benign', note: 'only read by --review-quarantine', source: MAIN },
      { kind: 'option', name: '--guardrail-provider', effect: 'unknown', note: 'loads a guardrail provider (an unknown name exits); test-only providers are offered when any argument contains "test"', source: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/guardrails.py IS_TEST' },
      { kind: 'option', name: '--visualize-ansi-codes', effect: 'benign', note: 'display only', source: MAIN },
      { kind: 'option', name: '--list-guardrail-providers', effect: 'changes-mode', note: 'lists and exits: no server is wrapped', source: MAIN },
      { kind: 'option', name: '--review-server', effect: 'changes-mode', note: 'interactive review, then exits', source: MAIN },
      { kind: 'option', name: '--review-all-servers', effect: 'changes-mode', note: 'lists unapproved servers and exits', source: MAIN },
      { kind: 'option', name: '--review-quarantine', effect: 'changes-mode', note: 'quarantine review, then exits', source: MAIN },
      { kind: 'option', name: '--manage-mcp-json-file', effect: 'changes-mode', note: 'edits an mcp.json and exits', source: MAIN },
      { kind: 'option', name: '--manage-all-mcp-json', effect: 'changes-mode', note: 'edits mcp.json files and exits', source: MAIN },
      { kind: 'option', name: '--wrap-mcp-json', effect: 'changes-mode', note: 'rewrites an mcp.json and exits', source: MAIN },
      { kind: 'option', name: '--help', effect: 'changes-mode', note: '-h / --help (or --he…) prints help and exits', source: MAIN },
      { kind: 'env', name: 'HOME', effect: 'moves-store', benignWhen: { kind: 'trusted-home' }, note: 'pathlib.Path.home(): the default ~/.mcp-context-protector/servers.json and quarantine.json', source: `${CONFIG} MCPConfigDatabase.get_default_config_path` },
      { kind: 'env', name: 'USERPROFILE', effect: 'moves-store', benignWhen: { kind: 'trusted-home' }, note: 'Path.home() on Windows', source: `${CONFIG} MCPConfigDatabase.get_default_config_path` },
    ],
  },
  modes: [{ name: 'approval', blocking: true, source: WRAPPER }],
  versionSources: ['dist-info'],
  advisories: {
    reviewed: '2026-12-01',
    sources: ['trailofbits/mcp-context-protector@05e56c1 (git history, no tags, no SECURITY advisories file)', 'https://github.com/trailofbits/mcp-context-protector/security/advisories'],
    list: [],
  },
};

/**
 * Wiring (trailofbits/mcp-context-protector@05e56c1 README.md,
 * `mcp_json_config.py`): the argv form `mcp-context-protector --command-args CMD ARGS…` its own
 * writer emits (trailofbits/mcp-context-protector#22: the single-string `--command` form pinned a different identity under
 * Cursor). The bare program is its documented fallback when the install path is unknown; the
 * entry's env is kept, as its writer copies it.
 */
export const wiring: ProxyWiring = {
  proxy: 'mcp-context-protector',
  reference: 'trailofbits/mcp-context-protector@05e56c1:src/contextprotector/mcp_json_config.py (its writer: `--command-args <cmd> <args…>`, env copied)',
  release: { version: null, why: 'its documented wiring runs the `mcp-context-protector` program from PATH (installed from a checkout): the entry names no release, and none is recorded with an advisory' },
  wrap({ upstream }) {
    const args = ['--command-args', upstream.command, ...(upstream.args ?? [])];
    // Its parser reads options among the command's words too (`-e`, `--url`, any prefix of an
    // option): wrap only a command line that comes back unchanged.
    const back = read(args);
    const want = [upstream.command, ...(upstream.args ?? [])];
    if (back.kind !== 'wrap' || back.upstream.join('\u0000') !== want.join('\u0000')) {
      return { ok: false, reason: "mcp-context-protector's own parser would read some of this command's arguments as its options (or split them differently), so the wrapped server would not be this one" };
    }
    return { ok: true, command: 'mcp-context-protector', args };
  },
  unwrap(rec) {
    if (rec.approvalKey?.type !== 'stdio') return undefined;
    const [head, ...rest] = rec.upstream ?? [];
    return head === undefined ? undefined : rest.length === 0 ? { command: head } : { command: head, args: rest };
  },
  dropStoreOverride(argv) {
    // The proxy's own words start after its program (`…/mcp-context-protector[.sh|.bat]`) or `-m contextprotector`.
    let at = -1;
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i] ?? '';
      if (/(^|[\\/])mcp-context-protector(\.sh|\.bat|\.cmd|\.exe)?$/i.test(a) || (a === 'contextprotector' && argv[i - 1] === '-m')) at = i;
    }
    if (at < 0) return undefined;
    const own = argv.slice(at + 1);
    const parsed = parsePython(own, OPTIONS, own.includes('--command-args'));
    if (!parsed.ok) return undefined;
    const remove = parsed.occurrences.filter((o) => o.dest === 'server_config_file')
      .flatMap((o) => Array.from({ length: o.width }, (_, k) => at + 1 + o.index + k));
    return remove.length === 0 ? undefined : { remove };
  },
};
