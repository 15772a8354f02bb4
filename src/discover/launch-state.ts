import path from 'node:path';
import { isObject } from '../parse/normalize.js';
import type { LaunchCwd, LaunchState, ServerEntry } from '../parse/types.js';
import type { FileCache } from './check-file.js';
import { expandEntry } from './expand.js';
import { applyHostSwitches, applyOpaqueTrust, applyPluginEnablement, applyRequired, applyTrustedFolders } from './host-records.js';
import { mapRecordedPath, type PathContext } from './paths.js';
import type { ProjectRoot } from './projects.js';
import type { LocatedCheck } from './switches.js';
import type { HostDefinition } from '../hosts/types.js';
import { entryWith } from '../parse/entry-with.js';
import { isLive, stop, withEntries } from './entry-state.js';
import { applyPolicy } from './policy-lists.js';
import { applyLoaderRejects, applyPathRules } from './extension-rules.js';


/**
 * Decides how each host treats each entry, after the name switches (switches.ts): variables the
 * host expands (expand.ts), administrator policy (`HostDefinition.policy`), which of two
 * same-named entries runs (`precedence`), inert locations, and the launch directory. Every entry
 * leaves with a `state`. In a file other hosts also read (`sharedWith`), a decision of this host
 * only is recorded in `disabledOnlyFor` and the entry stays launched: the other hosts start it.
 */
export async function decideLaunch(
  checks: readonly LocatedCheck[], ctx: PathContext, cache: FileCache, roots: readonly ProjectRoot[],
): Promise<LocatedCheck[]> {
  const byHost = new Map<string, LocatedCheck[]>();
  for (const c of checks) {
    // Appended in place: copying the list per check was quadratic in a host's locations (1,000 projects × its files).
    const list = byHost.get(c.host.id);
    if (list === undefined) byHost.set(c.host.id, [c]);
    else list.push(c);
  }
  const decided = new Map<LocatedCheck, LocatedCheck>();
  for (const group of byHost.values()) {
    const host = group[0]?.host;
    if (host === undefined) continue;
    let current = group.map((c) => withEntries(c, c.entries.map((e) => prepare(e, c, host, ctx))));
    current = applyRequired(current, host);
    current = applyLoaderRejects(current);
    current = await applyHostSwitches(current, host, ctx, cache);
    current = await applyOpaqueTrust(current, host, ctx, cache);
    if (host.trustedFolders !== undefined) current = await applyTrustedFolders(current, host, host.trustedFolders, ctx, cache);
    if (host.pluginEnablement !== undefined) current = await applyPluginEnablement(current, host, host.pluginEnablement, ctx, cache, roots);
    if (host.pathRuleEnablement !== undefined) current = await applyPathRules(current, host, host.pathRuleEnablement, ctx, cache, roots);
    if (host.policy !== undefined) current = await applyPolicy(current, host, host.policy, ctx, cache, roots);
    if (host.precedence !== undefined) current = applyPrecedence(current, host);
    group.forEach((c, i) => { const d = current[i]; if (d !== undefined) decided.set(c, d); });
  }
  return checks.map((c) => {
    const d = decided.get(c) ?? c;
    return withEntries(d, d.entries.map((e) => finalize(e, d.host, ctx)));
  });
}

/**
 * Variables, inert locations (a marketplace clone's plugin folder is not an installed plugin), and
 * files the host's loader refuses for a duplicate key (`refusesDuplicateKeys`).
 */
function prepare(e: ServerEntry, c: LocatedCheck, host: HostDefinition, ctx: PathContext): ServerEntry {
  let out = host.variables !== undefined ? expandEntry(e, host.variables, { home: ctx.home, platform: ctx.platform }) : e;
  const inert = c.location.inert;
  if (inert !== undefined && out.state === undefined && !out.disabled) {
    out = entryWith(out, { disabled: true, disabledBy: inert.reason, state: inert.state, stateBy: { reason: inert.reason, file: out.configPath } });
  }
  return refusedFile(out, c, host);
}

/**
 * A file the host's strict loader refuses: a duplicate spelled alike (any loader sees one key twice)
 * makes the host skip the file, so the entry is disabled by that rule. A duplicate only the audit's
 * parser equates (YAML `1` and `"1"`) may be two keys to the host: the entry may still run, so it
 * stays in coverage with a launch doubt (fail closed), never 'disabled'.
 */
function refusedFile(e: ServerEntry, c: LocatedCheck, host: HostDefinition): ServerEntry {
  const rule = host.refusesDuplicateKeys;
  const dups = c.doc?.duplicates ?? [];
  // An entry's own `enabled: false` is no decision here: the host never reads the file it is in.
  if (rule === undefined || dups.length === 0 || e.state !== undefined) return e;
  if (rule.locations !== undefined && !rule.locations.includes(c.location.path)) return e;
  const at = (d: (typeof dups)[number]): string => `${d.pointer} (line ${d.used.line}:${d.used.column}, first at ${d.first.line}:${d.first.column})`;
  const sure = dups.find((d) => d.sameSpelling);
  if (sure !== undefined) {
    return stop(e, c, 'disabled', {
      reason: `${rule.loader} refuses the duplicate key ${at(sure)} and ${host.name} skips the whole file`,
      file: e.configPath, key: sure.pointer,
    });
  }
  const [d] = dups;
  if (d === undefined) return e;
  const reason = `keys spelled differently at ${at(d)} are one key to the audit's parser: if ${rule.loader} sees them as one, ${host.name} skips the whole file`;
  return entryWith(e, { launchDoubts: [...(e.launchDoubts ?? []), { reason, origin: e.origin }] });
}

/** Marks an entry shadowed by a same-named entry of a higher tier that applies wherever it does. */
interface Rival { readonly e: ServerEntry; readonly r: number; readonly order: number; readonly loc: string }

function applyPrecedence(checks: LocatedCheck[], host: HostDefinition): LocatedCheck[] {
  const tiers = host.precedence?.tiers ?? [];
  const rank = (c: LocatedCheck, e: ServerEntry): number => tiers.findIndex((t) => t.location === c.location.path && (t.scope === undefined || t.scope === e.scope));
  // Indexed once (linear by construction): each entry looks only at its same-named rivals, and a
  // project entry only at the user-level ones and those of its own project (10,000 projects each
  // with a server "s" are 10,000 short lists, not one list scanned 10,000 times).
  const all = new Map<string, Rival[]>();
  const global = new Map<string, Rival[]>();
  const byProject = new Map<string, Map<string, Rival[]>>();
  const add = <K>(map: Map<K, Rival[]>, key: K, x: Rival): void => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [x]);
    else list.push(x);
  };
  const fields = host.precedence?.merge === 'fields';
  let order = 0;
  for (const c of checks) {
    for (const e of c.entries) {
      const r = rank(c, e);
      // In a field merge the switch is one more field: a layer switched off by its own flag still
      // lends its command, args and env to a same-named layer that switches it back on.
      if (r < 0 || !(isLive(e) || (fields && offByOwnFlag(e, host)))) continue;
      const x = { e, r, order: order++, loc: c.location.path };
      add(all, e.name, x);
      if (e.project === undefined) add(global, e.name, x);
      else {
        let projects = byProject.get(e.name);
        if (projects === undefined) byProject.set(e.name, (projects = new Map<string, Rival[]>()));
        add(projects, e.project, x);
      }
    }
  }
  /** The first rival (in reading order) that `test` accepts among the user-level ones and those of `project`. */
  const firstOf = (name: string, project: string | undefined, test: (x: Rival) => boolean): Rival | undefined => {
    const g = global.get(name)?.find(test);
    const p = project !== undefined ? byProject.get(name)?.get(project)?.find(test) : undefined;
    return g === undefined ? p : p === undefined || g.order < p.order ? g : p;
  };
  return checks.map((c) => withEntries(c, c.entries.map((e) => {
    const r = rank(c, e);
    if (r < 0 || !isLive(e)) return e;
    const winner = firstOf(e.name, e.project, (x) => x.r < r);
    if (fields) {
      // Same-named tables of two layers are merged field by field: what runs is neither entry as written.
      // A user-level entry overlaps every project's; a project entry the user-level ones and its own project's.
      const other = e.project === undefined ? all.get(e.name)?.find((x) => x.r !== r) : firstOf(e.name, e.project, (x) => x.r !== r);
      if (other === undefined) return e;
      const reason = `${host.name} merges this entry field by field with the same-named entry of ${other.e.configPath}; the merged entry is what runs`;
      const doubted = entryWith(e, { launchDoubts: [...(e.launchDoubts ?? []), { reason, origin: e.origin }] });
      // A fragment that sets no program nor URL (`.crush.json` `{ "disabled": false }` over
      // crush.json's full entry) runs the launch of the highest-precedence layer that has one:
      // that launch is shown on it, not left behind on a layer that is off by its own flag.
      return e.command !== undefined || e.url !== undefined ? doubted : launchFrom(doubted, mergeSource(e, r, all, firstOf));
    }
    if (winner === undefined) {
      const from = host.precedence?.fieldsFrom ?? [];
      const merged = firstOf(e.name, e.project, (x) => x.r > r && from.includes(x.loc));
      if (merged === undefined) return e;
      const reason = `${host.name} merges this entry field by field with the same-named entry of ${merged.e.configPath}; the merged entry is what runs`;
      return entryWith(e, { launchDoubts: [...(e.launchDoubts ?? []), { reason, origin: e.origin }] });
    }
    return stop(e, c, 'shadowed', {
      reason: `${host.name} runs the same-named ${winner.e.scope} entry of ${winner.e.configPath} instead`,
      file: winner.e.configPath, key: winner.e.origin.pointer,
    });
  })));
}

/** The highest-precedence same-named layer (below or above `e`'s) that sets a program or URL. */
function mergeSource(
  e: ServerEntry, r: number, all: ReadonlyMap<string, readonly Rival[]>,
  firstOf: (name: string, project: string | undefined, test: (x: Rival) => boolean) => Rival | undefined,
): Rival | undefined {
  const has = (x: Rival): boolean => x.e !== e && (x.e.command !== undefined || x.e.url !== undefined);
  const candidates = e.project === undefined ? (all.get(e.name) ?? []).filter((x) => x.e.project === undefined && has(x)) : [];
  const best = (list: readonly Rival[]): Rival | undefined => [...list].sort((a, b) => a.r - b.r || a.order - b.order)[0];
  if (e.project === undefined) return best(candidates);
  const found: Rival[] = [];
  for (let t = 0; t <= Math.max(r, 64); t++) {
    const x = firstOf(e.name, e.project, (y) => y.r === t && has(y));
    if (x !== undefined) found.push(x);
  }
  return best(found);
}

/** The entry with the launch fields (program, URL; arguments and environment it does not set) of `from`, and why. */
function launchFrom(e: ServerEntry, from: Rival | undefined): ServerEntry {
  if (from === undefined) return e;
  const src = from.e;
  const reason = `its launch comes from the same-named entry of ${src.configPath} (${src.origin.pointer}), which this layer does not override`;
  return entryWith(e, {
    transport: src.transport, args: e.args.length > 0 ? e.args : src.args, env: { ...src.env, ...e.env }, envOrigins: { ...src.envOrigins, ...e.envOrigins },
    ...(src.command !== undefined ? { command: src.command } : {}), ...(src.url !== undefined ? { url: src.url } : {}),
    ...(src.transportSource !== undefined ? { transportSource: src.transportSource } : {}),
    launchDoubts: [...(e.launchDoubts ?? []), { reason, origin: e.origin }],
  });
}

/** The entry is off only by its own `disabled: true` / `enabled: false` field (nothing outside it). */
function offByOwnFlag(e: ServerEntry, host: HostDefinition): boolean {
  if (e.state !== undefined || !isObject(e.raw)) return false;
  const raw = e.raw;
  return host.entry.disabled.some((k) => raw[k] === true) || host.entry.enabled.some((k) => raw[k] === false);
}

/** Every entry leaves with a state (and the reason), launch directory and nothing left undecided. */
function finalize(e: ServerEntry, host: HostDefinition, ctx: PathContext): ServerEntry {
  const state: LaunchState = e.state ?? (e.disabled ? 'disabled' : 'launched');
  const stateBy = e.stateBy ?? (state !== 'launched' && e.disabledBy !== undefined ? { reason: e.disabledBy, file: e.configPath } : undefined);
  // A project key names a folder as recorded; it is mapped as every recorded path is (under --root
  // into the root), so the entry's identity is the same in a live audit and in one of a copy.
  const mapped = e.projectKey !== undefined ? mapRecordedPath(e.projectKey, ctx) : undefined;
  return entryWith(e, {
    state, ...(stateBy !== undefined ? { stateBy } : {}),
    ...(mapped !== undefined && mapped !== e.projectKey ? { projectKey: mapped } : {}),
    ...(e.command !== undefined || e.transport === 'stdio' ? { launchCwd: launchCwd(e, host, ctx), hostEnvFiles: host.envFiles } : {}),
  });
}

function launchCwd(e: ServerEntry, host: HostDefinition, ctx: PathContext): LaunchCwd {
  if (e.cwd !== undefined) {
    if (e.cwd.includes('$')) return { kind: 'unknown', why: 'the entry\'s cwd holds a variable the audit could not expand' };
    const base = e.project ?? ctx.home;
    return { kind: 'explicit', path: path.isAbsolute(e.cwd) ? e.cwd : path.resolve(base, e.cwd) };
  }
  const dir = host.launchDir;
  if (dir === undefined) return { kind: 'unknown', why: `no ${host.name} source read by the audit says which directory it starts servers in` };
  if (dir.kind === 'home') return { kind: 'home' };
  if (e.project !== undefined) return { kind: 'project', path: e.project };
  return { kind: 'unknown', why: `${host.name} starts a user entry in whichever folder it was opened in` };
}
