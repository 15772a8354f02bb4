import path from 'node:path';
import type { ParsedDocument } from '../parse/document.js';
import { isObject } from '../parse/normalize.js';
import { mapRecordedPath, type PathContext } from './paths.js';

/** Why a directory is scanned as a project root: `listed:<host>` = recorded in that host's config. */
export type ProjectSource = 'cwd' | 'cwd-ancestor' | 'flag' | `listed:${string}`;

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
