import { isUtf8 } from 'node:buffer';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ExpandedPath } from './paths.js';

const GLOB_OPTIONS = { dot: true, onlyFiles: false, followSymbolicLinks: false, deep: 12, suppressErrors: true, unique: true } as const;

/** What a glob location's walk found. */
export interface GlobResult {
  /** The paths it matched, sorted. */
  readonly files: readonly string[];
  /**
   * Paths, as Node decodes them (U+FFFD for each bad byte), of names that are not valid UTF-8 and
   * that the walk needed: a file the pattern matched, or a folder it went to walk into. Node's
   * string paths cannot open such a name (the decoded path names nothing), so its config is
   * unread; a host that reads names as bytes (Codex and Amazon Q are Rust programs) can read it.
   * Sorted. Always empty on Windows, whose names are UTF-16.
   */
  readonly undecodable: readonly string[];
}

/**
 * The paths a glob location names. fast-glob is loaded only when the pattern's literal base
 * directory exists (startup time); symlinked folders are not descended (no loops), matched
 * symlinks are returned and followed by the file reader. Non-files are returned too, so that a
 * FIFO or directory where a config belongs is reported rather than silently skipped.
 * The walk is fast-glob's synchronous API, which its README documents with the same options as
 * the Promise one (fast-glob 3.3.3 README "Synchronous"): the Promise walk took a thread-pool
 * trip per folder read, as the file reader's awaits did (read-file.ts); 3 ms on the bench home.
 *
 * Its folder reads go through fast-glob's `fs` option (README "fs"), to see names that are not
 * valid UTF-8: a folder listing that holds U+FFFD is read again as bytes (the rare case only).
 * Without this, such a file read as absent and such a folder's configs were never seen (red
 * team red8): entries a host launches vanished from the audit.
 */
export async function globLocation(expanded: ExpandedPath): Promise<GlobResult> {
  if (expanded.pattern === undefined) return { files: [expanded.base], undecodable: [] };
  if (!isDirectory(expanded.base)) return { files: [], undecodable: [] };
  const fg = (await import('fast-glob')).default;
  const bad = new Set<string>();
  const entered = new Set<string>();
  const read = ((dir: string, options?: { withFileTypes?: boolean }) => {
    try {
      const list = options?.withFileTypes === true ? readdirSync(dir, { withFileTypes: true }) : readdirSync(dir);
      if (process.platform !== 'win32' && list.some((e) => (typeof e === 'string' ? e : e.name).includes('\uFFFD'))) {
        for (const raw of readdirSync(dir, { encoding: 'buffer' })) if (!isUtf8(raw)) bad.add(path.join(dir, raw.toString('utf8')));
      }
      return list;
    } catch (e: unknown) {
      if (bad.has(path.normalize(dir))) entered.add(path.normalize(dir));
      throw e;
    }
  }) as typeof readdirSync;
  const matches = fg.sync(expanded.pattern, { ...GLOB_OPTIONS, cwd: expanded.base, absolute: true, fs: { readdirSync: read } });
  const files: string[] = [];
  for (const m of matches) {
    const p = path.normalize(m);
    if (bad.has(p)) entered.add(p);
    else files.push(p);
  }
  return { files: files.sort(), undecodable: [...entered].sort() };
}

/** The files a glob location matches (globLocation's files). */
export async function globFiles(expanded: ExpandedPath): Promise<string[]> {
  return [...(await globLocation(expanded)).files];
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
