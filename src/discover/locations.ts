import path from 'node:path';
import type { ConfigIncludes, Container, HostDefinition, HostLocation, UsesBlocks } from '../hosts/types.js';
import type { PointerSegment } from '../parse/document.js';
import { entryWith } from '../parse/entry-with.js';
import { isObject, type FileReference } from '../parse/normalize.js';
import { toPointer } from '../parse/document.js';
import { extend } from '../shared/extend.js';
import { append } from '../shared/lists.js';
import { absentCheck, checkFile, undecodableCheck, type FileCache, type FileCheck } from './check-file.js';
import { globLocation } from './glob.js';
import { caseInsensitiveLayout, expandAll, expandBraces, mapRecordedPath, type ExpandedPath, type PathContext } from './paths.js';
import type { LocatedCheck } from './switches.js';

/**
 * Checks one host location: every brace variant, every relocation of it by the host's directory
 * variables (paths.ts `expandAll`), every file a glob names, and every indirection the host
 * follows from there: a backup it restores (`fallbacks`), files a manifest names
 * (`Container.references`). A folder on the way that cannot be listed is a `config-unreadable`
 * error check (its contents are unknown: the count is a floor).
 */
export async function checkLocation(
  host: HostDefinition, location: HostLocation, ctx: PathContext, cache: FileCache, project: string | undefined, skip?: ReadonlySet<string>,
): Promise<LocatedCheck[]> {
  const expanded = expandBraces(location.path).flatMap((t) => expandAll(t, ctx, host.dirVariables, project));
  const results = await Promise.all(expanded.map((e) => checkExpanded(host, location, e, ctx, cache, project, skip)));
  return results.flat().map((c) => extend(c, { host, location }));
}

/** checkLocation's records for a location under a project root known to have no directory entry. */
export function absentLocation(host: HostDefinition, location: HostLocation, ctx: PathContext, project: string): LocatedCheck[] {
  const out: LocatedCheck[] = [];
  for (const template of expandBraces(location.path)) {
    for (const expanded of expandAll(template, ctx, host.dirVariables, project)) {
      const check = expanded.pattern === undefined ? absentCheck(host, location, expanded.base, { project }) : noMatch(host, location, expanded.display, { project });
      out.push(extend(check, { host, location }));
    }
  }
  return out;
}

/** Why a name that is not valid UTF-8 is unread (glob.ts GlobResult.undecodable). */
const UNDECODABLE = 'a name on its path is not valid UTF-8: mcp-audit cannot open it; a host that reads names as bytes can';
const UNDECODABLE_BESIDE = 'another name here is not valid UTF-8 and reads as this one: mcp-audit cannot open that one; a host that reads names as bytes can';

/** The record of a glob location that matched no file. */
function noMatch(host: HostDefinition, location: HostLocation, display: string, extra: { readonly project?: string }): FileCheck {
  const format = location.format ?? host.format;
  return {
    check: {
      host: host.id, scope: location.scope, path: display, status: 'absent', format, entries: 0, serversKey: false,
      pattern: display, ...extra, ...(location.unverified === true ? { unverified: true as const } : {}),
    },
    entries: [], findings: [],
  };
}

async function checkExpanded(
  host: HostDefinition, location: HostLocation, expanded: ExpandedPath, ctx: PathContext, cache: FileCache, project: string | undefined,
  skip?: ReadonlySet<string>,
): Promise<FileCheck[]> {
  const extra = project !== undefined ? { project } : {};
  const wanted = (file: string): boolean => skip === undefined || !skip.has(`${host.id}\0${file}`);
  if (expanded.pattern === undefined) {
    if (!wanted(expanded.base)) return [];
    return followed(host, location, await checkFile(host, location, expanded.base, cache, extra), ctx, cache, extra);
  }
  const noCase = caseInsensitiveLayout(ctx.platform);
  const { files, undecodable, unlisted, aliases, cut } = await globLocation(expanded, { noCase, ...(cache.folder !== undefined ? { folder: cache.folder } : {}) });
  // The walk's depth cap, where the host's own walk goes on: what lies deeper is not read.
  for (const dir of cut) {
    cache.floor.push({ kind: 'not-followed', path: dir, hosts: [host.id], detail: `folders below ${dir} were not searched (past the depth the audit walks for ${expanded.display}): ${host.name} may read files there` });
  }
  if (files.length === 0 && undecodable.length === 0 && unlisted.length === 0) return [noMatch(host, location, expanded.display, extra)];
  const at = { ...extra, pattern: expanded.display };
  // A name the walk met that is not valid UTF-8: config-unreadable, never absent (nor unseen).
  const unread = undecodable.filter((u) => wanted(u.path))
    .map((u) => undecodableCheck(host, location, u.path, cache, at, u.shadows ? UNDECODABLE_BESIDE : UNDECODABLE));
  for (const u of unlisted) cache.unlisted.add(u.path);
  const unlistedChecks = unlisted.map((u) => undecodableCheck(host, location, u.path, cache, at, `this folder on ${host.name}'s lookup path cannot be listed (${u.reason}): the files in it are unknown`));
  const checks = await Promise.all(files.filter(wanted).map(async (m) => {
    const c = await checkFile(host, location, m, cache, at);
    const other = aliases.get(m);
    return followed(host, location, other !== undefined ? { ...c, aliases: other } : c, ctx, cache, at);
  }));
  return [...checks.flat(), ...unread, ...unlistedChecks];
}

/**
 * A glob location's pattern read below another folder than its template's (a relocating setting
 * naming the folder: Mistral Vibe `agent_paths`), with the same records as `checkLocation`.
 */
export async function checkGlobIn(
  host: HostDefinition, location: HostLocation, dir: string, pattern: string, ctx: PathContext, cache: FileCache, extra: { readonly pattern?: string; readonly project?: string },
): Promise<LocatedCheck[]> {
  const expanded: ExpandedPath = { base: dir, pattern, display: path.join(dir, pattern) };
  const checks = await checkExpanded(host, location, expanded, ctx, cache, extra.project);
  return checks.map((c) => extend(extra.pattern !== undefined ? { ...c, check: { ...c.check, pattern: `${expanded.display} (${extra.pattern})` } } : c, { host, location }));
}

/** checkFile of one named file of a location, and what it leads to (`followed`). */
export async function checkFollowed(
  host: HostDefinition, location: HostLocation, file: string, ctx: PathContext, cache: FileCache, extra: { readonly pattern?: string },
): Promise<LocatedCheck[]> {
  const checks = await followed(host, location, await checkFile(host, location, file, cache, extra), ctx, cache, extra);
  return checks.map((c) => extend(c, { host, location }));
}

/** The check and what it leads to: the backup the host restores, files its manifest names. */
async function followed(
  host: HostDefinition, location: HostLocation, c: FileCheck, ctx: PathContext, cache: FileCache, extra: { readonly pattern?: string; readonly project?: string },
): Promise<FileCheck[]> {
  const out: FileCheck[] = [c];
  const fb = location.fallbacks;
  // The host restores a backup only when its file is missing or does not parse (an unreadable or
  // too-large file is an error the host reports as such).
  if (fb !== undefined && (c.check.status === 'absent' || c.check.ruleId === 'config-unparseable' || c.check.ruleId === 'config-duplicate-key')) {
    for (const suffix of fb.suffixes) {
      const backup = await checkFile(host, location, `${c.check.path}${suffix}`, cache, { ...extra, pattern: `${location.path}${suffix} (backup)` });
      if (backup.check.status === 'absent') continue;
      out.push(backup);
      if (backup.check.status === 'found') break;
    }
  }
  for (const ref of c.references ?? []) {
    if (ref.container.uses !== undefined) {
      const used = await usedBlock(host, location, c, ref, ref.container.uses, ctx, cache, extra);
      if (used !== undefined) out.push(used);
      continue;
    }
    const refs = ref.container.references;
    if (refs === undefined) continue;
    const root = refs.base === 'file-dir' ? path.dirname(c.check.path) : pluginRoot(c.check.path, refs.manifestDir ?? '');
    if (refs.paths === 'dot-relative' && !insideByDotPath(ref.path)) continue;
    const named = path.isAbsolute(ref.path) || path.win32.isAbsolute(ref.path) ? mapRecordedPath(ref.path, ctx) : path.resolve(root, ref.path);
    if (named === undefined) continue;
    // The named file is read whatever it holds: the manifest's presence gate is not its own.
    const { gate: _manifestGate, ...manifestLocation } = location;
    const refLocation: HostLocation = { ...manifestLocation, format: refs.format, containers: refs.containers, ...(refs.scope !== undefined ? { scope: refs.scope } : {}) };
    out.push(await checkFile(host, refLocation, named, cache, { ...extra, pattern: `${c.check.path} ${ref.pointer} (names this file)` }));
  }
  if (host.includes !== undefined && c.doc !== undefined) {
    const root = path.dirname(c.check.path);
    append(out, await includedFiles(host, location, host.includes, c, [], [c.check.path], 0, root, ctx, cache, extra));
  }
  return out;
}

/** Every `key` directive in a parsed value: where it sits and the paths it names (strings only; the host refuses others). */
function includeDirectives(value: unknown, key: string): { readonly at: PointerSegment[]; readonly paths: string[] }[] {
  const out: { at: PointerSegment[]; paths: string[] }[] = [];
  const visit = (v: unknown, at: PointerSegment[], depth: number): void => {
    if (depth > 64) return;
    if (Array.isArray(v)) { v.forEach((item: unknown, i) => visit(item, [...at, i], depth + 1)); return; }
    if (!isObject(v)) return;
    if (Object.hasOwn(v, key)) {
      const named = v[key];
      const paths = typeof named === 'string' ? [named] : Array.isArray(named) && named.every((p) => typeof p === 'string') ? named : [];
      if (paths.length > 0) out.push({ at, paths });
    }
    for (const k in v) if (Object.hasOwn(v, k) && k !== key) visit(v[k], [...at, k], depth + 1);
  };
  visit(value, [], 0);
  return out;
}

/**
 * The host's containers as seen from a file merged in at `at`: a container at or below `at` is
 * re-rooted there; one the merge point lies inside (the file is a single server, or part of one)
 * yields `inside`; the others cannot receive anything from it.
 */
function rerooted(containers: readonly Container[], at: readonly PointerSegment[]): { readonly containers: Container[]; readonly inside: boolean } {
  const keys = at.map(String);
  const out: Container[] = [];
  let inside = false;
  for (const c of containers) {
    const n = Math.min(c.path.length, keys.length);
    if (c.path.slice(0, n).some((seg, i) => seg !== keys[i])) continue;
    if (c.path.length >= keys.length) out.push({ ...c, path: c.path.slice(keys.length) });
    else inside = true;
  }
  return { containers: out, inside };
}

/**
 * The files a config's include directives name (`HostDefinition.includes`), each read with the
 * host's containers re-rooted at the level the directive sits, then their own directives. A path
 * the host refuses (outside the top file's folder, past the depth limit, already on the chain) is
 * not read: the host fails on it rather than loading servers from it. A directive inside a server
 * entry or naming one whole server is not followed: a floor cause.
 */
async function includedFiles(
  host: HostDefinition, location: HostLocation, inc: ConfigIncludes, c: FileCheck, base: readonly PointerSegment[], chain: readonly string[],
  depth: number, root: string, ctx: PathContext, cache: FileCache, extra: { readonly pattern?: string; readonly project?: string },
): Promise<FileCheck[]> {
  const doc = c.doc;
  if (doc === undefined || depth >= inc.maxDepth) return [];
  const out: FileCheck[] = [];
  const hostContainers = location.containers ?? host.containers;
  for (const directive of includeDirectives(doc.value, inc.key)) {
    const at = [...base, ...directive.at];
    const { containers, inside } = rerooted(hostContainers, at);
    const pointer = toPointer([...directive.at, inc.key]);
    if (inside) {
      cache.floor.push({
        kind: 'not-followed', path: c.check.path, line: doc.locate([...directive.at, inc.key]).line, hosts: [host.id],
        detail: `${c.check.path}:${doc.locate([...directive.at, inc.key]).line} merges ${directive.paths.map((p) => JSON.stringify(p)).join(', ')} into a server entry: what it adds to that server is not read`,
      });
      continue;
    }
    if (containers.length === 0) continue;
    for (const p of directive.paths) {
      const named = path.isAbsolute(p) || path.win32.isAbsolute(p) ? mapRecordedPath(p, ctx) : path.resolve(path.dirname(c.check.path), p);
      if (named === undefined) continue;
      const rel = path.relative(root, named);
      if (rel.startsWith('..') || path.isAbsolute(rel) || chain.includes(named)) continue;
      const { gate: _gate, ...rest } = location;
      const includedAt: HostLocation = { ...rest, containers };
      const read = await checkFile(host, includedAt, named, cache, { ...extra, pattern: `${c.check.path} ${pointer} (includes this file)` });
      out.push(read);
      append(out, await includedFiles(host, location, inc, read, at, [...chain, named], depth + 1, root, ctx, cache, extra));
    }
  }
  return out;
}

/** The folder of a plugin, from a file in it or in its manifest folder (`.claude-plugin`). */
function pluginRoot(file: string, manifestDir: string): string {
  const dir = path.dirname(file);
  return path.basename(dir) === manifestDir ? path.dirname(dir) : dir;
}

/** `./a/b.json`: starts with `./`, names more than `./`, and has no `..` or root part (FileReferences `dot-relative`). */
function insideByDotPath(p: string): boolean {
  if (!p.startsWith('./')) return false;
  const rest = p.slice(2).split('/').filter((s) => s !== '');
  return rest.length > 0 && rest[0] !== '.' && !rest.includes('..');
}

/**
 * The file a `uses` item names (`Container.uses`, Continue's decodePackageIdentifier): `.` or `/`
 * starts a path, `file://` is stripped, `~` is the home; anything else is a hub package slug,
 * which the audit does not fetch (a floor cause). A relative path is read against the folder of
 * the file holding the item (the host tries its own working directory first, which the audit
 * cannot know). Only the named file's first entry is the item's, under the name its `override`
 * gives; other overridden fields are a launch doubt. The file naming itself is not read again.
 */
async function usedBlock(
  host: HostDefinition, location: HostLocation, c: FileCheck, ref: FileReference, uses: UsesBlocks, ctx: PathContext, cache: FileCache,
  extra: { readonly pattern?: string; readonly project?: string },
): Promise<FileCheck | undefined> {
  const raw = ref.path.startsWith('file://') ? ref.path.slice('file://'.length) : ref.path;
  const at = `${c.check.path}:${ref.position.line}`;
  let named: string | undefined;
  if (raw.startsWith('~')) named = path.join(ctx.home, raw.slice(1));
  else if (raw.startsWith('/') || (ref.path.startsWith('file://') && path.win32.isAbsolute(raw))) named = mapRecordedPath(raw, ctx);
  else if (raw.startsWith('.') || ref.path.startsWith('file://')) named = path.resolve(path.dirname(c.check.path), raw);
  if (named === undefined) {
    cache.floor.push({
      kind: 'not-followed', path: c.check.path, line: ref.position.line, hosts: [host.id],
      detail: `${at} pulls a server from ${JSON.stringify(ref.path)} (${uses.slug}): the server it adds is not counted`,
    });
    return undefined;
  }
  if (named === c.check.path) return undefined;
  const usedAt: HostLocation = { ...location, format: uses.format, containers: uses.containers };
  const read = await checkFile(host, usedAt, named, cache, { ...extra, pattern: `${c.check.path} ${ref.pointer} (uses this file)` });
  const first = read.entries[0];
  // The first item is the server, or nothing: a second `uses` there is not followed by the host.
  if (first === undefined || !first.origin.pointer.endsWith('/0') || isObject(first.raw) && Object.hasOwn(first.raw, uses.field)) {
    return { ...read, entries: [], check: { ...read.check, entries: 0 }, usedBy: `${at} ${ref.pointer}` };
  }
  const override = isObject(ref.override) ? ref.override : {};
  const name = typeof override.name === 'string' && override.name !== '' ? override.name : first.name;
  const replaced = Object.keys(override).filter((k) => k !== 'name');
  const doubts = replaced.length === 0 ? [] : [{
    reason: `the override of ${at} replaces ${replaced.join(', ')} of this server; the values shown are the used file's own`,
    origin: first.origin,
  }];
  const entry = entryWith(first, { name, ...(doubts.length > 0 ? { launchDoubts: [...(first.launchDoubts ?? []), ...doubts] } : {}) });
  return { ...read, entries: [entry], check: { ...read.check, entries: 1 }, usedBy: `${at} ${ref.pointer}` };
}
