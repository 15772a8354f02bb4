import path from 'node:path';
import type { ServerEntry } from '../parse/types.js';
import { configTooManyProjects } from '../rules/config-too-many-projects.js';
import { homeEnvMismatch } from '../rules/home-env-mismatch.js';
import { finding, type Finding } from '../rules/types.js';
import type { Env, Platform, TrustedHome } from '../shared/env.js';
import { UsageError } from '../shared/errors.js';
import { absentCheck, checkFile, newFileCache, undecodableCheck, type FileCache, type FileCheck, type LocationCheck } from './check-file.js';
import { noDirectory } from './read-file.js';
import { globLocation } from './glob.js';
import { resolveHome } from './home.js';
import { readProjectIndexes } from './project-index.js';
import { linkedManifests } from './host-records.js';
import { decideLaunch } from './launch-state.js';
import { applySwitches, type LocatedCheck } from './switches.js';
import { HOSTS } from '../hosts/index.js';
import { appliesTo, expandBraces, expandTemplate, type PathContext } from './paths.js';
import { ProjectRoots, cwdAncestors, listedProjects, type ProjectRoot, type ProjectSource } from './projects.js';
import type { HostDefinition, HostLocation } from '../hosts/types.js';
import { extend } from '../shared/extend.js';
import { append } from '../shared/lists.js';

export type { LocationCheck } from './check-file.js';
export type { ProjectRoot, ProjectSource } from './projects.js';

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
 * - `projectScan` / `countIsFloor`: with project scanning off, the entry count is a floor.
 * - `projectRoots`: every project root scanned and why (cwd, cwd-ancestor, flag, listed:<host>).
 * Order is deterministic: hosts in HOSTS order, locations in definition order, then projects.
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
  const ctx: PathContext = {
    platform, home: home.path, auditRoot: home.source === 'root-flag', ...(home.source === 'passwd' ? { relocators: env.vars } : {}),
  };
  const hosts: readonly HostDefinition[] = options.hosts ?? HOSTS;
  const projectScan = options.projectScan ?? true;
  const out: Collector = { locations: [], entries: [], findings: [], cache: options.cache ?? newFileCache() };
  if (resolution.envHomeMismatch !== undefined) {
    out.findings.push(finding(homeEnvMismatch, { user: home.user, home: home.path }));
  }
  const roots = new ProjectRoots();
  const projectLocations: { host: HostDefinition; location: HostLocation }[] = [];
  const jobs: Promise<LocatedCheck[]>[] = [];
  for (const host of hosts) {
    for (const location of host.locations) {
      if (!appliesTo(location.os, platform)) continue;
      if (location.path.startsWith('<project>/')) projectLocations.push({ host, location });
      else jobs.push(checkLocation(host, location, ctx, out.cache, undefined));
    }
  }
  const userChecks = [...(await Promise.all(jobs)).flat(), ...await linkedManifests(hosts, ctx, out.cache)];
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
  // A project root may be the home itself (cwd = ~): a file already read at user scope by the same
  // host (~/.junie/mcp/mcp.json …) is not read again as a project file. It is left out before it
  // is checked: checked and dropped after, a ~/.cursor/mcp.json of 50,000 servers was normalised
  // twice, once for nothing.
  const seen = new Set(userChecks.map((c) => `${c.check.host}\0${c.check.path}`));
  const projectJobs: (Promise<LocatedCheck[]> | LocatedCheck[])[] = [];
  for (const root of projectRoots) {
    // ~/.claude.json keeps every folder ever opened, many long deleted: a root with no directory
    // entry has nothing below it, so its locations are recorded absent without a call each.
    const gone = noDirectory(root.path);
    for (const { host, location } of projectLocations) {
      projectJobs.push(gone ? absentLocation(host, location, ctx, root.path) : checkLocation(host, location, ctx, out.cache, root.path, seen));
    }
  }
  const projectChecks = (await Promise.all(projectJobs)).flat().filter((c) => !seen.has(`${c.check.host}\0${c.check.path}`));
  const switched = await applySwitches([...userChecks, ...projectChecks], ctx, out.cache, projectRoots);
  for (const c of await decideLaunch(switched, ctx, out.cache, projectRoots)) record(out, c);
  return {
    platform,
    home,
    homeEnvMismatch: resolution.envHomeMismatch !== undefined,
    locations: out.locations,
    entries: out.entries,
    findings: out.findings,
    projectScan,
    countIsFloor: !projectScan,
    projectRoots,
  };
}

function record(out: Collector, c: FileCheck): void {
  out.locations.push(c.check);
  append(out.entries, c.entries);
  append(out.findings, c.findings);
}

/** Expands one location (files, or globs) and checks every file it names. */
/** `skip`: `host\0path` keys of files not to check (already checked at user scope). */
async function checkLocation(
  host: HostDefinition, location: HostLocation, ctx: PathContext, cache: FileCache, project: string | undefined, skip?: ReadonlySet<string>,
): Promise<LocatedCheck[]> {
  const variants = expandBraces(location.path);
  const results = await Promise.all(variants.map((template) => checkTemplate(host, location, template, ctx, cache, project, skip)));
  return results.flat().map((c) => extend(c, { host, location }));
}

/** checkLocation's records for a location under a project root known to have no directory entry. */
function absentLocation(host: HostDefinition, location: HostLocation, ctx: PathContext, project: string): LocatedCheck[] {
  const out: LocatedCheck[] = [];
  for (const template of expandBraces(location.path)) {
    const expanded = expandTemplate(template, ctx, project);
    if (expanded === undefined) continue;
    const check = expanded.pattern === undefined ? absentCheck(host, location, expanded.base, { project }) : noMatch(host, location, expanded.display, { project });
    out.push(extend(check, { host, location }));
  }
  return out;
}

/** Why a name that is not valid UTF-8 is unread (glob.ts GlobResult.undecodable). */
const UNDECODABLE = 'a name on its path is not valid UTF-8: mcp-audit cannot open it; a host that reads names as bytes can';
const UNDECODABLE_BESIDE = 'another name here is not valid UTF-8 and reads as this one: mcp-audit cannot open that one; a host that reads names as bytes can';

/** The record of a glob location that matched no file. */
function noMatch(host: HostDefinition, location: HostLocation, display: string, extra: { readonly project?: string }): FileCheck {
  const format = location.format ?? host.format;
  return {
    check: {
      host: host.id, scope: location.scope, path: display, status: 'absent', format, entries: 0, serversKey: false,
      pattern: display, ...extra, ...(location.unverified === true ? { unverified: true as const } : {}),
    },
    entries: [], findings: [],
  };
}

async function checkTemplate(
  host: HostDefinition, location: HostLocation, template: string, ctx: PathContext, cache: FileCache, project: string | undefined,
  skip?: ReadonlySet<string>,
): Promise<FileCheck[]> {
  const expanded = expandTemplate(template, ctx, project);
  if (expanded === undefined) return [];
  const extra = project !== undefined ? { project } : {};
  const wanted = (file: string): boolean => skip === undefined || !skip.has(`${host.id}\0${file}`);
  if (expanded.pattern === undefined) return wanted(expanded.base) ? [await checkFile(host, location, expanded.base, cache, extra)] : [];
  const { files, undecodable } = await globLocation(expanded);
  if (files.length === 0 && undecodable.length === 0) return [noMatch(host, location, expanded.display, extra)];
  const at = { ...extra, pattern: expanded.display };
  // A name the walk met that is not valid UTF-8: config-unreadable, never absent (nor unseen).
  const unread = undecodable.filter((u) => wanted(u.path))
    .map((u) => undecodableCheck(host, location, u.path, cache, at, u.shadows ? UNDECODABLE_BESIDE : UNDECODABLE));
  return [...await Promise.all(files.filter(wanted).map((m) => checkFile(host, location, m, cache, at))), ...unread];
}
