import path from 'node:path';
import { isObject } from '../parse/normalize.js';
import type { ServerEntry } from '../parse/types.js';
import { cachedJsonValue, checkFile, type FileCache } from './check-file.js';
import { globFiles } from './glob.js';
import { expandTemplate, mapRecordedPath, type PathContext } from './paths.js';
import type { ProjectRoot } from './projects.js';
import type { LocatedCheck } from './switches.js';
import type { HostDefinition, PluginEnablement, TrustedFolders } from '../hosts/types.js';
import { extend } from '../shared/extend.js';
import { entryWith } from '../parse/entry-with.js';

/**
 * Records a host keeps outside its server files: extensions installed by link, plugin
 * enablement, folder trust (types.ts `LinkedInstalls`, `PluginEnablement`, `TrustedFolders`).
 */

const at = (value: unknown, keys: readonly string[]): unknown => {
  let v = value;
  for (const k of keys) v = isObject(v) && Object.hasOwn(v, k) ? v[k] : undefined;
  return v;
};

/** Manifests of extensions installed by link: the record names the source folder that holds them. */
export async function linkedManifests(hosts: readonly HostDefinition[], ctx: PathContext, cache: FileCache): Promise<LocatedCheck[]> {
  const out: LocatedCheck[] = [];
  for (const host of hosts) {
    const li = host.linkedInstalls;
    const location = li === undefined ? undefined : host.locations.find((l) => l.path === li.location);
    if (li === undefined || location === undefined) continue;
    const expanded = expandTemplate(li.records, ctx);
    if (expanded === undefined) continue;
    for (const record of await globFiles(expanded)) {
      const value = await cachedJsonValue(cache, record);
      const source = at(value, li.sourceKey);
      if (at(value, li.typeKey) !== li.typeValue || typeof source !== 'string') continue;
      const dir = mapRecordedPath(source, ctx);
      if (dir === undefined) continue;
      const check = await checkFile(host, location, path.join(dir, li.manifest), cache, { pattern: `${li.records} (install by link)` });
      out.push(extend(check, { host, location }));
    }
  }
  return out;
}

const within = (dir: string, root: string): boolean => dir === root || dir.startsWith(root + path.sep);

/** Plugin entries whose plugin is not enabled in any readable enablement file are disabled. */
export async function applyPluginEnablement(
  checks: readonly LocatedCheck[], pe: PluginEnablement, ctx: PathContext, cache: FileCache, roots: readonly ProjectRoot[],
): Promise<LocatedCheck[]> {
  const named = new Map<string, { on: boolean; file: string }>();
  let readable = 0;
  // A file already parsed as a host location (Codex config.toml) is taken from its check: the
  // parsed checks by path, built once (a find over every check per project root was roots × checks).
  const parsedAt = new Map<string, unknown>();
  for (const c of checks) if (c.doc !== undefined && !parsedAt.has(c.check.path)) parsedAt.set(c.check.path, c.doc.value);
  for (const template of pe.files) {
    const dirs = template.startsWith('<project>/') ? roots.map((r) => r.path) : [undefined];
    for (const dir of dirs) {
      const expanded = expandTemplate(template, ctx, dir);
      if (expanded === undefined) continue;
      const parsed = parsedAt.get(expanded.base);
      const value = parsed ?? await cachedJsonValue(cache, expanded.base);
      if (!isObject(value)) continue;
      readable++;
      const map = at(value, pe.key);
      if (!isObject(map)) continue;
      for (const [id, v] of Object.entries(map)) {
        const on = pe.shape === 'bool' ? v : isObject(v) ? v.enabled : undefined;
        if (typeof on === 'boolean' && !named.has(id)) named.set(id, { on, file: expanded.base });
      }
    }
  }
  return checks.map((c) => {
    if (!pe.governs.includes(c.location.path)) return c;
    const base = expandTemplate(c.location.path, ctx)?.base;
    if (base === undefined) return c;
    const segs = path.relative(base, c.check.path).split(path.sep);
    const id = `${segs[pe.pluginSegment] ?? ''}@${segs[pe.marketplaceSegment] ?? ''}`;
    const entries = c.entries.map((e): ServerEntry => {
      if (e.disabled) return e;
      const record = named.get(id);
      const absent = record === undefined ? (readable === 0 ? 'doubt' : pe.whenAbsent) : undefined;
      if (record?.on === true || absent === 'enabled') return e;
      if (absent === 'doubt') {
        return entryWith(e, { launchDoubts: [...(e.launchDoubts ?? []), { reason: `no ${pe.key.join('.')} record names plugin ${id}: whether it is enabled is unknown`, origin: e.origin }] });
      }
      const reason = record === undefined
        ? `plugin ${id} is not enabled: ${pe.key.join('.')} does not name it`
        : `plugin ${id} is turned off in ${pe.key.join('.')} of ${record.file}`;
      return entryWith(e, { disabled: true, disabledBy: reason, state: 'disabled', stateBy: { reason, key: pe.key.join('.'), ...(record !== undefined ? { file: record.file } : {}) } });
    });
    return extend(c, { entries });
  });
}

/** Project files of an untrusted folder are not loaded: their entries are disabled with the trust file as reason. */
export async function applyTrustedFolders(
  checks: readonly LocatedCheck[], tf: TrustedFolders, ctx: PathContext, cache: FileCache,
): Promise<LocatedCheck[]> {
  let on = tf.enabled.default;
  let decidedBy = `the default (${tf.enabled.key.join('.')} = ${String(tf.enabled.default)})`;
  for (const template of tf.enabled.files) {
    const expanded = expandTemplate(template, ctx);
    if (expanded === undefined) continue;
    const v = at(await cachedJsonValue(cache, expanded.base), tf.enabled.key);
    if (typeof v === 'boolean') { on = v; decidedBy = `${tf.enabled.key.join('.')} of ${expanded.base}`; }
  }
  if (!on) return [...checks];
  const file = expandTemplate(tf.file, ctx)?.base;
  const rules: { dir: string; rule: 'trust' | 'deny' }[] = [];
  const value = file === undefined ? undefined : await cachedJsonValue(cache, file);
  if (isObject(value)) {
    for (const [recorded, rule] of Object.entries(value)) {
      const dir = mapRecordedPath(recorded, ctx);
      if (dir === undefined) continue;
      if (rule === tf.trust) rules.push({ dir, rule: 'trust' });
      else if (rule === tf.parent) rules.push({ dir: path.dirname(dir), rule: 'trust' });
      else if (rule === tf.deny) rules.push({ dir, rule: 'deny' });
    }
  }
  return checks.map((c) => {
    const project = c.check.project;
    if (project === undefined || !tf.governs.includes(c.location.path)) return c;
    const match = rules.filter((r) => within(path.resolve(project), path.resolve(r.dir))).sort((a, b) => b.dir.length - a.dir.length)[0];
    if (match?.rule === 'trust') return c;
    const reason = `${project} is not a trusted folder (${match === undefined ? 'no rule in' : 'DO_NOT_TRUST in'} ${file ?? tf.file}; folder trust is on by ${decidedBy})`;
    return extend(c, { entries: c.entries.map((e) => (e.disabled ? e : entryWith(e, { disabled: true, disabledBy: reason, state: 'disabled' as const, stateBy: { reason, ...(file !== undefined ? { file } : {}) } }))) });
  });
}

/** A host-wide off switch (Zed `disable_ai`) disables every entry of the host, naming the file and key. */
export async function applyHostSwitches(checks: readonly LocatedCheck[], host: HostDefinition, ctx: PathContext, cache: FileCache): Promise<LocatedCheck[]> {
  for (const sw of host.hostSwitches ?? []) {
    const file = expandTemplate(sw.file, ctx)?.base;
    if (file === undefined) continue;
    const parsed = checks.find((c) => c.check.path === file && c.doc !== undefined)?.doc?.value;
    if (at(parsed ?? await cachedJsonValue(cache, file), sw.key) !== sw.value) continue;
    const reason = `${sw.key.join('.')}: ${JSON.stringify(sw.value)} in ${file} turns every ${host.name} MCP server off`;
    return checks.map((c) => extend(c, { entries: c.entries.map((e) => (e.disabled ? e : entryWith(e, { disabled: true, disabledBy: reason, state: 'disabled' as const, stateBy: { reason, file, key: sw.key.join('.') } }))) }));
  }
  return [...checks];
}

/** Project entries whose folder trust lives where the audit cannot read it get a launch doubt. */
export async function applyOpaqueTrust(checks: readonly LocatedCheck[], host: HostDefinition, ctx: PathContext, cache: FileCache): Promise<LocatedCheck[]> {
  const ot = host.opaqueTrust;
  if (ot === undefined) return [...checks];
  if (ot.unless !== undefined) {
    const file = expandTemplate(ot.unless.file, ctx)?.base;
    const parsed = checks.find((c) => c.check.path === file && c.doc !== undefined)?.doc?.value;
    if (file !== undefined && at(parsed ?? await cachedJsonValue(cache, file), ot.unless.key) === ot.unless.value) return [...checks];
  }
  return checks.map((c) => {
    if (c.check.project === undefined || !ot.governs.includes(c.location.path)) return c;
    const reason = `${host.name} loads this project file only for a folder trusted in ${ot.where}, which the audit cannot read`;
    return extend(c, { entries: c.entries.map((e) => (e.disabled ? e : entryWith(e, { launchDoubts: [...(e.launchDoubts ?? []), { reason, origin: e.origin }] }))) });
  });
}

/** Entries missing a field the host requires are skipped by it (unless another file's same-named entry is merged in). */
export function applyRequired(checks: readonly LocatedCheck[], host: HostDefinition): LocatedCheck[] {
  const rules = host.entry.required ?? [];
  if (rules.length === 0) return [...checks];
  const files = new Map<string, Set<string>>();
  for (const c of checks) for (const e of c.entries) files.set(e.name, (files.get(e.name) ?? new Set()).add(c.check.path));
  return checks.map((c) => ({
    ...c,
    entries: c.entries.map((e) => {
      if (e.disabled || (files.get(e.name)?.size ?? 0) > 1 || !isObject(e.raw)) return e;
      const raw = e.raw;
      const type = raw.type;
      const missing = rules.filter((r) => r.type === undefined || r.type === type).flatMap((r) => r.fields).filter((f) => !Object.hasOwn(raw, f));
      if (missing.length === 0) return e;
      const reason = `${host.name} skips an entry without ${missing.join(', ')}`;
      return entryWith(e, { disabled: true, disabledBy: reason, state: 'disabled' as const, stateBy: { reason, file: e.configPath, key: missing.join(', ') } });
    }),
  }));
}
