import type { Argv } from 'yargs';
import type { DiscoverOptions } from '../../discover/discover.js';
import type { Platform } from '../../shared/env.js';
import { UsageError } from '../../shared/errors.js';
import { requireDirectory } from '../paths.js';

/**
 * The discovery options shared by `hosts`, `scan` and any later command that audits a home:
 * --root, --user, --project (repeatable), --no-project-scan, --platform, --host-env. Add them with
 * `withDiscoveryOptions(y)` and read them back with `toDiscoverOptions(argv)`.
 */
export function withDiscoveryOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('root', {
      type: 'string', requiresArg: true,
      describe: 'audit DIR as the home (dotfiles repo, mounted disk, fixtures); system paths such as /etc/…, '
        + '/Library/…, %PROGRAMDATA% are read from DIR/_system/etc/…, DIR/_system/Library/…, DIR/_system/ProgramData/…',
    })
    .option('user', { type: 'string', requiresArg: true, describe: "audit another account's home (from the password database; on Windows, the ProfileList profile)" })
    .option('all-users', {
      type: 'boolean', default: false,
      describe: 'audit every human account of this machine, each under its own home from the account database (run as root/SYSTEM)',
    })
    .option('project', { type: 'string', array: true, nargs: 1, requiresArg: true, describe: 'also scan this project root (repeatable)' })
    .option('project-scan', {
      type: 'boolean', default: true,
      describe: 'scan the cwd, its ancestors and the projects hosts list (--no-project-scan: the count is a floor)',
    })
    .option('host-env', {
      type: 'string', requiresArg: true,
      describe: "the audited hosts' directory variables (CODEX_HOME, XDG_CONFIG_HOME …) as NAME=value lines, e.g. copied from the host's environment; applied and recorded (other names are ignored)",
    })
    .option('platform', { type: 'string', requiresArg: true, choices: ['linux', 'darwin', 'win32'], describe: "audit this OS's layout (default: this OS; another OS needs --root)" });
}

const PLATFORMS: readonly Platform[] = ['linux', 'darwin', 'win32'];
const isPlatform = (v: unknown): v is Platform => PLATFORMS.some((p) => p === v);

function optionalString(argv: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const v = argv[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${key} needs a value`);
  return v;
}

/** Narrows parsed argv to DiscoverOptions (throws UsageError on a bad value). */
export function toDiscoverOptions(argv: Readonly<Record<string, unknown>>): DiscoverOptions {
  const root = optionalString(argv, 'root');
  const hostEnv = optionalString(argv, 'host-env');
  const user = optionalString(argv, 'user');
  const rawProjects = argv.project;
  const projects = rawProjects === undefined ? [] : Array.isArray(rawProjects) ? rawProjects : [rawProjects];
  const projectList: string[] = [];
  for (const p of projects) {
    if (typeof p !== 'string' || p === '') throw new UsageError('--project needs a directory');
    projectList.push(p);
  }
  const platform = argv.platform;
  if (platform !== undefined && !isPlatform(platform)) throw new UsageError('--platform must be linux, darwin or win32');
  return {
    ...(root !== undefined ? { root } : {}),
    ...(user !== undefined ? { user } : {}),
    ...(projectList.length > 0 ? { projects: projectList } : {}),
    projectScan: argv['project-scan'] !== false,
    ...(platform !== undefined ? { platform } : {}),
    ...(hostEnv !== undefined ? { hostEnv } : {}),
  };
}

/** --root and every --project must be directories this process can read (exit 2 with the reason otherwise). */
export async function checkDiscoveryPaths(options: DiscoverOptions, cwd: string): Promise<void> {
  if (options.root !== undefined) await requireDirectory(options.root, '--root', cwd);
  for (const p of options.projects ?? []) await requireDirectory(p, '--project', cwd);
}

/** `--all-users`: every account of this machine (grade/all-users.ts), not one home. */
export function wantsAllUsers(argv: Readonly<Record<string, unknown>>): boolean {
  return argv['all-users'] === true;
}
