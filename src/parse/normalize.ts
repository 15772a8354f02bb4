import type { Container, EntryShape } from '../hosts/types.js';
import type { Mutable } from '../shared/extend.js';
import { defineOwn, toPointer, type ParsedDocument, type PointerSegment, type Position } from './document.js';
import type { ConfigFormat, EntryShapeProblem, Origin, Provenance, Scope, ServerEntry, Transport } from './types.js';

/** Where a file's entries come from, and how to read them. */
export interface NormalizeInput {
  readonly host: string;
  readonly scope: Scope;
  readonly file: string;
  readonly realPath?: string;
  readonly format: ConfigFormat;
  readonly containers: readonly Container[];
  readonly entry: EntryShape;
  readonly doc: ParsedDocument;
  /** The project root, for project-scope files. */
  readonly project?: string;
}

/** A value that is not the type the host expects (becomes `config-unexpected-shape`). */
export interface ShapeProblem {
  readonly pointer: string;
  readonly expected: string;
  readonly actual: string;
  readonly position: Position;
}

export interface Normalized {
  readonly entries: readonly ServerEntry[];
  readonly problems: readonly ShapeProblem[];
  /** True when at least one container key exists in the file (distinguishes "no servers key"). */
  readonly containerPresent: boolean;
  /**
   * Files a container's value names instead of holding the entries (`Container.references`): each
   * path as written, with where it was written and the container that named it.
   */
  readonly references: readonly FileReference[];
}

export interface FileReference {
  readonly path: string;
  readonly pointer: string;
  readonly position: Position;
  readonly container: Container;
  /** A `uses` item (`Container.uses`): its `override` value, when it has one. */
  readonly override?: unknown;
}

type Obj = Readonly<Record<string, unknown>>;

export const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** A value found at a container path: where, and what its `'*'` segments matched. */
interface Found { readonly value: unknown; readonly at: PointerSegment[]; readonly project?: string; readonly plugin?: string }

/**
 * Every value at a container path. `'*'` matches each key of an object, recorded as `project`
 * unless the container's `wildcard` says the key names a block of the file (not recorded) or a
 * plugin listed in an array (each item matched; its `field` recorded as `plugin`).
 */
function resolvePath(root: unknown, path: readonly string[], wildcard: Container['wildcard']): Found[] {
  let frontier: Found[] = [{ value: root, at: [] }];
  for (const seg of path) {
    const next: Found[] = [];
    for (const f of frontier) {
      if (seg === '*' && wildcard?.names === 'plugin') {
        if (!Array.isArray(f.value)) continue;
        f.value.forEach((item: unknown, i) => {
          const named = isObject(item) ? item[wildcard.field] : undefined;
          next.push({ value: item, at: [...f.at, i], ...(typeof named === 'string' && named !== '' ? { plugin: named } : {}) });
        });
        continue;
      }
      if (!isObject(f.value)) continue;
      if (seg === '*') {
        const asProject = wildcard === undefined;
        // for-in, not Object.entries: a ~/.claude.json projects map has one key per folder ever opened.
        for (const k in f.value) if (Object.hasOwn(f.value, k)) next.push(asProject ? { value: f.value[k], at: [...f.at, k], project: k } : { value: f.value[k], at: [...f.at, k] });
      } else if (Object.hasOwn(f.value, seg)) {
        next.push({ ...f, value: f.value[seg], at: [...f.at, seg] });
      }
    }
    frontier = next;
  }
  return frontier;
}

const ENTRY_HINTS = ['command', 'cmd', 'url', 'serverUrl', 'httpUrl', 'uri', 'type', 'transport', 'args'];

/** Maps a parsed file onto `ServerEntry[]` with provenance. Never throws on bad input. */
export function normalize(input: NormalizeInput): Normalized {
  const entries: ServerEntry[] = [];
  const problems: ShapeProblem[] = [];
  const references: FileReference[] = [];
  let containerPresent = false;
  const root = input.doc.value;
  const problem = (at: readonly PointerSegment[], expected: string, actual: unknown): void => {
    problems.push({ pointer: toPointer(at), expected, actual: typeName(actual), position: input.doc.locate(at) });
  };
  let overrides = false;
  const add = (name: string, value: unknown, at: PointerSegment[], scope: Scope, project: string | undefined, plugin?: string): void => {
    if (!isObject(value)) {
      problem(at, 'an object (one server entry)', value);
      return;
    }
    const entry = toEntry(input, name, value, at, scope, project ?? input.project, project);
    for (const sp of entry.shapeProblems ?? []) {
      problems.push({ pointer: sp.pointer, expected: sp.expected, actual: sp.actual, position: { line: sp.origin.line, column: sp.origin.column } });
    }
    if (overrides) {
      // The host merges this container over the earlier ones: a same-named entry there is replaced.
      for (let i = entries.length - 1; i >= 0; i--) if (entries[i]?.name === name && entries[i]?.project === entry.project) entries.splice(i, 1);
    }
    entries.push(plugin !== undefined ? { ...entry, plugin } : entry);
  };
  for (const c of input.containers) {
    overrides = c.overrides === true;
    const scope = c.scope ?? input.scope;
    if (c.shape === 'file-entry') {
      if (isObject(root) && ENTRY_HINTS.some((h) => Object.hasOwn(root, h))) {
        containerPresent = true;
        add(baseName(input.file), root, [], scope, undefined);
      }
      continue;
    }
    if (c.shape === 'flat-if-none') {
      if (!containerPresent && isObject(root)) {
        const flat = Object.entries(root).filter(([, v]) => isObject(v) && ENTRY_HINTS.some((h) => Object.hasOwn(v, h)));
        if (flat.length > 0) containerPresent = true;
        for (const [name, v] of flat) add(name, v, [name], scope, undefined);
      }
      continue;
    }
    const found = resolvePath(root, c.path, c.wildcard);
    if (found.length === 0 && c.shape === 'map-or-flat' && isObject(root)) {
      const flat = Object.entries(root).filter(([, v]) => isObject(v) && ENTRY_HINTS.some((h) => Object.hasOwn(v, h)));
      if (flat.length > 0) containerPresent = true;
      for (const [name, v] of flat) add(name, v, [name], scope, undefined);
      continue;
    }
    if (found.length > 0) containerPresent = true;
    for (const { value, at, project, plugin } of found) {
      if (c.references !== undefined && (typeof value === 'string' || (c.references.paths === 'any' && Array.isArray(value) && value.every((v) => typeof v === 'string')))) {
        const paths: readonly unknown[] = typeof value === 'string' ? [value] : value;
        paths.forEach((p, i) => {
          const where = typeof value === 'string' ? at : [...at, i];
          if (typeof p === 'string') references.push({ path: p, pointer: toPointer(where), position: input.doc.locate(where), container: c });
        });
        continue;
      }
      if (c.shape === 'array') {
        if (!Array.isArray(value)) { problem(at, 'an array of server entries', value); continue; }
        value.forEach((item: unknown, i) => {
          const uses = c.uses;
          if (uses !== undefined && isObject(item) && Object.hasOwn(item, uses.field)) {
            // An item naming the file its entry comes from (Continue `uses:`): followed by discovery.
            const named = item[uses.field];
            const where = [...at, i, uses.field];
            if (typeof named !== 'string') { problem(where, 'a file path or package slug (a string)', named); return; }
            const override = Object.hasOwn(item, uses.override) ? { override: item[uses.override] } : {};
            references.push({ path: named, pointer: toPointer(where), position: input.doc.locate(where), container: c, ...override });
            return;
          }
          const named = isObject(item) && c.nameField !== undefined ? item[c.nameField] : undefined;
          add(typeof named === 'string' && named !== '' ? named : `#${i}`, item, [...at, i], scope, project);
        });
      } else if (c.shape === 'command-line') {
        if (typeof value !== 'string') { problem(at, 'a command line (a string)', value); continue; }
        const words = /^[\w@%+=:,./ -]*$/.test(value) ? value.split(' ').filter((w) => w !== '') : [value];
        const [program, ...rest] = words;
        if (program === undefined) continue;
        const fields: Record<string, unknown> = {};
        if (input.entry.command[0] !== undefined) fields[input.entry.command[0]] = program;
        if (input.entry.args[0] !== undefined) fields[input.entry.args[0]] = rest;
        add(c.name ?? baseName(input.file), fields, at, scope, project);
      } else if (c.shape === 'single') {
        const named = c.rootNameField !== undefined ? (isObject(root) ? root[c.rootNameField] : undefined)
          : isObject(value) && c.nameField !== undefined ? value[c.nameField] : undefined;
        add(typeof named === 'string' && named !== '' ? named : baseName(input.file), value, at, scope, project);
      } else if (c.shape === 'map-or-items' && Array.isArray(value)) {
        value.forEach((item: unknown, i) => {
          if (typeof item === 'string') return; // a server configured elsewhere, by name
          if (!isObject(item)) { problem([...at, i], 'a server name or a map of server name to entry', item); return; }
          for (const [name, v] of Object.entries(item)) add(name, v, [...at, i, name], scope, project, plugin);
        });
      } else {
        if (value === null) continue; // `"mcpServers": null` = no servers
        if (!isObject(value)) { problem(at, 'a map of server name to entry', value); continue; }
        for (const [name, v] of Object.entries(value)) {
          if (c.skipKeys?.includes(name) === true) continue;
          add(name, v, [...at, name], scope, project, plugin);
        }
      }
    }
  }
  return { entries, problems, containerPresent, references };
}

/** `doc.locate` for pointers under `base`, given below it. */
function underLocator(doc: ParsedDocument, base: readonly PointerSegment[]): (rel: readonly PointerSegment[]) => Position {
  if (doc.locateUnder !== undefined) return doc.locateUnder(base);
  return (rel) => doc.locate(rel.length === 0 ? base : [...base, ...rel]);
}

function baseName(file: string): string {
  const last = file.split(/[\\/]/).pop() ?? file;
  return last.replace(/\.[^.]*$/, '');
}

function first(obj: Obj, keys: readonly string[]): [string, unknown] | undefined {
  for (const k of keys) if (Object.hasOwn(obj, k) && obj[k] !== undefined) return [k, obj[k]];
  return undefined;
}

/**
 * A non-string value as text. Never `String(v)` on objects: TOML tables have a null prototype
 * (String() throws on them) and a hostile object may define its own toString.
 */
export function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v === undefined) return String(v);
  try {
    return JSON.stringify(v) ?? typeName(v);
  } catch {
    return typeName(v);
  }
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(textOf) : []);

const TRANSPORTS: Readonly<Record<string, Transport>> = {
  stdio: 'stdio', local: 'stdio',
  sse: 'sse',
  http: 'http', 'streamable-http': 'http', streamableHttp: 'http', streamable_http: 'http', streamable: 'http', remote: 'http',
};

function toEntry(input: NormalizeInput, name: string, raw: Obj, at: PointerSegment[], scope: Scope, project: string | undefined, projectKey: string | undefined): ServerEntry {
  const shape = input.entry;
  const inner = shape.inner !== undefined ? raw[shape.inner] : undefined;
  const obj: Obj = isObject(inner) ? { ...raw, ...inner } : raw;
  // Every origin of this entry lies under `at`, and is named by its segments below it (`rel`):
  // the entry's pointer is escaped once (a project path key has `/`s to escape) and its place in
  // the document found once; each origin adds only its own segments.
  const fieldAt = (key: string): PointerSegment[] => (isObject(inner) && Object.hasOwn(inner, key) && shape.inner !== undefined ? [shape.inner, key] : [key]);
  const atPointer = toPointer(at);
  const locate = underLocator(input.doc, at);
  const origin = (rel: readonly PointerSegment[]): Origin => {
    const pos = locate(rel);
    return { file: input.file, pointer: rel.length === 0 ? atPointer : atPointer + toPointer(rel), line: pos.line, column: pos.column };
  };

  const shapeProblems: EntryShapeProblem[] = [];
  const wrong = (segs: readonly PointerSegment[], expected: string, actual: unknown): void => {
    const o = origin(segs);
    shapeProblems.push({ pointer: o.pointer, expected, actual: typeName(actual), origin: o });
  };
  let command: string | undefined;
  let args: string[] = [];
  let envSource: unknown;
  let envAt: PointerSegment[] = [];
  const cmd = first(obj, shape.command);
  if (cmd !== undefined) {
    const [key, v] = cmd;
    if (typeof v === 'string') command = v;
    else if (Array.isArray(v)) {
      const all = strings(v); command = all[0]; args = all.slice(1);
      v.forEach((w: unknown, i) => { if (typeof w !== 'string') wrong([...fieldAt(key), i], 'a string', w); });
    } else if (isObject(v) && typeof v.path === 'string') { // Zed's older { path, args, env }
      command = v.path; args = strings(v.args);
      if (v.args !== undefined && !Array.isArray(v.args)) wrong([...fieldAt(key), 'args'], 'an array of strings', v.args);
      if (isObject(v.env)) { envSource = v.env; envAt = [...fieldAt(key), 'env']; }
      else if (v.env !== undefined) wrong([...fieldAt(key), 'env'], 'an object of variables', v.env);
    } else wrong(fieldAt(key), 'a string or an array of strings', v);
  }
  const argsField = first(obj, shape.args);
  if (argsField !== undefined) {
    const [key, v] = argsField;
    // A string is silently dropped by hosts that spread it and split by others: never guessed.
    if (!Array.isArray(v)) wrong(fieldAt(key), 'an array of strings', v);
    else v.forEach((w: unknown, i) => { if (typeof w !== 'string') wrong([...fieldAt(key), i], 'a string', w); });
    args = args.length === 0 ? strings(v) : [...args, ...strings(v)];
  }
  const envField = first(obj, shape.env);
  if (envField !== undefined) {
    envSource = envField[1]; envAt = fieldAt(envField[0]);
    if (!isObject(envSource)) wrong(envAt, 'an object of variables', envSource);
  }
  const env: Record<string, string | null> = {};
  const envOrigins: Record<string, Origin> = {};
  if (isObject(envSource)) {
    // for-in over own keys, as Object.entries (parsed objects have no inherited enumerable keys), without its pairs.
    for (const k in envSource) {
      if (!Object.hasOwn(envSource, k)) continue;
      const v = envSource[k];
      defineOwn<string | null>(env, k, v === null ? null : textOf(v));
      defineOwn(envOrigins, k, origin([...envAt, k]));
    }
  }
  const headers: Record<string, string> = {};
  const headersField = first(obj, shape.headers);
  if (headersField !== undefined && isObject(headersField[1])) {
    for (const [k, v] of Object.entries(headersField[1])) {
      defineOwn(headers, k, textOf(v));
    }
  } else if (headersField !== undefined) wrong(fieldAt(headersField[0]), 'an object of headers', headersField[1]);
  let url: string | undefined;
  let urlTransport: Transport | undefined;
  for (const u of shape.url) {
    const v = obj[u.key];
    if (Object.hasOwn(obj, u.key) && typeof v === 'string') { url = v; urlTransport = u.transport; break; }
  }
  const typeField = first(obj, shape.type);
  const typeValue = typeField !== undefined && typeof typeField[1] === 'string' ? typeField[1] : undefined;
  let transport: Transport;
  let transportSource: Provenance;
  // A host that tries its URL fields first never starts the command of an entry that has a URL.
  if (shape.urlBeforeCommand === true && url !== undefined && command !== undefined) { command = undefined; args = []; }
  // Both, no type, and the host documents no precedence: which one it starts is not known.
  const bothDoubt = url !== undefined && command !== undefined && (typeValue === undefined ? shape.commandBeforeUrl !== true : shape.typeDecides !== true)
    ? [{ reason: typeValue === undefined
      ? `the entry has both a command and a URL and no type: which one ${input.host} starts is not documented`
      : `the entry has both a command and a URL: whether ${input.host} goes by its type (${typeValue}) or by the URL is not shown by its source`, origin: origin([]) }]
    : undefined;
  if (typeValue !== undefined) {
    // Own keys only: a "type" of "constructor" or "__proto__" must not find Object.prototype members.
    transport = (Object.hasOwn(TRANSPORTS, typeValue) ? TRANSPORTS[typeValue] : undefined) ?? 'unknown';
    transportSource = transport === 'unknown' ? 'unresolvable' : 'explicit';
  } else if (command !== undefined) {
    transport = 'stdio'; transportSource = 'defaulted';
  } else if (url !== undefined) {
    transport = urlTransport ?? shape.urlDefault; transportSource = 'defaulted';
  } else {
    transport = 'unknown'; transportSource = 'unresolvable';
  }
  let disabledBy: string | undefined;
  for (const k of shape.disabled) if (obj[k] === true) disabledBy = `${k}: true`;
  for (const k of shape.enabled) if (obj[k] === false) disabledBy = `${k}: false`;
  if (disabledBy === undefined && shape.remoteIgnored === true && command === undefined && url !== undefined) {
    disabledBy = 'the host ignores remote (url) entries in this file';
  }
  const unstarted = typeValue === undefined ? undefined : shape.unstartedTypes?.find((u) => u.type === typeValue);
  if (disabledBy === undefined && unstarted !== undefined) disabledBy = `type: ${typeValue}: ${unstarted.reason}`;
  const internal = typeValue !== undefined && (shape.internalTypes ?? []).includes(typeValue);
  if (internal) disabledBy = `type: ${typeValue} runs inside the host (not a server process)`;
  const cwdField = first(obj, shape.cwd);
  // Only kept when the args come from the args field alone (not after an array command's own).
  const argsAt = argsField !== undefined && Array.isArray(argsField[1]) && cmd !== undefined && !Array.isArray(cmd[1]) ? fieldAt(argsField[0]) : undefined;
  const argOrigins = argsAt !== undefined && argsField !== undefined && Array.isArray(argsField[1])
    ? argsField[1].map((_v: unknown, i: number) => origin([...argsAt, i]))
    : undefined;
  // The keys every entry has come first, in parse/entry-with.ts's order: a copy made there keeps
  // this order and its fast properties. The optional ones are assigned, in a fixed order, rather
  // than spread in (a spread of a one-key object costs a runtime call).
  const out: Mutable<ServerEntry> = {
    host: input.host,
    scope,
    configPath: input.file,
    name,
    origin: origin([]),
    transport,
    args,
    env,
    envOrigins,
    headers,
    disabled: disabledBy !== undefined,
    raw,
    transportSource,
    format: input.format,
  };
  if (command !== undefined) out.command = command;
  if (cwdField !== undefined && typeof cwdField[1] === 'string') out.cwd = cwdField[1];
  if (url !== undefined) out.url = url;
  if (disabledBy !== undefined) out.disabledBy = disabledBy;
  if (argOrigins !== undefined) out.argOrigins = argOrigins;
  // A member that sends the server to another machine (Codex `experimental_environment`): not this machine's launch.
  const placed = (shape.placement ?? []).flatMap((p) => {
    if (!Object.hasOwn(obj, p.key)) return [];
    const v: unknown = obj[p.key];
    if (typeof v === 'string' && p.local.includes(v)) return [];
    return [{ reason: `${p.key} = ${typeof v === 'string' ? JSON.stringify(v) : typeof v}: ${input.host} may start this server on another machine (${p.source}), so what runs there, its environment and its pin store are not the ones examined here`, origin: origin([p.key]) }];
  });
  // Variables the host forwards from its own environment (Codex `env_vars`): names, or tables with a `name`.
  const forwarded: string[] = [];
  for (const f of shape.forwardsEnv ?? []) {
    if (!Object.hasOwn(obj, f.key)) continue;
    const list: unknown = obj[f.key];
    const items: readonly unknown[] = Array.isArray(list) ? list : [list];
    for (const item of items) {
      const name: unknown = typeof item === 'string' ? item : isObject(item) ? item['name'] : undefined;
      if (typeof name === 'string') forwarded.push(name);
      else placed.push({ reason: `${f.key} holds an item that names no variable (${f.source}): what ${input.host} forwards to the server is not known`, origin: origin([f.key]) });
    }
  }
  const doubts = [...(bothDoubt ?? []), ...placed];
  if (doubts.length > 0) out.launchDoubts = doubts;
  if (shapeProblems.length > 0) out.shapeProblems = shapeProblems;
  if (forwarded.length > 0) out.forwardedEnv = forwarded;
  if (project !== undefined) out.project = project;
  if (projectKey !== undefined) out.projectKey = projectKey;
  if (input.realPath !== undefined) out.realPath = input.realPath;
  if (internal) {
    out.state = 'internal';
    out.stateBy = { reason: disabledBy ?? 'internal', file: input.file, key: typeField?.[0] ?? 'type' };
  }
  return out;
}
