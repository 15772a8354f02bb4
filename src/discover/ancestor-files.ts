import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { HostDefinition } from '../hosts/types.js';
import type { FloorCauses } from './floor.js';
import type { ProjectRoot } from './projects.js';

/**
 * `HostDefinition.ancestorFiles`: for each scanned project root, the folders above it up to and
 * including the home; a named file in one that is neither a scanned root nor a folder the host's
 * project walk reads is a floor cause (the host may read it; the audit does not list its
 * entries). Each folder is looked at once.
 */
export function ancestorFileFloor(
  hosts: readonly HostDefinition[], roots: readonly ProjectRoot[], home: string, floor: FloorCauses, walked: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): void {
  const withFiles = hosts.filter((h) => h.ancestorFiles !== undefined);
  if (withFiles.length === 0) return;
  const scanned = new Set(roots.map((r) => path.resolve(r.path)));
  const stop = path.resolve(home);
  const above = new Set<string>();
  for (const r of roots) {
    const start = path.resolve(r.path);
    if (!start.startsWith(stop + path.sep)) continue;
    for (let d = path.dirname(start); ; d = path.dirname(d)) {
      if (above.has(d)) break;
      above.add(d);
      if (d === stop || !d.startsWith(stop + path.sep)) break;
    }
  }
  for (const dir of above) {
    if (scanned.has(dir)) continue;
    for (const host of withFiles) {
      // A folder the host's project walk reads (projects.ts walkedDirs): its files are listed.
      if (walked.get(dir)?.has(host.id) === true) continue;
      if (dir === stop && host.ancestorFiles?.belowHome === true) continue;
      for (const name of host.ancestorFiles?.files ?? []) {
        const file = path.join(dir, name);
        let found: boolean;
        try {
          found = lstatSync(file, { throwIfNoEntry: false }) !== undefined;
        } catch {
          found = true; // present but not inspectable: still a file the host may read
        }
        if (!found) continue;
        floor.add({
          kind: 'not-followed', path: file, hosts: [host.id],
          detail: `${file} is in a folder above a project root: ${host.ancestorFiles?.reason ?? 'the host may read it'}; its entries are not listed`,
        });
      }
    }
  }
}
