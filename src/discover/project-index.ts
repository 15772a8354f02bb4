import path from 'node:path';
import { isObject } from '../parse/normalize.js';
import { cachedJsonValue, type FileCache } from './check-file.js';
import { globFiles } from './glob.js';
import { caseInsensitiveLayout, expandAll, expandBraces, type PathContext } from './paths.js';
import { indexedFolder } from './projects.js';
import type { HostDefinition, ProjectIndex } from '../hosts/types.js';
import { append } from '../shared/lists.js';

export interface IndexedProjects {
  readonly host: string;
  /** The index pattern, for reporting. */
  readonly source: string;
  readonly folders: readonly { readonly dir: string; readonly recorded: string }[];
}

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
      for (const template of expandBraces(index.path)) {
        for (const expanded of expandAll(template, ctx, host.dirVariables)) {
          const files = expanded.pattern === undefined ? [expanded.base] : await globFiles(expanded, glob);
          const found = await Promise.all(files.map(async (file) => foldersOf(index, await cachedJsonValue(cache, file), ctx, cache)));
          for (const f of found) append(folders, f);
        }
      }
      out.push({ host: host.id, source: index.path, folders });
    }
  }
  return out;
}

async function foldersOf(index: ProjectIndex, doc: unknown, ctx: PathContext, cache: FileCache): Promise<Folder[]> {
  let value = doc;
  for (const k of index.key) value = isObject(value) && Object.hasOwn(value, k) ? value[k] : undefined;
  switch (index.kind ?? 'value') {
    case 'value': {
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
    case 'workspace-file': {
      // A multi-root workspace: the .code-workspace file's folder (where VS Code reads it as a
      // project file) and each folder it lists, `path` relative to the file (VS Code docs
      // https://code.visualstudio.com/docs/editing/workspaces/multi-root-workspaces "Workspace file schema").
      const file = indexedFolder(value, ctx);
      if (file === undefined) return [];
      const out: Folder[] = [{ dir: path.dirname(file.dir), recorded: path.dirname(file.recorded) }];
      const ws = await cachedJsonValue(cache, file.dir);
      const list = isObject(ws) && Array.isArray(ws.folders) ? ws.folders : [];
      for (const item of list) {
        const p = isObject(item) ? item.path ?? item.uri : undefined;
        if (typeof p !== 'string') continue;
        const recorded = /^[a-z][a-z0-9+.-]*:\/\//i.test(p) || path.isAbsolute(p) || path.win32.isAbsolute(p) ? p : path.join(path.dirname(file.recorded), p);
        const f = indexedFolder(recorded, ctx);
        if (f !== undefined) out.push(f);
      }
      return out;
    }
  }
}
