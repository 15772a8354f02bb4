/**
 * Shared reading of a proxy's own command line: flag values in both `--flag value` and
 * `--flag=value` forms, and the frame that runs the proxy inside a launch chain.
 */
import { isBareName } from '../launch/program-name.js';
import type { Frame, LaunchChain } from '../launch/types.js';
import type { Origin, ServerEntry } from '../parse/types.js';
import type { ProxyRuntime, Recognition, StoreRef } from './types.js';

export interface FlagHit {
  readonly value: string;
  /** The argument index of the flag itself. */
  readonly index: number;
  /** The arg as written (`--pin-store=/x` or `--pin-store`). */
  readonly written: string;
}

/**
 * Every occurrence of a value flag, in order, stopping at `--` (the upstream's argv).
 * `abbrev` lists the proxy's known long options: an unambiguous prefix of any length (Python
 * argparse's allow_abbrev, default True: `_parse_optional` → `_get_option_tuples` accepts every
 * `--p…` that starts exactly one option, so `--po monitor` is `--posture monitor`) counts as the
 * flag too; an exact option name always wins over a longer one it prefixes.
 */
export function flagHits(args: readonly string[], names: readonly string[], abbrev: readonly string[] = []): FlagHit[] {
  const hits: FlagHit[] = [];
  const matches = (flag: string): boolean => {
    if (names.includes(flag)) return true;
    if (abbrev.length === 0 || !flag.startsWith('--') || flag.length < 3 || abbrev.includes(flag)) return false;
    const candidates = abbrev.filter((a) => a.startsWith(flag));
    return candidates.length === 1 && candidates[0] !== undefined && names.includes(candidates[0]);
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') break;
    const eq = a.indexOf('=');
    // A short option with its value attached (`-c/tmp/x.yaml`): click, argparse and getopt all read it so.
    const short = /^-[A-Za-z0-9]$/.test(a.slice(0, 2)) && !a.startsWith('--') && a.length > 2 ? a.slice(0, 2) : undefined;
    if (a.startsWith('-') && eq > 0 && matches(a.slice(0, eq))) {
      hits.push({ value: a.slice(eq + 1), index: i, written: a });
    } else if (short !== undefined && names.includes(short)) {
      hits.push({ value: a.slice(2), index: i, written: a });
    } else if (matches(a)) {
      const v = args[i + 1];
      if (v !== undefined) hits.push({ value: v, index: i, written: a });
      i++;
    }
  }
  return hits;
}

/** The value that wins when a flag repeats (argparse, click and Go's flag package: the last). */
export function lastFlagValue(args: readonly string[], names: readonly string[], abbrev: readonly string[] = []): FlagHit | undefined {
  const hits = flagHits(args, names, abbrev);
  return hits[hits.length - 1];
}

/** True when a boolean flag is present before any `--`. */
export function hasFlag(args: readonly string[], ...names: readonly string[]): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (names.includes(a)) return true;
  }
  return false;
}

/** Arguments after the first `--`, or undefined when there is none. */
export function afterDashDash(args: readonly string[]): string[] | undefined {
  const i = args.indexOf('--');
  return i < 0 ? undefined : args.slice(i + 1);
}

/** The proxy's own arguments in a frame: after `-m module` or the script for an interpreter frame. */
export function ownArgs(frame: Frame): readonly string[] {
  if (frame.kind !== 'interpreter') return frame.args;
  const anchor = frame.module ?? frame.script;
  if (anchor === undefined) return frame.args;
  const i = frame.args.indexOf(anchor);
  return i < 0 ? frame.args : frame.args.slice(i + 1);
}

/**
 * Resolved through PATH? The frame that names the proxy, or the package runner / `uv run` that
 * fetched it (`uvx --from mcpindex-gate mcpindex-proxy` is as bare as its `uvx`).
 */
export function bareNameAt(chain: LaunchChain, index: number): boolean {
  let j = index;
  while (j > 0) {
    const prev = chain.frames[j - 1];
    if (prev === undefined || (prev.kind !== 'package-runner' && prev.kind !== 'uv-run')) break;
    j--;
  }
  const f = chain.frames[j];
  return f !== undefined && isBareName(f.program);
}

/** The last frame matching a predicate, with its index. */
export function findFrame(chain: LaunchChain, test: (f: Frame) => boolean): { frame: Frame; index: number } | undefined {
  for (let i = chain.frames.length - 1; i >= 0; i--) {
    const f = chain.frames[i];
    if (f !== undefined && test(f)) return { frame: f, index: i };
  }
  return undefined;
}

/** The package version a runner frame in the chain records for a package name. */
export function packageVersion(chain: LaunchChain, test: (name: string) => boolean): string | undefined {
  for (const f of chain.frames) {
    if (f.package !== undefined && test(f.package.name) && f.package.version !== undefined) return f.package.version;
  }
  return undefined;
}

/** The last assignment of a variable that reaches the leaf (entry env, then prefixes and shell strings). */
export function envValue(chain: LaunchChain, name: string): { value: string | null; found: boolean } {
  let out: { value: string | null; found: boolean } = { value: null, found: false };
  for (const a of chain.env) if (a.name === name && a.cleared !== true) out = { value: a.value, found: true };
  return out;
}

/** The origin of the entry argument that carries `needle` (as a whole arg or inside a shell string). */
export function argOrigin(entry: ServerEntry, needle: string): Origin | undefined {
  const origins = entry.argOrigins;
  if (origins === undefined || !Array.isArray(entry.args)) return undefined;
  const exact = entry.args.findIndex((a) => a === needle);
  const i = exact >= 0 ? exact : entry.args.findIndex((a) => typeof a === 'string' && a.includes(needle));
  return i < 0 ? undefined : origins[i];
}

/** An explicit store from a flag, with the origin of the arg that set it when known. */
export function explicitStore(entry: ServerEntry, hit: FlagHit): StoreRef {
  const attached = !hit.written.startsWith('--') && hit.written.length > 2 && hit.written.slice(2) === hit.value;
  const origin = argOrigin(entry, hit.written.includes('=') || attached ? hit.written : hit.value);
  const flag = attached ? hit.written.slice(0, 2) : hit.written.includes('=') ? hit.written.slice(0, hit.written.indexOf('=')) : hit.written;
  return origin === undefined ? { kind: 'explicit', flag, value: hit.value } : { kind: 'explicit', flag, value: hit.value, origin };
}

/** A recognition for a gateway that mediates but does not pin tool contracts. */
export function mediated(
  proxy: Recognition['proxy'], entry: ServerEntry, runtime: ProxyRuntime, reason: string, extra: Partial<Recognition> = {},
): Recognition {
  return {
    proxy, pins: false, reason, runtime, mode: 'mediate', blocking: false, bareName: false,
    serverId: typeof entry.name === 'string' ? entry.name : '',
    store: { kind: 'unresolvable', why: `${proxy} keeps no tool-contract pins` },
    ...extra,
  };
}

/** `entry.name` as a string, whatever the entry holds. */
export function entryName(entry: ServerEntry): string {
  return typeof entry.name === 'string' ? entry.name : '';
}

/**
 * An argument of the proxy whose value is only known at run time (`$EXTRA`, `"$X"`, `${input:x}`)
 * and that stands where an option could be: it may itself be `--pin-store=…` or `--posture …`.
 * Values bound to a flag (`--upstream-arg=$X`, or right after a value flag) and anything after
 * `stopAt` (the upstream's argv) cannot.
 */
export function floatingDynamicArg(
  chain: LaunchChain, args: readonly string[], valueFlags: readonly string[], stopAt: readonly string[] = ['--'],
): string | undefined {
  const unresolved = chain.unresolved ?? [];
  if (unresolved.length === 0) return undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (stopAt.includes(a)) return undefined;
    const u = unresolved.find((x) => x.text === a);
    if (u === undefined) continue;
    const eq = a.indexOf('=');
    const dollar = a.search(/[$%~*?[{]/);
    if (a.startsWith('-') && eq > 0 && (dollar < 0 || eq < dollar)) continue;
    if (i > 0 && valueFlags.includes(args[i - 1] ?? '')) continue;
    return `${a} (${u.reason})`;
  }
  return undefined;
}

/** The store, unless a run-time argument could override it (then unresolvable, saying which). */
export function storeUnlessFloating(store: StoreRef, floating: string | undefined): StoreRef {
  if (floating === undefined || store.kind === 'unresolvable') return store;
  return { kind: 'unresolvable', why: `argument ${floating} is only known at run time and may override the proxy's options` };
}

/** The first value of a flag given as `--flag value` (no `=` form), before `--`: how hand-rolled parsers (`argv.indexOf`) read it. */
export function firstSpacedValue(args: readonly string[], name: string): FlagHit | undefined {
  const end = args.indexOf('--');
  const own = end < 0 ? args : args.slice(0, end);
  const i = own.indexOf(name);
  if (i < 0) return undefined;
  const v = own[i + 1];
  return v === undefined ? undefined : { value: v, index: i, written: name };
}

/**
 * The environment a launch chain hands its leaf: the values its frames set (entry env, `env`
 * prefixes, shell assignments; `null` = removed) and whether the host's own environment, which
 * mcp-audit cannot read, reaches the leaf as well (no `env -i` on the way).
 */
export interface LaunchEnv {
  readonly values: ReadonlyMap<string, string | null>;
  readonly inheritsHost: boolean;
}

export function launchEnv(chain: LaunchChain): LaunchEnv {
  const values = new Map<string, string | null>();
  for (const a of chain.env) if (a.cleared !== true) values.set(a.name, a.value);
  return { values, inheritsHost: !chain.frames.some((f) => f.clearsEnv === true) };
}

/** A variable's value at the leaf: known (string), known to be unset, or unknown (it may come from the host). */
export type EnvRead = { readonly kind: 'set'; readonly value: string } | { readonly kind: 'unset' } | { readonly kind: 'unknown' };

export function readEnv(env: LaunchEnv, name: string): EnvRead {
  const v = env.values.get(name);
  if (typeof v === 'string') return { kind: 'set', value: v };
  if (v === null || !env.inheritsHost) return { kind: 'unset' };
  return { kind: 'unknown' };
}
