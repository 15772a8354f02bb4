import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PinningProxy, Recognition } from '../proxies/types.js';
import type { Platform } from '../shared/env.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { pinStorePlanted } from '../rules/pin-store-planted.js';
import { pinStoreUnresolvable } from '../rules/pin-store-unresolvable.js';

export type ResolvedStore =
  | { readonly ok: true; readonly path: string; readonly source: 'default' | 'explicit' }
  | { readonly ok: false; readonly findings: readonly Finding[]; readonly display: string | null; readonly source: 'explicit' | 'unresolvable' };

function pathApi(platform: Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

/** The path rules a store under `home` follows: POSIX when the home itself is a POSIX path. */
export function storePlatform(home: string, layout: Platform): Platform {
  return layout === 'win32' && home.startsWith('/') ? 'linux' : layout;
}

/** Same path after normalisation; case-insensitive on Windows. */
export function samePath(a: string, b: string, platform: Platform): boolean {
  const p = pathApi(platform);
  const norm = (x: string): string => {
    const n = p.normalize(x).replace(/[\\/]+$/, '');
    return platform === 'win32' ? n.toLowerCase() : n;
  };
  return norm(a) === norm(b);
}

function inside(child: string, parent: string, platform: Platform): boolean {
  const p = pathApi(platform);
  const rel = p.relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !p.isAbsolute(rel);
}

/**
 * A path as the kernel resolves it (path_resolution(7)): component by component, a symlink
 * followed before a later `..` applies, so `home/link/../pins` is `<link target's parent>/pins`,
 * never what path.normalize makes of it. The longest existing prefix is resolved on this machine;
 * the rest, which does not exist yet, is taken as written and must hold no `.`/`..` (undefined
 * then: not provable). Windows layouts keep the lexical comparison.
 */
export function kernelPath(p: string, platform: Platform): string | undefined {
  if (platform === 'win32' || !path.posix.isAbsolute(p)) return undefined;
  const parts = p.split('/').filter((s) => s !== '');
  for (let n = parts.length; n >= 0; n--) {
    const prefix = `/${parts.slice(0, n).join('/')}`;
    let real: string;
    try {
      real = realpathSync.native(prefix);
    } catch {
      continue;
    }
    const rest = parts.slice(n);
    if (rest.some((s) => s === '.' || s === '..')) return undefined;
    return path.posix.join(real, ...rest);
  }
  return undefined;
}

/** path_resolution(7) gives up after this many symbolic links (Linux: ELOOP past 40). */
const MAX_LINKS = 40;

/**
 * `kernelPath`, but only where no other account can change what the path resolves to: every
 * entry the resolution passes (a folder, or a symlink it follows) lies in a directory owned by
 * root or the home's owner and writable by no one else; a sticky directory (such as /tmp) lets
 * others write but not rename or remove an entry that is not theirs (unlink(2), rename(2):
 * EPERM on a sticky directory), so there the entry must be root's or the home owner's. A symlink
 * in a directory anyone may write can be repointed between this read and the host's start;
 * undefined then: the identity is not proven. POSIX layouts only.
 */
export function stableKernelPath(p: string, home: string): string | undefined {
  if (!path.posix.isAbsolute(p)) return undefined;
  let owner: number;
  try {
    owner = statSync(home).uid;
  } catch {
    return undefined;
  }
  const trusted = (uid: number): boolean => uid === 0 || uid === owner;
  let parts = p.split('/').filter((x) => x !== '');
  let cur = '/';
  let links = 0;
  while (parts.length > 0) {
    const c = parts.shift() ?? '';
    if (c === '.') continue;
    // `cur` is a real directory here: its `..` is its parent.
    if (c === '..') { cur = path.posix.dirname(cur); continue; }
    const next = path.posix.join(cur, c);
    let dir: ReturnType<typeof lstatSync>;
    let st: ReturnType<typeof lstatSync>;
    try {
      dir = lstatSync(cur);
      st = lstatSync(next);
    } catch {
      // Not there yet: the rest is taken as written, with no `.`/`..` (as kernelPath).
      if (parts.some((x) => x === '.' || x === '..')) return undefined;
      return path.posix.join(next, ...parts);
    }
    const othersWrite = (dir.mode & 0o022) !== 0;
    const sticky = (dir.mode & 0o1000) !== 0;
    if (!trusted(dir.uid) || (othersWrite && !(sticky && trusted(st.uid)))) return undefined;
    if (st.isSymbolicLink()) {
      if (++links > MAX_LINKS) return undefined;
      let target: string;
      try {
        target = readlinkSync(next);
      } catch {
        return undefined;
      }
      if (target.startsWith('/')) cur = '/';
      parts = target.split('/').filter((x) => x !== '').concat(parts);
      continue;
    }
    cur = next;
  }
  return cur;
}

/** Same store once both are resolved as the kernel does (POSIX), else lexically. */
function sameStore(value: string, expected: string, platform: Platform, home: string): boolean {
  if (platform === 'win32') return samePath(value, expected, platform);
  // The value the proxy is given must keep resolving there: through no link another account may repoint.
  const a = stableKernelPath(value, home);
  const b = kernelPath(expected, platform);
  return a !== undefined && b !== undefined && a === b;
}

/**
 * Where the proxy's pins are: its default location under the trusted home, or an explicit value
 * that resolves to exactly that location. Anything else — relative paths, `~` (never expanded in
 * an args array), another absolute path — is a planted store and is not inspected.
 */
export function resolveStore(rec: Recognition, recognizer: PinningProxy, home: string, layout: Platform,
  server: string): ResolvedStore {
  // Auditing a Windows layout under a POSIX --root: the store is a file under that root, so its path
  // is built and compared the way this machine opens it, not with Windows separators.
  const platform = storePlatform(home, layout);
  const own = recognizer.defaultStore(rec, home, platform);
  const expected = typeof own === 'string' ? own : undefined;
  const store = rec.store;
  if (store.kind === 'default') {
    if (expected !== undefined) return { ok: true, path: expected, source: 'default' };
    const why = 'the proxy has no default store location mcp-audit knows';
    return { ok: false, source: 'unresolvable', display: null, findings: [finding(pinStoreUnresolvable, { server, proxy: rec.proxy, reason: why })] };
  }
  if (store.kind === 'unresolvable') {
    return { ok: false, source: 'unresolvable', display: null, findings: [finding(pinStoreUnresolvable, { server, proxy: rec.proxy, reason: store.why })] };
  }
  const p = pathApi(platform);
  if (store.via === 'env') {
    // The store comes from a variable in the entry's env (Hangar MCP_CONFIG). env-store-override
    // reports it; its value is never printed, so the display names the variable only.
    if (expected !== undefined && p.isAbsolute(store.value) && sameStore(store.value, expected, platform, home)) {
      return { ok: true, path: expected, source: 'explicit' };
    }
    return { ok: false, source: 'explicit', display: `$${store.flag}`, findings: [] };
  }
  if (expected !== undefined && p.isAbsolute(store.value)) {
    const candidates = recognizer.defaultStoreSpellings(expected, platform);
    if (candidates.some((c) => sameStore(store.value, c, platform, home))) return { ok: true, path: expected, source: 'explicit' };
  }
  if (expected === undefined && p.isAbsolute(store.value)) {
    // A proxy with no default location (MCPTrust's --lock): judged by where the path really
    // resolves. Under the trusted home it is as visible as a default; ownership and permissions
    // (of the file and every directory up to /) are checked by inspection.
    const real = platform === 'win32' ? p.normalize(store.value) : stableKernelPath(store.value, home);
    const realHome = platform === 'win32' ? home : kernelPath(home, platform);
    if (real !== undefined && realHome !== undefined && inside(real, realHome, platform)) return { ok: true, path: real, source: 'explicit' };
  }
  const f = finding(pinStorePlanted, {
    server, proxy: rec.proxy, path: store.value, flag: store.flag,
    expected: expected ?? `${rec.proxy} has none, so the path must resolve under ${home}`,
  }, store.origin !== undefined ? { path: store.origin.file, line: store.origin.line, column: store.origin.column } : undefined);
  return { ok: false, source: 'explicit', display: store.value, findings: [f] };
}
