import { entryWith } from '../parse/entry-with.js';
import path from 'node:path';
import type { FloorCause } from './floor.js';
import { parseJsonc } from '../parse/jsonc.js';
import { parseToml } from '../parse/toml.js';
import { normalize, type FileReference } from '../parse/normalize.js';
import type { ParseProblem, ParsedDocument } from '../parse/document.js';
import type { ConfigFormat, Scope, ServerEntry } from '../parse/types.js';
import { configDuplicateKey } from '../rules/config-duplicate-key.js';
import { configInvalidUtf8 } from '../rules/config-invalid-utf8.js';
import { configNotRegularFile } from '../rules/config-not-regular-file.js';
import { configSymlinkLoop } from '../rules/config-symlink-loop.js';
import { configTooDeep } from '../rules/config-too-deep.js';
import { configTooLarge } from '../rules/config-too-large.js';
import { configUnexpectedShape } from '../rules/config-unexpected-shape.js';
import { configUnparseable } from '../rules/config-unparseable.js';
import { configUnreadable } from '../rules/config-unreadable.js';
import { finding, type Finding } from '../rules/types.js';
import type { Result } from '../shared/result.js';
import { MAX_CONFIG_BYTES, readConfigFile, type ReadOutcome } from './read-file.js';
import type { CaseFolder } from './fold-case.js';
import type { HostDefinition, HostLocation } from '../hosts/types.js';
import { extend } from '../shared/extend.js';
import { HOSTS } from '../hosts/index.js';

/**
 * YAML configs larger than this (in characters) are reported too large and not parsed: YAML costs
 * ~5 µs a token, so a 16 MiB hostile file would take a minute; real ones (Goose, Continue) are KiB.
 */
export const MAX_YAML_CHARS = 1024 * 1024;
/**
 * JSON/TOML configs larger than this are reported too large and not parsed: a parse tree costs
 * ~50 bytes of memory per input byte, and eight 16 MiB files exhausted the heap. `~/.claude.json`
 * (project history grows it to several MiB) may use the full MAX_CONFIG_BYTES.
 */
export const MAX_PARSED_CHARS = 4 * 1024 * 1024;
const BIG_FILES = new Set(['.claude.json']);
/** All files parsed in one run together: past this, further files are reported, not parsed. */
export const MAX_RUN_PARSED_CHARS = 48 * 1024 * 1024;

/** One location checked: what `mcp-audit hosts` lists and grading's coverage denominator uses. */
export interface LocationCheck {
  readonly host: string;
  readonly scope: Scope;
  /** The file path (for a glob with no match: the pattern). */
  readonly path: string;
  /**
   * `found`: the file exists and was read (it may hold no servers: see `entries`, `serversKey`).
   * `absent`: no such file. `error`: it exists but could not be read or parsed (see `ruleId`).
   */
  readonly status: 'found' | 'absent' | 'error';
  readonly format: ConfigFormat;
  /** Number of server entries read from this file for this host. */
  readonly entries: number;
  /** Whether a server container key exists in the file. */
  readonly serversKey: boolean;
  /** The glob pattern this path came from. */
  readonly pattern?: string;
  /** The project root, for project-scope locations. */
  readonly project?: string;
  /** The target when `path` is a symbolic link. */
  readonly realPath?: string;
  /** The finding that explains `status: 'error'`. */
  readonly ruleId?: string;
  readonly unverified?: true;
}

/** Reads and parses are shared between hosts reading the same file (VS Code settings.json …). */
export interface FileCache {
  readonly reads: Map<string, Promise<ReadOutcome>>;
  readonly parses: Map<string, Promise<Result<ParsedDocument, ParseProblem>>>;
  /** Files whose file-level findings were already reported (once per file, not per host). */
  readonly reported: Set<string>;
  /** Characters handed to parsers so far in this run (MAX_RUN_PARSED_CHARS bounds it). */
  parsedChars: number;
  /**
   * Side files' values (cachedJsonValue), parsed once per run: a switch file such as
   * ~/.claude.json is consulted once per project file, and re-parsing it each time cost
   * projects × its size (1,000 listed projects × a 16 MiB file).
   */
  readonly sideValues: Map<string, Promise<unknown>>;
  /** Set for a case-insensitive layout on a case-sensitive file system (fold-case.ts). */
  readonly folder?: CaseFolder;
  /** Folders on a host's lookup path that could not be listed (their error checks' paths). */
  readonly unlisted: Set<string>;
  /** Script locations found (`HostLocation.script`), with the location's reason: never run, so the count is a floor. */
  readonly scripts: Map<string, string>;
  /** Layers found that are not decoded (`HostLocation.unreadLayer`), with why. */
  readonly unreadLayers: Map<string, string>;
  /** Indirections met while reading files that the audit does not follow (a Continue `uses:` hub slug). */
  readonly floor: FloorCause[];
}

export const newFileCache = (folder?: CaseFolder): FileCache => ({
  reads: new Map(), parses: new Map(), reported: new Set(), parsedChars: 0, sideValues: new Map(), unlisted: new Set(), scripts: new Map(), unreadLayers: new Map(), floor: [], ...(folder !== undefined ? { folder } : {}),
});

/** Reads `file` once per run; on a case-folding layout an absent name is looked up ignoring case. */
export function readThrough(cache: FileCache, file: string): Promise<ReadOutcome> {
  let pending = cache.reads.get(file);
  if (pending === undefined) {
    pending = readFolded(cache, file);
    cache.reads.set(file, pending);
  }
  return pending;
}

async function readFolded(cache: FileCache, file: string): Promise<ReadOutcome> {
  const out = await readConfigFile(file);
  if (out.kind !== 'absent' || cache.folder === undefined) return out;
  const real = cache.folder.resolve(file);
  if (real === undefined || real === file) return out;
  const again = await readConfigFile(real);
  return { ...again, realPath: again.realPath ?? real };
}

/**
 * A side file's JSON value (a project index, a host's switch file), read once per run through the
 * cache and parsed leniently; undefined when it is absent, unreadable or not JSONC. Problems with
 * such files are not findings: they hold no server entries.
 */
export function cachedJsonValue(cache: FileCache, file: string): Promise<unknown> {
  let value = cache.sideValues.get(file);
  if (value === undefined) {
    value = sideValue(cache, file);
    cache.sideValues.set(file, value);
  }
  return value;
}

async function sideValue(cache: FileCache, file: string, format: 'jsonc' | 'toml' = 'jsonc'): Promise<unknown> {
  const read = await readThrough(cache, file);
  if (read.kind !== 'text') return undefined;
  const parsed = format === 'toml' ? parseToml(read.text) : parseJsonc(read.text, { strict: false });
  return parsed.ok ? parsed.value.value : undefined;
}

/** `cachedJsonValue` for a side file in TOML (Mistral Vibe's trusted_folders.toml); undefined when it is not TOML. */
export function cachedTomlValue(cache: FileCache, file: string): Promise<unknown> {
  const key = `toml:${file}`;
  let value = cache.sideValues.get(key);
  if (value === undefined) {
    value = sideValue(cache, file, 'toml');
    cache.sideValues.set(key, value);
  }
  return value;
}

export interface FileCheck {
  readonly check: LocationCheck;
  readonly entries: readonly ServerEntry[];
  readonly findings: readonly Finding[];
  readonly doc?: ParsedDocument;
  /** Files the document names as holding its entries (normalize.ts `FileReference`). */
  readonly references?: readonly FileReference[];
  /** Other paths of the same file on the host's lookup path (glob.ts `GlobResult.aliases`). */
  readonly aliases?: readonly string[];
  /**
   * The item whose `uses` named this file (`file:line pointer`): each such item takes its own
   * server from the file, so two items naming one file are two checks, not one.
   */
  readonly usedBy?: string;
}

/** TOML and YAML parsers are loaded only when a file needs them (startup time, see the bench). */
export async function parseAs(format: ConfigFormat, text: string): Promise<Result<ParsedDocument, ParseProblem>> {
  switch (format) {
    case 'json': return parseJsonc(text, { strict: true });
    case 'jsonc': return parseJsonc(text, { strict: false });
    case 'json5': return (await import('../parse/json5.js')).parseJson5(text);
    case 'toml': return (await import('../parse/toml.js')).parseToml(text);
    case 'yaml': return (await import('../parse/yaml.js')).parseYaml(text);
    case 'yaml-frontmatter': return (await import('../parse/frontmatter.js')).parseFrontmatter(text);
  }
}

const FORMAT_NAMES: Readonly<Record<ConfigFormat, string>> = { json: 'JSON', jsonc: 'JSONC', json5: 'JSON5', toml: 'TOML', yaml: 'YAML', 'yaml-frontmatter': 'YAML frontmatter' };

/** What every check of `file` for this host location records. */
function checkBase(host: HostDefinition, location: HostLocation, file: string, extra: { readonly pattern?: string; readonly project?: string }) {
  return {
    host: host.id, scope: location.scope, path: file, format: location.format ?? host.format,
    ...(extra.pattern !== undefined ? { pattern: extra.pattern } : {}),
    ...(extra.project !== undefined ? { project: extra.project } : {}),
    ...(location.unverified === true ? { unverified: true as const } : {}),
  };
}

/**
 * The check of a file known to have no directory entry (its project root has none): the record
 * checkFile makes for an absent file, without reading anything.
 */
export function absentCheck(host: HostDefinition, location: HostLocation, file: string, extra: { readonly pattern?: string; readonly project?: string }): FileCheck {
  return { check: extend(checkBase(host, location, file, extra), { status: 'absent', entries: 0, serversKey: false }), entries: [], findings: [] };
}

/**
 * The check of a name a glob walk met that is not valid UTF-8 (glob.ts GlobResult.undecodable):
 * config-unreadable at the path Node decodes it to, once per path and reason however many hosts
 * meet it. Not read: the decoded path names nothing, or, when a valid name decodes alike, names
 * that other file (which is read as usual).
 */
export function undecodableCheck(
  host: HostDefinition, location: HostLocation, file: string, cache: FileCache, extra: { readonly pattern?: string; readonly project?: string },
  reason: string,
): FileCheck {
  const key = `${file}\0undecodable\0${reason}`;
  const first = !cache.reported.has(key);
  cache.reported.add(key);
  const findings = first
    ? [finding(configUnreadable, { host: host.id, scope: location.scope, path: file, reason }, { path: file, line: 1, column: 1 })]
    : [];
  return { check: extend(checkBase(host, location, file, extra), { status: 'error', entries: 0, serversKey: false, ruleId: configUnreadable.id }), entries: [], findings };
}

/**
 * Checks one concrete file for one host location. Bad input becomes findings; never throws on it.
 * `given`: the document's text, held by no file (a host content variable's value, read from a
 * session file): `file` then names where it was read, and nothing is read from disk. Its text is
 * not kept in the cache's reads, so no edit (`fix`) is ever planned on it.
 */
export async function checkFile(
  host: HostDefinition, location: HostLocation, file: string, cache: FileCache,
  extra: { readonly pattern?: string; readonly project?: string }, given?: string,
): Promise<FileCheck> {
  const format = location.format ?? host.format;
  const scope = location.scope;
  const base = checkBase(host, location, file, extra);
  const read: ReadOutcome = given !== undefined ? { kind: 'text', text: given } : await readThrough(cache, file);
  const real = read.realPath !== undefined ? { realPath: read.realPath } : {};
  const data = { host: host.id, scope, path: file };
  // One file-level finding per file, however many hosts read it: checked and marked at the moment
  // the finding is made (after the last await), so concurrent checks cannot both see "first".
  const fileFinding = (make: () => Finding): Finding[] => {
    if (cache.reported.has(file)) return [];
    cache.reported.add(file);
    return [make()];
  };
  const error = (f: Finding[], ruleId: string): FileCheck => {
    cache.reported.add(file);
    return { check: extend(base, real, { status: 'error', entries: 0, serversKey: false, ruleId }), entries: [], findings: f };
  };
  const at = (line = 1, column = 1) => ({ path: file, line, column });
  if (read.kind === 'absent') return read.realPath === undefined ? absentCheck(host, location, file, extra) : { check: extend(base, real, { status: 'absent', entries: 0, serversKey: false }), entries: [], findings: [] };
  // A script the host runs to produce its config is never parsed nor run: found, its entries unknown.
  if (location.script !== undefined && read.kind === 'text') {
    cache.scripts.set(file, location.script.reason);
    return { check: extend(base, real, { status: 'found', entries: 0, serversKey: false }), entries: [], findings: [] };
  }
  // A layer that is not decoded: whatever it holds (readable or not) may redefine the host's entries.
  if (location.unreadLayer !== undefined) {
    cache.unreadLayers.set(file, location.unreadLayer.reason);
    return { check: extend(base, real, { status: 'found', entries: 0, serversKey: false }), entries: [], findings: [] };
  }
  let text: string;
  let lossy: (() => Finding) | undefined;
  if (read.kind === 'problem') {
    switch (read.problem) {
      case 'not-regular':
        return error(fileFinding(() => finding(configNotRegularFile, { ...data, kind: read.detail }, at())), configNotRegularFile.id);
      case 'too-large':
        return error(fileFinding(() => finding(configTooLarge, { ...data, size: String(read.size ?? 0), limit: String(MAX_CONFIG_BYTES) }, at())), configTooLarge.id);
      case 'symlink-loop':
        return error(fileFinding(() => finding(configSymlinkLoop, data, at())), configSymlinkLoop.id);
      case 'invalid-utf8': {
        const make = (): Finding => finding(configInvalidUtf8, { ...data, offset: String(read.offset ?? 0) }, at(read.line, read.column));
        // Node-based JSON hosts decode with replacement characters and launch what they read.
        if ((format !== 'json' && format !== 'jsonc' && format !== 'json5') || read.lossyText === undefined) return error(fileFinding(make), configInvalidUtf8.id);
        text = read.lossyText;
        lossy = make;
        break;
      }
      case 'unreadable':
        return error(fileFinding(() => finding(configUnreadable, { ...data, reason: read.detail }, at())), configUnreadable.id);
    }
  } else {
    text = read.text;
  }
  // A JSON `\u` escape can spell a gated key (`"m\u0063p"`): such a file is always parsed.
  if (location.gate !== undefined && !text.includes('\\u') && !location.gate.some((g) => text.includes(g))) {
    return { check: extend(base, real, { status: 'found', entries: 0, serversKey: false }), entries: [], findings: lossy !== undefined ? fileFinding(lossy) : [] };
  }
  const key = `${format}\0${file}`;
  let pendingParse = cache.parses.get(key);
  if (pendingParse === undefined) {
    const cap = format === 'yaml' || format === 'yaml-frontmatter' ? MAX_YAML_CHARS : BIG_FILES.has(path.basename(file)) ? MAX_CONFIG_BYTES : MAX_PARSED_CHARS;
    if (text.length > cap || cache.parsedChars + text.length > MAX_RUN_PARSED_CHARS) {
      const limit = text.length > cap ? cap : MAX_RUN_PARSED_CHARS;
      return error(fileFinding(() => finding(configTooLarge, { ...data, size: String(Buffer.byteLength(text)), limit: String(limit) }, at())), configTooLarge.id);
    }
    cache.parsedChars += text.length;
    pendingParse = parseAs(format, text);
    cache.parses.set(key, pendingParse);
  }
  const parsed = await pendingParse;
  if (!parsed.ok) {
    const p = parsed.problem;
    const f = p.kind === 'too-deep'
      ? finding(configTooDeep, { ...data, limit: p.message.replace(/\D+/g, '') || '512' }, at(p.line, p.column))
      : finding(configUnparseable, { ...data, format: FORMAT_NAMES[format], reason: p.message }, at(p.line, p.column));
    return error(fileFinding(() => lossy?.() ?? f), lossy !== undefined ? configInvalidUtf8.id : f.id);
  }
  const doc = parsed.value;
  const containers = location.containers ?? host.containers;
  const result = normalize({
    host: host.id, scope, file, format, containers, entry: location.entry ?? host.entry, doc,
    ...real, ...(extra.project !== undefined ? { project: extra.project } : {}),
  });
  let entries = result.entries;
  // Values pasted into the text before parsing (HostDefinition.rawTextSubstitution), by this host or
  // by another that also starts this file's servers (Warp and ~/.codex/config.toml): every entry of the file is in doubt.
  for (const paster of pastersOf(host, location)) {
    const spec = paster.rawTextSubstitution;
    if (spec === undefined) continue;
    const by = paster.id === host.id ? paster.id : `${paster.id}, which also starts this file's servers,`;
    // Another host's file keeps its own variable syntax (Claude Code's ${VAR} per field): only its env values are judged here.
    const listed = paster.id === host.id && spec.namesListedAt !== undefined ? listedNames(doc.value, spec.namesListedAt) : undefined;
    const pasted = paster.id === host.id ? spec.markers.find((m) => text.includes(m)) ?? listed : undefined;
    if (pasted !== undefined) {
      const reason = `${file} holds ${pasted}: ${by} pastes values into the file's text before parsing it, unescaped (${spec.source}), so what it parses, and launches, is not the text read`;
      entries = entries.map((e) => entryWith(e, { launchDoubts: [...(e.launchDoubts ?? []), { reason, origin: e.origin }] }));
    } else if (spec.envValuesPasted === true) {
      entries = entries.map((e) => {
        const key = Object.keys(e.env).find((k) => { const v = e.env[k]; return typeof v === 'string' && /["\\\u0000-\u001f]/.test(v); });
        if (key === undefined) return e;
        const reason = `env.${key} holds a quote, a backslash or a control character: ${by} pastes env values into the server's JSON text unescaped (${spec.source}), so the entry it parses is not the one read`;
        return entryWith(e, { launchDoubts: [...(e.launchDoubts ?? []), { reason, origin: e.envOrigins[key] ?? e.origin }] });
      });
    }
  }
  const findings: Finding[] = lossy !== undefined ? fileFinding(lossy) : [];
  // A host that refuses duplicate keys skips the whole file: a duplicate anywhere in it matters.
  const strict = host.refusesDuplicateKeys !== undefined && (host.refusesDuplicateKeys.locations?.includes(location.path) ?? true);
  for (const d of doc.duplicates) {
    const dupKey = `${file}\0${d.pointer}`;
    if (cache.reported.has(dupKey) || (!strict && !containers.some((c) => relevant(d.pointer, c.path, c.shape === 'map-or-flat')))) continue;
    cache.reported.add(dupKey);
    findings.push(finding(configDuplicateKey, {
        ...data, pointer: d.pointer, first: `${d.first.line}:${d.first.column}`, behaviour: d.hostBehaviour,
    }, at(d.used.line, d.used.column)));
  }
  for (const p of result.problems) {
    findings.push(finding(configUnexpectedShape, { ...data, pointer: p.pointer, expected: p.expected, actual: p.actual }, at(p.position.line, p.position.column)));
  }
  cache.reported.add(file);
  return {
    check: extend(base, real, { status: 'found', entries: result.entries.length, serversKey: result.containerPresent }),
    entries, findings, doc, ...(result.references.length > 0 ? { references: result.references } : {}),
  };
}

/** A duplicate matters when it lies on or under a server container path ('*' matches any key). */
function relevant(pointer: string, path: readonly string[], flatRoot: boolean): boolean {
  if (flatRoot) return true;
  const segs = pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const n = Math.min(segs.length, path.length);
  for (let i = 0; i < n; i++) if (path[i] !== '*' && path[i] !== segs[i]) return false;
  return true;
}

/** The hosts that paste values into this location's text: its own host, and any other that also starts its servers. */
function pastersOf(host: HostDefinition, location: HostLocation): readonly HostDefinition[] {
  const others = (ALSO_STARTED ??= alsoStarted()).get(location.path)?.filter((h) => h.id !== host.id) ?? [];
  return others.length === 0 ? [host] : [host, ...others];
}

/** `"key": [names…]` at the document's root, shown as such when the list is not empty. */
function listedNames(root: unknown, key: string): string | undefined {
  if (typeof root !== 'object' || root === null || !Object.hasOwn(root, key)) return undefined;
  const list: unknown = Reflect.get(root, key);
  return Array.isArray(list) && list.length > 0 ? `a "${key}" list of ${list.length} variable name${list.length === 1 ? '' : 's'}` : undefined;
}

/** Location path → the hosts that also start its servers (rawTextSubstitution.alsoStarts): built once, not per file. */
let ALSO_STARTED: ReadonlyMap<string, readonly HostDefinition[]> | undefined;
function alsoStarted(): ReadonlyMap<string, readonly HostDefinition[]> {
  const all: readonly HostDefinition[] = HOSTS;
  const out = new Map<string, HostDefinition[]>();
  for (const h of all) for (const p of h.rawTextSubstitution?.alsoStarts ?? []) out.set(p, [...(out.get(p) ?? []), h]);
  return out;
}
