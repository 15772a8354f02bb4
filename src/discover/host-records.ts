import path from 'node:path';
import { isObject, typeName } from '../parse/normalize.js';
import type { ServerEntry } from '../parse/types.js';
import { cachedJsonValue, cachedTomlValue, checkFile, readThrough, type FileCache } from './check-file.js';
import { globFiles, type GlobOptions } from './glob.js';
import { caseInsensitiveLayout, expandAll, expandBraces, expandTemplate, mapRecordedPath, sandboxOf, type PathContext } from './paths.js';
import type { FloorCauses } from './floor.js';
import type { ProjectRoot } from './projects.js';
import type { LocatedCheck } from './switches.js';
import type { HostDefinition, HostLocation, PluginEnablement, RelocatingSetting, TrustedFolders } from '../hosts/types.js';
import type { LaunchOptionValue } from './session-env.js';
import { extend } from '../shared/extend.js';
import { checkFollowed, checkGlobIn } from './locations.js';
import { append, largest } from '../shared/lists.js';
import { entryWith } from '../parse/entry-with.js';

/**
 * Records a host keeps outside its server files: extensions installed by link, plugin
 * enablement, folder trust (types.ts `LinkedInstalls`, `PluginEnablement`, `TrustedFolders`).
 */

/** The value at a key path of a parsed document (undefined when any step is missing). */
export const at = (value: unknown, keys: readonly string[]): unknown => {
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
    for (const expanded of expandAll(li.records, ctx, host.dirVariables)) {
      for (const record of await globFiles(expanded, globOptions(ctx, cache))) {
        const value = await cachedJsonValue(cache, record);
        const source = at(value, li.sourceKey);
        if (at(value, li.typeKey) !== li.typeValue || typeof source !== 'string') continue;
        const dir = mapRecordedPath(source, ctx);
        if (dir === undefined) continue;
        const check = await checkFile(host, location, path.join(dir, li.manifest), cache, { pattern: `${li.records} (install by link)` });
        out.push(extend(check, { host, location }));
      }
    }
  }
  return out;
}

/** Glob options for a layout: names matched ignoring case on macOS and Windows. */
export function globOptions(ctx: PathContext, cache: FileCache): GlobOptions {
  return { noCase: caseInsensitiveLayout(ctx.platform), ...(cache.folder !== undefined ? { folder: cache.folder } : {}) };
}

/**
 * Locations moved by a host setting (`relocatingSettings`, Roo Code `roo-cline.customStoragePath`):
 * the file at the setting's folder is checked as the location. Run twice: without `roots`, for the
 * files outside any project and their absolute values; with the project roots once they are known,
 * for the `<project>/` files and for the relative values a `relative: 'project'` setting joins to
 * the folder the host runs in. A glob location (Mistral Vibe's `~/.vibe/agents/*.toml` moved by
 * `agent_paths`) is globbed in each named folder. A value that cannot be followed (not a string,
 * relative where the setting joins none) makes the count a floor.
 */
export async function relocatedBySettings(
  hosts: readonly HostDefinition[], ctx: PathContext, cache: FileCache, floor: FloorCauses, roots?: readonly string[],
): Promise<LocatedCheck[]> {
  const out: LocatedCheck[] = [];
  for (const host of hosts) {
    for (const rs of host.relocatingSettings ?? []) {
      const location = host.locations.find((l) => l.path === rs.location);
      if (location === undefined || !rs.location.startsWith(rs.prefix)) continue;
      const rest = rs.location.slice(rs.prefix.length).split('/').filter((x) => x !== '');
      const inProject = rs.file.startsWith('<project>/');
      if (roots === undefined && inProject) continue;
      // A `<project>/` file is read in each root; any other file once, its relative values joined to each root.
      const sites: readonly (string | undefined)[] = inProject ? roots ?? [] : [undefined];
      for (const site of sites) {
        for (const template of expandBraces(rs.file)) {
          for (const expanded of expandAll(template, ctx, host.dirVariables, site)) {
            const files = expanded.pattern === undefined ? [expanded.base] : await globFiles(expanded, globOptions(ctx, cache));
            for (const file of files) {
              for (const { value, what, recordedProject } of await settingValues(rs, cache, file, ctx)) {
                if (typeof value !== 'string') {
                  // Reported once: in the first pass for a file outside projects, in the second for a `<project>/` one.
                  if (roots !== undefined && !inProject) continue;
                  floor.add({ kind: 'not-followed', path: file, hosts: [host.id], detail: `${what} in ${file} is not a path (${typeName(value)}): the folder it may name was not read` });
                  continue;
                }
                const absolute = path.isAbsolute(value) || path.win32.isAbsolute(value);
                // The first pass takes absolute values of files outside projects; the second the rest.
                const deferred = !absolute && rs.relative === 'project';
                if (roots === undefined ? deferred : !inProject && !deferred) continue;
                const bases = absolute ? [undefined] : rs.relative === 'project' ? (site !== undefined ? [site] : roots ?? []) : [];
                if (bases.length === 0) {
                  floor.add({
                    kind: 'not-followed', path: file, hosts: [host.id],
                    detail: `${what} in ${file} moves ${host.name}'s ${rest.join('/')} to a folder that is not an absolute path: the file there was not read`,
                  });
                  continue;
                }
                for (const b of bases) {
                  const dir = b === undefined ? mapRecordedPath(value, ctx) : path.resolve(b, value);
                  if (dir === undefined) {
                    floor.add({ kind: 'not-followed', path: file, hosts: [host.id], detail: `${what} in ${file} names a folder outside the audited tree: the file there was not read` });
                    continue;
                  }
                  const project = b ?? site ?? recordedProject;
                  const extra = { pattern: `${what} of ${file}`, ...(project !== undefined ? { project } : {}) };
                  if (location.glob === true) {
                    append(out, await checkGlobIn(host, location, dir, rest.join('/'), ctx, cache, extra));
                    continue;
                  }
                  const check = await checkFile(host, location, path.join(dir, ...rest), cache, extra);
                  out.push(extend(check, { host, location }));
                }
              }
            }
          }
        }
      }
    }
  }
  return out;
}

/** The folders a relocating setting's file names: the value at `key`, or each item's at `each`; empty strings left out. */
async function settingValues(
  rs: RelocatingSetting, cache: FileCache, file: string, ctx: PathContext,
): Promise<{ value: unknown; what: string; recordedProject?: string }[]> {
  if (rs.format === 'text') {
    const text = await trimmedText(cache, file);
    return text === undefined || text === '' ? [] : [{ value: text, what: 'the path it holds' }];
  }
  const value = at(await (rs.format === 'toml' ? cachedTomlValue(cache, file) : cachedJsonValue(cache, file)), rs.key);
  if (rs.each === undefined) return value === undefined || value === '' ? [] : [{ value, what: rs.key.join('.') }];
  if (!Array.isArray(value)) return [];
  const what = rs.each.length === 0 ? `${rs.key.join('.')}[]` : `${rs.key.join('.')}[].${rs.each.join('.')}`;
  const out: { value: unknown; what: string; recordedProject?: string }[] = [];
  for (const item of value) {
    const v = at(item, rs.each);
    if (v === undefined || v === '') continue;
    const p = rs.eachProject === undefined ? undefined : at(item, rs.eachProject);
    const recordedProject = typeof p === 'string' && path.isAbsolute(p) ? mapRecordedPath(p, ctx) : undefined;
    out.push({ value: v, what, ...(recordedProject !== undefined ? { recordedProject } : {}) });
  }
  return out;
}

/**
 * Plugin folders a settings map names (`HostDefinition.pluginFolderSettings`, VS Code
 * `chat.pluginLocations`): each folder set to `true`, absolute or `~/`, has its MCP files read.
 * A folder named relative to a workspace, or by any other value, is not followed: a floor cause.
 */
export async function pluginFolderFiles(hosts: readonly HostDefinition[], ctx: PathContext, cache: FileCache, floor: FloorCauses): Promise<LocatedCheck[]> {
  const out: LocatedCheck[] = [];
  for (const host of hosts) {
    for (const ps of host.pluginFolderSettings ?? []) {
      for (const template of expandBraces(ps.file)) {
        for (const expanded of expandAll(template, ctx, host.dirVariables)) {
          const files = expanded.pattern === undefined ? [expanded.base] : await globFiles(expanded, globOptions(ctx, cache));
          for (const file of files) {
            const settings = await cachedJsonValue(cache, file);
            const map = isObject(settings) ? settings[ps.key] : undefined;
            if (!isObject(map)) continue;
            for (const [folder, on] of Object.entries(map)) {
              if (on !== true) continue;
              const dir = folder === '~' || folder.startsWith('~/') ? path.join(ctx.home, folder.slice(1))
                : path.isAbsolute(folder) || path.win32.isAbsolute(folder) ? mapRecordedPath(folder, ctx) : undefined;
              if (dir === undefined) {
                floor.add({
                  kind: 'not-followed', path: file, hosts: [host.id],
                  detail: `${ps.key} in ${file} names the plugin folder ${JSON.stringify(folder)}, relative to a workspace folder: its MCP servers were not read`,
                });
                continue;
              }
              for (const f of ps.files) {
                const location: HostLocation = { scope: 'plugin', path: `${folder}/${f.path}`, containers: f.containers, source: ps.source };
                append(out, await checkFollowed(host, location, path.join(dir, ...f.path.split('/')), ctx, cache, { pattern: `${ps.key} of ${file}` }));
              }
            }
          }
        }
      }
    }
  }
  return out;
}

/** A pointer file's text, trimmed (`RelocatingSetting.format: 'text'`); undefined when it cannot be read as text. */
async function trimmedText(cache: FileCache, file: string): Promise<string | undefined> {
  const read = await readThrough(cache, file);
  return read.kind === 'text' ? read.text.trim() : undefined;
}

/**
 * Config files a session file's host wrapper adds by a launch option (`HostDefinition.launchOptions`,
 * `alias claude='claude --mcp-config ~/mcp/extra.json'`): each is read as a location of the
 * option's shape. Values that could not be read are floor causes already (session-env.ts).
 */
export async function launchOptionFiles(hosts: readonly HostDefinition[], values: readonly LaunchOptionValue[], cache: FileCache): Promise<LocatedCheck[]> {
  const out: LocatedCheck[] = [];
  for (const v of values) {
    if (v.value === undefined) continue;
    for (const host of hosts) {
      for (const o of host.launchOptions ?? []) {
        if (o.program !== v.program || o.option !== v.option) continue;
        const file = o.fileInFolder === undefined ? v.value : path.join(v.value, o.fileInFolder);
        const location: HostLocation = { scope: o.scope, path: file, containers: o.containers, source: o.source };
        const check = await checkFile(host, location, file, cache, { pattern: `${v.option} of ${v.program} in ${v.file}:${v.line}` });
        out.push(extend(check, { host, location }));
      }
    }
  }
  return out;
}

const within = (dir: string, root: string): boolean => dir === root || dir.startsWith(root + path.sep);

/**
 * Plugin entries are launched when some folder the host may run in enables their plugin. The
 * files are read from lowest to highest precedence (`PluginEnablement.files`): in one folder, the
 * last file that names the plugin decides (Claude Code: policy over local over project over user).
 * The files other than the project ones alone decide for any folder whose project files do not name it.
 */
export async function applyPluginEnablement(
  checks: readonly LocatedCheck[], host: HostDefinition, pe: PluginEnablement, ctx: PathContext, cache: FileCache, roots: readonly ProjectRoot[],
): Promise<LocatedCheck[]> {
  // A file already parsed as a host location (Codex config.toml) is taken from its check: the
  // parsed checks by path, built once (a find over every check per project root was roots × checks).
  const parsedAt = new Map<string, unknown>();
  for (const c of checks) if (c.doc !== undefined && !parsedAt.has(c.check.path)) parsedAt.set(c.check.path, c.doc.value);
  let readable = 0;
  type Named = ReadonlyMap<string, { on: boolean; file: string }>;
  const readNames = async (file: string): Promise<Named | undefined> => {
    const value = parsedAt.get(file) ?? await cachedJsonValue(cache, file);
    if (!isObject(value)) return undefined;
    readable++;
    const map = at(value, pe.key);
    const named = new Map<string, { on: boolean; file: string }>();
    if (isObject(map)) {
      for (const [id, v] of Object.entries(map)) {
        const on = pe.shape === 'bool' ? v : isObject(v) ? v.enabled : undefined;
        if (typeof on === 'boolean') named.set(id, { on, file });
      }
    }
    return named;
  };
  // `files` is in precedence order, lowest first; the project templates sit among the others (Claude
  // Code: user < project < local < policy). Each folder the host may run in has one chain: the files
  // before the project ones, that folder's project files, then the files after them (managed policy
  // over a project's own choice). A chain per relocation of the other files (the default, then each
  // known value); a folder whose project files are unread is the chain of the other files alone.
  const firstProject = pe.files.findIndex((t) => t.startsWith('<project>/'));
  const lastProject = pe.files.length - 1 - [...pe.files].reverse().findIndex((t) => t.startsWith('<project>/'));
  const projectTemplates = pe.files.filter((t) => t.startsWith('<project>/'));
  const below = firstProject < 0 ? pe.files : pe.files.slice(0, firstProject);
  const above = firstProject < 0 ? [] : pe.files.slice(lastProject + 1).filter((t) => !t.startsWith('<project>/'));
  const relocated = async (templates: readonly string[]): Promise<Named[][]> => {
    const variants = templates.map((t) => expandAll(t, ctx, host.dirVariables).map((e) => e.base));
    const width = largest(variants.map((v) => v.length), 1);
    const out: Named[][] = [];
    for (let i = 0; i < width; i++) {
      const layers: Named[] = [];
      for (const v of variants) {
        const file = v[i] ?? v[0];
        const named = file === undefined ? undefined : await readNames(file);
        if (named !== undefined) layers.push(named);
      }
      out.push(layers);
    }
    return out;
  };
  const belowLayers = await relocated(below);
  const aboveLayers = await relocated(above);
  const width = Math.max(belowLayers.length, aboveLayers.length);
  const outer = (i: number): { low: Named[]; high: Named[] } => ({ low: belowLayers[i] ?? belowLayers[0] ?? [], high: aboveLayers[i] ?? aboveLayers[0] ?? [] });
  const userLayers: Named[][] = [];
  for (let i = 0; i < width; i++) { const { low, high } = outer(i); userLayers.push([...low, ...high]); }
  const projectLayers: Named[][] = [];
  if (projectTemplates.length > 0) {
    for (const r of roots) {
      const layers: Named[] = [];
      for (const t of projectTemplates) {
        const file = expandTemplate(t, ctx, r.path)?.base;
        const named = file === undefined ? undefined : await readNames(file);
        if (named !== undefined) layers.push(named);
      }
      if (layers.length === 0) continue;
      for (let i = 0; i < width; i++) { const { low, high } = outer(i); projectLayers.push([...low, ...layers, ...high]); }
    }
  }
  const last = (layers: readonly Named[], id: string): { on: boolean; file: string } | undefined => {
    let d: { on: boolean; file: string } | undefined;
    for (const l of layers) d = l.get(id) ?? d;
    return d;
  };
  const bases = pe.governs.map((g) => ({ g, bases: expandAll(g, ctx, host.dirVariables).map((e) => e.base) }));
  return checks.map((c) => {
    if (!pe.governs.includes(c.location.path)) return c;
    const governed = bases.find((b) => b.g === c.location.path)?.bases ?? [];
    // The file under every name it was reached by (a second symlink to a plugin folder): the
    // host enables the plugin by the folder names it knows it under, so any of them may decide.
    const ids = [c.check.path, ...(c.aliases ?? [])].flatMap((p) => {
      const base = governed.find((b) => within(p, b));
      if (base === undefined) return [];
      const segs = path.relative(base, p).split(path.sep);
      return [`${segs[pe.pluginSegment] ?? ''}@${segs[pe.marketplaceSegment] ?? ''}`];
    });
    const decide = (candidates: readonly string[]): { id: string; on: boolean; users: ReturnType<typeof last>[]; projects: ReturnType<typeof last>[] } | undefined => {
      const onId = candidates.find((i) => userLayers.some((l) => last(l, i)?.on === true) || projectLayers.some((l) => last(l, i)?.on === true));
      const id = onId ?? candidates[0];
      if (id === undefined) return undefined;
      const users = userLayers.map((l) => last(l, id));
      const projects = projectLayers.map((l) => last(l, id));
      const on = users.some((d) => d?.on === true) || projects.some((d) => d?.on === true)
        || (pe.whenAbsent === 'enabled' && users.some((d) => d === undefined));
      return { id, on, users, projects };
    };
    const byPath = decide(ids);
    // An entry of a file listing several plugins (marketplace.json) belongs to the plugin it names:
    // `<its plugin>@<the marketplace the path names>`.
    const entries = c.entries.map((e): ServerEntry => {
      const d = e.plugin === undefined ? byPath : decide(ids.map((i) => `${e.plugin ?? ''}@${i.slice(i.lastIndexOf('@') + 1)}`));
      if (d === undefined || e.disabled || d.on) return e;
      const { id, users, projects } = d;
      const record = [...projects, ...users].find((x) => x !== undefined);
      if (record === undefined && (readable === 0 || pe.whenAbsent === 'doubt')) {
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
  checks: readonly LocatedCheck[], host: HostDefinition, tf: TrustedFolders, ctx: PathContext, cache: FileCache,
): Promise<LocatedCheck[]> {
  let on = tf.enabled.default;
  let decidedBy = `the default (${tf.enabled.key.join('.')} = ${String(tf.enabled.default)})`;
  let set = false;
  for (const template of tf.enabled.files) {
    // Copies of one file (relocations): any copy that turns checking off decides (fewer entries disabled).
    let v: boolean | undefined;
    let from = '';
    for (const expanded of expandAll(template, ctx, host.dirVariables)) {
      const x = at(await cachedJsonValue(cache, expanded.base), tf.enabled.key);
      if (typeof x === 'boolean' && v !== false) { v = x; from = expanded.base; }
    }
    if (v !== undefined) { on = v; decidedBy = `${tf.enabled.key.join('.')} of ${from}`; set = true; }
  }
  if (!on) return [...checks];
  // Unset, and releases disagree on the default: checking may be off (every folder trusted).
  const earlier = set ? undefined : tf.enabled.earlierDefault;
  const releaseDoubt = earlier !== undefined && earlier.value !== on
    ? `${tf.enabled.key.join('.')} is not set and its default is ${String(earlier.value)} before release ${earlier.before}, ${String(on)} since: the installed release decides whether folder trust is checked`
    : undefined;
  // Every copy of the trust file (a relocation by GEMINI_CLI_HOME …): a rule of any copy counts
  // (more trust is more entries launched; which copy the host reads is not known).
  const copies = expandAll(tf.file, ctx, host.dirVariables);
  const file = copies[0]?.base;
  const rules: { dir: string; rule: 'trust' | 'deny' }[] = [];
  for (const copy of copies) {
    const value = await cachedJsonValue(cache, copy.base);
    if (!isObject(value)) continue;
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
    if (releaseDoubt !== undefined) {
      const doubt = `${reason}, but ${releaseDoubt}`;
      return extend(c, { entries: c.entries.map((e) => (e.disabled ? e : entryWith(e, { launchDoubts: [...(e.launchDoubts ?? []), { reason: doubt, origin: e.origin }] }))) });
    }
    return extend(c, { entries: c.entries.map((e) => (e.disabled ? e : entryWith(e, { disabled: true, disabledBy: reason, state: 'disabled' as const, stateBy: { reason, ...(file !== undefined ? { file } : {}) } }))) });
  });
}

/**
 * A host-wide off switch (Zed `disable_ai`) disables every entry of the host, naming the file and
 * key, when every copy of its file (relocations included) turns it on: the copy the host reads is
 * not known, and a copy that does not switch everything off leaves the servers running. A copy in
 * a Flathub sandbox (paths.ts `sandboxOf`) belongs to that install alone: it decides for the
 * entries read inside the sandbox, the other copies for the rest.
 */
export async function applyHostSwitches(checks: readonly LocatedCheck[], host: HostDefinition, ctx: PathContext, cache: FileCache): Promise<LocatedCheck[]> {
  let current: readonly LocatedCheck[] = checks;
  for (const sw of host.hostSwitches ?? []) {
    const installs = new Map<string, string[]>();
    for (const copy of expandAll(sw.file, ctx, host.dirVariables)) {
      const key = sandboxOf(copy.base, ctx) ?? '';
      installs.set(key, [...(installs.get(key) ?? []), copy.base]);
    }
    const on = new Map<string, readonly string[]>();
    for (const [key, copies] of installs) {
      let all = true;
      for (const copy of copies) {
        const parsed = current.find((c) => c.check.path === copy && c.doc !== undefined)?.doc?.value;
        if (at(parsed ?? await cachedJsonValue(cache, copy), sw.key) !== sw.value) { all = false; break; }
      }
      if (all) on.set(key, copies);
    }
    if (on.size === 0) continue;
    current = current.map((c) => {
      const copies = on.get(sandboxOf(c.check.path, ctx) ?? '');
      const file = copies?.[0];
      if (copies === undefined || file === undefined) return c;
      const reason = `${sw.key.join('.')}: ${JSON.stringify(sw.value)} in ${copies.join(' and ')} turns every ${host.name} MCP server off`;
      return extend(c, { entries: c.entries.map((e) => (e.disabled ? e : entryWith(e, { disabled: true, disabledBy: reason, state: 'disabled' as const, stateBy: { reason, file, key: sw.key.join('.') } }))) });
    });
  }
  return [...current];
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
