import path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import type { HostDefinition, StartupEnvFile } from '../hosts/types.js';
import type { Env, Platform } from '../shared/env.js';
import { UsageError } from '../shared/errors.js';
import type { FloorCauses } from './floor.js';
import { appliesTo, expandAll, mapRecordedPath, type PathContext } from './paths.js';
import { readConfigFile } from './read-file.js';
import { PATH_DIRS, foldedSessionReads, readSessionEnv, type LaunchOptionValue, type SessionNotFollowed, type SessionVariable } from './session-env.js';

/**
 * The known values of the hosts' directory variables (paths.ts `PathContext.relocators`) and the
 * floor causes they bring. Two sources, each recorded:
 * - `--host-env FILE`: given by the operator (for a --root or another account), applied;
 * - the audited home's dotfiles and session files (session-env.ts): a literal is applied; every
 *   assignment makes the count a floor.
 * This process's environment is never one: the home comes from the password database, and a
 * variable set for the scanner is not the host's (nor trusted to move what is audited).
 */
export interface HostEnvApplied {
  readonly variable: string;
  readonly value: string;
  readonly from: 'host-env' | 'session-file';
  /** The file (and line) it was read from, for `host-env` and `session-file`. */
  readonly file?: string;
  readonly line?: number;
}

/** Every variable name a host reads to relocate a file: its `dirVariables` and the `$NAME` heads of its templates. */
export function hostVariables(hosts: readonly HostDefinition[], platform: Platform): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (name: string, host: string): void => {
    const list = out.get(name);
    if (list === undefined) out.set(name, [host]);
    else if (!list.includes(host)) list.push(host);
  };
  for (const h of hosts) {
    for (const v of h.dirVariables ?? []) if (appliesTo(v.os, platform)) add(v.name, h.id);
    for (const l of h.locations) {
      if (!appliesTo(l.os, platform)) continue;
      const head = l.path.split('/')[0] ?? '';
      if (/^\$[A-Za-z_][A-Za-z0-9_]*$/.test(head)) add(head.slice(1), h.id);
    }
  }
  return out;
}

/** Every variable a host reads a whole config document from (`contentVariables`), with the hosts reading it. */
export function contentVariableHosts(hosts: readonly HostDefinition[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const h of hosts) {
    for (const v of h.contentVariables ?? []) {
      const list = out.get(v.name);
      if (list === undefined) out.set(v.name, [h.id]);
      else if (!list.includes(h.id)) list.push(h.id);
    }
  }
  return out;
}

/** Variables only declared (`DirVariable` with no `replaces`): never applied, only a floor cause. */
function unfollowedVariables(hosts: readonly HostDefinition[], platform: Platform): Set<string> {
  const declared = new Set<string>();
  const followed = new Set<string>();
  for (const h of hosts) {
    for (const v of h.dirVariables ?? []) {
      if (!appliesTo(v.os, platform)) continue;
      (v.replaces.length === 0 ? declared : followed).add(v.name);
    }
    for (const l of h.locations) if (l.path.startsWith('$')) followed.add(l.path.split('/')[0]?.slice(1) ?? '');
  }
  return new Set([...declared].filter((n) => !followed.has(n)));
}

/**
 * A host content variable's literal value (`ContentVariable`): the config document a session file
 * or `--host-env FILE` sets it to. Not kept in `applied`: a config document may hold secrets.
 */
export interface ContentValue {
  readonly variable: string;
  readonly text: string;
  readonly from: 'host-env' | 'session-file';
  readonly file: string;
  readonly line: number;
}

export interface Relocation {
  readonly relocators: ReadonlyMap<string, readonly string[]>;
  readonly applied: readonly HostEnvApplied[];
  /** Config documents held by the hosts' content variables, as read. */
  readonly contents: readonly ContentValue[];
  /** Config files a session file's host wrapper adds by a host's launch option (`claude --mcp-config FILE`). */
  readonly launchOptions: readonly LaunchOptionValue[];
  /** The home's PATH folders: the stock ones and those the session files add (session-env.ts). */
  readonly pathFolders: readonly string[];
}

/** Each host program and the options of it that add config files or move a folder (`launchOptions`, `codeProviders.folderOption`). */
function launchOptionNames(hosts: readonly HostDefinition[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (program: string, option: string): void => {
    const list = out.get(program) ?? [];
    if (!list.includes(option)) out.set(program, [...list, option]);
  };
  for (const h of hosts) {
    for (const o of h.launchOptions ?? []) add(o.program, o.option);
    const f = h.codeProviders?.folderOption;
    if (f !== undefined) add(f.program, f.option);
  }
  return out;
}

/** Builds the relocators for an audit of `ctx.home` and records the floor causes of its session files. */
export async function resolveRelocators(
  hosts: readonly HostDefinition[], ctx: PathContext, env: Env, hostEnvFile: string | undefined, floor: FloorCauses,
): Promise<Relocation> {
  const names = hostVariables(hosts, ctx.platform);
  const contentNames = contentVariableHosts(hosts);
  const contents: ContentValue[] = [];
  const values = new Map<string, string[]>();
  const applied: HostEnvApplied[] = [];
  const apply = (a: HostEnvApplied): void => {
    const list = values.get(a.variable) ?? [];
    if (!list.includes(a.value)) list.push(a.value);
    values.set(a.variable, list);
    applied.push(a);
  };
  if (hostEnvFile !== undefined) {
    for (const a of await readHostEnvFile(hostEnvFile, env.cwd, names, ctx, contentNames, contents)) apply(a);
  }
  const unfollowed = unfollowedVariables(hosts, ctx.platform);
  const notFollowed: SessionNotFollowed[] = [];
  const launchOptions: LaunchOptionValue[] = [];
  const pathDirs: string[] = [];
  // System startup files and the paths session files name are placed in the audited tree as
  // recorded paths are (below --root: DIR/_system/etc/profile …).
  const sessionVars = await readSessionEnv(ctx.home, ctx.platform, new Set([...names.keys(), ...contentNames.keys()]), notFollowed, {
    place: (p) => mapRecordedPath(p, ctx), options: launchOptionNames(hosts), launchOptions, pathDirs,
    ...foldedSessionReads(ctx.folder),
  });
  for (const n of notFollowed) floor.add({ kind: 'not-followed', path: n.file, line: n.line, detail: n.detail });
  for (const s of sessionVars) {
    const readers = contentNames.get(s.name);
    if (readers !== undefined) {
      if (s.text !== undefined) contents.push({ variable: s.name, text: s.text, from: 'session-file', file: s.file, line: s.line });
      floor.add(contentCause(s, readers));
      if (!names.has(s.name)) continue;
    }
    const hostsOf = names.get(s.name) ?? [];
    if (unfollowed.has(s.name)) {
      floor.add({
        kind: 'host-variable-set', path: s.file, line: s.line, variable: s.name, hosts: hostsOf,
        detail: `${s.name} is set in ${s.file}:${s.line}; it changes what ${hostsOf.join(', ')} load${hostsOf.length === 1 ? 's' : ''} in a way the audit does not follow`,
      });
      continue;
    }
    const mapped = s.value !== undefined ? mapRecordedPath(s.value, ctx) : undefined;
    if (mapped !== undefined) apply({ variable: s.name, value: mapped, from: 'session-file', file: s.file, line: s.line });
    floor.add(sessionCause(s, hostsOf, mapped));
  }
  for (const h of hosts) {
    // Each file once per host: a later entry naming the same template reads only the places a value
    // applied from an earlier one moved it to (Qwen Code's third pass, `<new QWEN_HOME>/.env`).
    const read = new Set<string>();
    for (const f of h.startupEnvFiles ?? []) await readStartupEnvFile(h, f, { ...ctx, relocators: values }, unfollowed, floor, apply, contents, read);
  }
  const pathFolders = [...new Set([...PATH_DIRS.map((d) => path.join(ctx.home, d)), ...pathDirs])];
  return { relocators: values, applied, contents, launchOptions, pathFolders };
}

function contentCause(s: SessionVariable, hosts: readonly string[]) {
  const what = s.text !== undefined
    ? 'its value was read as a config document and its servers are listed, but the host\'s session may hold another'
    : `its value cannot be read (${s.unreadable ?? 'not a literal'}), so the servers it holds are not counted`;
  return {
    kind: 'host-variable-set' as const, path: s.file, line: s.line, variable: s.name, hosts,
    detail: `${s.name} is set in ${s.file}:${s.line}; it holds a config document ${hosts.join(', ')} merge${hosts.length === 1 ? 's' : ''} over ${hosts.length === 1 ? 'its' : 'their'} files: ${what}`,
  };
}

function sessionCause(s: SessionVariable, hosts: readonly string[], applied: string | undefined) {
  const what = applied !== undefined
    ? `its literal value was applied, but the host's session may hold another`
    : `its value cannot be read (${s.unreadable ?? 'not a literal path'}), so the files it points the host at were not read`;
  return {
    kind: 'host-variable-set' as const, path: s.file, line: s.line, variable: s.name, hosts,
    detail: `${s.name} is set in ${s.file}:${s.line}; it moves the files of ${hosts.join(', ')}: ${what}`,
  };
}

/**
 * `--host-env FILE`: `NAME=value` lines (an optional `export `, quotes, `#` comments), as an
 * operator copies them from the host's environment. Names that are no host directory variable are
 * ignored (the file may be a whole `env` dump); a host variable whose value is not an absolute path
 * is a usage error naming its line. Values are mapped onto the audited tree like recorded paths.
 */
export async function readHostEnvFile(
  file: string, cwd: string, names: ReadonlyMap<string, readonly string[]>, ctx: PathContext,
  contentNames: ReadonlyMap<string, readonly string[]> = new Map(), contents: ContentValue[] = [],
): Promise<HostEnvApplied[]> {
  const at = path.resolve(cwd, file);
  const read = await readConfigFile(at);
  if (read.kind !== 'text') {
    throw new UsageError(`--host-env ${file}: ${read.kind === 'absent' ? 'no such file' : `cannot be read (${read.detail})`}`);
  }
  const out: HostEnvApplied[] = [];
  // Windows environment names are case-insensitive (about_Environment_Variables): for a win32
  // layout `codex_home=…` (as `set` prints a name the user typed so) is CODEX_HOME.
  const folded = (known: ReadonlyMap<string, unknown>): Map<string, string> => new Map([...known.keys()].map((k) => [k.toUpperCase(), k]));
  const upper = { names: folded(names), docs: folded(contentNames) };
  const canonical = (known: ReadonlyMap<string, unknown>, byUpper: ReadonlyMap<string, string>, n: string): string | undefined =>
    known.has(n) ? n : ctx.platform === 'win32' ? byUpper.get(n.toUpperCase()) : undefined;
  read.text.split(/\r?\n/).forEach((raw, i) => {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(raw);
    if (m?.[1] === undefined) return;
    let value = (m[2] ?? '').trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    // A content variable's value is a config document, taken as written (quotes removed).
    const doc = canonical(contentNames, upper.docs, m[1]);
    if (doc !== undefined) contents.push({ variable: doc, text: value, from: 'host-env', file: at, line: i + 1 });
    const name = canonical(names, upper.names, m[1]);
    if (name === undefined) return;
    if (!path.isAbsolute(value) && !path.win32.isAbsolute(value)) {
      throw new UsageError(`--host-env ${file}:${i + 1}: ${m[1]} must be an absolute path`);
    }
    const mapped = mapRecordedPath(value, ctx);
    if (mapped === undefined) throw new UsageError(`--host-env ${file}:${i + 1}: ${m[1]} cannot be placed in the audited tree`);
    out.push({ variable: name, value: mapped, from: 'host-env', file: at, line: i + 1 });
  });
  return out;
}

/**
 * A dotenv file a host loads into its own environment before it reads its config
 * (`HostDefinition.startupEnvFiles`, Mistral Vibe's `<VIBE_HOME>/.env`), parsed with the `dotenv`
 * package's grammar. Only the host's own variables are taken, for it alone: a directory variable's
 * value is applied (`~` is the home; a relative one is a floor cause), a content variable's
 * document is read, one with no `replaces` is a floor cause. An empty value is skipped (as
 * python-dotenv's loader there skips it); a value python-dotenv would interpolate (`${…}` outside
 * single quotes) cannot be read: a floor cause naming the file and line.
 */
async function readStartupEnvFile(
  host: HostDefinition, spec: StartupEnvFile, ctx: PathContext, unfollowed: ReadonlySet<string>, floor: FloorCauses,
  apply: (a: HostEnvApplied) => void, contents: ContentValue[], read: Set<string>,
): Promise<void> {
  const folded = new Set((spec.namesIgnoreCase ?? []).map((n) => n.toUpperCase()));
  // Windows environment names are case-insensitive whatever reads them.
  const keyOf = (n: string): string => (ctx.platform === 'win32' || folded.has(n.toUpperCase()) ? n.toUpperCase() : n);
  const dirs = new Map((host.dirVariables ?? []).filter((v) => appliesTo(v.os, ctx.platform)).map((v) => [keyOf(v.name), v.name]));
  const docs = new Map((host.contentVariables ?? []).map((v) => [keyOf(v.name), v.name]));
  for (const e of expandAll(spec.path, ctx, host.dirVariables)) {
    if (e.pattern !== undefined || read.has(e.base)) continue;
    read.add(e.base);
    const got = await readConfigFile(e.base);
    if (got.kind !== 'text') {
      if (got.kind !== 'absent') floor.add({ kind: 'config-unread', path: e.base, hosts: [host.id], detail: `${e.base} is loaded into ${host.name}'s environment but cannot be read (${got.detail}): the variables it sets are not known` });
      continue;
    }
    const lines = got.text.split(/\r?\n/);
    for (const [key, value] of Object.entries(parseDotenv(got.text))) {
      const name = dirs.get(keyOf(key)) ?? docs.get(keyOf(key));
      if (name === undefined || value === '') continue;
      const line = lastAssignment(lines, key);
      const at = `${e.base}:${line}`;
      const cause = (what: string) => ({ kind: 'host-variable-set' as const, path: e.base, line, variable: name, hosts: [host.id], detail: `${key} is set in ${at}, which ${host.name} loads into its environment: ${what}` });
      if (value.includes('${') && !/^\s*'/.test(lines[line - 1]?.replace(/^\s*(?:export\s+)?[^=]*=/, '') ?? '')) {
        floor.add(cause('its value interpolates variables, so what it holds cannot be read'));
        continue;
      }
      if (docs.get(keyOf(key)) === name) {
        contents.push({ variable: name, text: value, from: 'session-file', file: e.base, line });
        continue;
      }
      if (unfollowed.has(name)) {
        floor.add(cause(`it changes what ${host.name} loads in a way the audit does not follow`));
        continue;
      }
      const home = value === '~' || value.startsWith('~/') ? path.join(ctx.home, value.slice(1)) : undefined;
      const mapped = home ?? (path.isAbsolute(value) || path.win32.isAbsolute(value) ? mapRecordedPath(value, ctx) : undefined);
      if (mapped === undefined) {
        floor.add(cause('its value is not an absolute path, so the files it points the host at were not read'));
        continue;
      }
      apply({ variable: name, value: mapped, from: 'session-file', file: e.base, line });
      if (spec.onlySometimes !== undefined) floor.add(cause(`its value was applied, but ${spec.onlySometimes}`));
    }
  }
}

/** The 1-based line of the last line assigning `key` (`KEY=`, `export KEY =`): a later assignment wins in a dotenv file. */
function lastAssignment(lines: readonly string[], key: string): number {
  const escaped = key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const re = new RegExp(`^\\s*(?:export\\s+)?${escaped}\\s*[=:]`);
  for (let i = lines.length - 1; i >= 0; i--) if (re.test(lines[i] ?? '')) return i + 1;
  return 1;
}
