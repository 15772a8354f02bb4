import type { Argv } from 'yargs';
import path from 'node:path';
import { UsageError } from '../../shared/errors.js';
import { relativeInside } from '../../shared/paths.js';

/** `--apply`, `--include-project` and the server names shared by `fix`, `wrap` and `unwrap`. */
export function withEditOptions<T>(y: Argv<T>): Argv<T> {
  return y
    .option('apply', { type: 'boolean', default: false, describe: 'write the edits (atomically, under a lock, keeping a numbered <file>.mcp-audit[.N].bak backup), then re-audit' })
    .option('include-project', { type: 'boolean', default: false, describe: 'also edit project-scope files (repositories)' });
}

export function editOptions(argv: Readonly<Record<string, unknown>>): { servers: string[]; apply: boolean; includeProject: boolean } {
  const raw = argv.servers;
  const list: unknown[] = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const servers: string[] = [];
  for (const s of list) {
    if (typeof s !== 'string' || s === '') throw new UsageError('a server name must not be empty');
    servers.push(s);
  }
  return { servers, apply: argv.apply === true, includeProject: argv['include-project'] === true };
}

/**
 * How `fix`, `wrap` and `unwrap` spell a path: with `--root` (a repository), relative to the working
 * folder when the file lies inside it, else absolute (not `~/…`: `~` is this user's real home);
 * otherwise as renderOutcome does (`~/…`).
 */
export function shownPaths(root: string | undefined, cwd: string): [] | [(file: string) => string] {
  return root === undefined ? [] : [(file: string): string => relativeInside(path.resolve(cwd, root, file), cwd)];
}
