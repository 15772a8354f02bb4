/**
 * mcp-pin (npm `mcp-pin`, GautamTalksDev/mcp-pin): `npx -y mcp-pin@<ver> [--name N] [--lock F] -- CMD …`.
 * Read from its own source: GautamTalksDev/mcp-pin@34a627b:bin/attest.js (the command line and the
 * proxy), @158768d:src/store.js (the store), @34a627b:src/lockfile.js (the team lock),
 * @861ce53:src/spawn.js (how the wrapped server is started), @074d510:README.md (commands, releases).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import {
  bareNameAt, envValue, explicitStore, findFrame, firstSpacedValue, floatingDynamicArg, hasFlag, packageVersion,
  storeUnlessFloating,
} from './args.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { pinBaselineAbsent } from '../rules/pin-baseline-absent.js';
import { pinBaselinePartial } from '../rules/pin-baseline-partial.js';
import { pinStoreForeignOwner } from '../rules/pin-store-foreign-owner.js';
import { pinStoreNotRegular } from '../rules/pin-store-not-regular.js';
import { pinStoreUnreadable } from '../rules/pin-store-unreadable.js';
import { pinStoreWritable } from '../rules/pin-store-writable.js';
import type { InspectContext, StoreInspection } from './store-types.js';
import type { Inventory, PinningProxy, ProxyArgs, ProxyProgram, Recognition, StoreRef } from './types.js';
import { append } from '../shared/lists.js';
import { parseJsonValue } from '../parse/json-value.js';

const BIN = 'GautamTalksDev/mcp-pin@34a627b:bin/attest.js';
const STORE = 'GautamTalksDev/mcp-pin@158768d:src/store.js';
const README = 'GautamTalksDev/mcp-pin@074d510:README.md';

/**
 * `argv[0]` words that run something other than the proxy (bin/attest.js dispatches on
 * `argv[0]` alone; any other first word runs the proxy). `policy` is listed by the README's
 * command table; `lookup` is an MCP server of its own (status tools over stdio, or HTTP with `--http`).
 */
const SUBCOMMANDS: Readonly<Record<string, string>> = {
  wrap: 'rewrites host configs to put mcp-pin in front of their servers',
  unwrap: 'takes mcp-pin out of host configs again',
  lock: 'writes or checks the team lockfile',
  lookup: 'is an MCP server of its own (status and review tools), not the pinning proxy',
  list: 'lists pinned servers',
  show: 'prints one pin',
  review: 'prints a pending change',
  approve: 'accepts a pending change',
  forget: 'drops a pin',
  verify: 'checks the local log chain',
  'verify-log': 'checks a downloaded public log',
  demo: 'runs a bundled demonstration',
  policy: 'writes admin policy files',
};

/** `--only-locked` refuses servers the lock does not list; either way every change waits for approval. */
function parseArgs(args: readonly string[]): ProxyArgs {
  return { mode: hasFlag(args, '--only-locked') ? 'only-locked' : 'approve', blocking: true };
}

/**
 * The pin id: `sha256([command, ...args].join(' ')).slice(0, 16)` over the command line after the
 * first `--` (store.js `serverId`, called from attest.js `runProxy`). Its pin file is
 * `<store>/pins.d/<id>.json`; when that file is missing the proxy pins whatever the server serves next.
 */
export function mcpPinId(upstream: readonly string[]): string {
  return createHash('sha256').update(upstream.join(' '), 'utf8').digest('hex').slice(0, 16);
}

/**
 * The store: `MCP_PIN_HOME || ATTEST_HOME || ~/.mcp-pin` (store.js: JavaScript `||`, so an empty
 * value falls through to the next). Set in the entry, either relocates the whole store: pins,
 * pending changes and the log.
 */
function storeOf(chain: LaunchChain, entry: ServerEntry, args: readonly string[]): StoreRef {
  // Only the flags before the first `--` are the proxy's; attest.js reads the first `--lock`.
  const lock = firstSpacedValue(args, '--lock');
  if (lock !== undefined) return explicitStore(entry, lock);
  for (const name of ['MCP_PIN_HOME', 'ATTEST_HOME']) {
    const v = envValue(chain, name);
    if (v.found && v.value !== null && v.value !== '') return { kind: 'explicit', flag: name, value: v.value, via: 'env' };
  }
  return { kind: 'default' };
}

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcp-pin');
  if (found === undefined) return undefined;
  const args = found.frame.args;
  const version = packageVersion(chain, (n) => n === 'mcp-pin');
  const sub = args[0];
  const other = sub !== undefined && Object.hasOwn(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub] : undefined;
  const bareName = bareNameAt(chain, found.index);
  if (other !== undefined && sub !== undefined) {
    const r: Recognition = {
      proxy: 'mcp-pin', pins: false, runtime: 'node', mode: sub, blocking: false, bareName, serverId: sub,
      reason: `\`mcp-pin ${sub}\` ${other} (bin/attest.js dispatches on its first argument)`,
      store: { kind: 'unresolvable', why: `\`mcp-pin ${sub}\` is not the proxy` },
    };
    return version === undefined ? r : { ...r, version };
  }
  const sep = args.indexOf('--');
  const upstream = sep < 0 ? undefined : args.slice(sep + 1);
  const name = firstSpacedValue(args, '--name');
  let r: Recognition = {
    proxy: 'mcp-pin', pins: true, runtime: 'node',
    ...parseArgs(args),
    bareName,
    // The key pins are stored under: the hash of the wrapped command line (the lock is looked up by `--name` first).
    serverId: upstream !== undefined && upstream.length > 0 ? mcpPinId(upstream) : name?.value ?? '',
    store: storeUnlessFloating(storeOf(chain, entry, args), floatingDynamicArg(chain, args, ['--lock', '--name'])),
  };
  if (upstream !== undefined) r = { ...r, upstream };
  if (version !== undefined) r = { ...r, version };
  return r;
}

const octal = (mode: number): string => `0${mode.toString(8).padStart(3, '0')}`;

/** Who besides the owner may write: 'group', 'others', 'group and others', or undefined. */
function extraWriters(mode: number): string | undefined {
  const g = (mode & 0o020) !== 0;
  const o = (mode & 0o002) !== 0;
  return g && o ? 'group and others' : g ? 'group' : o ? 'others' : undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A pin record as attest.js `pinRecord` writes it: a set hash and the per-tool fingerprints, and,
 * from the release that pins the whole contract, `instructionsHash` (a hash, or null for a server
 * with no instructions). A record without that key was made by 0.1.4 or earlier: the proxy compares
 * the server's instructions and prompts only once they are recorded, and records them on the next
 * clean connect (GautamTalksDev/mcp-pin@d9257e97 src/definitions.js diffDefinitions).
 */
function pinFacts(rec: unknown): { tools: number; setHash: string; wholeContract: boolean } | undefined {
  if (!isRecord(rec) || typeof rec.setHash !== 'string' || !Array.isArray(rec.tools)) return undefined;
  const instructions = rec.instructionsHash;
  return { tools: rec.tools.length, setHash: rec.setHash, wholeContract: Object.hasOwn(rec, 'instructionsHash') && (instructions === null || typeof instructions === 'string') };
}

/**
 * The store directory (`~/.mcp-pin` by default) and, in it, the pin file of exactly this wrapped
 * command line: its record in a legacy `pins.json` when that holds one (the proxy migrates it over
 * `pins.d/` before it reads: store.js `ensure`), else `pins.d/<id>.json`. A missing file is a first run: mcp-pin pins
 * whatever the server serves next. A pin file that does not parse makes mcp-pin refuse to start.
 */
async function inspectStore(rec: Recognition, dir: string, ctx: InspectContext): Promise<StoreInspection> {
  const subject = ctx.subject;
  const upstream = rec.upstream ?? [];
  const absent = (p: string): Finding => finding(pinBaselineAbsent, { ...subject, path: p });
  const unreadable = (p: string, reason: string): Finding => finding(pinStoreUnreadable, { ...subject, path: p, reason });
  if (upstream.length === 0) {
    return { path: dir, findings: [unreadable(dir, 'the entry has no command after `--`: mcp-pin prints its usage and exits, and no pin file can be named')] };
  }
  const id = mcpPinId(upstream);
  const pinFile = path.join(dir, 'pins.d', `${id}.json`);
  const st = await ctx.files.lstat(dir);
  if (st.kind === 'missing') return { path: dir, findings: [absent(pinFile)] };
  if (st.kind === 'error') return { path: dir, findings: [unreadable(dir, st.reason)] };
  if (st.kind !== 'directory') {
    const kind = st.kind === 'symlink' ? 'symlink' : st.kind === 'file' ? 'file (mcp-pin keeps a directory)' : 'special file';
    return { path: dir, findings: [finding(pinStoreNotRegular, { ...subject, path: dir, kind })] };
  }
  const findings: Finding[] = [...await ctx.files.dirFindings(dir, subject, ctx)];
  if (ctx.acl !== undefined) {
    // Windows: the DACL decides who may write (mode bits mean nothing there); the owner is not proven.
    append(findings, await ctx.files.aclFindings(dir, dir, subject, ctx));
  } else {
    // The store directory itself: a sticky bit does not help, anyone who may create files can plant pins.
    const who = extraWriters(st.mode);
    if (who !== undefined) findings.push(finding(pinStoreWritable, { ...subject, path: dir, who, mode: octal(st.mode) }));
    if (ctx.uid !== undefined && st.uid !== ctx.uid) {
      findings.push(finding(pinStoreForeignOwner, { ...subject, path: dir, owner: ctx.userName(st.uid), user: ctx.user }));
    }
  }
  // Every start migrates a legacy pins.json first, writing each of its records over
  // pins.d/<id>.json (store.js `ensure` → `migrateLegacyPins`: atomicWrite per key, then the rename
  // to pins.json.migrated); only then does `getPin` read pins.d. A legacy record for this id is
  // therefore the pin, whatever pins.d holds now; pins.d is read only when pins.json has none.
  let record: unknown;
  let where = `pins.d/${id}.json`;
  const legacyPath = path.join(dir, 'pins.json');
  const legacy = await ctx.files.checkStoreFile(legacyPath, subject, ctx);
  if (legacy.state === 'bad') return { path: dir, findings: [...findings, ...legacy.findings] };
  append(findings, legacy.findings);
  let fromLegacy = false;
  if (legacy.state !== 'missing') {
    let doc: unknown;
    try { doc = parseJsonValue(legacy.text); } catch { return { path: dir, findings: [...findings, unreadable(legacyPath, 'invalid JSON: mcp-pin refuses to start on a corrupt pins.json')] }; }
    if (!isRecord(doc)) return { path: dir, findings: [...findings, unreadable(legacyPath, 'pins.json is not an object: mcp-pin refuses to start')] };
    const bad = Object.keys(doc).find((k) => !/^[a-f0-9]+$/i.test(k));
    if (bad !== undefined) return { path: dir, findings: [...findings, unreadable(legacyPath, 'pins.json holds a key that is not a server id: mcp-pin refuses to start')] };
    // migrateLegacyPins writes pins.d/<key>.json per key, ids matched case-insensitively (store.js);
    // on a case-insensitive volume (APFS, NTFS) a key naming this id in another case is the same
    // file, written in the object's key order: which record ends up as the pin is not decided here.
    const folded = Object.keys(doc).filter((k) => k !== id && k.toLowerCase() === id.toLowerCase());
    if (folded.length > 0) {
      return { path: dir, findings: [...findings, unreadable(legacyPath, `pins.json also holds ${folded.length} key(s) naming this id in another case, which a case-insensitive volume writes over the same pins.d file: which record is the pin is not known`)] };
    }
    if (Object.hasOwn(doc, id)) {
      record = doc[id];
      fromLegacy = true;
      where = `the legacy pins.json, which mcp-pin writes over pins.d/${id}.json on its next start`;
    }
  }
  // pins.d/<id>.json is where the pin lives from then on: its folder and file are held to the store's rules either way.
  const checked = await ctx.files.checkStoreFile(pinFile, subject, ctx);
  if (checked.state === 'bad') return { path: dir, findings: [...findings, ...checked.findings] };
  append(findings, checked.findings);
  if (!fromLegacy) {
    if (checked.state === 'missing') return { path: dir, findings: [...findings, absent(pinFile)] };
    try { record = parseJsonValue(checked.text); } catch { return { path: dir, findings: [...findings, unreadable(pinFile, 'invalid JSON: mcp-pin refuses to start on a corrupt pin file')] }; }
  }
  const facts = pinFacts(record);
  if (facts === undefined) return { path: dir, findings: [...findings, unreadable(fromLegacy ? legacyPath : pinFile, fromLegacy ? `its record there (id ${id}) has no set hash and tool list, and mcp-pin writes it over pins.d/${id}.json on its next start` : 'the pin record has no set hash and tool list')] };
  if (!facts.wholeContract) {
    const reason = `it holds ${facts.tools} tool fingerprint(s) but no instructionsHash, as mcp-pin 0.1.4 and earlier wrote it: the server's instructions and prompts are recorded on the next connect, unchecked (GautamTalksDev/mcp-pin@d9257e97 src/definitions.js)`;
    return { path: dir, findings: [...findings, finding(pinBaselinePartial, { ...subject, path: fromLegacy ? legacyPath : pinFile, reason })] };
  }
  return {
    path: dir, findings,
    baseline: `the pin for this wrapped command line (id ${id}) was read from ${where}: ${facts.tools} tool fingerprint(s), set hash ${facts.setHash.slice(0, 12)}, and the server's instructions${Object.hasOwn(record as object, 'prompts') ? ' and prompts' : ''}`,
  };
}

const PROGRAMS: readonly ProxyProgram[] = [
  { kind: 'bin', name: 'mcp-pin', subcommand: [], role: 'proxy', what: 'the proxy: `mcp-pin [--name N] [--lock F] [--only-locked] -- CMD …` (any first word that is not a subcommand)', source: BIN },
  ...Object.entries(SUBCOMMANDS).map(([word, what]): ProxyProgram => ({
    kind: 'bin', name: 'mcp-pin', subcommand: [word], role: 'other', what, source: word === 'policy' ? README : BIN,
  })),
];

const INPUTS: Inventory = {
  component: 'mcp-pin',
  source: `${BIN}; ${STORE}; GautamTalksDev/mcp-pin@861ce53:src/spawn.js`,
  // The team lock is read only when `--lock` names it (src/lockfile.js `readLock`); no config file otherwise.
  configFiles: [],
  items: [
    { kind: 'env', name: 'MCP_PIN_HOME', effect: 'moves-store', note: 'the whole store (pins.d/, pins.json, log.ndjson) when non-empty', source: `${STORE} HOME` },
    { kind: 'env', name: 'ATTEST_HOME', effect: 'moves-store', note: 'the whole store when MCP_PIN_HOME is unset or empty', source: `${STORE} HOME` },
    { kind: 'env', name: 'HOME', effect: 'moves-store', benignWhen: { kind: 'trusted-home' }, note: 'os.homedir() (libuv reads $HOME first): the default ~/.mcp-pin', source: `${STORE} os.homedir()` },
    { kind: 'env', name: 'USERPROFILE', effect: 'moves-store', benignWhen: { kind: 'trusted-home' }, note: 'os.homedir() on Windows: the default ~/.mcp-pin', source: `${STORE} os.homedir()` },
    { kind: 'env', name: 'PATH', effect: 'changes-lookup', note: 'where the wrapped command is found (on Windows the current folder is searched first)', source: 'GautamTalksDev/mcp-pin@861ce53:src/spawn.js findWindows' },
    { kind: 'env', name: 'PATHEXT', effect: 'changes-lookup', note: 'Windows: which suffixes of the wrapped command are tried', source: 'GautamTalksDev/mcp-pin@861ce53:src/spawn.js findWindows' },
    { kind: 'env', name: 'COMSPEC', effect: 'runs-code', note: 'Windows: the shell a .cmd/.bat wrapped command is run through', source: 'GautamTalksDev/mcp-pin@861ce53:src/spawn.js plan' },
    { kind: 'option', name: '--', effect: 'changes-identity', note: 'the wrapped command line; its hash names the pin file, so any change to it is a first run', source: `${BIN} runProxy; ${STORE} serverId` },
    { kind: 'option', name: '--lock', effect: 'moves-store', note: 'a team lockfile (relative: against the working directory) replaces the machine pin for a server it lists; first occurrence wins', source: `${BIN} runProxy; GautamTalksDev/mcp-pin@34a627b:src/lockfile.js findEntry` },
    { kind: 'option', name: '--name', effect: 'changes-identity', note: 'the label, and the key a lockfile entry is looked up by before the command id; first occurrence wins', source: `${BIN} runProxy; GautamTalksDev/mcp-pin@34a627b:src/lockfile.js findEntry` },
    { kind: 'option', name: '--only-locked', effect: 'changes-mode', note: 'with --lock, a server the lock does not list does not start', source: README },
    { kind: 'option', name: '--yes', effect: 'benign', note: 'documented as auto-approving the first pin only; the proxy path does not read it', source: BIN },
  ],
};

export const mcpPin: PinningProxy = {
  id: 'mcp-pin',
  version: 2,
  pins: true,
  runtime: 'node',
  recognize,
  parseArgs,
  defaultStore(_rec, home, platform) {
    const p = platform === 'win32' ? path.win32 : path.posix;
    return p.join(home, '.mcp-pin');
  },
  defaultStoreSpellings: (expected) => [expected],
  inspectStore,
  probeRecipe: () => ({ notProven: "mcp-audit does not recompute mcp-pin's digests" }),
  // npm only; "The Python package named `mcp-pin` on PyPI is a separate project, not affiliated" (README).
  packages: { npm: ['mcp-pin'], pypi: [], go: [] },
  programs: PROGRAMS,
  launchers: [],
  inputs: INPUTS,
  modes: [
    { name: 'approve', blocking: true, source: BIN },
    { name: 'only-locked', blocking: true, source: README },
  ],
  versionSources: ['npx-cache', 'package-json'],
  advisories: {
    reviewed: '2026-12-01',
    sources: ['GautamTalksDev/mcp-pin@1121065:CHANGELOG.md', README],
    list: [
      {
        id: 'mcp-pin-0.1.1-silent-loss', ecosystem: 'npm', package: 'mcp-pin', affected: [{ introduced: '0', fixed: '0.1.1' }], effect: 'check-unsound',
        summary: 'lost concurrent pin writes while reporting success, fingerprinted only the first tools/list page, and read a corrupt store as "no pins yet"',
        source: 'GautamTalksDev/mcp-pin@1121065:CHANGELOG.md 0.1.1',
      },
      {
        id: 'mcp-pin-0.1.5-own-listing', ecosystem: 'npm', package: 'mcp-pin', affected: [{ introduced: '0', fixed: '0.1.5' }], effect: 'check-unsound',
        summary: 'verifies its own tools/list request, not the one the client receives (releases up to 0.1.4)',
        source: 'GautamTalksDev/mcp-pin@861ce53:docs/TOOL_DEFINITION_HASH.md §6',
      },
    ],
  },
};
