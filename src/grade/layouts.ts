import { promises as fs, statSync } from 'node:fs';
import path from 'node:path';
import type { DiscoverOptions } from '../discover/discover.js';
import type { Env, Platform } from '../shared/env.js';
import { audit } from './audit.js';
import type { AuditResult } from './audit.js';
import { InternalError } from '../shared/errors.js';

/**
 * A tree audited as a home (`--root`: a dotfiles repository, a mounted disk) may follow another
 * OS's layout than the one it is read on. `check` looks a named file up in each layout in turn;
 * `scan --root` without `--platform` takes the layout the tree's own folders show.
 */
const PLATFORMS: readonly Platform[] = ['linux', 'darwin', 'win32'];

async function real(p: string): Promise<string> {
  try {
    return await fs.realpath(p);
  } catch {
    return path.resolve(p);
  }
}

/** Keeps only the entries and file-level findings that live in one of `files`. */
async function restrict(result: AuditResult, files: ReadonlySet<string>): Promise<AuditResult> {
  const inFiles = async (p: string): Promise<boolean> => files.has(await real(p));
  const rows = [];
  for (const r of result.rows) if (await inFiles(r.configPath)) rows.push(r);
  const findings = [];
  for (const f of result.discovery.findings) if (f.location !== undefined && (await inFiles(f.location.path))) findings.push(f);
  const entries = [];
  for (const e of result.discovery.entries) if (await inFiles(e.configPath)) entries.push(e);
  const locations = [];
  for (const l of result.discovery.locations) if (await inFiles(l.path)) locations.push(l);
  return { rows, discovery: { ...result.discovery, entries, findings, locations } };
}

export interface FilesAudit {
  readonly result: AuditResult;
  /** The files (real paths) no host reads as a config file at their path, in any layout tried. */
  readonly unread: readonly string[];
}

/**
 * `check`: grades only `files` (real paths inside `root`), as the hosts of `platform` would read
 * them, or, without one, of this OS and then the other two for a file no host of this OS reads.
 * Project-scope files are read for each folder in `projects`. Stores are not inspected: they are
 * not in a commit.
 */
export async function auditFiles(opts: { readonly root: string; readonly files: ReadonlySet<string>; readonly projects: readonly string[]; readonly platform?: Platform }, env: Env): Promise<FilesAudit> {
  const here = env.platform;
  const platforms: Platform[] = opts.platform !== undefined ? [opts.platform] : [here, ...PLATFORMS.filter((p) => p !== here)];
  let merged: AuditResult | undefined;
  const remaining = new Set(opts.files);
  for (const p of platforms) {
    if (remaining.size === 0) break;
    const full = await audit({ root: opts.root, projectScan: false, projects: [...opts.projects], platform: p }, env, { inspectStores: false });
    const part = await restrict(full, remaining);
    for (const l of part.discovery.locations) if (l.status !== 'absent') remaining.delete(await real(l.path));
    merged = merged === undefined ? part : {
      rows: [...merged.rows, ...part.rows],
      discovery: {
        ...merged.discovery,
        entries: [...merged.discovery.entries, ...part.discovery.entries],
        findings: [...merged.discovery.findings, ...part.discovery.findings],
        locations: [...merged.discovery.locations, ...part.discovery.locations],
      },
    };
  }
  if (merged === undefined) throw new InternalError('auditFiles: no platform to audit');
  return { result: merged, unread: [...remaining] };
}

/**
 * The folders that only one OS's layout has under a home: macOS keeps application data in
 * `~/Library/Application Support` (Apple, "File System Programming Guide": the Library directory,
 * https://developer.apple.com/library/archive/documentation/FileManagement/Conceptual/FileSystemProgrammingGUide/FileSystemOverview/FileSystemOverview.html),
 * Windows in `%APPDATA%` = `~/AppData/Roaming` (https://learn.microsoft.com/en-us/windows/win32/shell/knownfolderid#FOLDERID_RoamingAppData).
 * Linux has no folder of its own (`~/.config` is read by macOS tools too), so a tree with neither is
 * read as this OS reads it.
 */
const MARKERS: readonly { readonly platform: Platform; readonly folder: string }[] = [
  { platform: 'darwin', folder: path.join('Library', 'Application Support') },
  { platform: 'win32', folder: path.join('AppData', 'Roaming') },
];

export interface Layout {
  readonly platform: Platform;
  /** Why another layout than this OS's was taken, or why the choice is in doubt; undefined when this OS's layout was taken plainly. */
  readonly note?: string;
}

/** The layout of the tree at `root` (see MARKERS), for an audit that was given no --platform. */
export function detectLayout(root: string, here: Platform): Layout {
  const isDir = (p: string): boolean => {
    try {
      return statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
    } catch {
      return false;
    }
  };
  const shown = MARKERS.filter((m) => isDir(path.join(root, m.folder)));
  if (shown.length === 0 || shown.some((m) => m.platform === here)) return { platform: here };
  const [only] = shown;
  if (shown.length === 1 && only !== undefined) {
    return { platform: only.platform, note: `the tree holds ${only.folder.split(path.sep).join('/')}/, so it is read as a ${only.platform} home (--platform chooses)` };
  }
  return { platform: here, note: `the tree holds ${shown.map((m) => `${m.folder.split(path.sep).join('/')}/`).join(' and ')}: read as a ${here} home; pass --platform to read another layout` };
}

/** `scan --root` without --platform: the audit in the layout the tree shows (detectLayout). */
export async function auditRoot(options: DiscoverOptions & { readonly root: string }, env: Env): Promise<{ readonly result: AuditResult; readonly layout: Layout }> {
  const layout = options.platform !== undefined ? { platform: options.platform } : detectLayout(path.resolve(env.cwd, options.root), env.platform);
  return { result: await audit({ ...options, platform: layout.platform }, env), layout };
}
