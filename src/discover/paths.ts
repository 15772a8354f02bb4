import path from 'node:path';
import { VSCODE_FAMILY_FLATPAKS, type DirVariable } from '../hosts/types.js';
import type { Platform } from '../shared/env.js';

/**
 * Expands host path templates (see `HostLocation` in types.ts) against the trusted home.
 *
 * Auditing a root (`--root DIR`): DIR is the home, Windows folders live below it
 * (`%APPDATA%` = DIR/AppData/Roaming, `%LOCALAPPDATA%` = DIR/AppData/Local, `%USERPROFILE%` = DIR),
 * and system (managed) folders are mapped below `DIR/_system/`:
 *   `/etc/x` → `DIR/_system/etc/x`, `/Library/x` → `DIR/_system/Library/x`,
 *   `%PROGRAMDATA%/x` → `DIR/_system/ProgramData/x`, `%PROGRAMFILES%/x` → `DIR/_system/Program Files/x`.
 * Otherwise system folders are read from their real locations.
 */
export const SYSTEM_DIR = '_system';

export interface PathContext {
  readonly platform: Platform;
  readonly home: string;
  /** True when the home is an operator-given --root: system paths are mapped below it. */
  readonly auditRoot: boolean;
  /**
   * Known values of the hosts' directory variables, for `$NAME/…` templates (CODEX_HOME,
   * XDG_CONFIG_HOME …; host-lookup.ts `DirVariable`): literals read from the audited home's
   * dotfiles and session files, and `--host-env FILE` (never this process's environment). Each is
   * an absolute path already mapped onto the audited tree.
   * Relocated files are checked in addition to the default ones, never instead of them.
   */
  readonly relocators?: ReadonlyMap<string, readonly string[]>;
  /**
   * The layout is case-insensitive (macOS, Windows) but its files are read from a case-sensitive
   * file system (a copy audited with --root on Linux): names are matched ignoring case, as APFS
   * and NTFS open them.
   */
  readonly foldCase?: boolean;
  /** With `foldCase`: resolves recorded paths ignoring case (`/Users/a/Proj3` → `<home>/proj3`). */
  readonly folder?: { resolve(file: string): string | undefined };
}

/** macOS and Windows layouts open names ignoring case (APFS and NTFS defaults). */
export const caseInsensitiveLayout = (platform: Platform): boolean => platform !== 'linux';

export interface ExpandedPath {
  /** The literal path (for a glob: the literal directory the pattern starts from). */
  readonly base: string;
  /** For globs: the pattern relative to `base`, '/'-separated. */
  readonly pattern?: string;
  /** What to show for this location (the path, or base + pattern). */
  readonly display: string;
}

const GLOB_CHARS = /[*?{}[\]]/;

/** The VS Code-family user-data root for a platform (as snyk/agent-scan@b9e98ab:src/agent_scan/agents/vscode/base.py _user_data_dirs and stacklok/toolhive@e25de16:pkg/client/config.go PlatformPrefix). */
export function userDataRoot(ctx: PathContext): string {
  switch (ctx.platform) {
    case 'darwin': return path.join(ctx.home, 'Library', 'Application Support');
    case 'linux': return path.join(ctx.home, '.config');
    case 'win32': return path.join(ctx.home, 'AppData', 'Roaming');
  }
}

function systemRoot(ctx: PathContext, winFolder: 'ProgramData' | 'Program Files' | undefined): string {
  if (ctx.auditRoot) return winFolder === undefined ? path.join(ctx.home, SYSTEM_DIR) : path.join(ctx.home, SYSTEM_DIR, winFolder);
  if (winFolder !== undefined) return `C:\\${winFolder}`;
  return path.parse(process.cwd()).root;
}

/** Returns the first segment's expansion, or undefined when the template needs a project it lacks. */
function expandHead(head: string, ctx: PathContext, project: string | undefined): string | undefined {
  switch (head) {
    case '~': case '%USERPROFILE%': return ctx.home;
    case '<UD>': return userDataRoot(ctx);
    case '%APPDATA%': return path.join(ctx.home, 'AppData', 'Roaming');
    case '%LOCALAPPDATA%': return path.join(ctx.home, 'AppData', 'Local');
    case '%PROGRAMDATA%': return systemRoot(ctx, 'ProgramData');
    case '%PROGRAMFILES%': return systemRoot(ctx, 'Program Files');
    case '<project>': return project;
    case '': return systemRoot(ctx, undefined); // an absolute POSIX path: /etc/…, /Library/…
    default:
      return head.startsWith('$') ? ctx.relocators?.get(head.slice(1))?.[0] : undefined;
  }
}

/** Expands a template; undefined when it is a project template and no project is given. */
export function expandTemplate(template: string, ctx: PathContext, project?: string): ExpandedPath | undefined {
  const [head = '', ...rest] = template.split('/');
  const start = expandHead(head, ctx, project);
  if (start === undefined) return undefined;
  return expandRest(start, rest);
}

/**
 * Every path a template names: its own expansion, one per known value of a `$NAME` head, the
 * same for each relocation of its prefix by a directory variable of the host (`~/.codex/x` is
 * also `$CODEX_HOME/x`), and its copy in each Flathub sandbox of the product it names
 * (`sandboxTemplates`). Deduplicated, the default first.
 */
export function expandAll(template: string, ctx: PathContext, dirs?: readonly DirVariable[], project?: string): ExpandedPath[] {
  const out: ExpandedPath[] = [];
  const seen = new Set<string>();
  for (const t of [...relocatedTemplates(template, ctx, dirs), ...sandboxTemplates(template, ctx.platform)]) {
    const [head = '', ...rest] = t.split('/');
    const starts = head.startsWith('$') ? ctx.relocators?.get(head.slice(1)) ?? [] : [expandHead(head, ctx, project)];
    for (const start of starts) {
      if (start === undefined) continue;
      const e = expandRest(start, rest);
      if (!seen.has(e.display)) { seen.add(e.display); out.push(e); }
    }
  }
  return out;
}

/** The template and its relocations by the host's directory variables that have a known value. */
export function relocatedTemplates(template: string, ctx: PathContext, dirs: readonly DirVariable[] | undefined): string[] {
  const out = [template];
  for (const v of dirs ?? []) {
    if (!appliesTo(v.os, ctx.platform) || (ctx.relocators?.get(v.name)?.length ?? 0) === 0) continue;
    for (const r of v.replaces) {
      if (template === r.prefix || template.startsWith(`${r.prefix}/`)) out.push(`$${v.name}${r.with ?? ''}${template.slice(r.prefix.length)}`);
    }
  }
  return out;
}

/**
 * A `<UD>/<product>/…` template inside the Flathub sandbox of each product it names, on Linux:
 * `<UD>/Code/User/mcp.json` is also `~/.var/app/com.visualstudio.code/config/Code/User/mcp.json`
 * (types.ts `VSCODE_FAMILY_FLATPAKS`). The product segment may be a brace group (`{Code,Cursor}`):
 * only its alternatives packaged on Flathub get a copy, each in its own sandbox.
 */
export function sandboxTemplates(template: string, platform: Platform): string[] {
  if (platform !== 'linux' || !template.startsWith('<UD>/')) return [];
  const [, product = '', ...rest] = template.split('/');
  if (rest.length === 0) return [];
  const group = /^\{([^{}]*)\}$/.exec(product)?.[1];
  const names = group === undefined ? [product] : group.split(',');
  return VSCODE_FAMILY_FLATPAKS.filter((f) => names.includes(f.folder)).map((f) => ['~', '.var', 'app', f.appId, 'config', f.folder, ...rest].join('/'));
}

/** The Flathub sandbox (`~/.var/app/<app id>`, `VSCODE_FAMILY_FLATPAKS`) a file lies in, by app id; undefined outside every one. */
export function sandboxOf(file: string, ctx: PathContext): string | undefined {
  if (ctx.platform !== 'linux') return undefined;
  const apps = path.join(ctx.home, '.var', 'app') + path.sep;
  if (!file.startsWith(apps)) return undefined;
  const id = file.slice(apps.length).split(path.sep)[0];
  return VSCODE_FAMILY_FLATPAKS.find((f) => f.appId === id)?.appId;
}

/** The rest of a template (a glob such as `*\/package.json`) below a folder already on the audited tree. */
export function expandBelow(start: string, rest: string): ExpandedPath {
  return expandRest(start, rest.split('/').filter((s) => s !== ''));
}

function expandRest(start: string, rest: readonly string[]): ExpandedPath {
  const globAt = rest.findIndex((seg) => GLOB_CHARS.test(seg));
  if (globAt < 0) {
    const full = joined(start, rest);
    return { base: full, display: full };
  }
  const base = joined(start, rest.slice(0, globAt));
  const patternSegs = rest.slice(globAt);
  return { base, pattern: patternSegs.join('/'), display: joined(base, patternSegs) };
}

/** A segment path.join keeps as it is: not empty, `.` or `..`, and holding no separator. */
const isName = (seg: string): boolean => seg !== '' && seg !== '.' && seg !== '..' && !seg.includes('/');

/**
 * path.join(start, ...segs), by concatenation where that is what it returns: on POSIX, `start`
 * absolute and in normal form and every segment a name. Discovery joins every location template
 * of every host (500 joins on the bench home), and path.join normalises each result character
 * by character: 5 ms of a scan.
 */
function joined(start: string, segs: readonly string[]): string {
  if (!isNormalPosix(start) || !segs.every(isName)) return path.join(start, ...segs);
  if (segs.length === 0) return start;
  return start === '/' ? `/${segs.join('/')}` : `${start}/${segs.join('/')}`;
}

/**
 * Maps a project path recorded in a config file (~/.claude.json `projects` keys, Codex
 * `[projects]`) onto the audited tree. Outside --root it is used as written. Under --root a path
 * inside the recorded user's home (`/home/u/…`, `/Users/u/…`, `/root/…`, `C:\Users\u\…`) is
 * rebased onto the root; a path already inside the root (the home's files record the root's own
 * path) is used as written; any other absolute path goes below `DIR/_system/`.
 */
/**
 * An absolute POSIX path with an empty, `.` or `..` segment or a trailing `/`: not in normal form
 * (`s`: a line terminator before the trailing `/` counts).
 */
const NOT_NORMAL = /\/\/|\/\.\.?(?:\/|$)|.\/$/s;

/** On POSIX, `p` is absolute and in normal form: what path.resolve and path.normalize would return unchanged. */
function isNormalPosix(p: string): boolean {
  return path.sep === '/' && p.startsWith('/') && !NOT_NORMAL.test(p);
}

/**
 * path.resolve(p) for a recorded folder, without its work when `p` is already absolute and in
 * normal form (a ~/.claude.json may list 100,000 of them).
 */
export function resolvedDir(p: string): string {
  return isNormalPosix(p) ? p : path.resolve(p);
}

/** path.join(base, rest) for a base and a `/`-separated rest already in normal form: their concatenation. */
function joinNormal(base: string, rest: string): string {
  return rest === '' ? path.join(base) : isNormalPosix(base) && base !== '/' && isNormalPosix(rest) ? base + rest : path.join(base, rest);
}

/** `p` is `dir` or lies below it (both resolved). */
function insideOrAt(p: string, dir: string): boolean {
  const d = resolvedDir(dir);
  return p === d || p.startsWith(d.endsWith(path.sep) ? d : d + path.sep);
}

function trimTrailingSlashes(p: string): string {
  return p.endsWith('/') ? p.replace(/\/+$/, '') : p;
}

export function mapRecordedPath(recorded: string, ctx: PathContext): string | undefined {
  const mapped = mapRecordedExact(recorded, ctx);
  // On a case-insensitive layout read from a case-sensitive copy, the host opens the recorded
  // folder ignoring case, as APFS and NTFS do: the existing spelling is the one read.
  if (mapped === undefined || ctx.foldCase !== true || ctx.folder === undefined) return mapped;
  return ctx.folder.resolve(mapped) ?? mapped;
}

function mapRecordedExact(recorded: string, ctx: PathContext): string | undefined {
  if (!ctx.auditRoot) return path.isAbsolute(recorded) || path.win32.isAbsolute(recorded) ? recorded : undefined;
  // A home under --root may record the root's own path (a fixture or restored home used in place):
  // kept as written only while it resolves inside (`<root>/..` climbs out: mapped as any other).
  if (path.isAbsolute(recorded) && insideOrAt(resolvedDir(recorded), ctx.home)) return recorded;
  // Normalised before it is placed: a recorded `/home/u/..` is `/home` on the machine that wrote
  // it, not a folder above --root (the join climbed out of the audited tree).
  const slashed = recorded.replace(/\\/g, '/').replace(/^[A-Za-z]:(?=\/)/, '');
  const unified = slashed.startsWith('/') && !NOT_NORMAL.test(slashed) ? slashed : path.posix.normalize(slashed);
  if (!unified.startsWith('/')) return undefined;
  // `s`: a folder name may hold a line terminator (U+2028, \n), which `.` alone does not match.
  const inHome = /^\/(?:(?:home|Users)\/[^/]+|root)(\/.*)?$/is.exec(unified);
  // path.join normalises the whole joined path, so the `/`-separated rest needs no splitting
  // (a trailing `/` is dropped, as joining its segments drops it).
  if (inHome !== null) return joinNormal(ctx.home, trimTrailingSlashes(inHome[1] ?? ''));
  return path.join(ctx.home, SYSTEM_DIR, trimTrailingSlashes(unified));
}

/**
 * Expands `{a,b}` groups (not nested) into one template per alternative, so a brace-only
 * pattern becomes plain paths that need no globbing: `<UD>/{Code,Cursor}/User/x.json` → two paths.
 */
export function expandBraces(template: string): string[] {
  const m = /\{([^{}]*)\}/.exec(template);
  if (m === null) return [template];
  const head = template.slice(0, m.index);
  const tail = template.slice(m.index + m[0].length);
  return (m[1] ?? '').split(',').flatMap((alt) => expandBraces(`${head}${alt}${tail}`));
}

/** Does a location apply to a platform? */
export function appliesTo(os: Platform | readonly Platform[] | undefined, platform: Platform): boolean {
  if (os === undefined) return true;
  return typeof os === 'string' ? os === platform : os.includes(platform);
}
