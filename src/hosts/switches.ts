import { isObject } from '../parse/normalize.js';
import type { ServerEntry } from '../parse/types.js';
import { cachedJsonValue, type FileCache, type FileCheck } from './check-file.js';
import { expandTemplate, type PathContext } from './paths.js';
import type { ProjectRoot } from './projects.js';
import type { HostDefinition, HostLocation, NameSwitch } from './types.js';

/** A checked file with the host and location it was checked for. */
export interface LocatedCheck extends FileCheck {
  readonly host: HostDefinition;
  readonly location: HostLocation;
}

/**
 * Applies the hosts' name switches (types.ts `NameSwitch`) to the entries of each checked file:
 * an entry a deny list names, or an allow list omits, becomes `disabled` with `disabledBy`
 * naming the list and its file.
 */
export async function applySwitches(
  checks: readonly LocatedCheck[], ctx: PathContext, cache: FileCache, roots: readonly ProjectRoot[],
): Promise<LocatedCheck[]> {
  return Promise.all(checks.map(async (c) => {
    const switches = (c.host.switches ?? []).filter((s) => s.governs === c.location.path);
    if (switches.length === 0 || c.entries.length === 0) return c;
    let entries: readonly ServerEntry[] = c.entries;
    for (const sw of switches) {
      const list = await loadNames(sw, c, ctx, cache, roots);
      if (list === undefined) continue;
      const off = (name: string): boolean => (sw.kind === 'deny' ? list.names.includes(name) : !list.names.includes(name));
      const by = `${sw.kind === 'deny' ? 'listed in' : 'not listed in'} ${list.where}`;
      entries = entries.map((e) => (!e.disabled && off(e.name) ? { ...e, disabled: true, disabledBy: by } : e));
    }
    return { ...c, entries };
  }));
}

async function loadNames(
  sw: NameSwitch, c: LocatedCheck, ctx: PathContext, cache: FileCache, roots: readonly ProjectRoot[],
): Promise<{ names: readonly string[]; where: string } | undefined> {
  const project = c.check.project;
  let value: unknown;
  let file: string;
  if (sw.file === 'self') {
    value = c.doc?.value;
    file = c.check.path;
  } else {
    const expanded = expandTemplate(sw.file, ctx, project);
    if (expanded === undefined) return undefined;
    file = expanded.base;
    value = await cachedJsonValue(cache, file);
    if (value === undefined) return undefined;
  }
  const root = roots.find((r) => r.path === project);
  const projectKey = root?.recordedAs ?? project;
  for (const k of sw.key) {
    const key = k === '<project-key>' ? projectKey : k;
    value = key !== undefined && isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const names = value.filter((v: unknown): v is string => typeof v === 'string');
  return { names, where: `${sw.key.join('.')} of ${file}` };
}
