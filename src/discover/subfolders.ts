import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { HostDefinition } from '../hosts/types.js';
import type { FloorCause } from './floor.js';
import type { ProjectRoot } from './projects.js';

/**
 * Hosts that read project files from whatever folder they run in, so from any folder below a
 * recorded project root, not only the root itself:
 * - Codex, Crush and opencode walk from the cwd up to the project root (`projectWalk`), reading
 *   each folder's files (openai/codex codex-rs/core/src/config_loader/mod.rs `load_project_layers`);
 * - Gemini CLI reads `.gemini/settings.json` in its cwd, trusted when any trusted folder holds it
 *   (google-gemini/gemini-cli packages/cli/src/config/trustedFolders.ts);
 * - Mistral Vibe reads `.vibe/config.toml` in its cwd when the nearest trust decision above it is
 *   trusted (mistralai/mistral-vibe@ac8f1a09 vibe/core/config/harness_files/_harness_manager.py
 *   `config_file`, vibe/core/trusted_folders.py `_closest_decision`).
 * The folders below each recorded root are searched for those hosts' files, bounded: MAX_DEPTH
 * levels, MAX_FOLDERS in all, version-control, dependency and cache folders and symbolic links
 * skipped. Build-output folders (`build`, `dist`, `target`, `out`) are searched like any other: a
 * host is run in them (a CMake build tree, a `dist` folder being tested), and a large one costs at
 * most the search budget, whose cut is a floor cause, where skipping it by name was silent.
 * What the bounds leave out makes the count a floor.
 */
const MAX_DEPTH = 4;
const MAX_FOLDERS = 2000;
const SKIP = new Set(['.git', '.hg', '.svn', 'node_modules', '.venv', 'venv', '__pycache__', '.cache']);
export const CWD_HOSTS: ReadonlySet<string> = new Set(['gemini-cli', 'mistral-vibe']);

/** Does `host` read project files from any folder it runs in? */
export const readsFromAnyCwd = (host: HostDefinition): boolean => host.projectWalk !== undefined || CWD_HOSTS.has(host.id);

export interface Subfolders {
  readonly dirs: readonly string[];
  readonly floor: readonly FloorCause[];
}

/** The folders below the recorded roots (listed by a host file or index), breadth first. */
export function subfoldersOf(roots: readonly ProjectRoot[], hosts: readonly string[]): Subfolders {
  const known = new Set(roots.map((r) => r.path));
  const dirs: string[] = [];
  const floor: FloorCause[] = [];
  const seen = new Set<string>();
  let budget = MAX_FOLDERS;
  for (const root of roots) {
    if (!root.sources.some((s) => s.startsWith('listed:'))) continue;
    let level = [root.path];
    for (let depth = 1; level.length > 0; depth++) {
      const next: string[] = [];
      for (const dir of level) {
        let names: string[];
        try {
          names = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && !SKIP.has(d.name)).map((d) => d.name).sort();
        } catch {
          continue;
        }
        if (names.length === 0) continue;
        if (depth > MAX_DEPTH || budget <= 0) {
          floor.push({
            kind: 'not-followed', path: dir, hosts,
            detail: `folders below ${dir} were not searched (past ${depth > MAX_DEPTH ? `${MAX_DEPTH} levels below the recorded project ${root.path}` : `the ${MAX_FOLDERS} folders searched below recorded projects`}): ${hosts.join(', ')} read project files from any folder they run in`,
          });
          continue;
        }
        for (const n of names) {
          const sub = path.join(dir, n);
          if (known.has(sub) || seen.has(sub)) continue;
          seen.add(sub);
          budget--;
          dirs.push(sub);
          next.push(sub);
        }
      }
      level = next;
    }
  }
  return { dirs, floor };
}
