/**
 * The one place `fix`, `wrap` and `unwrap` write a config file. The new text goes to a temporary
 * file in the same directory with the same mode (and owner, when it differs from ours), the file
 * is re-read and its content hash compared with the one the edit was computed from just before the
 * rename, the bytes being replaced are kept as `<file>.mcp-audit.bak`, and the temporary file is
 * renamed over the original (atomic on one file system). A link is followed: its target is edited.
 */
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { toError } from '../shared/errors.js';

export const BACKUP_SUFFIX = '.mcp-audit.bak';

export const sha256 = (bytes: string | Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export interface WriteRequest {
  /** The file to replace (the real path when the config path is a link). */
  readonly file: string;
  /** sha256 of the bytes the edit was computed from. */
  readonly readHash: string;
  readonly text: string;
  /** Test seam: runs after the new text is staged and before the re-check and rename. */
  readonly beforeWrite?: (file: string) => void | Promise<void>;
}

export type WriteOutcome = { readonly ok: true; readonly backup: string } | { readonly ok: false; readonly reason: string };

export async function writeSafely(req: WriteRequest): Promise<WriteOutcome> {
  const dir = path.dirname(req.file);
  const tmp = path.join(dir, `.${path.basename(req.file)}.mcp-audit-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  const backupTmp = `${tmp}.bak`;
  let staged = false;
  try {
    const st = await fs.stat(req.file);
    if (!st.isFile()) return { ok: false, reason: 'not a regular file' };
    await fs.writeFile(tmp, req.text, { flag: 'wx', mode: st.mode & 0o7777 });
    staged = true;
    await fs.chmod(tmp, st.mode & 0o7777);
    const mine = await fs.stat(tmp);
    if (mine.uid !== st.uid || mine.gid !== st.gid) {
      try {
        await fs.chown(tmp, st.uid, st.gid);
      } catch {
        return { ok: false, reason: 'cannot give the new file the owner of the original' };
      }
    }
    await req.beforeWrite?.(req.file);
    const current = await fs.readFile(req.file);
    if (sha256(current) !== req.readHash) return { ok: false, reason: 'the file changed since mcp-audit read it; nothing was written (run again)' };
    // The backup is staged and renamed too: a link planted at its name is replaced, never followed.
    const backup = `${req.file}${BACKUP_SUFFIX}`;
    await fs.writeFile(backupTmp, current, { flag: 'wx', mode: st.mode & 0o7777 });
    await fs.rename(backupTmp, backup);
    await fs.rename(tmp, req.file);
    staged = false;
    return { ok: true, backup };
  } catch (e: unknown) {
    const err = toError(e);
    const code = 'code' in err && typeof err.code === 'string' ? err.code : err.message;
    return { ok: false, reason: `could not write: ${code}` };
  } finally {
    if (staged) await fs.rm(tmp, { force: true });
    await fs.rm(backupTmp, { force: true });
  }
}
