import path from 'node:path';
import type { ServerEntry } from '../parse/types.js';
import { configTooManyProjects } from '../rules/config-too-many-projects.js';
import { homeEnvMismatch } from '../rules/home-env-mismatch.js';
import { finding, type Finding } from '../rules/types.js';
import type { Env, Platform, TrustedHome } from '../shared/env.js';
import { UsageError } from '../shared/errors.js';
import { newFileCache, type FileCache, type FileCheck, type LocationCheck } from './check-file.js';
import { settingEnables } from './setting-gates.js';
import { noDirectory } from './read-file.js';
import { resolveHome } from './home.js';
import { readProjectIndexes } from './project-index.js';
import { launchOptionFiles, linkedManifests, pluginFolderFiles, relocatedBySettings } from './host-records.js';
import { decideLaunch } from './launch-state.js';
import { applySwitches, type LocatedCheck } from './switches.js';
import { HOSTS } from '../hosts/index.js';
import { caseInsensitiveLayout, type PathContext } from './paths.js';
import { ProjectRoots, cwdAncestors, listedProjects, walkMarkers, walkedDirs, type ProjectRoot, type ProjectSource } from './projects.js';
import type { HostDefinition, HostLocation } from '../hosts/types.js';
import { append } from '../shared/lists.js';
import { CaseFolder } from './fold-case.js';
import { FloorCauses, type FloorCause } from './floor.js';
import { entryWith } from '../parse/entry-with.js';
import { absentLocation, checkLocation } from './locations.js';
import { resolveRelocators, type HostEnvApplied } from './relocation.js';
import { contentVariableChecks } from './content-variables.js';
import { portableInstallFiles } from './portable-installs.js';
import { textSubstitutionFloor } from './text-substitution.js';
import { codeProviderFloor } from './code-providers.js';
import { codeKeyFloor, remoteConfigFloor, workspaceSettingFloor } from './host-code.js';
import { ancestorFileFloor } from './ancestor-files.js';
import { readsFromAnyCwd, subfoldersOf } from './subfolders.js';
import { decideImports, importedHere } from './imports.js';

export type { LocationCheck } from './check-file.js';
export type { ProjectRoot, ProjectSource } from './projects.js';
export type { FloorCause, FloorKind } from './floor.js';
export type { HostEnvApplied } from './relocation.js';

/** What to audit. Everything is optional: the default audits the current user on this OS. */
export interface DiscoverOptions {
  /** `--root DIR`: audit DIR as the home (system paths mapped below DIR/_system, see paths.ts). */
  readonly root?: string | undefined;
  /** `--user NAME`: audit another account's home from the password database. */
  readonly user?: string | undefined;
  /** `--project DIR` (repeatable): extra project roots, scanned even with projectScan off. */
  readonly projects?: readonly string[] | undefined;
  /** `--no-project-scan` sets false: no cwd walk, no projects listed by hosts. Default true. */
  readonly projectScan?: boolean | undefined;
  /** `--platform`: the OS layout to audit. Another OS than this one needs `root`. */
  readonly platform?: Platform | undefined;
  /**
   * `--host-env FILE`: the hosts' directory variables as their environment holds them
   * (`NAME=value` lines), applied and recorded (relocation.ts).
   */
  readonly hostEnv?: string | undefined;
  /** The host registry (tests pass a subset). Default: HOSTS. */
  readonly hosts?: readonly HostDefinition[] | undefined;
  /**
   * The run's read cache (default: a new one). `fix`, `wrap` and `unwrap` pass their own, so an
   * edit is computed on exactly the bytes the audit read, never on a second read.
   */
  readonly cache?: FileCache | undefined;
}

/**
 * The result of discovery, consumed by grading and reporters.
 * - `home`: the trusted home and its `source` (passwd | user-flag | root-flag).
 * - `homeEnvMismatch`: $HOME (USERPROFILE on Windows) names another directory than the trusted
 *   home; a `home-env-mismatch` finding is also in `findings`. The variable's value is not kept.
 * - `locations`: every location checked, per host and scope, found / absent / error.
 * - `entries`: every server entry (`ServerEntry`, src/parse/types.ts) with host, scope,
 *   configPath, origin (JSON pointer, line:column), `project` for project and Claude Code local
 *   entries, `realPath` when the file sits behind a symlink, `transportSource` (explicit /
 *   defaulted / unresolvable) and `format`. Entries a host would not launch are kept, with
 *   `disabled: true` and `disabledBy` (the switch, a deny/allow list, or a host rule such as
 *   Claude Desktop ignoring url entries, or a Codex project config of an unlisted root). A switch
 *   of one host on a file other hosts also read (Claude Code `disabledMcpjsonServers` on
 *   `.mcp.json`) leaves the entry enabled and is recorded in `disabledOnlyFor`. Env and header values are present for analysis only.
 * - `findings`: file-level problems (config-* rules, grade `unverifiable`), each located at
 *   file:line:column, plus `home-env-mismatch`. One per file, not one per host reading it.
 * - `countIsFloor` / `floorCauses`: the entry count is a floor whenever the audit met something
 *   on a host's lookup path it could not follow; each cause says what (floor.ts).
 * - `hostEnv`: the host directory variables applied, and where each value came from.
 * - `projectRoots`: every project root scanned and why (cwd, cwd-ancestor, flag, listed:<host>, walk:<host>).
 * Order is deterministic: hosts in HOSTS order, locations in definition order, then projects; the
 * files a host imports from other hosts (`importKind`) come after the files their owners read.
 */
export interface Discovery {
  readonly platform: Platform;
  readonly home: TrustedHome;
  readonly homeEnvMismatch: boolean;
  readonly locations: readonly LocationCheck[];
  readonly entries: readonly ServerEntry[];
  readonly findings: readonly Finding[];
  readonly projectScan: boolean;
  readonly countIsFloor: boolean;
  readonly floorCauses: readonly FloorCause[];
  readonly hostEnv: readonly HostEnvApplied[];
  readonly projectRoots: readonly ProjectRoot[];
}

/** Projects taken from one host file's list; more are reported (config-too-many-projects), not scanned. */
export const MAX_LISTED_PROJECTS = 1000;

interface Collector {
  readonly locations: LocationCheck[];
  readonly entries: ServerEntry[];
  readonly findings: Finding[];
  readonly cache: FileCache;
}

/** Finds every MCP server entry the hosts would read. Reads files only; never throws on bad input. */
export async function discover(options: DiscoverOptions, env: Env): Promise<Discovery> {
  const platform = options.platform ?? env.platform;
  if (platform !== env.platform && options.root === undefined) {
    throw new UsageError(`--platform ${platform} audits another OS's layout and needs --root DIR`);
  }
  const resolution = await resolveHome(options, env);
  const home = resolution.home;
  const hosts: readonly HostDefinition[] = options.hosts ?? HOSTS;
  const floor = new FloorCauses();
  const base: PathContext = { platform, home: home.path, auditRoot: home.source === 'root-flag' };
  // A macOS or Windows layout read from a case-sensitive file system (a --root copy on Linux)
  // opens names ignoring case, as APFS and NTFS do for the host (fold-case.ts): the session files
  // the relocators come from (~/.zshenv spelled ~/.ZSHENV) as much as the host configs.
  const foldCase = caseInsensitiveLayout(platform) && process.platform === 'linux';
  const cache = options.cache ?? newFileCache(foldCase ? new CaseFolder(platform) : undefined);
  const folded = foldCase ? { foldCase, folder: cache.folder ?? new CaseFolder(platform) } : {};
  const relocation = await resolveRelocators(hosts, { ...base, ...folded }, env, options.hostEnv, floor);
  const ctx: PathContext = { ...base, relocators: relocation.relocators, ...folded };
  const projectScan = options.projectScan ?? true;
  if (!projectScan) floor.add({ kind: 'project-scan-off', detail: 'project scanning was off (--no-project-scan): project files were not read' });
  const out: Collector = { locations: [], entries: [], findings: [], cache };
  if (resolution.envHomeMismatch !== undefined) {
    out.findings.push(finding(homeEnvMismatch, { user: home.user, home: home.path }));
  }
  const roots = new ProjectRoots();
  const projectLocations: { host: HostDefinition; location: HostLocation }[] = [];
  const jobs: Promise<LocatedCheck[]>[] = [];
  // Another host's file read as an import is checked after its owner's reading of it, so a
  // problem in the file is reported once, under the owning host (check-file.ts reports a file once).
  const userImports: { host: HostDefinition; location: HostLocation }[] = [];
  const projectImportJobs: (() => Promise<LocatedCheck[]>)[] = [];
  // Other hosts' files a host imports (mcporter `imports`) are read only where it is present and leaves them on.
  const importsOff = await decideImports(hosts, ctx, out.cache, floor);
  const checkImport = ({ host, location }: { host: HostDefinition; location: HostLocation }): Promise<LocatedCheck[]> => checkLocation(host, location, ctx, out.cache, undefined);
  for (const host of hosts) {
    for (const location of host.locations) {
      if (!appliesHere(location, platform)) continue;
      if (location.path.startsWith('<project>/')) projectLocations.push({ host, location });
      else if (location.importKind !== undefined) userImports.push({ host, location });
      else if (location.enabledBy === undefined) jobs.push(checkLocation(host, location, ctx, out.cache, undefined));
      else {
        const gate = location.enabledBy;
        jobs.push(settingEnables(gate, host, ctx, out.cache).then((on) => (on ? checkLocation(host, location, ctx, out.cache, undefined) : [])));
      }
    }
  }
  const userChecks = unique([
    ...(await Promise.all(jobs)).flat(), ...await linkedManifests(hosts, ctx, out.cache), ...await relocatedBySettings(hosts, ctx, out.cache, floor),
    ...await pluginFolderFiles(hosts, ctx, out.cache, floor),
    ...await launchOptionFiles(hosts, relocation.launchOptions, out.cache),
    ...await contentVariableChecks(hosts, relocation.contents, out.cache),
    ...await portableInstallFiles(hosts, relocation.pathFolders, ctx, out.cache),
    ...(await Promise.all(userImports.filter((i) => importedHere(i.host, i.location, importsOff)).map(checkImport))).flat(),
  ]);
  for (const c of userChecks) {
    if (projectScan && c.location.listsProjects !== undefined && c.doc !== undefined) {
      const source: ProjectSource = `listed:${c.host.id}`;
      const listed = listedProjects(c.doc, c.location.listsProjects, ctx);
      for (const p of listed.slice(0, MAX_LISTED_PROJECTS)) roots.add(p.dir, source, p.recorded);
      if (listed.length > MAX_LISTED_PROJECTS) {
        const at = c.doc.locate(c.location.listsProjects);
        out.findings.push(finding(configTooManyProjects, {
          host: c.host.id, path: c.check.path, count: String(listed.length), limit: String(MAX_LISTED_PROJECTS),
        }, { path: c.check.path, ...at }));
      }
    }
  }
  if (projectScan) {
    for (const index of await readProjectIndexes(hosts, ctx, out.cache)) {
      for (const u of index.unread) floor.add({ kind: 'not-followed', path: u.path, hosts: [index.host], detail: u.detail });
      for (const f of index.folders.slice(0, MAX_LISTED_PROJECTS)) roots.add(f.dir, `listed:${index.host}`, f.recorded);
      if (index.folders.length > MAX_LISTED_PROJECTS) {
        out.findings.push(finding(configTooManyProjects, {
          host: index.host, path: index.source, count: String(index.folders.length), limit: String(MAX_LISTED_PROJECTS),
        }));
      }
    }
  }
  if (projectScan) for (const a of cwdAncestors(env.cwd, home.path, ctx.auditRoot)) roots.add(a.dir, a.source);
  for (const p of options.projects ?? []) roots.add(path.resolve(env.cwd, p), 'flag');
  const projectRoots = roots.list();
  // A project's own config (mcporter <project>/config/mcporter.json) is one more layer of imports.
  const projectImportsOff = await decideImports(hosts, ctx, out.cache, floor, projectRoots.map((r) => r.path));
  // Project-root markers a host's setting replaces (Codex project_root_markers), for its walk and its trust.
  const walk = walkMarkers(hosts, userChecks);
  for (const f of walk.floor) floor.add(f);
  for (const [i, p] of projectLocations.entries()) {
    const markers = walk.markers.get(p.host.id);
    const trust = p.location.trustFromProjectRoot;
    if (markers !== undefined && trust !== undefined) projectLocations[i] = { ...p, location: { ...p.location, trustFromProjectRoot: { ...trust, markers } } };
  }
  // A project root may be the home itself (cwd = ~): a file already read at user scope by the same
  // host (~/.junie/mcp/mcp.json …) is not read again as a project file. It is left out before it
  // is checked: checked and dropped after, a ~/.cursor/mcp.json of 50,000 servers was normalised
  // twice, once for nothing.
  const seen = new Set(userChecks.map((c) => `${c.check.host}\0${c.check.path}`));
  const projectJobs: (Promise<LocatedCheck[]> | LocatedCheck[])[] = [];
  const checkAt = (dir: string, list: readonly { host: HostDefinition; location: HostLocation }[]): void => {
    // ~/.claude.json keeps every folder ever opened, many long deleted: a root with no directory
    // entry has nothing below it, so its locations are recorded absent without a call each.
    const gone = noDirectory(dir);
    for (const { host, location } of list) {
      if (!importedHere(host, location, projectImportsOff)) continue;
      if (gone) projectJobs.push(absentLocation(host, location, ctx, dir));
      else if (location.importKind !== undefined) projectImportJobs.push(() => checkLocation(host, location, ctx, out.cache, dir, seen));
      else projectJobs.push(checkLocation(host, location, ctx, out.cache, dir, seen));
    }
  };
  for (const root of projectRoots) checkAt(root.path, projectLocations);
  // Hosts that walk from the folder they run in up to the project root read their project files
  // in each folder on the way: the folders above each known root, for those hosts only.
  const walked = walkedDirs(hosts, projectRoots, home.path, walk.markers);
  for (const [dir, walkers] of walked) checkAt(dir, projectLocations.filter((p) => walkers.has(p.host.id)));
  // Hosts that read project files from any folder they run in: the folders below recorded roots.
  const anyCwd = projectLocations.filter((p) => readsFromAnyCwd(p.host));
  const anyCwdHosts = [...new Set(anyCwd.map((p) => p.host.id))];
  const below = projectScan && anyCwd.length > 0 ? subfoldersOf(projectRoots, anyCwdHosts) : { dirs: [], floor: [] };
  for (const f of below.floor) floor.add(f);
  for (const dir of below.dirs) if (!walked.has(dir)) checkAt(dir, anyCwd);
  const allRoots = [
    ...projectRoots, ...[...walked.entries()].map(([dir, walkers]): ProjectRoot => ({ path: dir, sources: [...walkers].map((h): ProjectSource => `walk:${h}`) })),
    ...below.dirs.filter((d) => !walked.has(d)).map((dir): ProjectRoot => ({ path: dir, sources: anyCwdHosts.map((h): ProjectSource => `walk:${h}`) })),
  ];
  // Settings that move a project file (Crush options.data_directory) are read once the roots are known.
  if (projectScan) projectJobs.push(relocatedBySettings(hosts, ctx, out.cache, floor, allRoots.map((r) => r.path)));
  const projectFirst = (await Promise.all(projectJobs)).flat();
  const projectImports = (await Promise.all(projectImportJobs.map((job) => job()))).flat();
  // User files a project's config turns the imports back on for.
  const lateImports = userImports.filter((i) => importedHere(i.host, i.location, projectImportsOff) && !importedHere(i.host, i.location, importsOff));
  const lateUserChecks = (await Promise.all(lateImports.map(checkImport))).flat();
  const projectChecks = unique([...projectFirst, ...projectImports, ...lateUserChecks].filter((c) => !seen.has(`${c.check.host}\0${c.check.path}`)));
  await codeProviderFloor(hosts, ctx, floor, relocation.launchOptions);
  if (projectScan) ancestorFileFloor(hosts, projectRoots, home.path, floor, walked);
  await textSubstitutionFloor([...userChecks, ...projectChecks], out.cache, ctx, floor);
  codeKeyFloor([...userChecks, ...projectChecks], floor);
  await remoteConfigFloor(hosts, ctx, out.cache, floor);
  if (projectScan) await workspaceSettingFloor(hosts, projectRoots, out.cache, floor);
  const switched = await applySwitches([...userChecks, ...projectChecks], ctx, out.cache, allRoots);
  for (const c of await decideLaunch(switched, ctx, out.cache, allRoots)) record(out, c);
  for (const l of out.locations) {
    const unread = out.cache.unreadLayers.get(l.path);
    if (unread !== undefined && l.status === 'found') {
      floor.add({ kind: 'not-followed', path: l.path, hosts: [l.host], detail: `${l.path} is a layer ${l.host} reads above its other files (${unread}): the servers it adds or redefines are not counted` });
      const reason = `${l.path}, a layer ${l.host} reads above this file, exists and is not decoded (${unread}): it may redefine or add to this entry`;
      out.entries.forEach((e, i) => {
        if (e.host === l.host) out.entries[i] = entryWith(e, { launchDoubts: [...(e.launchDoubts ?? []), { reason, origin: e.origin }] });
      });
    }
    const script = out.cache.scripts.get(l.path);
    if (script !== undefined && l.status === 'found') {
      floor.add({
        kind: 'not-followed', path: l.path, hosts: [l.host],
        detail: `${l.path} is a script ${l.host} runs to produce its configuration (${script}): it is never run by the audit, so the servers it adds are not counted`,
      });
    }
    if (l.status !== 'error') continue;
    floor.add({
      kind: out.cache.unlisted.has(l.path) ? 'directory-unreadable' : 'config-unread',
      path: l.path, hosts: [l.host],
      detail: out.cache.unlisted.has(l.path)
        ? `${l.path} is on ${l.host}'s lookup path but cannot be listed: the configs in it are not counted`
        : `${l.path} exists but its entries could not be listed (${l.ruleId ?? 'error'}): ${l.host} may launch servers the count does not hold`,
    });
  }
  for (const f of out.cache.floor) floor.add(f);
  const floorCauses = floor.list();
  return {
    platform,
    home,
    homeEnvMismatch: resolution.envHomeMismatch !== undefined,
    locations: out.locations,
    entries: out.entries,
    findings: out.findings,
    projectScan,
    countIsFloor: floorCauses.length > 0,
    floorCauses,
    hostEnv: relocation.applied,
    projectRoots: allRoots,
  };
}

/** A location applies on this OS (`os`), and a managed layer only where the host reads it. */
function appliesHere(location: HostLocation, platform: Platform): boolean {
  return location.os === undefined || (typeof location.os === 'string' ? location.os === platform : location.os.includes(platform));
}

/** Checks by host and path, the first kept (a manifest's reference to a file the host also reads as a location). */
function unique(checks: readonly LocatedCheck[]): LocatedCheck[] {
  const seen = new Set<string>();
  return checks.filter((c) => {
    const k = `${c.check.host}\0${c.check.path}\0${c.check.project ?? ''}\0${c.usedBy ?? ''}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function record(out: Collector, c: FileCheck): void {
  out.locations.push(c.check);
  append(out.entries, c.entries);
  append(out.findings, c.findings);
}
