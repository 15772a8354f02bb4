/**
 * Every human account on this machine, each with its home from the platform's account database
 * (never $HOME): the list `--all-users` audits. Each platform names its sources in order; the first
 * that answers decides, a source that cannot answer hands over to the next (as accounts.ts does
 * for one name). System accounts are left out by the platform's own rule, stated in `rule`.
 *
 * - linux: `getent passwd` (glibc nss/getent.c: every NSS database that enumerates; sssd and LDAP
 *   enumerate only with `enumerate = true`, so directory accounts that never logged in may be
 *   absent), then `/etc/passwd`. Human accounts: UID_MIN ≤ uid ≤ UID_MAX from /etc/login.defs,
 *   default 1000 and 60000 (shadow-maint/shadow man/login.defs.d/UID_MAX.xml: the range useradd
 *   gives regular users). root (uid 0) is therefore out; so is nobody (65534). Login shells are not
 *   looked at: a `nologin` shell does not stop a host from reading that home's configs.
 * - darwin: `dscl . -list /Users UniqueID` and `dscl . -list /Users NFSHomeDirectory` (dscl(1),
 *   the local directory node), then `dscacheutil -q user` (dscacheutil(1)). Human accounts: uid ≥ 501
 *   and a name not starting with `_` (macOS gives local users UniqueIDs from 501; its service
 *   accounts are `_`-prefixed, e.g. `_www`, `_spotlight`).
 * - win32: `reg query "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\ProfileList" /s`
 *   (learn.microsoft.com, "User Profiles" / ProfileList: one subkey per SID with ProfileImagePath).
 *   Human accounts: local and domain SIDs `S-1-5-21-…` and Microsoft Entra ID SIDs `S-1-12-1-…`;
 *   S-1-5-18/19/20 (LocalSystem, LocalService, NetworkService) and every other well-known SID are
 *   out (learn.microsoft.com/windows/win32/secauthz/well-known-sids). Windows has no uid: the SID
 *   identifies the account and the profile folder's name labels it.
 * Tools run from fixed system paths through Env's runner (no shell, empty environment).
 */
import { readFile } from 'node:fs/promises';
import { runCommand, type CommandRunner, type Platform } from '../shared/env.js';
import { toError } from '../shared/errors.js';
import { shownText, systemText } from '../shared/system-text.js';
import { runTool } from './accounts.js';
import { profileAccounts } from './windows-profiles.js';

export interface ListedAccount {
  readonly name: string;
  /** undefined on Windows (no uid; see `sid`). */
  readonly uid: number | undefined;
  readonly sid?: string;
  readonly home: string;
  /** The source that listed it, e.g. `getent passwd`. */
  readonly source: string;
}

/** A human account that is listed but cannot be audited (no usable home), with the reason. */
export interface ExcludedAccount {
  readonly name: string;
  readonly reason: string;
}

export type AccountListing =
  | {
    readonly kind: 'listed';
    readonly source: string;
    /** Which accounts count as human here, in words. */
    readonly rule: string;
    readonly accounts: readonly ListedAccount[];
    readonly excluded: readonly ExcludedAccount[];
    /** System accounts left out by `rule`. */
    readonly systemAccounts: number;
  }
  | { readonly kind: 'unavailable'; readonly tried: readonly string[] };

type Listed = Omit<Extract<AccountListing, { kind: 'listed' }>, 'kind' | 'source' | 'rule'>;
type Ruled = Listed & { readonly rule: string };
type SourceAnswer = { readonly kind: 'listed'; readonly value: Ruled } | { readonly kind: 'unavailable'; readonly why: string };

interface ListSource {
  readonly name: string;
  list(): Promise<SourceAnswer>;
}

export interface ListFiles {
  readonly passwd: string;
  readonly loginDefs: string;
}

const DEFAULT_FILES: ListFiles = { passwd: '/etc/passwd', loginDefs: '/etc/login.defs' };

/** UID_MIN / UID_MAX from login.defs text (defaults 1000 / 60000). */
export function uidRange(loginDefs: string | undefined): { readonly min: number; readonly max: number } {
  const value = (key: string, fallback: number): number => {
    const m = new RegExp(`^\\s*${key}\\s+(\\d+)\\s*$`, 'm').exec(loginDefs ?? '');
    return m?.[1] !== undefined ? Number(m[1]) : fallback;
  };
  return { min: value('UID_MIN', 1000), max: value('UID_MAX', 60000) };
}

/** passwd(5) records in file order; comments, NIS `+`/`-` lines and malformed lines skipped, first name wins. */
export function passwdRecords(text: string): { readonly name: string; readonly uid: number; readonly home: string }[] {
  const seen = new Set<string>();
  const out: { name: string; uid: number; home: string }[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#') || line.startsWith('+') || line.startsWith('-')) continue;
    const [name = '', , uid = '', , , home = ''] = line.split(':');
    if (name === '' || !/^\d+$/.test(uid) || seen.has(name)) continue;
    seen.add(name);
    out.push({ name, uid: Number(uid), home });
  }
  return out;
}

function partition(records: readonly { name: string; uid: number; home: string }[], human: (r: { name: string; uid: number }) => boolean,
  source: string): Listed {
  const accounts: ListedAccount[] = [];
  const excluded: ExcludedAccount[] = [];
  let systemAccounts = 0;
  for (const r of records) {
    if (!human(r)) systemAccounts += 1;
    else if (!r.home.startsWith('/')) excluded.push({ name: shownText(r.name), reason: `no absolute home directory (${JSON.stringify(shownText(r.home))})` });
    else accounts.push({ name: r.name, uid: r.uid, home: r.home, source });
  }
  return { accounts, excluded, systemAccounts };
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

function linuxSources(run: CommandRunner, files: ListFiles): ListSource[] {
  const ruleOf = async (): Promise<{ human: (r: { uid: number }) => boolean; rule: string }> => {
    const { min, max } = uidRange(await readOptional(files.loginDefs));
    return { human: (r) => r.uid >= min && r.uid <= max, rule: `uid ${min}–${max} (UID_MIN–UID_MAX of ${files.loginDefs})` };
  };
  return [
    {
      name: 'getent passwd',
      async list() {
        const out = await runTool(['/usr/bin/getent', '/bin/getent'], ['passwd'], run);
        if (out.code !== 0) return { kind: 'unavailable', why: out.why };
        const { human, rule } = await ruleOf();
        return { kind: 'listed', value: { ...partition(passwdRecords(out.stdout), human, 'getent passwd'), rule } };
      },
    },
    {
      name: files.passwd,
      async list() {
        let text: string;
        try {
          text = systemText(await readFile(files.passwd));
        } catch (e: unknown) {
          return { kind: 'unavailable', why: toError(e).message };
        }
        const { human, rule } = await ruleOf();
        return { kind: 'listed', value: { ...partition(passwdRecords(text), human, files.passwd), rule } };
      },
    },
  ];
}

/** `name   value` lines as `dscl . -list /Users KEY` prints them (the value is the rest of the line). */
export function dsclListing(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^(\S+)\s+(\S.*?)\s*$/.exec(line);
    if (m?.[1] !== undefined && m[2] !== undefined && !out.has(m[1])) out.set(m[1], m[2]);
  }
  return out;
}

/** `dscacheutil -q user`: blank-line separated blocks of `key: value`. */
export function dscacheutilUsers(text: string): { name: string; uid: number; home: string }[] {
  const out: { name: string; uid: number; home: string }[] = [];
  const seen = new Set<string>();
  for (const block of text.split(/\n\s*\n/)) {
    const values = new Map<string, string>();
    for (const line of block.split('\n')) {
      const at = line.indexOf(': ');
      if (at > 0) values.set(line.slice(0, at).trim(), line.slice(at + 2).trim());
    }
    const name = values.get('name') ?? '';
    const uid = values.get('uid') ?? '';
    if (name === '' || !/^-?\d+$/.test(uid) || seen.has(name)) continue;
    seen.add(name);
    out.push({ name, uid: Number(uid), home: values.get('dir') ?? '' });
  }
  return out;
}

const macHuman = (r: { name: string; uid: number }): boolean => r.uid >= 501 && !r.name.startsWith('_');
const MAC_RULE = 'uid ≥ 501 and a name not starting with _';

function darwinSources(run: CommandRunner): ListSource[] {
  return [
    {
      name: 'dscl . -list /Users',
      async list() {
        const ids = await runTool(['/usr/bin/dscl'], ['.', '-list', '/Users', 'UniqueID'], run);
        if (ids.code !== 0) return { kind: 'unavailable', why: ids.why };
        const homes = await runTool(['/usr/bin/dscl'], ['.', '-list', '/Users', 'NFSHomeDirectory'], run);
        if (homes.code !== 0) return { kind: 'unavailable', why: homes.why };
        const homeOf = dsclListing(homes.stdout);
        const records = [...dsclListing(ids.stdout)]
          .filter(([, uid]) => /^-?\d+$/.test(uid))
          .map(([name, uid]) => ({ name, uid: Number(uid), home: homeOf.get(name) ?? '' }));
        return { kind: 'listed', value: { ...partition(records, macHuman, 'dscl . -list /Users'), rule: MAC_RULE } };
      },
    },
    {
      name: 'dscacheutil -q user',
      async list() {
        const out = await runTool(['/usr/bin/dscacheutil'], ['-q', 'user'], run);
        if (out.code !== 0) return { kind: 'unavailable', why: out.why };
        return { kind: 'listed', value: { ...partition(dscacheutilUsers(out.stdout), macHuman, 'dscacheutil -q user'), rule: MAC_RULE } };
      },
    },
  ];
}

/** reg.exe at its fixed place (not from %PATH% or %SystemRoot%, which the environment sets). */
export const REG_EXE = 'C:\\Windows\\System32\\reg.exe';
export const PROFILE_LIST_KEY = 'HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\ProfileList';

function win32Sources(run: CommandRunner): ListSource[] {
  return [{
    name: 'reg query ProfileList',
    async list() {
      const out = await runTool([REG_EXE], ['query', PROFILE_LIST_KEY, '/s'], run);
      if (out.code !== 0) return { kind: 'unavailable', why: out.why };
      const { accounts, excluded, systemAccounts } = profileAccounts(out.stdout);
      return {
        kind: 'listed',
        value: {
          accounts: accounts.map((a) => ({ ...a, uid: undefined, source: 'reg query ProfileList' })), excluded, systemAccounts,
          rule: 'SIDs S-1-5-21-… (local, domain) and S-1-12-1-… (Entra ID)',
        },
      };
    },
  }];
}

/** Lists the human accounts of `platform` (this machine's: the sources run here). */
export async function listAccounts(platform: Platform, run: CommandRunner = runCommand, files: ListFiles = DEFAULT_FILES): Promise<AccountListing> {
  const sources = platform === 'linux' ? linuxSources(run, files) : platform === 'darwin' ? darwinSources(run) : win32Sources(run);
  const tried: string[] = [];
  for (const source of sources) {
    const answer = await source.list();
    if (answer.kind === 'listed') return { kind: 'listed', source: source.name, ...answer.value };
    tried.push(`${source.name}: ${answer.why}`);
  }
  return { kind: 'unavailable', tried };
}
