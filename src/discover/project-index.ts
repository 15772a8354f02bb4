import { isObject } from '../parse/normalize.js';
import { cachedJsonValue, type FileCache } from './check-file.js';
import { globFiles } from './glob.js';
import { expandBraces, expandTemplate, type PathContext } from './paths.js';
import { indexedFolder } from './projects.js';
import type { HostDefinition } from '../hosts/types.js';

export interface IndexedProjects {
  readonly host: string;
  /** The index pattern, for reporting. */
  readonly source: string;
  readonly folders: readonly { readonly dir: string; readonly recorded: string }[];
}

/**
 * Reads every project index of the hosts (VS Code `workspaceStorage/*\/workspace.json` …). An
 * unreadable or malformed index file names no project; it is not a server source, so it is not
 * reported as a finding.
 */
export async function readProjectIndexes(hosts: readonly HostDefinition[], ctx: PathContext, cache: FileCache): Promise<IndexedProjects[]> {
  const out: IndexedProjects[] = [];
  for (const host of hosts) {
    for (const index of host.projectIndexes ?? []) {
      const folders: { dir: string; recorded: string }[] = [];
      for (const template of expandBraces(index.path)) {
        const expanded = expandTemplate(template, ctx);
        if (expanded === undefined) continue;
        const files = await globFiles(expanded);
        const found = await Promise.all(files.map(async (file) => {
          let value = await cachedJsonValue(cache, file);
          if (value === undefined) return undefined;
          for (const k of index.key) value = isObject(value) && Object.hasOwn(value, k) ? value[k] : undefined;
          return indexedFolder(value, ctx);
        }));
        for (const f of found) if (f !== undefined) folders.push(f);
      }
      out.push({ host: host.id, source: index.path, folders });
    }
  }
  return out;
}
