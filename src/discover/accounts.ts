/**
 * Account lookups in the password database without a native addon. Each platform names its sources,
 * tried in order; the first that answers (found, or definitively absent) decides, and a source that
 * cannot answer (not installed, unreadable, timed out) hands over to the next. When none can answer,
 * the result says what was tried and why each failed, never "no such account".
 *
 * - current user, every OS: `os.userInfo()`, libuv `uv_os_get_passwd` → getpwuid_r (nodejs/node
 *   doc/api/os.md `os.userInfo`; libuv src/unix/core.c `uv__getpwuid_r`).
 * - linux: `getent passwd NAME` (glibc nss/getent.c: every NSS source, files, LDAP, sssd; exit 2 =
 *   key not found), then `/etc/passwd` (passwd(5); local accounts only).
 * - darwin: `id -P NAME` (a master.passwd(5) line from getpwnam through opendirectoryd; exit 1 for an
 *   unknown user, apple-oss-distributions/shell_cmds id/id.c `pline`), then `dscacheutil -q user -a name
 *   NAME` (dscacheutil(1); empty output for no match), then `dscl . -read /Users/NAME` (local node).
 * - win32: none; profiles are not in a password database (`--root <profile dir>`).
 * Tools run from fixed system paths, never from $PATH, so the environment cannot pick the answer.
 * The optional `userid` addon (native getpwuid) only names owners by uid (`accountNamer`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { currentPlatform, runCommand, type CommandRunner, type Platform } from '../shared/env.js';
import { toError } from '../shared/errors.js';
import { shownText, systemText } from '../shared/system-text.js';

export interface Account {
  readonly name: string;
  readonly uid: number;
  readonly home: string;
  /** The source that answered, e.g. `getent passwd`. */
  readonly source: string;
}

export type AccountLookup =
  | { readonly kind: 'found'; readonly account: Account }
  | { readonly kind: 'absent'; readonly source: string }
  | { readonly kind: 'unavailable'; readonly tried: readonly string[] };

type Answer =
  | { readonly kind: 'found'; readonly uid: number; readonly home: string }
  | { readonly kind: 'absent' }
  | { readonly kind: 'unavailable'; readonly why: string };

export interface AccountSource {
  readonly name: string;
  byName(user: string): Promise<Answer>;
}

export interface ToolRun {
  readonly code: number | 'missing' | 'failed';
  readonly stdout: string;
  readonly why: string;
}

/** Runs the first of `paths` that exists through `run` (Env's runner): never a shell, never $PATH. */
export async function runTool(paths: readonly string[], args: readonly string[], run: CommandRunner = runCommand): Promise<ToolRun> {
  for (const file of paths) {
    const r = await run(file, args);
    if (r.kind === 'missing') continue;
    if (r.kind === 'failed') return { code: 'failed', stdout: '', why: r.why };
    return { code: r.code, stdout: r.stdout, why: r.code === 0 ? '' : `exit ${r.code}` };
  }
  return { code: 'missing', stdout: '', why: `not installed at ${paths.join(' or ')}` };
}

/** A passwd(5) line `name:pw:uid:gid:gecos:home:shell` (or master.passwd's 10 fields) for `user`. */
function fromPasswdLine(line: string, user: string, homeField: number): Answer | undefined {
  const fields = line.split(':');
  const uid = fields[2] ?? '';
  const home = fields[homeField] ?? '';
  if (fields[0] !== user || !/^\d+$/.test(uid)) return undefined;
  if (!home.startsWith('/')) return { kind: 'unavailable', why: `the entry for ${user} has no absolute home directory` };
  return { kind: 'found', uid: Number(uid), home };
}

/** `getent passwd NAME` (Linux NSS). */
export function getentSource(paths: readonly string[] = ['/usr/bin/getent', '/bin/getent'], run: CommandRunner = runCommand): AccountSource {
  return {
    name: 'getent passwd',
    async byName(user) {
      const out = await runTool(paths, ['passwd', user], run);
      if (out.code === 2) return { kind: 'absent' };
      if (out.code !== 0) return { kind: 'unavailable', why: out.why };
      return fromPasswdLine(out.stdout.split('\n')[0] ?? '', user, 5) ?? { kind: 'unavailable', why: 'unexpected output' };
    },
  };
}

/** Parses passwd(5) text: NIS `+`/`-` lines and comments are skipped. */
export function passwdEntries(text: string): Map<string, { readonly uid: number; readonly home: string }> {
  const entries = new Map<string, { readonly uid: number; readonly home: string }>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#') || line.startsWith('+') || line.startsWith('-')) continue;
    const [name = '', , uid = '', , , home = ''] = line.split(':');
    if (name !== '' && /^\d+$/.test(uid) && !entries.has(name)) entries.set(name, { uid: Number(uid), home });
  }
  return entries;
}

/** The local passwd file (no NSS: LDAP or sssd accounts are not in it). */
export function passwdFileSource(file = '/etc/passwd'): AccountSource {
  return {
    name: file,
    async byName(user) {
      let text: string;
      try {
        text = systemText(await readFile(file));
      } catch (e: unknown) {
        return { kind: 'unavailable', why: toError(e).message };
      }
      const entry = passwdEntries(text).get(user);
      if (entry === undefined) return { kind: 'absent' };
      if (!entry.home.startsWith('/')) return { kind: 'unavailable', why: `the entry for ${user} has no absolute home directory` };
      return { kind: 'found', uid: entry.uid, home: entry.home };
    },
  };
}

/** macOS `id -P NAME`: one master.passwd line (home is field 9 of 10). */
export function idPasswdSource(paths: readonly string[] = ['/usr/bin/id'], run: CommandRunner = runCommand): AccountSource {
  return {
    name: 'id -P',
    async byName(user) {
      const out = await runTool(paths, ['-P', user], run);
      if (out.code === 1) return { kind: 'absent' };
      if (out.code !== 0) return { kind: 'unavailable', why: out.why };
      return fromPasswdLine(out.stdout.split('\n')[0] ?? '', user, 8) ?? { kind: 'unavailable', why: 'unexpected output' };
    },
  };
}

/** `key: value` lines (dscacheutil, dscl) → map. */
function keyValues(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of text.split('\n')) {
    const at = line.indexOf(': ');
    if (at > 0) map.set(line.slice(0, at).trim(), line.slice(at + 2).trim());
  }
  return map;
}

function fromKeyValues(values: Map<string, string>, uidKey: string, homeKey: string): Answer {
  const uid = values.get(uidKey) ?? '';
  const home = values.get(homeKey) ?? '';
  if (!/^\d+$/.test(uid) || !home.startsWith('/')) return { kind: 'unavailable', why: 'unexpected output' };
  return { kind: 'found', uid: Number(uid), home };
}

/** macOS `dscacheutil -q user -a name NAME`: empty output when no record matches. */
export function dscacheutilSource(paths: readonly string[] = ['/usr/bin/dscacheutil'], run: CommandRunner = runCommand): AccountSource {
  return {
    name: 'dscacheutil -q user',
    async byName(user) {
      const out = await runTool(paths, ['-q', 'user', '-a', 'name', user], run);
      if (out.code !== 0) return { kind: 'unavailable', why: out.why };
      const values = keyValues(out.stdout);
      if (values.size === 0) return { kind: 'absent' };
      if (values.get('name') !== user) return { kind: 'unavailable', why: 'unexpected output' };
      return fromKeyValues(values, 'uid', 'dir');
    },
  };
}

/** macOS `dscl . -read /Users/NAME` (the local directory node). */
export function dsclSource(paths: readonly string[] = ['/usr/bin/dscl'], run: CommandRunner = runCommand): AccountSource {
  return {
    name: 'dscl . -read',
    async byName(user) {
      const out = await runTool(paths, ['.', '-read', `/Users/${user}`, 'UniqueID', 'NFSHomeDirectory'], run);
      if (out.code !== 0) return { kind: 'unavailable', why: out.why };
      return fromKeyValues(keyValues(out.stdout), 'UniqueID', 'NFSHomeDirectory');
    },
  };
}

/** The sources for `platform`, in the order they are asked. */
export function accountSources(platform: Platform, run: CommandRunner = runCommand): readonly AccountSource[] {
  switch (platform) {
    case 'linux':
      return [getentSource(undefined, run), passwdFileSource()];
    case 'darwin':
      return [idPasswdSource(undefined, run), dscacheutilSource(undefined, run), dsclSource(undefined, run)];
    case 'win32':
      return [];
  }
}

/** Looks `user` up through `sources`; the first source that answers decides. */
export async function lookupAccount(user: string, sources: readonly AccountSource[]): Promise<AccountLookup> {
  const tried: string[] = [];
  for (const source of sources) {
    const answer = await source.byName(user);
    if (answer.kind === 'found') return { kind: 'found', account: { name: user, uid: answer.uid, home: answer.home, source: source.name } };
    if (answer.kind === 'absent') return { kind: 'absent', source: source.name };
    tried.push(`${source.name}: ${answer.why}`);
  }
  return { kind: 'unavailable', tried };
}

/** The current user from the password database; `undefined` with the reason when it has no entry. */
export function currentAccount(): { readonly name: string; readonly uid: number | undefined; readonly home: string } | { readonly error: string } {
  try {
    // As bytes: a home whose name is not UTF-8 is then marked so (system-text.ts), not taken for another.
    const info = os.userInfo({ encoding: 'buffer' });
    return { name: shownText(systemText(info.username)), uid: info.uid >= 0 ? info.uid : undefined, home: systemText(info.homedir) };
  } catch (e: unknown) {
    return { error: `os.userInfo(): ${toError(e).message}` };
  }
}

/**
 * The optional addon's `username(uid)`, or undefined when it is not installed (or not built).
 * Loaded synchronously (it is a CommonJS module) when the first owner is named: most scans name
 * none, and loading it (the `bindings` package's search for the .node file, then dlopen) costs
 * 2-4 ms, 11 ms with a cold disk cache.
 */
function loadUseridNamer(): ((uid: number) => string) | undefined {
  // A specifier in a variable: the addon may be absent at build time too (optional, no compiler).
  const specifier = 'userid';
  let api: unknown;
  try {
    api = createRequire(import.meta.url)(specifier);
  } catch {
    return undefined;
  }
  if (typeof api !== 'object' || api === null || !('username' in api)) return undefined;
  const username: unknown = api.username;
  if (typeof username !== 'function') return undefined;
  return (uid) => {
    const name: unknown = username.call(api, uid);
    if (typeof name !== 'string' || name === '') throw new Error(`userid: no name for uid ${uid}`);
    return name;
  };
}

/**
 * uid → account name for owner messages (owners of local files, so this OS's database): the optional `userid` addon (native getpwuid, every NSS
 * source) when it is installed, else the current user and the local passwd file; `uid N` otherwise.
 */
export async function accountNamer(passwdFile = '/etc/passwd'): Promise<(uid: number) => string> {
  const platform = currentPlatform();
  let native: ((uid: number) => string) | undefined | null = null;
  let local: Map<number, string> | undefined;
  const fromFile = (uid: number): string | undefined => {
    if (platform === 'win32') return undefined;
    if (local === undefined) {
      local = new Map();
      try {
        for (const [name, entry] of passwdEntries(systemText(readFileSync(passwdFile)))) if (!local.has(entry.uid)) local.set(entry.uid, shownText(name));
      } catch {
        // Unreadable: owners are named by uid.
      }
    }
    return local.get(uid);
  };
  const me = currentAccount();
  return (uid) => {
    if (native === null) native = loadUseridNamer();
    if (native !== undefined) {
      try {
        return native(uid);
      } catch {
        // Not in the database through the addon either.
      }
    }
    if ('name' in me && me.uid === uid) return me.name;
    return fromFile(uid) ?? `uid ${uid}`;
  };
}

/**
 * The primary group of `user` (for running a probe as that account): `id -g NAME` (POSIX id(1):
 * the group ID of the named user's password-database entry; coreutils src/id.c and
 * apple-oss-distributions/shell_cmds id/id.c both answer from getpwnam). undefined when it cannot say.
 */
export async function primaryGroup(user: string, run: CommandRunner = runCommand, paths: readonly string[] = ['/usr/bin/id', '/bin/id']): Promise<number | undefined> {
  const out = await runTool(paths, ['-g', user], run);
  const text = out.stdout.trim();
  return out.code === 0 && /^\d+$/.test(text) ? Number(text) : undefined;
}
