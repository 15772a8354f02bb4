/**
 * What `fix`, `wrap` and `unwrap` share: which files may be edited at all, taking each from the
 * audit's own read (its bytes, its value), applying every planned entry edit of one file
 * (file-edit.ts), and writing the results only with --apply (write.ts).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { newFileCache, type FileCache, type LocationCheck } from '../discover/check-file.js';
import { append } from '../shared/lists.js';
import type { ReadOutcome } from '../discover/read-file.js';
import { isInside } from '../shared/paths.js';
import type { ServerEntry } from '../parse/types.js';
import type { ConfigFormat } from '../parse/types.js';
import type { PointerSegment } from '../parse/document.js';
import { entryDoc, jsonLayout, readValue, type EntryDoc, type JsonLayout } from './editor.js';
import { editFile } from './file-edit.js';
import type { Region } from './diff.js';
import type { Seam } from './seam.js';
import type { EntryOp } from './types.js';
import { recoverHeld, writeSafely, type Recovered } from './write.js';
import { acquireLock, lockPath, releaseLock } from './lock.js';
import { sweepStale } from './temp-files.js';

export interface LoadedFile {
  readonly file: string;
  /** The file really written: the link target when `file` is a symbolic link. */
  readonly target: string;
  readonly format: ConfigFormat;
  readonly text: string;
  /** The bytes the audit read (what every edit of the file is computed on). */
  readonly original: Uint8Array;
  readonly value: unknown;
}

export interface Refusal {
  readonly server: string;
  readonly file: string;
  readonly reason: string;
  /** Refused while writing (the file changed, a lock is held, the rename failed …): exit 2. */
  readonly stage?: 'write';
}

/** One entry's planned change, described per item for the user. */
export interface EntryPlan {
  readonly entry: ServerEntry;
  readonly ops: readonly EntryOp[];
  readonly what: readonly string[];
  /** The rule ids whose findings the change mends (fix only). */
  readonly rules?: readonly string[];
  /** Segments to the entry in the file as read. */
  readonly entryPath: readonly (string | number)[];
}

export interface PlannedFile extends LoadedFile {
  readonly after: string;
  /** What replaced which span of `text` (absent when the edits were made one by one on the whole text). */
  readonly regions?: readonly Region[];
  readonly servers: readonly { readonly name: string; readonly what: readonly string[]; readonly rules: readonly string[] }[];
}

export interface SessionOptions {
  /** Edit project-scope files (repositories) too. */
  readonly includeProject: boolean;
  /** Test seam in the write path (seam.ts); runFix and the wrap commands take it from MCP_AUDIT_TEST_PAUSE. */
  readonly seam?: Seam;
}

/**
 * A project entry whose file lies in the project (`.mcp.json`, `.cursor/mcp.json`): it arrives
 * with a clone and is shared. A project's section of a user file (`~/.claude.json` `projects.<dir>`)
 * is the user's own.
 */
type Placed = Pick<ServerEntry, 'scope' | 'project' | 'configPath'>;

function inRepository(entry: Placed): boolean {
  return entry.project === undefined || isInside(entry.configPath, entry.project);
}

/** Why an entry's file is off limits, or undefined. */
export function scopeRefusal(entry: Placed, options: SessionOptions): string | undefined {
  switch (entry.scope) {
    case 'managed': return 'a managed (system) file: mcp-audit never edits it';
    case 'plugin': return 'a file a plugin provides: an edit would be lost when the plugin updates';
    case 'project': return options.includeProject || !inRepository(entry) ? undefined : 'a project file (a repository): pass --include-project to edit it';
    case 'user':
    case 'profile': return undefined;
  }
}

/**
 * The files the audit read, each taken from the audit's own read (the same bytes, never a second
 * read: an editor saving in between would otherwise get its text edited by a plan made on the
 * old one), parsed once.
 */
export class FileSet {
  private readonly files = new Map<string, LoadedFile | string>();
  /** Pass to the audit's DiscoverOptions: every file it reads is kept here. */
  readonly cache: FileCache = newFileCache();

  async load(entry: ServerEntry): Promise<LoadedFile | string> {
    const known = this.files.get(entry.configPath);
    if (known !== undefined) return known;
    const loaded = await loadFile(entry, this.cache.reads.get(entry.configPath));
    this.files.set(entry.configPath, loaded);
    return loaded;
  }
}

async function loadFile(entry: ServerEntry, pending: Promise<ReadOutcome> | undefined): Promise<LoadedFile | string> {
  const format = entry.format;
  if (format === undefined) return 'the file format is not known';
  if (pending === undefined) return 'the audit did not read this file';
  const read = await pending;
  if (read.kind !== 'text') return read.kind === 'absent' ? 'the file is gone' : `the file cannot be read safely (${read.problem})`;
  const value = readValue(read.text, format);
  if (value === undefined) return 'the file does not parse; mcp-audit edits only files it can read';
  return {
    file: entry.configPath, target: read.realPath ?? entry.configPath, format, text: read.text,
    original: Buffer.from(read.text, 'utf8'), value: value.value,
  };
}

const layoutOf = new WeakMap<LoadedFile, JsonLayout | undefined>();

/** One entry of a loaded file as an EntryDoc (a JSON file's layout is found once per file). */
export function docOf(file: LoadedFile, entryPath: readonly PointerSegment[]): EntryDoc | string {
  let layout = layoutOf.get(file);
  if (layout === undefined && !layoutOf.has(file) && (file.format === 'json' || file.format === 'jsonc')) {
    layout = jsonLayout(file.text);
    layoutOf.set(file, layout);
  }
  if ((file.format === 'json' || file.format === 'jsonc') && layout === undefined) return 'the file does not parse; mcp-audit edits only files it can read';
  return entryDoc(file.text, file.format, file.value, entryPath, layout);
}

/** Applies the plans file by file; an entry whose edit is refused is left out, the others still apply. */
export function planFiles(plans: readonly EntryPlan[], files: ReadonlyMap<string, LoadedFile>): { files: PlannedFile[]; refusals: Refusal[] } {
  const out: PlannedFile[] = [];
  const refusals: Refusal[] = [];
  const byFile = new Map<string, EntryPlan[]>();
  for (const p of plans) {
    // Appended in place (a copy per plan was quadratic in the entries of one file).
    const list = byFile.get(p.entry.configPath);
    if (list === undefined) byFile.set(p.entry.configPath, [p]);
    else list.push(p);
  }
  for (const [file, list] of byFile) {
    const loaded = files.get(file);
    if (loaded === undefined) continue;
    const r = editFile(loaded.text, loaded.format, loaded.value, list.map((p) => ({ entryPath: p.entryPath, ops: p.ops })));
    const servers: { name: string; what: readonly string[]; rules: readonly string[] }[] = [];
    list.forEach((p, i) => {
      const why = r.outcomes[i];
      if (why !== undefined) refusals.push({ server: p.entry.name, file, reason: why });
      else if (r.altered[i] === true) servers.push({ name: p.entry.name, what: p.what, rules: p.rules ?? [] });
    });
    if (r.text !== loaded.text) out.push({ ...loaded, after: r.text, servers, ...(r.regions !== undefined ? { regions: r.regions } : {}) });
  }
  return { files: out, refusals };
}

export interface Written {
  readonly file: string;
  readonly backup: string;
}

/**
 * A temporary file a run that died left beside a config, removed by this one; or (`became`) a
 * config such a run had set aside while replacing it, put back at its path or kept as a backup.
 */
export interface Swept {
  readonly dir: string;
  readonly name: string;
  readonly became?: { readonly as: string; readonly putBack: boolean };
}

const recoveredIn = (dir: string, list: readonly Recovered[]): Swept[] => list.map((r) => ({ dir, name: r.name, became: { as: r.as, putBack: r.putBack } }));

/**
 * With --apply, beside every config this run may edit (whether or not it has an edit now): the
 * temporary files and the lock a run that died left are removed (temp-files.ts, lock.ts: only
 * files named as mcp-audit names them, of a writer known to be dead). A config such a run had set
 * aside while replacing it is put back (write.ts recoverHeld), also beside locations the audit
 * found absent: killed at that point, the run left the path empty.
 */
export async function tidy(entries: readonly ServerEntry[], options: SessionOptions, locations: readonly LocationCheck[] = []): Promise<Swept[]> {
  const targets = new Set<string>();
  for (const e of entries) if (scopeRefusal(e, options) === undefined) targets.add(e.realPath ?? e.configPath);
  const out: Swept[] = [];
  const dirs = new Set<string>();
  const visit = async (dir: string): Promise<void> => {
    if (dirs.has(dir)) return;
    dirs.add(dir);
    append(out, recoveredIn(dir, await recoverHeld(dir)));
    for (const name of await sweepStale(dir, typeof process.getuid === 'function' ? process.getuid() : undefined)) out.push({ dir, name });
  };
  for (const l of locations) {
    if (l.status === 'absent' && l.pattern === undefined && scopeRefusal({ scope: l.scope, configPath: l.path, ...(l.project !== undefined ? { project: l.project } : {}) }, options) === undefined) targets.add(l.realPath ?? l.path);
  }
  for (const file of targets) {
    const dir = path.dirname(file);
    await visit(dir);
    const lock = lockPath(file);
    if (!(await fs.lstat(lock).then(() => true, () => false))) continue;
    // Taking and dropping it clears a stale lock; a live writer's lock is left alone.
    const taken = await acquireLock(file);
    if (typeof taken !== 'string') {
      await releaseLock(taken);
      out.push({ dir, name: path.basename(lock) });
    }
  }
  return out;
}

/** Writes every planned file (see write.ts); a file that cannot be written safely is refused. */
export async function writeFiles(files: readonly PlannedFile[], options: SessionOptions): Promise<{ written: Written[]; refusals: Refusal[]; swept: Swept[] }> {
  const written: Written[] = [];
  const refusals: Refusal[] = [];
  const swept: Swept[] = [];
  for (const f of files) {
    await options.seam?.('planned', f.target);
    const r = await writeSafely({ file: f.target, original: f.original, text: f.after, ...(options.seam !== undefined ? { seam: options.seam } : {}) });
    append(swept, recoveredIn(path.dirname(f.target), r.recovered ?? []));
    for (const name of r.swept ?? []) swept.push({ dir: path.dirname(f.target), name });
    if (r.ok) written.push({ file: f.file, backup: r.backup });
    else refusals.push({ server: f.servers.map((s) => s.name).join(', '), file: f.file, reason: r.reason, stage: 'write' });
  }
  return { written, refusals, swept };
}
