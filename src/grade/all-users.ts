import { promises as fs } from 'node:fs';
import { discover, type Discovery, type DiscoverOptions } from '../discover/discover.js';
import { listAccounts, type ExcludedAccount, type ListedAccount } from '../discover/account-list.js';
import { accountNamer } from '../discover/accounts.js';
import { isMarked, shownText } from '../shared/system-text.js';
import { homeForeignOwner } from '../rules/home-foreign-owner.js';
import { homeUnreadable } from '../rules/home-unreadable.js';
import { finding, type Finding } from '../rules/types.js';
import type { Env } from '../shared/env.js';
import { AuditError, toError, UsageError } from '../shared/errors.js';
import { audit, type AuditResult } from './audit.js';

/**
 * `--all-users`: every human account of this machine (account-list.ts), each audited by its own
 * `discover()` run with its own trusted home and uid, as `--user NAME` would audit it. Nothing of
 * the running account carries over: the cwd walk starts at the account's home (not the operator's
 * cwd), and $HOME/XDG relocations apply only to the current user's own run (home.ts).
 * Before an account is audited its home is checked: missing (nothing to audit), unreadable
 * (`home-unreadable`), or owned by someone else (`home-foreign-owner`, and still audited: the
 * finding keeps the run from passing).
 */
export type AccountStatus = 'audited' | 'absent' | 'unreadable';

export interface AccountAudit<R = AuditResult> {
  readonly account: ListedAccount;
  readonly status: AccountStatus;
  /** Why the home was not audited (absent, unreadable). */
  readonly reason?: string;
  /** home-foreign-owner / home-unreadable for this account. */
  readonly findings: readonly Finding[];
  readonly result?: R;
}

export interface AllUsersAudit<R = AuditResult> {
  /** The source that listed the accounts and its rule for human accounts. */
  readonly listedBy: string;
  readonly rule: string;
  readonly systemAccounts: number;
  readonly excluded: readonly ExcludedAccount[];
  /** In the order the source listed them, sorted by name. */
  readonly accounts: readonly AccountAudit<R>[];
}

type HomeState =
  | { readonly kind: 'ok'; readonly owner: number }
  | { readonly kind: 'absent'; readonly reason: string }
  | { readonly kind: 'unreadable'; readonly reason: string };

async function homeState(home: string): Promise<HomeState> {
  if (isMarked(home)) return { kind: 'unreadable', reason: 'its name in the account list is not valid UTF-8, so no file in it can be named' };
  let st;
  try {
    st = await fs.stat(home);
  } catch (e: unknown) {
    const code = e instanceof Error && 'code' in e ? e.code : undefined;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'absent', reason: 'the home directory does not exist' };
    return { kind: 'unreadable', reason: `cannot stat it (${String(code ?? toError(e).message)})` };
  }
  if (!st.isDirectory()) return { kind: 'unreadable', reason: 'not a directory' };
  try {
    await fs.readdir(home);
  } catch (e: unknown) {
    const code = e instanceof Error && 'code' in e ? e.code : undefined;
    return { kind: 'unreadable', reason: `cannot list it (${String(code ?? toError(e).message)})` };
  }
  return { kind: 'ok', owner: st.uid };
}

function shownAccount(a: ListedAccount): ListedAccount {
  return { ...a, name: shownText(a.name), home: shownText(a.home) };
}

function byName(a: ListedAccount, b: ListedAccount): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Audits every human account. Throws UsageError when no source can list them, or for options that name one home. */
export function auditAllUsers(options: DiscoverOptions, env: Env, grading: { inspectStores?: boolean } = {}): Promise<AllUsersAudit> {
  return eachAccount(options, env, (o, e) => audit(o, e, grading));
}

/** `hosts --all-users`: discovery only, per account, under the same checks. */
export function discoverAllUsers(options: DiscoverOptions, env: Env): Promise<AllUsersAudit<Discovery>> {
  return eachAccount(options, env, discover);
}

async function eachAccount<R>(options: DiscoverOptions, env: Env, each: (options: DiscoverOptions, env: Env) => Promise<R>): Promise<AllUsersAudit<R>> {
  if (options.user !== undefined || options.root !== undefined) throw new UsageError('--all-users audits every account: it takes neither --user nor --root');
  if (options.projects !== undefined && options.projects.length > 0) throw new UsageError('--all-users takes no --project (each account is audited from its own home)');
  if (options.platform !== undefined && options.platform !== env.platform) throw new UsageError('--all-users audits this machine: no --platform');
  const listing = await listAccounts(env.platform, env.run);
  if (listing.kind === 'unavailable') throw new UsageError(`--all-users: no account database answered here (${listing.tried.join('; ')})`);
  const name = await accountNamer();
  const accounts: AccountAudit<R>[] = [];
  // One account after another: each run reads its own files; the accounts of a laptop are few.
  for (const listed of [...listing.accounts].sort(byName)) {
    const state = await homeState(listed.home);
    // What is shown of a name that is not UTF-8 is what Node decodes it to (U+FFFD), as before the
    // mark: NOT_UTF8 is this program's own note, not a character of the name.
    const account = shownAccount(listed);
    const subject = { user: account.name, home: account.home, source: account.source };
    if (state.kind === 'absent') {
      accounts.push({ account, status: 'absent', reason: state.reason, findings: [] });
      continue;
    }
    if (state.kind === 'unreadable') {
      accounts.push({ account, status: 'unreadable', reason: state.reason, findings: [finding(homeUnreadable, { ...subject, reason: state.reason })] });
      continue;
    }
    const findings = account.uid !== undefined && state.owner !== account.uid
      ? [finding(homeForeignOwner, { ...subject, owner: name(state.owner) })]
      : [];
    let result: R;
    try {
      result = await each({ ...options, user: account.name }, { ...env, cwd: listed.home });
    } catch (e: unknown) {
      if (!(e instanceof AuditError)) throw e;
      accounts.push({ account, status: 'unreadable', reason: e.message, findings: [...findings, finding(homeUnreadable, { ...subject, reason: e.message })] });
      continue;
    }
    accounts.push({ account, status: 'audited', findings, result });
  }
  return { listedBy: listing.source, rule: listing.rule, systemAccounts: listing.systemAccounts, excluded: listing.excluded, accounts };
}
