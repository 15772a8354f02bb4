import type { HostDefinition, HostImports, HostLocation } from '../hosts/types.js';
import { cachedJsonValue, type FileCache } from './check-file.js';
import type { FloorCauses } from './floor.js';
import { at } from './host-records.js';
import { globFiles } from './glob.js';
import { expandAll, type PathContext } from './paths.js';
import { noDirectory } from './read-file.js';

/** Per host with `imports`: the kinds it does not import here, or every kind (the host is not on this machine). */
export type ImportsOff = ReadonlyMap<string, ReadonlySet<string> | 'all'>;

/**
 * Decides each host's `imports` (types.ts `HostImports`) before the imported files are checked, so
 * one the host does not read is never checked for it (its findings stay the owning host's). The
 * host is present when one of its own config files (a location without `importKind`: the user
 * ones with any relocation, the project ones in each of `roots`) or a folder of `presence` exists;
 * a kind is off when every own config file that parses turns it off (a project's config is one
 * more layer, with its own list, when the host runs there); a name in a list that is no known kind
 * makes the count a floor. Called once before the project roots are known, and again with them.
 */
export async function decideImports(
  hosts: readonly HostDefinition[], ctx: PathContext, cache: FileCache, floor: FloorCauses, roots: readonly string[] = [],
): Promise<ImportsOff> {
  const off = new Map<string, ReadonlySet<string> | 'all'>();
  for (const host of hosts) {
    const spec = host.imports;
    if (spec === undefined) continue;
    const mine = host.locations.filter((l) => l.importKind === undefined);
    const own = [
      ...mine.filter((l) => !l.path.startsWith('<project>/')).flatMap((l) => expandAll(l.path, ctx, host.dirVariables)),
      ...mine.filter((l) => l.path.startsWith('<project>/')).flatMap((l) => roots.flatMap((r) => expandAll(l.path, ctx, host.dirVariables, r))),
    ].map((e) => e.base).filter((f) => !noDirectory(f));
    const present = own.length > 0 || await anyPresent(spec.presence, host, ctx);
    if (!present) { off.set(host.id, 'all'); continue; }
    let imported: Set<string> | undefined;
    for (const file of own) {
      const value: unknown = await cachedJsonValue(cache, file);
      if (value === undefined) continue;
      const kinds = importedBy(at(value, spec.key), spec);
      for (const name of kinds.unknown) {
        floor.add({
          kind: 'not-followed', path: file, hosts: [host.id],
          detail: `${file} lists ${name} in ${spec.key.join('.')}, an import kind the audit does not know (${spec.source}): the servers ${host.name} imports by it are not counted`,
        });
      }
      imported = new Set([...(imported ?? []), ...kinds.on]);
    }
    if (imported === undefined) continue;
    const on = imported;
    off.set(host.id, new Set(spec.kinds.filter((k) => !on.has(k))));
  }
  return off;
}

/** Whether the host reads this location here: not an import, or an import of a kind left on. */
export function importedHere(host: HostDefinition, location: HostLocation, off: ImportsOff): boolean {
  const kind = location.importKind;
  if (kind === undefined) return true;
  const o = off.get(host.id);
  return o === undefined || (o !== 'all' && !o.has(kind));
}

/** The kinds one config file's list leaves on, and the names in it that are no known kind. */
function importedBy(value: unknown, spec: HostImports): { readonly on: readonly string[]; readonly unknown: readonly string[] } {
  // Absent, or not a list (which the host's schema refuses; the audit errs towards launched): every kind.
  if (!Array.isArray(value)) return { on: spec.kinds, unknown: [] };
  const unknown = value.filter((v) => typeof v !== 'string' || !spec.kinds.includes(v)).map((v) => JSON.stringify(v));
  // `listed-then-rest`: a non-empty list reorders the kinds, and every kind is still imported.
  return { on: value.length === 0 ? [] : spec.kinds, unknown };
}

/** Whether one of the host's presence paths exists (a glob: matches at least one file). */
async function anyPresent(paths: readonly string[], host: HostDefinition, ctx: PathContext): Promise<boolean> {
  for (const p of paths) {
    for (const e of expandAll(p, ctx, host.dirVariables)) {
      if (e.pattern === undefined ? !noDirectory(e.base) : (await globFiles(e, ctx.folder !== undefined ? { folder: ctx.folder } : {})).length > 0) return true;
    }
  }
  return false;
}
