/**
 * mcp-pin (npm): `npx -y mcp-pin@<ver> [--lock f --name n] [--only-locked] -- cmd …`
 * (pinning-systems.md §6.1). Every change blocks until a person approves it.
 */
import path from 'node:path';
import type { LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import {
  afterDashDash, bareNameAt, entryName, explicitStore, findFrame, floatingDynamicArg, hasFlag, lastFlagValue, packageVersion,
  storeUnlessFloating,
} from './args.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { pinBaselineAbsent } from '../rules/pin-baseline-absent.js';
import { pinStoreForeignOwner } from '../rules/pin-store-foreign-owner.js';
import { pinStoreNotRegular } from '../rules/pin-store-not-regular.js';
import { pinStoreUnreadable } from '../rules/pin-store-unreadable.js';
import { pinStoreWritable } from '../rules/pin-store-writable.js';
import type { InspectContext, StoreInspection } from './store-types.js';
import type { PinningProxy, ProxyArgs, Recognition } from './types.js';
import { append } from '../shared/lists.js';

/** `--only-locked` refuses unlocked servers; either way every change waits for approval (§6.1). */
function parseArgs(args: readonly string[]): ProxyArgs {
  return { mode: hasFlag(args, '--only-locked') ? 'only-locked' : 'approve', blocking: true };
}

function recognize(chain: LaunchChain, entry: ServerEntry): Recognition | undefined {
  if (chain.leaf.kind !== 'exec') return undefined;
  const found = findFrame(chain, (f) => f.name === 'mcp-pin');
  if (found === undefined) return undefined;
  const args = found.frame.args;
  const lock = lastFlagValue(args, ['--lock']);
  const name = lastFlagValue(args, ['--name']);
  const upstream = afterDashDash(args);
  const version = packageVersion(chain, (n) => n === 'mcp-pin');
  let r: Recognition = {
    proxy: 'mcp-pin', pins: true, runtime: 'node',
    ...parseArgs(args),
    bareName: bareNameAt(chain, found.index),
    serverId: name?.value ?? entryName(entry),
    store: storeUnlessFloating(lock === undefined ? { kind: 'default' } : explicitStore(entry, lock),
      floatingDynamicArg(chain, args, ['--lock', '--name'])),
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

/**
 * mcp-pin keeps its pins in the directory `~/.mcp-pin/` (pinning-systems.md §6.1); the layout of
 * the files inside is not published, so only the directory is checked: present, a real directory
 * (not a symlink), not writable by others, owned by the user, and holding more than backups.
 */
async function inspectStore(_rec: Recognition, dir: string, ctx: InspectContext): Promise<StoreInspection> {
  const subject = ctx.subject;
  const absent = (): Finding => finding(pinBaselineAbsent, { ...subject, path: dir });
  const st = await ctx.files.lstat(dir);
  if (st.kind === 'missing') return { path: dir, findings: [absent()] };
  if (st.kind === 'error') return { path: dir, findings: [finding(pinStoreUnreadable, { ...subject, path: dir, reason: st.reason })] };
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
  const listed = await ctx.files.readDir(dir);
  if (!listed.ok) return { path: dir, findings: [...findings, finding(pinStoreUnreadable, { ...subject, path: dir, reason: listed.reason })] };
  const names = listed.names.filter((n) => n !== 'backups');
  if (names.length === 0) return { path: dir, findings: [...findings, absent()] };
  // The file layout inside is not published: the directory holding entries is all that can be shown.
  return { path: dir, findings, baseline: `the store directory holds ${names.length} entr${names.length === 1 ? 'y' : 'ies'} besides backups (file layout not published)` };
}

export const mcpPin: PinningProxy = {
  id: 'mcp-pin',
  version: 1,
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
  packages: { npm: ['mcp-pin'], pypi: [], go: [] },
  programs: [
    { kind: 'bin', name: 'mcp-pin', subcommand: [], role: 'proxy', what: 'wraps the server after --', source: 'GautamTalksDev/mcp-pin@861ce53:README.md' },
  ],
  launchers: [],
  inputs: {
    component: 'mcp-pin',
    source: 'GautamTalksDev/mcp-pin@861ce53:README.md',
    configFiles: [],
    items: [
      { kind: 'option', name: '--lock', effect: 'moves-store', note: 'a team lock file', source: 'GautamTalksDev/mcp-pin@861ce53:README.md' },
      { kind: 'option', name: '--name', effect: 'changes-identity', note: 'the server name pins are kept under', source: 'GautamTalksDev/mcp-pin@861ce53:README.md' },
      { kind: 'option', name: '--only-locked', effect: 'changes-mode', note: 'refuses unlocked servers', source: 'GautamTalksDev/mcp-pin@861ce53:README.md' },
    ],
  },
  modes: [
    { name: 'approve', blocking: true, source: 'GautamTalksDev/mcp-pin@861ce53:README.md' },
    { name: 'only-locked', blocking: true, source: 'GautamTalksDev/mcp-pin@861ce53:README.md' },
  ],
  versionSources: ['npx-cache', 'package-json'],
  advisories: {
    reviewed: '2026-10-05',
    sources: ['GautamTalksDev/mcp-pin@861ce53:docs/TOOL_DEFINITION_HASH.md', 'https://github.com/GautamTalksDev/mcp-pin/security/advisories'],
    list: [{
      id: 'mcp-pin-0.1.5-own-listing', ecosystem: 'npm', package: 'mcp-pin', affected: [{ introduced: '0', fixed: '0.1.5' }], effect: 'check-unsound',
      summary: 'verifies its own tools/list request, not the one the client receives (releases up to 0.1.4)',
      source: 'GautamTalksDev/mcp-pin@861ce53:docs/TOOL_DEFINITION_HASH.md §6',
    }],
  },
};
