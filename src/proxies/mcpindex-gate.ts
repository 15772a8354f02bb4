/**
 * mcpindex gate (PyPI `mcpindex-gate`): a per-entry stdio wrapper (pinning-systems.md §1.2–1.10).
 * Any one indicator of §1.4 identifies it; the upstream comes from the `_mcpindexWired` marker
 * when present, else from `--upstream-command` / `--upstream-arg=`.
 */
import path from 'node:path';
import { pypiName } from '../launch/package-spec.js';
import type { Frame, LaunchChain } from '../launch/types.js';
import type { ServerEntry } from '../parse/types.js';
import {
  bareNameAt, entryName, explicitStore, findFrame, flagHits, floatingDynamicArg, lastFlagValue, ownArgs, packageVersion,
  storeUnlessFloating,
} from './args.js';
import type { ProxyRecognizer, Recognition } from './types.js';

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
function marker(raw: unknown): { present: boolean; original?: string[] } {
  if (typeof raw !== 'object' || raw === null) return { present: false };
  const wired: unknown = Reflect.get(raw, '_mcpindexWired');
  if (typeof wired !== 'object' || wired === null || Array.isArray(wired)) return { present: false };
  const original: unknown = Reflect.get(wired, 'original');
  if (typeof original !== 'object' || original === null) return { present: true };
  const command: unknown = Reflect.get(original, 'command');
  const args: unknown = Reflect.get(original, 'args');
  if (typeof command !== 'string') return { present: true };
  const list = Array.isArray(args) ? args.filter((a): a is string => typeof a === 'string') : [];
  return { present: true, original: [command, ...list] };
}

function upstreamFromArgs(args: readonly string[]): string[] | undefined {
  const command = lastFlagValue(args, ['--upstream-command'], OPTIONS);
  if (command === undefined) return undefined;
  return [command.value, ...flagHits(args, ['--upstream-arg'], OPTIONS).map((h) => h.value)];
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
    if (mark.original !== undefined) return { ...r, upstream: mark.original, upstreamSource: 'marker' };
    const up = upstreamFromArgs(args);
    return up === undefined ? r : { ...r, upstream: up, upstreamSource: 'args' };
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
  const posture = lastFlagValue(args, ['--posture'], OPTIONS)?.value ?? 'guard';
  const known = POSTURES.includes(posture);
  const pinStore = lastFlagValue(args, ['--pin-store'], OPTIONS);
  let r: Recognition = {
    ...base,
    mode: posture,
    blocking: posture === 'guard' || posture === 'strict',
    bareName: bareNameAt(chain, proxy.index),
    store: storeUnlessFloating(pinStore === undefined ? { kind: 'default' } : explicitStore(entry, pinStore),
      floatingDynamicArg(chain, args, ['--upstream-command', '--upstream-arg', '--posture', '--pin-store'])),
  };
  if (!known) r = { ...r, modeUnknown: true };
  return withVersion(withUpstream(r, args));
}

/** `sanitizeServerId` (§1.10): `[A-Za-z0-9._-]` kept, others `_`, outer `.`/`_` runs stripped, 128 max, `_` if empty. */
export function sanitizeServerId(id: string): string {
  const s = id.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._]+/, '').replace(/[._]+$/, '').slice(0, 128);
  return s === '' ? '_' : s;
}

export const mcpindexGate: ProxyRecognizer = {
  id: 'mcpindex-gate',
  version: 1,
  recognize(chain, entry) {
    try { return recognize(chain, entry); } catch { return undefined; }
  },
  defaultStorePath(rec, home, platform) {
    const p = platform === 'win32' ? path.win32 : path.posix;
    return p.join(home, '.mcpindex', 'pins', `${sanitizeServerId(rec.serverId)}.json`);
  },
};
