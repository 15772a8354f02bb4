/**
 * The file access of a macOS or Windows home read from a case-sensitive copy (`--root` on Linux).
 * The host's volume opens a name ignoring case: APFS in its default, case-insensitive variant
 * (developer.apple.com/library/archive/documentation/FileManagement/Conceptual/APFS_Guide/FAQ/FAQ.html),
 * NTFS as Windows opens it ("Windows file system treats file and directory names as
 * case-insensitive", learn.microsoft.com/en-us/windows/wsl/case-sensitivity). So a `~/.NPMRC` is
 * the `~/.npmrc` npm reads, `~/Node_Modules` the local tree npx runs from, `~/.config/UV/UV.toml`
 * uv's user config. Every lookup the grader makes below the home goes through one of these
 * wrappers, so each fixed spelling it asks for finds the entry the host would open.
 *
 * A name that matches several entries differing only in case (the copy holds what the volume
 * cannot) fails closed: its state is an error, its contents are unread (a config file is a
 * problem, a store file unreadable), so nothing built on it is proven; a folder named so lists the
 * names of all of them. Folder listings are read once per audit (discover/fold-case.ts CaseFolder).
 */
import path from 'node:path';
import { CaseFolder } from '../../discover/fold-case.js';
import { caseInsensitiveLayout } from '../../discover/paths.js';
import type { ReadOutcome } from '../../discover/read-file.js';
import type { PathState, StoreFiles } from '../../proxies/store-types.js';
import { pinStoreUnreadable } from '../../rules/pin-store-unreadable.js';
import { finding } from '../../rules/types.js';
import type { Platform } from '../../shared/env.js';
import type { ArtifactFiles } from './artifact-files.js';

/** What a path names on the volume: one entry (as spelled on disk, or as asked when absent), or several that differ only in case. */
type Spelled = { readonly one: string } | { readonly several: readonly string[] };

export interface CaseFold {
  spell(p: string): Spelled;
  /** The names in a folder (as spelled on disk), read once per audit; undefined when it cannot be listed. */
  names(dir: string): readonly string[] | undefined;
  /** The one existing spelling discovery would open (exact first): for the globbed session folders (discover/glob.ts). */
  resolve(file: string): string | undefined;
}

/**
 * The folding for an audit, or undefined where lookups are byte-exact already right: a Linux
 * layout, or a macOS/Windows layout read on its own (case-insensitive) kind of volume.
 * `machine` is where the files are (Env.platform), `layout` the OS whose home is audited.
 */
export function caseFoldFor(home: string, layout: Platform, machine: Platform): CaseFold | undefined {
  if (!caseInsensitiveLayout(layout) || machine !== 'linux') return undefined;
  const folder = new CaseFolder(layout);
  // A tree walk asks for each of its entries once or twice (lstat, then readdir): one answer each.
  const known = new Map<string, Spelled>();
  const spell = (p: string): Spelled => {
    const got = known.get(p);
    if (got !== undefined) return got;
    const made = spellOnce(p);
    known.set(p, made);
    return made;
  };
  const spellOnce = (p: string): Spelled => {
    const found = folder.spellings(p, home);
    const [first, second] = found;
    if (second !== undefined) return { several: found };
    if (first !== undefined) return { one: first };
    // Absent: the folders above it as the volume spells them, so an error on the way (a file
    // where a folder should be, one that cannot be listed) is the one the host meets.
    const parent = path.dirname(p);
    if (parent === p || parent === home || !p.startsWith(`${home}${path.sep}`)) return { one: p };
    const above = spell(parent);
    return 'one' in above ? { one: path.join(above.one, path.basename(p)) } : above;
  };
  return { spell, names: (d) => folder.names(d), resolve: (f) => folder.resolve(f) };
}

const SEVERAL = (names: readonly string[]): string => `several entries differ only in case (${names.join(', ')}): which one the volume holds is not known`;

/** The names of every folder `dirs` spells, merged: a listing of what any of them could hold. */
function merged(fold: CaseFold, dirs: readonly string[]): readonly string[] {
  const all = new Set<string>();
  for (const d of dirs) for (const n of fold.names(d) ?? []) all.add(n);
  return [...all].sort();
}

/** The artifact reads (program, runner trees, installs) as the host's volume answers them. */
export function caseFoldedFiles(files: ArtifactFiles, fold: CaseFold): ArtifactFiles {
  const state = (p: string, how: (q: string) => Promise<PathState>): Promise<PathState> => {
    const s = fold.spell(p);
    return 'one' in s ? how(s.one) : Promise.resolve({ kind: 'error', reason: SEVERAL(s.several) });
  };
  const read = <T>(p: string, how: (q: string) => Promise<T | undefined>): Promise<T | undefined> => {
    const s = fold.spell(p);
    return 'one' in s ? how(s.one) : Promise.resolve(undefined);
  };
  const list = (p: string): readonly string[] | undefined => {
    const s = fold.spell(p);
    return 'one' in s ? fold.names(s.one) : merged(fold, s.several);
  };
  return {
    lstat: (p) => state(p, (q) => files.lstat(q)),
    stat: (p) => state(p, (q) => files.stat(q)),
    realpath: (p) => read(p, (q) => files.realpath(q)),
    readlink: (p) => read(p, (q) => files.readlink(q)),
    head: (p, bytes) => read(p, (q) => files.head(q, bytes)),
    readDir: (p) => Promise.resolve(list(p)),
    lstatSync(p) {
      const s = fold.spell(p);
      return 'one' in s ? files.lstatSync(s.one) : { kind: 'error', reason: SEVERAL(s.several) };
    },
    readDirSync: list,
    readText: (p) => read(p, (q) => files.readText(q)),
    sha256: (p) => read(p, (q) => files.sha256(q)),
  };
}

/** The config files of a launch (~/.npmrc, uv.toml, pip.conf …) and the home's session files (~/.zshenv …) as the host's volume opens them. */
export function caseFoldedRead(read: (p: string, maxBytes?: number) => Promise<ReadOutcome>, fold: CaseFold): (p: string, maxBytes?: number) => Promise<ReadOutcome> {
  return (p, maxBytes) => {
    const s = fold.spell(p);
    return 'one' in s ? read(s.one, maxBytes) : Promise.resolve({ kind: 'problem', problem: 'unreadable', detail: SEVERAL(s.several) });
  };
}

/** The store inspectors' file toolkit (pin files, their folders, indexes) as the host's volume opens them. */
export function caseFoldedStoreFiles(files: StoreFiles, fold: CaseFold): StoreFiles {
  return {
    async checkStoreFile(p, subject, ctx) {
      const s = fold.spell(p);
      if ('one' in s) return files.checkStoreFile(s.one, subject, ctx);
      return { state: 'bad', findings: [finding(pinStoreUnreadable, { ...subject, path: p, reason: SEVERAL(s.several) })] };
    },
    async dirFindings(p, subject, ctx) {
      const s = fold.spell(p);
      if ('one' in s) return files.dirFindings(s.one, subject, ctx);
      return [finding(pinStoreUnreadable, { ...subject, path: p, reason: SEVERAL(s.several) })];
    },
    async aclFindings(label, target, subject, ctx) {
      const s = fold.spell(target);
      if ('one' in s) return files.aclFindings(label, s.one, subject, ctx);
      return [finding(pinStoreUnreadable, { ...subject, path: label, reason: SEVERAL(s.several) })];
    },
    async readSmallFile(p) {
      const s = fold.spell(p);
      return 'one' in s ? files.readSmallFile(s.one) : { ok: false, reason: SEVERAL(s.several) };
    },
    async lstat(p) {
      const s = fold.spell(p);
      return 'one' in s ? files.lstat(s.one) : { kind: 'error', reason: SEVERAL(s.several) };
    },
    async readDir(p) {
      const s = fold.spell(p);
      if ('several' in s) return { ok: true, names: merged(fold, s.several) };
      return files.readDir(s.one);
    },
  };
}
