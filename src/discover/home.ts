import path from 'node:path';
import { type Env, type TrustedHome } from '../shared/env.js';
import { UsageError } from '../shared/errors.js';
import { isMarked, shownText } from '../shared/system-text.js';
import { listAccounts } from './account-list.js';
import { accountSources, currentAccount, lookupAccount } from './accounts.js';

/**
 * The trusted home. It comes from the password database (or from `--root`, typed by the operator),
 * never from $HOME, USERPROFILE or XDG variables: those are attacker-influencable and a scanner
 * that follows them audits the wrong home. $HOME is read only to report a disagreement.
 */
export interface HomeOptions {
  /** Audit this directory as the home (dotfiles repo, mounted disk, fixtures). */
  readonly root?: string | undefined;
  /** Audit another account's home, resolved through the password database. */
  readonly user?: string | undefined;
}

export interface HomeResolution {
  readonly home: TrustedHome;
  /**
   * Set when the environment's home variable ($HOME, or USERPROFILE on Windows) names a different
   * directory than the trusted home of the current user. The value is a path, not a secret.
   */
  readonly envHomeMismatch?: { readonly variable: string; readonly value: string };
}

const USER_NAME = /^[A-Za-z0-9._][A-Za-z0-9._-]{0,63}\$?$/;

/** Resolves the trusted home for the options. Throws UsageError for an unknown --user or a user without an entry. */
export async function resolveHome(options: HomeOptions, env: Env): Promise<HomeResolution> {
  const me = currentAccount();
  if (options.root !== undefined) {
    // The account name only labels the report here; a uid without a passwd entry is named by number.
    const user = options.user ?? ('name' in me ? me.name : `uid ${env.uid ?? 'unknown'}`);
    return { home: { path: path.resolve(env.cwd, options.root), source: 'root-flag', user, uid: undefined } };
  }
  if (options.user !== undefined && !('name' in me && options.user === me.name)) {
    return { home: nameable(await lookupUser(options.user, env)) };
  }
  if ('error' in me) {
    throw new UsageError(`the current user has no entry in the password database (${me.error}); audit a directory with --root <home dir>`);
  }
  const current: TrustedHome = nameable({ path: me.home, source: 'passwd', user: me.name, uid: me.uid });
  const variable = process.platform === 'win32' ? 'USERPROFILE' : 'HOME';
  const value = env.vars[variable];
  if (value !== undefined && value !== '' && path.resolve(value) !== path.resolve(current.path)) {
    return { home: current, envHomeMismatch: { variable, value } };
  }
  return { home: current };
}

/**
 * The home as given, unless it came from bytes that are not UTF-8 (a usage error: fail closed).
 * Every path built under its text would name no file, so each host file would read as absent and
 * the home as holding no entries. The password database is read as bytes and such a name marked
 * (shared/system-text.ts), so this is known, not guessed from whether a folder of the decoded
 * name exists (a folder really named with U+FFFD may sit beside the real home).
 */
function nameable(home: TrustedHome): TrustedHome {
  if (!isMarked(home.path)) return home;
  throw new UsageError(`the home directory of ${shownText(home.user)} in the password database is not valid UTF-8 (read as ${JSON.stringify(shownText(home.path))}), so no file in it can be named; `
    + 'audit it through a link with a UTF-8 name: --root <link>');
}

/**
 * `--user NAME`: uid and home from the password database, through this OS's sources (accounts.ts);
 * on Windows, the profile whose folder is NAME in the ProfileList key (account-list.ts), since
 * Windows keeps no home in an account database a tool can query by name.
 */
async function lookupUser(name: string, env: Env): Promise<TrustedHome> {
  if (!USER_NAME.test(name)) throw new UsageError(`--user: not a valid account name: ${JSON.stringify(name)}`);
  // env.platform is this OS (processEnv); tests give another with recorded tool outputs in env.run.
  const platform = env.platform;
  if (platform === 'win32') return lookupProfile(name, env);
  const found = await lookupAccount(name, accountSources(platform, env.run));
  switch (found.kind) {
    case 'found':
      return { path: found.account.home, source: 'user-flag', user: name, uid: found.account.uid };
    case 'absent':
      throw new UsageError(`--user ${name}: no such account in the password database (${found.source})`);
    case 'unavailable':
      throw new UsageError(`--user ${name}: the password database cannot be read here (${found.tried.join('; ')}); use --root <home dir>`);
  }
}

async function lookupProfile(name: string, env: Env): Promise<TrustedHome> {
  const listing = await listAccounts('win32', env.run);
  if (listing.kind === 'unavailable') {
    throw new UsageError(`--user ${name}: the profile list cannot be read here (${listing.tried.join('; ')}); use --root <profile dir>`);
  }
  const matches = listing.accounts.filter((a) => a.name.toLowerCase() === name.toLowerCase());
  const [only] = matches;
  if (only === undefined) throw new UsageError(`--user ${name}: no user profile named ${name} (${listing.source})`);
  if (matches.length > 1) throw new UsageError(`--user ${name}: ${matches.length} profiles are named ${name} (${listing.source}); use --root <profile dir>`);
  return { path: only.home, source: 'user-flag', user: only.name, uid: undefined };
}
