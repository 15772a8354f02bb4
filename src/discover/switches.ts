import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isObject } from '../parse/normalize.js';
import type { ServerEntry } from '../parse/types.js';
import { cachedJsonValue, type FileCache, type FileCheck } from './check-file.js';
import { expandAll, mapRecordedPath, resolvedDir, type PathContext } from './paths.js';
import { listedProjects, type ProjectRoot } from './projects.js';
import type { HostDefinition, HostLocation, NameSwitch } from '../hosts/types.js';
import { extend } from '../shared/extend.js';
import { entryWith } from '../parse/entry-with.js';

/** A checked file with the host and location it was checked for. */
export interface LocatedCheck extends FileCheck {
  readonly host: HostDefinition;
  readonly location: HostLocation;
}

/**
 * Applies the hosts' name switches (types.ts `NameSwitch`) to the entries of each checked file:
 * an entry a deny list names, or an allow list omits, becomes `disabled` with `disabledBy`
 * naming the list and its file. In a file other hosts also read (`sharedWith`), the entry stays
 * enabled and the switch is recorded in `disabledOnlyFor`: those hosts still launch it.
 */
export async function applySwitches(
  checks: readonly LocatedCheck[], ctx: PathContext, cache: FileCache, roots: readonly ProjectRoot[],
): Promise<LocatedCheck[]> {
  const listings = projectListings(checks, ctx);
  // Each project's root by path, built once (the first one recorded wins, as a find over the list did).
  const rootByPath = new Map<string, ProjectRoot>();
  for (const r of roots) if (!rootByPath.has(r.path)) rootByPath.set(r.path, r);
  return Promise.all(checks.map(async (c) => {
    let entries: readonly ServerEntry[] = c.entries;
    const listing = c.location.onlyListedProjects === true && c.check.project !== undefined ? listings.get(c.host.id) : undefined;
    // Trust is looked up only for a file with entries to switch off (a walk up the folders per check otherwise).
    if (listing !== undefined && c.check.project !== undefined && entries.length > 0 && !await trusted(listing.roots, c.check.project, c.location, ctx)) {
      const by = `the project is not listed in ${listing.where}: ${c.host.name} loads this file only for trusted projects`;
      entries = entries.map((e) => (e.disabled ? e : entryWith(e, { disabled: true, disabledBy: by })));
    }
    const switches = (c.host.switches ?? []).filter((s) => s.governs === c.location.path || s.governs === '*');
    if (switches.length === 0 || entries.length === 0) return entries === c.entries ? c : extend(c, { entries });
    for (const sw of switches) {
      // One list per copy of the switch file (relocations included): a switch turns an entry off
      // only when every copy is readable and turns it off (which copy the host reads is not known).
      const lists = await loadNames(sw, c, ctx, cache, rootByPath);
      if (lists === undefined || lists.length === 0) continue;
      const sets = lists.map((l) => new Set(l.names));
      const listedIn = (names: ReadonlySet<string>, name: string): boolean => names.has(sw.lowercase === true ? name.toLowerCase() : name);
      const off = (name: string): boolean => sets.every((names) => (sw.kind === 'allow' ? !listedIn(names, name) : listedIn(names, name)));
      const where = lists.map((l) => l.where).join(' and ');
      const by = sw.kind === 'off-map' ? `"${sw.field ?? 'enabled'}": false for it in ${where}` : `${sw.kind === 'deny' ? 'listed in' : 'not listed in'} ${where}`;
      const shared = (c.location.sharedWith ?? []).length > 0;
      entries = entries.map((e) => {
        if (e.disabled || !off(e.name)) return e;
        if (!shared) return entryWith(e, { disabled: true, disabledBy: by });
        return entryWith(e, { disabledOnlyFor: [...(e.disabledOnlyFor ?? []), { host: c.host.id, by }] });
      });
    }
    return extend(c, { entries });
  }));
}

/**
 * Per host, the project roots its user configs list (`listsProjects`), read whether or not
 * project scanning is on. A host is absent from the map when one of those files is in error
 * (the listing is unknown, so nothing is marked).
 */
function projectListings(checks: readonly LocatedCheck[], ctx: PathContext): Map<string, { roots: Map<string, boolean>; where: string }> {
  const out = new Map<string, { roots: Map<string, boolean>; where: string }>();
  const unknown = new Set<string>();
  for (const c of checks) {
    const key = c.location.listsProjects;
    if (key === undefined || c.check.project !== undefined) continue;
    if (c.check.status === 'error') { unknown.add(c.host.id); continue; }
    const listing = out.get(c.host.id) ?? { roots: new Map<string, boolean>(), where: '' };
    if (c.check.status === 'found' || listing.where === '') listing.where = `${key.join('.')} of ${c.check.path}`;
    const trust = c.location.trustKey;
    if (c.doc !== undefined) {
      for (const p of listedProjects(c.doc, key, ctx)) {
        const dir = resolvedDir(p.dir);
        // A root listed trusted in any readable user config stays trusted.
        listing.roots.set(dir, listing.roots.get(dir) === true || trust === undefined || p.table?.[trust.key] === trust.value);
      }
    }
    if (trust !== undefined && !listing.where.includes(trust.key)) listing.where += ` with ${trust.key} = "${trust.value}"`;
    out.set(c.host.id, listing);
  }
  for (const id of unknown) out.delete(id);
  return out;
}

/**
 * Whether the host loads a project file of `root`: the root's own listing decides; an unlisted
 * root takes its project root's (`trustFromProjectRoot`: the nearest ancestor, up to the audited
 * home, holding a marker), then, with `repositoryRoot`, its main repository's (a linked worktree
 * takes the trust of the checkout it was added from); else it is untrusted.
 */
async function trusted(roots: ReadonlyMap<string, boolean>, root: string, location: HostLocation, ctx: PathContext): Promise<boolean> {
  const dir = path.resolve(root);
  const own = roots.get(dir);
  if (own !== undefined) return own;
  const from = location.trustFromProjectRoot;
  if (from === undefined) return false;
  const stop = path.resolve(ctx.home);
  for (let d = dir; ; d = path.dirname(d)) {
    if (await hasAny(d, from.markers)) {
      const projectRoot = roots.get(d);
      if (projectRoot !== undefined) return projectRoot;
      break;
    }
    if (d === stop || path.dirname(d) === d) break;
  }
  if (from.repositoryRoot === undefined) return false;
  const repo = await repositoryRoot(dir, stop, ctx);
  return repo !== undefined && roots.get(repo) === true;
}

/**
 * The root of the main repository of the checkout holding `dir`: the nearest folder (up to the
 * audited home) with a `.git`; a `.git` folder is its own repository's, a `.git` file
 * `gitdir: <main>/.git/worktrees/<name>` (a linked worktree) names the main checkout <main>.
 */
async function repositoryRoot(dir: string, stop: string, ctx: PathContext): Promise<string | undefined> {
  for (let d = dir; ; d = path.dirname(d)) {
    const dotGit = path.join(d, '.git');
    let isDir: boolean | undefined;
    try {
      isDir = (await fs.lstat(dotGit)).isDirectory();
    } catch {
      // absent or unreadable: look further up
    }
    if (isDir === true) return d;
    if (isDir === false) {
      let text: string;
      try {
        text = await fs.readFile(dotGit, 'utf8');
      } catch {
        return undefined;
      }
      const first = text.trim();
      if (!first.startsWith('gitdir:')) return undefined;
      const recorded = first.slice('gitdir:'.length).trim();
      if (recorded === '') return undefined;
      const gitDir = path.isAbsolute(recorded) || path.win32.isAbsolute(recorded) ? mapRecordedPath(recorded, ctx) : path.resolve(d, recorded);
      if (gitDir === undefined) return undefined;
      const worktrees = path.dirname(path.resolve(gitDir));
      if (path.basename(worktrees) !== 'worktrees') return undefined;
      return resolvedDir(path.dirname(path.dirname(worktrees)));
    }
    if (d === stop || path.dirname(d) === d) return undefined;
  }
}

async function hasAny(dir: string, markers: readonly string[]): Promise<boolean> {
  for (const m of markers) {
    try {
      await fs.lstat(path.join(dir, m));
      return true;
    } catch {
      // absent or unreadable: not this marker
    }
  }
  return false;
}

async function loadNames(
  sw: NameSwitch, c: LocatedCheck, ctx: PathContext, cache: FileCache, rootByPath: ReadonlyMap<string, ProjectRoot>,
): Promise<{ names: readonly string[]; where: string }[] | undefined> {
  const project = c.check.project;
  const copies: { value: unknown; file: string }[] = [];
  if (sw.file === 'self') copies.push({ value: c.doc?.value, file: c.check.path });
  else {
    for (const expanded of expandAll(sw.file, ctx, c.host.dirVariables, project)) {
      const value = await cachedJsonValue(cache, expanded.base);
      // A copy that cannot be read may be the one the host reads: nothing is decided.
      if (value === undefined) return undefined;
      copies.push({ value, file: expanded.base });
    }
  }
  const root = project !== undefined ? rootByPath.get(project) : undefined;
  const projectKey = root?.recordedAs ?? project;
  const out: { names: readonly string[]; where: string }[] = [];
  for (const copy of copies) {
    let value = copy.value;
    for (const k of sw.key) {
      const key = k === '<project-key>' ? projectKey : k;
      value = key !== undefined && isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    }
    if (sw.kind === 'off-map') {
      if (!isObject(value)) return undefined;
      const field = sw.field ?? 'enabled';
      const names = Object.entries(value).filter(([, v]) => isObject(v) && v[field] === false).map(([k]) => k);
      out.push({ names, where: sw.key.length > 0 ? `${sw.key.join('.')} of ${copy.file}` : copy.file });
      continue;
    }
    if (!Array.isArray(value)) return undefined;
    const names = value.filter((v: unknown): v is string => typeof v === 'string').map((v) => (sw.lowercase === true ? v.toLowerCase() : v));
    out.push({ names, where: `${sw.key.join('.')} of ${copy.file}` });
  }
  return out;
}
