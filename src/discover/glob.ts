import { isUtf8 } from 'node:buffer';
import { readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CaseFolder } from './fold-case.js';
import type { ExpandedPath } from './paths.js';

const GLOB_OPTIONS = { dot: true, onlyFiles: false, followSymbolicLinks: true, deep: 12, suppressErrors: true, unique: true } as const;

/** How a walk matches names: ignoring case on macOS and Windows layouts (APFS, NTFS). */
export interface GlobOptions {
  readonly noCase?: boolean;
  /** Resolves the literal base ignoring case when it is absent as spelled (fold-case.ts). */
  readonly folder?: Pick<CaseFolder, 'resolve'>;
}

/** A folder on the walk that could not be listed (EACCES …): what it holds is unknown. */
export interface UnlistedDir {
  readonly path: string;
  readonly reason: string;
}

/** A name a glob walk needed that is not valid UTF-8. */
export interface UndecodableName {
  /** The path as Node decodes it (U+FFFD for each bad byte). */
  readonly path: string;
  /** A valid name in the same folder decodes to the same path (and is read as usual). */
  readonly shadows: boolean;
}

/** What a glob location's walk found. */
export interface GlobResult {
  /** The paths it matched, sorted. */
  readonly files: readonly string[];
  /**
   * Names that are not valid UTF-8 and that the walk needed: a file the pattern matched, or a
   * folder it went to walk into. Node's string paths cannot open such a name (the decoded path
   * names nothing, or another file), so its config is unread; a host that reads names as bytes
   * (Codex and Amazon Q are Rust programs) can read it. Sorted. Always empty on Windows, whose
   * names are UTF-16.
   */
  readonly undecodable: readonly UndecodableName[];
  /** Folders on the walk that could not be listed (the base included). */
  readonly unlisted: readonly UnlistedDir[];
  /**
   * Other paths a matched file has: a real folder reached under two names (a second symlink to
   * it) is listed once, under the first; its files' paths under the other names are here. A host
   * deciding by path (Claude Code plugin enablement by `<marketplace>/<plugin>` folder names) may
   * know the file by any of them.
   */
  readonly aliases: ReadonlyMap<string, readonly string[]>;
  /**
   * Folders at the walk's depth cap (`GLOB_OPTIONS.deep` below the pattern's literal part) that
   * hold folders: what those hold was not read, though a `**` of the host's reaches it. Sorted.
   */
  readonly cut: readonly string[];
}

/**
 * The paths a glob location names. fast-glob is loaded only when the pattern's literal base
 * directory exists (startup time); symlinked folders are descended, each real folder once (no
 * loops), matched symlinks are returned and followed by the file reader. Non-files are returned too, so that a
 * FIFO or directory where a config belongs is reported rather than silently skipped.
 * The walk is fast-glob's synchronous API, which its README documents with the same options as
 * the Promise one (fast-glob 3.3.3 README "Synchronous"): the Promise walk took a thread-pool
 * trip per folder read, as the file reader's awaits did (read-file.ts); 3 ms on the bench home.
 *
 * Matches are taken relative and joined here: with `absolute`, fast-glob turns every backslash
 * of a match into a slash (out/providers/transformers/entry.js `unixify`), and on POSIX a
 * backslash is a name character (`a\b.json` read as absent).
 *
 * Its folder reads go through fast-glob's `fs` option (README "fs"), to see names that are not
 * valid UTF-8: a folder listing that holds U+FFFD is read again as bytes (the rare case only).
 * Without this, such a file read as absent and such a folder's configs were never seen: entries a host launches vanished from the audit.
 */
export async function globLocation(expanded: ExpandedPath, options: GlobOptions = {}): Promise<GlobResult> {
  if (expanded.pattern === undefined) return { files: [expanded.base], undecodable: [], unlisted: [], aliases: new Map(), cut: [] };
  let base = expanded.base;
  let kind = directoryKind(base);
  if (kind === 'absent' && options.folder !== undefined) {
    const folded = options.folder.resolve(base);
    if (folded !== undefined) { base = folded; kind = directoryKind(base); }
  }
  if (kind === 'absent') return { files: [], undecodable: [], unlisted: [], aliases: new Map(), cut: [] };
  if (kind !== 'directory') return { files: [], undecodable: [], unlisted: [{ path: base, reason: kind }], aliases: new Map(), cut: [] };
  const fg = (await import('fast-glob')).default;
  // fast-glob lists folders down to `deep` - 1 levels below the pattern's literal leading
  // segments and does not descend into the entries at `deep` (fast-glob@3.3.3
  // out/providers/filters/deep.js `_isSkippedByDeep`: an entry at level >= deep is not read).
  const pattern = expanded.pattern;
  const literal = pattern.split('/').findIndex((seg) => fg.isDynamicPattern(seg));
  const lastRead = (literal < 0 ? 0 : literal) + GLOB_OPTIONS.deep - 1;
  const cut: string[] = [];
  /** Decoded paths of names that are not valid UTF-8: true when a valid name decodes alike. */
  const bad = new Map<string, boolean>();
  const needed = new Map<string, boolean>();
  const unlisted: UnlistedDir[] = [];
  // Symbolic links to folders are followed (a marketplace or extension folder linked in): each
  // real folder is listed once, so a link back up the tree (a loop) or a second link to the same
  // folder adds nothing; the files found keep the path they were found at, their real path is
  // recorded by the reader.
  const visited = new Set<string>();
  /** Every name each real folder was reached under, the listed one first. */
  const names = new Map<string, string[]>();
  const read = ((dir: string, options?: { withFileTypes?: boolean }) => {
    const at = path.normalize(dir);
    let real: string;
    try {
      real = realpathSync.native(dir);
    } catch {
      real = at;
    }
    const known = names.get(real);
    if (known === undefined) names.set(real, [at]);
    else if (!known.includes(at)) known.push(at);
    if (visited.has(real)) return [];
    visited.add(real);
    try {
      const list = options?.withFileTypes === true ? readdirSync(dir, { withFileTypes: true }) : readdirSync(dir);
      const rel = path.relative(base, at);
      if (rel !== '' && rel.split(path.sep).length === lastRead && list.some((e) => typeof e !== 'string' && (e.isDirectory() || (e.isSymbolicLink() && isFolder(path.join(at, e.name)))))) cut.push(at);
      // The walk entered `at`: a shadowed bad name of the same decoded path was needed too.
      if (bad.get(at) === true) needed.set(at, true);
      if (process.platform !== 'win32' && list.some((e) => (typeof e === 'string' ? e : e.name).includes('\uFFFD'))) {
        const raws = readdirSync(dir, { encoding: 'buffer' });
        const valid = new Set(raws.filter((r) => isUtf8(r)).map((r) => r.toString('utf8')));
        for (const raw of raws) {
          if (isUtf8(raw)) continue;
          const name = raw.toString('utf8');
          bad.set(path.join(at, name), valid.has(name));
        }
      }
      return list;
    } catch (e: unknown) {
      if (bad.get(at) === false) needed.set(at, false);
      const code = e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : 'unreadable';
      if (code !== 'ENOENT' && code !== 'ENOTDIR' && bad.get(at) === undefined) unlisted.push({ path: at, reason: code });
      throw e;
    }
  }) as typeof readdirSync;
  const matches = fg.sync(pattern, {
    ...GLOB_OPTIONS, cwd: base, fs: { readdirSync: read }, ...(options.noCase === true ? { caseSensitiveMatch: false } : {}),
  });
  const files: string[] = [];
  for (const m of matches) {
    const p = path.join(base, m);
    const shadows = bad.get(p);
    if (shadows !== undefined) needed.set(p, shadows);
    if (shadows !== false) files.push(p);
  }
  const aliases = new Map<string, string[]>();
  for (const list of names.values()) {
    const [first, ...others] = list;
    if (first === undefined || others.length === 0) continue;
    for (const f of files) {
      if (!f.startsWith(first + path.sep)) continue;
      const rest = f.slice(first.length);
      const got = aliases.get(f) ?? [];
      for (const o of others) if (!got.includes(o + rest)) got.push(o + rest);
      aliases.set(f, got);
    }
  }
  const undecodable = [...needed].map(([p, shadows]) => ({ path: p, shadows })).sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  return { files: files.sort(), undecodable, unlisted: unlisted.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0)), aliases, cut: cut.sort() };
}

/** The files a glob location matches (globLocation's files). */
export async function globFiles(expanded: ExpandedPath, options: GlobOptions = {}): Promise<string[]> {
  return [...(await globLocation(expanded, options)).files];
}

/** A symbolic link the walk would follow into a folder. */
function isFolder(p: string): boolean {
  try {
    return statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

/** `directory`, `absent` (no entry, or not a folder), or why it cannot be known (EACCES …). */
function directoryKind(dir: string): 'directory' | 'absent' | string {
  try {
    const st = statSync(dir, { throwIfNoEntry: false });
    return st?.isDirectory() === true ? 'directory' : 'absent';
  } catch (e: unknown) {
    const code = e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : 'unreadable';
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'absent' : code;
  }
}
