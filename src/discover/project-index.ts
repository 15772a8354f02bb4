import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { isObject } from '../parse/normalize.js';
import { cachedJsonValue, cachedTomlValue, readThrough, type FileCache } from './check-file.js';
import { globFiles } from './glob.js';
import { caseInsensitiveLayout, expandAll, expandBraces, type PathContext } from './paths.js';
import { indexedFolder } from './projects.js';
import type { HostDefinition, ProjectIndex } from '../hosts/types.js';
import { append } from '../shared/lists.js';
import { parseJsonValue } from '../parse/json-value.js';

export interface IndexedProjects {
  readonly host: string;
  /** The index pattern, for reporting. */
  readonly source: string;
  readonly folders: readonly { readonly dir: string; readonly recorded: string }[];
  /** What of it could not be read within the caps (session logs): each makes the count a floor. */
  readonly unread: readonly { readonly path: string; readonly detail: string }[];
}

/**
 * Session logs (`ProjectIndex` kind `session-log`) read per index, newest first (their names sort
 * by start time: `sessions/YYYY/MM/DD/rollout-YYYY-MM-DDThh-mm-ss-<id>.jsonl`), and the bytes read
 * from each for its first line. A heavy user keeps thousands of multi-MiB logs: past either cap the
 * folders of the rest are not known, and the count is a floor.
 */
export const MAX_SESSION_LOGS = 2000;
export const MAX_SESSION_HEAD_BYTES = 256 * 1024;

type Folder = { readonly dir: string; readonly recorded: string };

/**
 * Reads every project index of the hosts (VS Code `workspaceStorage/*\/workspace.json`, Gemini
 * `trustedFolders.json` …), relocated like every host path. An unreadable or malformed index file
 * names no project; it is not a server source, so it is not reported as a finding.
 */
export async function readProjectIndexes(hosts: readonly HostDefinition[], ctx: PathContext, cache: FileCache): Promise<IndexedProjects[]> {
  const out: IndexedProjects[] = [];
  const glob = { noCase: caseInsensitiveLayout(ctx.platform), ...(cache.folder !== undefined ? { folder: cache.folder } : {}) };
  for (const host of hosts) {
    for (const index of host.projectIndexes ?? []) {
      const folders: Folder[] = [];
      const unread: { path: string; detail: string }[] = [];
      for (const template of expandBraces(index.path)) {
        for (const expanded of expandAll(template, ctx, host.dirVariables)) {
          const files = expanded.pattern === undefined ? [expanded.base] : await globFiles(expanded, glob);
          if (index.kind === 'session-log') {
            const logs = sessionLogs(index, files, ctx, expanded.display);
            append(folders, logs.folders);
            append(unread, logs.unread);
            continue;
          }
          if (index.format === 'sqlite') {
            for (const file of files) if (isFile(file)) unread.push({ path: file, detail: sqliteDetail(host.name, file) });
            continue;
          }
          const read = index.format === 'toml' ? cachedTomlValue : index.format === 'text' ? textValue : cachedJsonValue;
          const found = await Promise.all(files.map(async (file) => foldersOf(index, await read(cache, file), ctx, cache, remoteNoter(file, unread))));
          for (const f of found) append(folders, f);
        }
      }
      out.push({ host: host.id, source: index.path, folders, unread });
    }
  }
  return out;
}

/** A file (not a folder, not absent) at `file`: a literal index path names one that may not exist. */
function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

function sqliteDetail(host: string, file: string): string {
  return `${file} is a SQLite database in which ${host} records the projects it opened; the audit has no SQLite reader, so those projects' files were not read`;
}

/**
 * A recorded folder on another machine or file system (`vscode-remote://wsl+ubuntu/home/u/app`,
 * `vscode-vfs://github/…`): the host runs that folder's project servers there (VS Code docs
 * https://code.visualstudio.com/docs/remote/remote-overview: workspace extensions and settings
 * run on the remote side), which the audit cannot read from this tree: a floor cause.
 */
function remoteNoter(file: string, unread: { path: string; detail: string }[]): (value: unknown) => void {
  return (value) => {
    if (typeof value !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || value.startsWith('file://')) return;
    const scheme = value.slice(0, value.indexOf(':'));
    unread.push({ path: file, detail: `${file} records a ${scheme} folder, on a machine or file system the audit does not read: the host's project files there were not read` });
  };
}

/** A `text` index file's trimmed text; undefined when it is absent or unreadable. */
async function textValue(cache: FileCache, file: string): Promise<unknown> {
  const read = await readThrough(cache, file);
  return read.kind === 'text' ? read.text.trim() : undefined;
}

/** The value at a key path, undefined where one is missing. */
function keyPathValue(doc: unknown, keys: readonly string[]): unknown {
  let value = doc;
  for (const k of keys) value = isObject(value) && Object.hasOwn(value, k) ? value[k] : undefined;
  return value;
}

async function foldersOf(index: ProjectIndex, doc: unknown, ctx: PathContext, cache: FileCache, remote: (value: unknown) => void): Promise<Folder[]> {
  const value = keyPathValue(doc, index.key);
  switch (index.kind ?? 'value') {
    case 'value': {
      remote(value);
      const f = indexedFolder(value, ctx);
      return f === undefined ? [] : [f];
    }
    case 'keys': {
      if (!isObject(value)) return [];
      const out: Folder[] = [];
      for (const k in value) {
        if (!Object.hasOwn(value, k)) continue;
        const f = indexedFolder(k, ctx);
        if (f !== undefined) out.push(f);
      }
      return out;
    }
    case 'list': {
      if (!Array.isArray(value)) return [];
      const out: Folder[] = [];
      for (const listed of value as unknown[]) {
        const item: unknown = index.item === undefined ? listed : keyPathValue(listed, index.item);
        remote(item);
        const f = indexedFolder(item, ctx);
        if (f !== undefined) out.push(f);
      }
      return out;
    }
    case 'session-log':
      return []; // read by sessionLogs, line by line
    case 'workspace-file': {
      // A multi-root workspace: the .code-workspace file's folder (where VS Code reads it as a
      // project file) and each folder it lists, `path` relative to the file (VS Code docs
      // https://code.visualstudio.com/docs/editing/workspaces/multi-root-workspaces "Workspace file schema").
      remote(value);
      const file = indexedFolder(value, ctx);
      if (file === undefined) return [];
      const out: Folder[] = [{ dir: path.dirname(file.dir), recorded: path.dirname(file.recorded) }];
      const ws = await cachedJsonValue(cache, file.dir);
      const list = isObject(ws) && Array.isArray(ws.folders) ? ws.folders : [];
      for (const item of list) {
        const p = isObject(item) ? item.path ?? item.uri : undefined;
        if (typeof p !== 'string') continue;
        remote(p);
        const recorded = /^[a-z][a-z0-9+.-]*:\/\//i.test(p) || path.isAbsolute(p) || path.win32.isAbsolute(p) ? p : path.join(path.dirname(file.recorded), p);
        const f = indexedFolder(recorded, ctx);
        if (f !== undefined) out.push(f);
      }
      return out;
    }
  }
}

/** The folders the newest session logs name, each distinct folder once; what the caps leave unread. */
function sessionLogs(index: ProjectIndex, files: readonly string[], ctx: PathContext, display: string): { folders: Folder[]; unread: { path: string; detail: string }[] } {
  const sorted = [...files].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const folders: Folder[] = [];
  const seen = new Set<string>();
  let long = 0;
  let firstLong = '';
  const valueAt = (line: string): unknown => {
    let value: unknown;
    try {
      value = parseJsonValue(line);
    } catch {
      return undefined;
    }
    for (const k of index.key) value = isObject(value) && Object.hasOwn(value, k) ? value[k] : undefined;
    return value;
  };
  for (const file of sorted.slice(0, MAX_SESSION_LOGS)) {
    const head = headLines(file, index.line === 'first-naming');
    if (head === undefined) continue;
    let value: unknown;
    if (index.line === 'first-naming') {
      value = head.lines.map(valueAt).find((v) => typeof v === 'string' && v !== '');
      // No line within the cap names a folder, and the cap cut the file: what follows may.
      if (value === undefined && head.cut) { if (long++ === 0) firstLong = file; continue; }
    } else {
      if (head.cut) { if (long++ === 0) firstLong = file; continue; }
      value = head.lines[0] === undefined ? undefined : valueAt(head.lines[0]);
    }
    const f = indexedFolder(value, ctx);
    if (f !== undefined && !seen.has(f.dir)) { seen.add(f.dir); folders.push(f); }
  }
  const unread: { path: string; detail: string }[] = [];
  if (sorted.length > MAX_SESSION_LOGS) {
    unread.push({ path: display, detail: `${sorted.length - MAX_SESSION_LOGS} of ${sorted.length} session logs at ${display} are past the ${MAX_SESSION_LOGS} newest the audit reads: the project folders they name were not scanned` });
  }
  if (long > 0) {
    unread.push({ path: firstLong, detail: `${long} session log${long === 1 ? '' : 's'} at ${display} (${firstLong}${long === 1 ? '' : ' …'}) start${long === 1 ? 's' : ''} with a line over ${MAX_SESSION_HEAD_BYTES} bytes: the project folder${long === 1 ? '' : 's'} named there were not scanned` });
  }
  return { folders, unread };
}

/**
 * The complete lines of `file` within the first MAX_SESSION_HEAD_BYTES: the first only, or (`all`)
 * each one; `cut` when the cap ended the read inside a line (the first line, for `all: false`).
 * Undefined when the file is unreadable or not a regular file.
 */
function headLines(file: string, all: boolean): { lines: string[]; cut: boolean } | undefined {
  let fd: number;
  try {
    // Non-blocking, then only a regular file is read: a FIFO named like a log never stalls the audit.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const buf = Buffer.alloc(MAX_SESSION_HEAD_BYTES);
    let at = 0;
    while (at < buf.length) {
      const n = readSync(fd, buf, at, buf.length - at, at);
      if (n === 0) break;
      const nl = buf.subarray(at, at + n).indexOf(0x0a);
      at += n;
      if (!all && nl >= 0) return { lines: [buf.subarray(0, at - n + nl).toString('utf8')], cut: false };
    }
    const text = buf.subarray(0, at).toString('utf8');
    const full = at < buf.length;
    if (!all) return full ? { lines: [text], cut: false } : { lines: [], cut: true };
    const lines = text.split('\n');
    // The last piece is a whole line only when the file ended within the cap.
    if (!full) lines.pop();
    return { lines, cut: !full };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
