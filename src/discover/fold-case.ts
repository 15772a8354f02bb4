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

  readonly #listings = new Map<string, Map<string, string[]> | undefined>();

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

  #list(dir: string): Map<string, string[]> | undefined {
    if (this.#listings.has(dir)) return this.#listings.get(dir);
    let index: Map<string, string[]> | undefined;
    try {
      index = new Map();
      for (const name of readdirSync(dir)) {
        const k = lookupKey(name, this.platform);
        const list = index.get(k);
        if (list === undefined) index.set(k, [name]);
        else list.push(name);
      }
    } catch {
      index = undefined;
    }
    this.#listings.set(dir, index);
    return index;
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
