/**
 * What `fix`, `wrap` and `unwrap` share: which files may be edited at all, reading each once (its
 * text, its hash, its value), applying every planned entry edit of one file in turn, and writing
 * the results only with --apply.
 */
import { readConfigFile } from '../discover/read-file.js';
import { isInside } from '../shared/paths.js';
import type { ServerEntry } from '../parse/types.js';
import type { ConfigFormat } from '../parse/types.js';
import { editEntry, readValue } from './editor.js';
import type { EntryOp } from './types.js';
import { sha256, writeSafely } from './write.js';

export interface LoadedFile {
  readonly file: string;
  /** The file really written: the link target when `file` is a symbolic link. */
  readonly target: string;
  readonly format: ConfigFormat;
  readonly text: string;
  readonly hash: string;
  readonly value: unknown;
}

export interface Refusal {
  readonly server: string;
  readonly file: string;
  readonly reason: string;
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
  readonly servers: readonly { readonly name: string; readonly what: readonly string[]; readonly rules: readonly string[] }[];
}

export interface SessionOptions {
  /** Edit project-scope files (repositories) too. */
  readonly includeProject: boolean;
  readonly beforeWrite?: (file: string) => void | Promise<void>;
}

/**
 * A project entry whose file lies in the project (`.mcp.json`, `.cursor/mcp.json`): it arrives
 * with a clone and is shared. A project's section of a user file (`~/.claude.json` `projects.<dir>`)
 * is the user's own.
 */
function inRepository(entry: ServerEntry): boolean {
  return entry.project === undefined || isInside(entry.configPath, entry.project);
}

/** Why an entry's file is off limits, or undefined. */
export function scopeRefusal(entry: ServerEntry, options: SessionOptions): string | undefined {
  switch (entry.scope) {
    case 'managed': return 'a managed (system) file: mcp-audit never edits it';
    case 'plugin': return 'a file a plugin provides: an edit would be lost when the plugin updates';
    case 'project': return options.includeProject || !inRepository(entry) ? undefined : 'a project file (a repository): pass --include-project to edit it';
    case 'user':
    case 'profile': return undefined;
  }
}

/** Reads each file once; a file that is unreadable or does not parse is refused. */
export class FileSet {
  private readonly files = new Map<string, LoadedFile | string>();

  async load(entry: ServerEntry): Promise<LoadedFile | string> {
    const known = this.files.get(entry.configPath);
    if (known !== undefined) return known;
    const loaded = await loadFile(entry);
    this.files.set(entry.configPath, loaded);
    return loaded;
  }
}

async function loadFile(entry: ServerEntry): Promise<LoadedFile | string> {
  const format = entry.format;
  if (format === undefined) return 'the file format is not known';
  const read = await readConfigFile(entry.configPath);
  if (read.kind !== 'text') return read.kind === 'absent' ? 'the file is gone' : `the file cannot be read safely (${read.problem})`;
  const value = readValue(read.text, format);
  if (value === undefined) return 'the file does not parse; mcp-audit edits only files it can read';
  return {
    file: entry.configPath, target: read.realPath ?? entry.configPath, format, text: read.text,
    hash: sha256(Buffer.from(read.text, 'utf8')), value: value.value,
  };
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
    let text = loaded.text;
    const servers: { name: string; what: readonly string[]; rules: readonly string[] }[] = [];
    for (const p of list) {
      const r = editEntry(text, loaded.format, { entryPath: p.entryPath, ops: p.ops });
      if (!r.ok) { refusals.push({ server: p.entry.name, file, reason: r.reason }); continue; }
      if (r.text === text) continue;
      text = r.text;
      servers.push({ name: p.entry.name, what: p.what, rules: p.rules ?? [] });
    }
    if (text !== loaded.text) out.push({ ...loaded, after: text, servers });
  }
  return { files: out, refusals };
}

export interface Written {
  readonly file: string;
  readonly backup: string;
}

/** Writes every planned file (see write.ts); a file that cannot be written safely is refused. */
export async function writeFiles(files: readonly PlannedFile[], options: SessionOptions): Promise<{ written: Written[]; refusals: Refusal[] }> {
  const written: Written[] = [];
  const refusals: Refusal[] = [];
  for (const f of files) {
    const r = await writeSafely({ file: f.target, readHash: f.hash, text: f.after, ...(options.beforeWrite !== undefined ? { beforeWrite: options.beforeWrite } : {}) });
    if (r.ok) written.push({ file: f.file, backup: r.backup });
    else refusals.push({ server: f.servers.map((s) => s.name).join(', '), file: f.file, reason: r.reason });
  }
  return { written, refusals };
}
