import { lstat, readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { append } from '../shared/lists.js';
import type { HostDefinition, HostLocation } from '../hosts/types.js';
import { appliesTo, mapRecordedPath, type PathContext } from './paths.js';
import type { FileCache } from './check-file.js';
import { checkLocation } from './locations.js';
import { readConfigFile } from './read-file.js';
import type { LocatedCheck } from './switches.js';

/** Links followed from one program file before it counts as a loop (Linux MAXSYMLINKS is 40). */
const MAX_LINKS = 40;
/** The variable a portable VS Code sets to its data folder (microsoft/vscode src/bootstrap-node.ts configurePortable). */
const DATA = 'VSCODE_PORTABLE';

/**
 * `file` resolved through symbolic links on the audited tree: an absolute target is placed as a
 * recorded path is (below --root, `/home/u/opt/…` is `<root>/opt/…`). Undefined when a link is
 * dangling, loops or cannot be placed.
 */
async function resolved(file: string, ctx: PathContext): Promise<string | undefined> {
  let at = file;
  for (let i = 0; i < MAX_LINKS; i++) {
    let link: boolean;
    try { link = (await lstat(at)).isSymbolicLink(); } catch { return undefined; }
    if (!link) return at;
    const target = await readlink(at).catch(() => undefined);
    if (target === undefined) return undefined;
    const next = path.isAbsolute(target) ? mapRecordedPath(target, ctx) : path.resolve(path.dirname(at), target);
    if (next === undefined) return undefined;
    at = next;
  }
  return undefined;
}

const isDir = async (p: string): Promise<boolean> => stat(p).then((s) => s.isDirectory(), () => false);

/** The product file names `target` (a setup build, never portable); false when it is absent or unreadable (the data folder then decides). */
async function namesTarget(file: string): Promise<boolean> {
  const read = await readConfigFile(file);
  if (read.kind !== 'text') return false;
  try {
    const v: unknown = JSON.parse(read.text);
    return typeof v === 'object' && v !== null && 'target' in v;
  } catch { return false; }
}

/**
 * The files of every portable install (`HostDefinition.portableInstalls`) found from `folders`
 * (each launcher's base name in each, the PATH folders of the audited home) and `programs`
 * (program files named elsewhere, a desktop entry's Exec): each data folder's files are read as
 * `$VSCODE_PORTABLE/<file>`, the value the application gives that variable itself.
 */
export async function portableInstallFiles(
  hosts: readonly HostDefinition[], folders: readonly string[], ctx: PathContext, cache: FileCache, programs: readonly string[] = [],
): Promise<LocatedCheck[]> {
  const out: LocatedCheck[] = [];
  for (const host of hosts) {
    const p = host.portableInstalls;
    if (p === undefined || !p.os.some((o) => appliesTo(o, ctx.platform))) continue;
    const names = [...new Set(p.launchers.map((l) => path.posix.basename(l)))];
    const candidates = [...new Set([...folders.flatMap((f) => names.map((n) => path.join(f, n))), ...programs])];
    const roots = new Set<string>();
    for (const c of candidates) {
      const file = await resolved(c, ctx);
      if (file === undefined) continue;
      for (const l of p.launchers) {
        const tail = path.sep + l.split('/').join(path.sep);
        if (file.endsWith(tail)) roots.add(file.slice(0, -tail.length));
      }
    }
    for (const root of [...roots].sort()) {
      const data = path.join(root, ...p.data.split('/'));
      if (!await isDir(data) || await namesTarget(path.join(root, ...p.product.split('/')))) continue;
      const local: PathContext = { ...ctx, relocators: new Map([[DATA, [data]]]) };
      for (const f of p.files) {
        const location: HostLocation = { ...f, path: `$${DATA}/${f.path}`, note: `${f.note ?? 'portable install'} at ${root}` };
        append(out, await checkLocation(host, location, local, cache, undefined));
      }
    }
  }
  return out;
}
