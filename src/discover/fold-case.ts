import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The key a layout's file system looks a name up by. APFS ignores case and Unicode normalization
 * (`café` as NFC U+00E9 or NFD `e` U+0301 opens the same file: the Apple File System Reference,
 * "Volume Flags", APFS_INCOMPAT_CASE_INSENSITIVE and APFS_INCOMPAT_NORMALIZATION_INSENSITIVE, the
 * default for macOS volumes, https://developer.apple.com/support/downloads/Apple-File-System-Reference.pdf);
 * NTFS ignores case only (names are stored as given, without normalization:
 * https://learn.microsoft.com/windows/win32/intl/using-unicode-normalization-to-represent-strings).
 */
export function lookupKey(name: string, platform: string): string {
  return platform === 'darwin' ? name.normalize('NFC').toLowerCase() : name.toLowerCase();
}

/**
 * Case-insensitive lookups (and, for macOS, normalization-insensitive ones) for macOS and Windows layouts read from a case-sensitive file system
 * (a copy audited with --root on Linux). APFS and NTFS open `.cursor/MCP.json` when a host asks
 * for `.cursor/mcp.json`; a byte-exact lookup would read it as absent and hide its servers.
 *
 * Folder listings are read once per run and indexed by lower-cased name (linear: a listed project
 * root's ~40 host locations cost one listing). Where a case-sensitive copy holds two names that
 * differ only in case (impossible on the original volume), the exact one wins, then the first in
 * code-point order.
 */
export class CaseFolder {
  constructor(readonly platform: string) {}

  /** Each folder's listing (names as on disk, and indexed by lookup key), or the error code it could not be listed with. */
  readonly #listings = new Map<string, { readonly names: readonly string[]; readonly index: Map<string, string[]> } | { readonly code: string }>();
  /** `spellings` answers, by base and path. */
  readonly #spelled = new Map<string, string[]>();

  /** The existing path `file` names ignoring case, or undefined. `file` itself when it exists as spelled. */
  resolve(file: string): string | undefined {
    if (exists(file)) return file;
    const parsed = path.parse(file);
    const segments = file.slice(parsed.root.length).split(path.sep).filter((s) => s !== '');
    // The deepest ancestor that exists as spelled (the home, a project root …) is the start.
    let start = segments.length - 1;
    while (start > 0 && !exists(path.join(parsed.root, ...segments.slice(0, start)))) start--;
    let dir = path.join(parsed.root, ...segments.slice(0, start));
    for (const seg of segments.slice(start)) {
      const names = this.#list(dir)?.get(lookupKey(seg, this.platform));
      if (names === undefined || names.length === 0) return undefined;
      const pick = names.includes(seg) ? seg : [...names].sort()[0] ?? seg;
      dir = path.join(dir, pick);
    }
    return dir;
  }

  /**
   * Every existing path below `base` that `file` names ignoring case, as spelled on disk, sorted:
   * what a case-insensitive volume would open for it. More than one means the copy holds names
   * that the original volume cannot hold side by side, so which one the host opens is not known.
   * `base` (the audited home) is taken as spelled, and so is a path outside it (this machine's own
   * files) or one with `.` or `..` segments (resolved by the kernel after symlinks, not as text).
   * A folder that exists but cannot be listed is passed through as spelled: the caller's own call
   * on the path then meets the folder's error.
   */
  spellings(file: string, base: string): string[] {
    const key = `${base}\0${file}`;
    const known = this.#spelled.get(key);
    if (known !== undefined) return known;
    const made = this.#spellings(file, base);
    this.#spelled.set(key, made);
    return made;
  }

  /** One path's spellings from its parent's (memoised): a walk of a tree costs one lookup per entry. */
  #spellings(file: string, base: string): string[] {
    const prefix = base.endsWith(path.sep) ? base : `${base}${path.sep}`;
    const segments = file.startsWith(prefix) ? file.slice(prefix.length).split(path.sep) : undefined;
    if (segments === undefined || segments.every((s) => s === '') || segments.some((s) => s === '.' || s === '..')) return exists(file) ? [file] : [];
    const seg = path.basename(file);
    const above = path.dirname(file);
    const parents = above.startsWith(prefix) ? this.spellings(above, base) : [base];
    const out: string[] = [];
    for (const dir of parents) {
      const listing = this.#listing(dir);
      if ('code' in listing) {
        if (listing.code !== 'ENOENT' && listing.code !== 'ENOTDIR') out.push(path.join(dir, seg));
        continue;
      }
      for (const name of listing.index.get(lookupKey(seg, this.platform)) ?? []) out.push(path.join(dir, name));
    }
    return out.sort();
  }

  /** The names in `dir` as read once per run (the folder as spelled), or undefined when it cannot be listed. */
  names(dir: string): readonly string[] | undefined {
    const listing = this.#listing(dir);
    return 'code' in listing ? undefined : listing.names;
  }

  #list(dir: string): Map<string, string[]> | undefined {
    const listing = this.#listing(dir);
    return 'code' in listing ? undefined : listing.index;
  }

  #listing(dir: string): { readonly names: readonly string[]; readonly index: Map<string, string[]> } | { readonly code: string } {
    const known = this.#listings.get(dir);
    if (known !== undefined) return known;
    let listing: { readonly names: readonly string[]; readonly index: Map<string, string[]> } | { readonly code: string };
    try {
      const names = readdirSync(dir);
      const index = new Map<string, string[]>();
      for (const name of names) {
        const k = lookupKey(name, this.platform);
        const list = index.get(k);
        if (list === undefined) index.set(k, [name]);
        else list.push(name);
      }
      listing = { names, index };
    } catch (e) {
      listing = { code: (e as NodeJS.ErrnoException).code ?? 'unreadable' };
    }
    this.#listings.set(dir, listing);
    return listing;
  }
}

function exists(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Which of `names` are in `dir`, matched as the layout's file system matches them: ignoring case
 * for macOS and Windows (APFS and NTFS find `NPX.CMD` when `npx.cmd` is asked for), byte-exact
 * otherwise. Each hit is the name as it is spelled on disk. A folder that exists but cannot be
 * listed answers `unlisted`: nothing in it is known to be absent.
 */
export function namesPresent(dir: string, names: readonly string[], platform: string): { present: string[] } | { unlisted: string } {
  if (platform !== 'win32' && platform !== 'darwin') {
    const present: string[] = [];
    for (const n of names) {
      try {
        if (lstatSync(path.join(dir, n), { throwIfNoEntry: false }) !== undefined) present.push(n);
      } catch (e) {
        return { unlisted: (e as NodeJS.ErrnoException).code ?? 'unreadable' };
      }
    }
    return { present };
  }
  let listing: string[];
  try {
    listing = readdirSync(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { present: [] };
    return { unlisted: code ?? 'unreadable' };
  }
  const wanted = new Set(names.map((n) => lookupKey(n, platform)));
  return { present: listing.filter((n) => wanted.has(lookupKey(n, platform))).sort() };
}
