import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { passwdHome, type Env, type TrustedHome } from '../shared/env.js';
import { UsageError, toError } from '../shared/errors.js';

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

/** Resolves the trusted home for the options. Throws UsageError for an unknown --user. */
export async function resolveHome(options: HomeOptions, env: Env): Promise<HomeResolution> {
  const current = passwdHome();
  if (options.root !== undefined) {
    const user = options.user ?? current.user;
    return { home: { path: path.resolve(env.cwd, options.root), source: 'root-flag', user, uid: undefined } };
  }
  if (options.user !== undefined && options.user !== current.user) {
    return { home: await lookupUser(options.user) };
  }
  const variable = process.platform === 'win32' ? 'USERPROFILE' : 'HOME';
  const value = env.vars[variable];
  if (value !== undefined && value !== '' && path.resolve(value) !== path.resolve(current.path)) {
    return { home: current, envHomeMismatch: { variable, value } };
  }
  return { home: current };
}

/** `--user NAME`: uid from the `userid` package (native getpwnam), home from `getent passwd`. */
async function lookupUser(name: string): Promise<TrustedHome> {
  if (!USER_NAME.test(name)) throw new UsageError(`--user: not a valid account name: ${JSON.stringify(name)}`);
  if (process.platform === 'win32') throw new UsageError('--user is not supported on Windows; use --root <profile dir>');
  let uid: number;
  try {
    const mod = await import('userid');
    uid = mod.default.uid(name);
  } catch (e: unknown) {
    throw new UsageError(`--user ${name}: no such account in the password database`, { cause: toError(e) });
  }
  const home = await getentHome(name);
  return { path: home, source: 'user-flag', user: name, uid };
}

async function getentHome(name: string): Promise<string> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)('getent', ['passwd', name], { timeout: 5000, encoding: 'utf8' }));
  } catch (e: unknown) {
    throw new UsageError(`--user ${name}: getent passwd found no home directory`, { cause: toError(e) });
  }
  const fields = stdout.split('\n')[0]?.split(':') ?? [];
  const dir = fields[5];
  if (fields[0] !== name || dir === undefined || !path.isAbsolute(dir)) {
    throw new UsageError(`--user ${name}: getent passwd returned no usable home directory`);
  }
  return dir;
}
