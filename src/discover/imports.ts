import type { HostDefinition, HostImports } from '../hosts/types.js';
import type { FloorCauses } from './floor.js';
import { at } from './host-records.js';
import { expandAll, type PathContext } from './paths.js';
import { noDirectory } from './read-file.js';
import type { LocatedCheck } from './switches.js';

/**
 * Applies each host's `imports` (types.ts `HostImports`) to the checked files: the locations a host
 * reads as imports of another host's files are kept only where the host is present (one of its own
 * config files, or a folder of `presence`, exists) and for the kinds its own config files leave on.
 * A kind is off only when every own config file read turns it off; one that names a kind the audit
 * does not know makes the count a floor.
 */
export function applyImports(checks: readonly LocatedCheck[], hosts: readonly HostDefinition[], ctx: PathContext, floor: FloorCauses): LocatedCheck[] {
  const off = new Map<string, ReadonlySet<string> | 'all'>();
  for (const host of hosts) {
    const spec = host.imports;
    if (spec === undefined) continue;
    const own = checks.filter((c) => c.host.id === host.id && c.location.importKind === undefined && c.check.status !== 'absent');
    const present = own.length > 0 || spec.presence.some((p) => expandAll(p, ctx, host.dirVariables).some((e) => !noDirectory(e.base)));
    if (!present) { off.set(host.id, 'all'); continue; }
    const lists = own.flatMap((c) => (c.doc === undefined ? [] : [{ file: c.check.path, value: at(c.doc.value, spec.key) }]));
    let imported: Set<string> | undefined;
    for (const l of lists) {
      const kinds = importedBy(l.value, spec);
      for (const name of kinds.unknown) {
        floor.add({
          kind: 'not-followed', path: l.file, hosts: [host.id],
          detail: `${l.file} lists ${JSON.stringify(name)} in ${spec.key.join('.')}, an import kind the audit does not know (${spec.source}): the servers ${host.name} imports by it are not counted`,
        });
      }
      imported = new Set([...(imported ?? []), ...kinds.on]);
    }
    if (imported === undefined) continue;
    const on = imported;
    off.set(host.id, new Set(spec.kinds.filter((k) => !on.has(k))));
  }
  return checks.filter((c) => {
    const kind = c.location.importKind;
    if (kind === undefined) return true;
    const o = off.get(c.host.id);
    return o === undefined || (o !== 'all' && !o.has(kind));
  });
}

/** The kinds one config file's list leaves on, and the names in it that are no known kind. */
function importedBy(value: unknown, spec: HostImports): { readonly on: readonly string[]; readonly unknown: readonly string[] } {
  // Absent, or not a list (which the host's schema refuses, the audit errs towards launched): every kind.
  if (!Array.isArray(value)) return { on: spec.kinds, unknown: [] };
  const named = value.filter((v): v is string => typeof v === 'string');
  const unknown = value.filter((v) => typeof v !== 'string' || !spec.kinds.includes(v)).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  if (value.length === 0) return { on: [], unknown };
  return { on: spec.list === 'listed-then-rest' ? spec.kinds : spec.kinds.filter((k) => named.includes(k)), unknown };
}
