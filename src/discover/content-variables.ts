import type { HostDefinition, HostLocation } from '../hosts/types.js';
import { extend } from '../shared/extend.js';
import { checkFile, type FileCache } from './check-file.js';
import type { ContentValue } from './relocation.js';
import type { LocatedCheck } from './switches.js';

/**
 * The config documents the hosts' content variables hold (`ContentVariable`), each read as a
 * location of the variable's scope and format. The entries' file is where the value was read,
 * `<file>:<line> $NAME` (the session file's line, or the --host-env line): no file holds them, so
 * none is ever edited.
 */
export async function contentVariableChecks(hosts: readonly HostDefinition[], values: readonly ContentValue[], cache: FileCache): Promise<LocatedCheck[]> {
  const out: LocatedCheck[] = [];
  for (const v of values) {
    for (const host of hosts) {
      for (const c of host.contentVariables ?? []) {
        if (c.name !== v.variable) continue;
        const location: HostLocation = { scope: c.scope, path: `$${c.name}`, format: c.format, ...(c.containers !== undefined ? { containers: c.containers } : {}), source: c.source };
        const where = `${v.file}:${v.line} $${c.name}`;
        const check = await checkFile(host, location, where, cache, { pattern: `${c.name} set in ${v.file}:${v.line}` }, v.text);
        out.push(extend(check, { host, location }));
      }
    }
  }
  return out;
}
