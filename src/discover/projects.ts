import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { HostDefinition } from '../hosts/types.js';
import type { ParsedDocument } from '../parse/document.js';
import { isObject } from '../parse/normalize.js';
import type { FloorCause } from './floor.js';
import { mapRecordedPath, type PathContext } from './paths.js';

/**
 * Why a directory is scanned as a project root: `listed:<host>` = recorded in that host's config;
 * `walk:<host>` = a folder above a root that the host reads on its way up to the project root.
 */
export type ProjectSource = 'cwd' | 'cwd-ancestor' | 'flag' | `listed:${string}` | `walk:${string}`;

export interface ProjectRoot {
  readonly path: string;
  readonly sources: readonly ProjectSource[];
  /** The path as recorded in a host file, when it differs from `path` (--root rebasing). */
  readonly recordedAs?: string;
}

/** Collects project roots, deduplicated by resolved path, in first-seen order. */
export class ProjectRoots {
  readonly #roots = new Map<string, { path: string; sources: ProjectSource[]; recordedAs?: string }>();

  add(dir: string, source: ProjectSource, recordedAs?: string): void {
    const key = path.resolve(dir);
    const existing = this.#roots.get(key);
    if (existing !== undefined) {
      if (!existing.sources.includes(source)) existing.sources.push(source);
      return;
    }
    this.#roots.set(key, { path: key, sources: [source], ...(recordedAs !== undefined && recordedAs !== key ? { recordedAs } : {}) });
  }

  list(): readonly ProjectRoot[] {
    return [...this.#roots.values()];
  }
}

/**
 * The current directory and its ancestors, stopping before the home (the home itself is a
 * project only when it is the cwd) and at the filesystem root. When auditing a --root, only a cwd
 * inside that root is walked: the real cwd belongs to another tree.
 */
export function cwdAncestors(cwd: string, home: string, auditRoot: boolean): { dir: string; source: ProjectSource }[] {
  const start = path.resolve(cwd);
  const homeDir = path.resolve(home);
  const inside = start === homeDir || start.startsWith(homeDir + path.sep);
  if (auditRoot && !inside) return [];
  const out: { dir: string; source: ProjectSource }[] = [];
  let dir = start;
  for (;;) {
    if (dir === homeDir && out.length > 0) break;
    out.push({ dir, source: out.length === 0 ? 'cwd' : 'cwd-ancestor' });
    const parent = path.dirname(dir);
    if (parent === dir || dir === homeDir) break;
    dir = parent;
  }
  return out;
}

/**
 * The folders above the known roots that hosts walking up to their project root read
 * (`HostDefinition.projectWalk`): for each root, its ancestors up to the nearest one holding a
 * marker (inclusive), never the home or above it; with no marker, none (`self`), every ancestor
 * below the home (`home`) or those and the home (`root`). Roots themselves are left out (they are checked for every host).
 * Marker checks are cached per folder: each folder is looked at once however many roots share it.
 */
export function walkedDirs(
  hosts: readonly HostDefinition[], roots: readonly ProjectRoot[], home: string, markersOf: ReadonlyMap<string, readonly string[]> = new Map(),
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const walkers = hosts.filter((h) => h.projectWalk !== undefined);
  if (walkers.length === 0) return out;
  const known = new Set(roots.map((r) => r.path));
  const stop = path.resolve(home);
  const marked = new Map<string, boolean>();
  const hasMarker = (dir: string, markers: readonly string[]): boolean => {
    const key = `${dir}\0${markers.join('\0')}`;
    let v = marked.get(key);
    if (v === undefined) {
      v = markers.some((m) => {
        try {
          return lstatSync(path.join(dir, m), { throwIfNoEntry: false }) !== undefined;
        } catch {
          return false;
        }
      });
      marked.set(key, v);
    }
    return v;
  };
  for (const host of walkers) {
    const walk = host.projectWalk;
    if (walk === undefined) continue;
    const markers = markersOf.get(host.id) ?? walk.markers;
    for (const root of roots) {
      const start = path.resolve(root.path);
      if (!(start === stop || start.startsWith(stop + path.sep)) || hasMarker(start, markers)) continue;
      const above: string[] = [];
      let found = false;
      for (let d = path.dirname(start); d !== stop && d.startsWith(stop + path.sep); d = path.dirname(d)) {
        above.push(d);
        if (hasMarker(d, markers)) { found = true; break; }
      }
      if (!found && walk.withoutMarker === 'self') continue;
      // Up to the filesystem root: the home is on the way (what lies above it is outside the audited tree).
      if (!found && walk.withoutMarker === 'root' && start !== stop) above.push(stop);
      for (const d of above) {
        if (known.has(d)) continue;
        let set = out.get(d);
        if (set === undefined) out.set(d, (set = new Set()));
        set.add(host.id);
      }
    }
  }
  return out;
}

/** A read user-scope file of a host, as discovery holds it. */
interface ReadFile {
  readonly host: { readonly id: string };
  readonly location: { readonly path: string };
  readonly check: { readonly path: string };
  readonly doc?: ParsedDocument | undefined;
}

/**
 * The project-root markers each host's setting gives (`ProjectWalk.markersSetting`), from the read
 * files in their merge order (a later value wins). A value that is not a list of strings is a
 * floor cause (the host refuses it; which markers it then uses is not known); hosts without a
 * value keep their default markers (absent from the map).
 */
export function walkMarkers(hosts: readonly HostDefinition[], read: readonly ReadFile[]): { markers: Map<string, readonly string[]>; floor: FloorCause[] } {
  const markers = new Map<string, readonly string[]>();
  const floor: FloorCause[] = [];
  for (const host of hosts) {
    const setting = host.projectWalk?.markersSetting;
    if (setting === undefined) continue;
    for (const file of setting.files) {
      for (const c of read) {
        if (c.host.id !== host.id || c.location.path !== file || c.doc === undefined) continue;
        let value: unknown = c.doc.value;
        for (const k of setting.key) value = isObject(value) && Object.hasOwn(value, k) ? value[k] : undefined;
        if (value === undefined) continue;
        if (Array.isArray(value) && value.every((m): m is string => typeof m === 'string')) { markers.set(host.id, value); continue; }
        markers.delete(host.id);
        floor.push({
          kind: 'not-followed', path: c.check.path, hosts: [host.id],
          detail: `${c.check.path} sets ${setting.key.join('.')} to a value that is not a list of strings; which project roots ${host.id} then uses is not known`,
        });
      }
    }
  }
  return { markers, floor };
}

type Listed = readonly { readonly dir: string; readonly recorded: string; readonly table?: Readonly<Record<string, unknown>> }[];

/**
 * Read once per document, key path and context: discovery (the project roots) and the name
 * switches (trust) both read the same ~/.claude.json `projects`, which may have 100,000 keys.
 */
const LISTED = new WeakMap<ParsedDocument, Map<string, { readonly ctx: PathContext; readonly listed: Listed }>>();

/** Project paths listed as keys of the object at `keyPath` (~/.claude.json, Codex `[projects]`). */
export function listedProjects(doc: ParsedDocument, keyPath: readonly string[], ctx: PathContext): Listed {
  let byKey = LISTED.get(doc);
  if (byKey === undefined) LISTED.set(doc, (byKey = new Map<string, { readonly ctx: PathContext; readonly listed: Listed }>()));
  const key = keyPath.join('\0');
  const known = byKey.get(key);
  if (known !== undefined && known.ctx === ctx) return known.listed;
  const listed = readListed(doc, keyPath, ctx);
  byKey.set(key, { ctx, listed });
  return listed;
}

function readListed(doc: ParsedDocument, keyPath: readonly string[], ctx: PathContext): Listed {
  let value: unknown = doc.value;
  for (const k of keyPath) value = isObject(value) && Object.hasOwn(value, k) ? value[k] : undefined;
  if (!isObject(value)) return [];
  const out: { dir: string; recorded: string; table?: Readonly<Record<string, unknown>> }[] = [];
  // for-in, not Object.entries: ~/.claude.json records every folder Claude Code was opened in.
  for (const recorded in value) {
    if (!Object.hasOwn(value, recorded)) continue;
    const table = value[recorded];
    const dir = mapRecordedPath(recorded, ctx);
    if (dir !== undefined) out.push(isObject(table) ? { dir, recorded, table } : { dir, recorded });
  }
  return out;
}

/**
 * The folder a project index records: a `file://` URI (Windows drive URIs such as
 * `file:///c%3A/Users/u/app` included) or an absolute path, mapped like other recorded paths.
 * Remote URIs (`vscode-remote://…`) name no local folder and give undefined.
 */
export function indexedFolder(value: unknown, ctx: PathContext): { dir: string; recorded: string } | undefined {
  if (typeof value !== 'string') return undefined;
  let recorded = value;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    if (!value.startsWith('file://')) return undefined;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(value).pathname);
    } catch {
      return undefined;
    }
    recorded = pathname.replace(/^\/([A-Za-z]:)/, '$1');
  }
  const dir = mapRecordedPath(recorded, ctx);
  return dir === undefined ? undefined : { dir, recorded };
}
