/**
 * mcp-pin keeps its pins in the directory `~/.mcp-pin/` (pinning-systems.md §6.1); the layout of
 * the files inside is not published, so only the directory is checked: present, a real directory
 * (not a symlink), not writable by others, owned by the user, and holding more than backups.
 */
import { promises as fs } from 'node:fs';
import { finding } from '../../rules/types.js';
import type { Finding } from '../../rules/types.js';
import { pinBaselineAbsent } from '../../rules/pin-baseline-absent.js';
import { pinStoreForeignOwner } from '../../rules/pin-store-foreign-owner.js';
import { pinStoreNotRegular } from '../../rules/pin-store-not-regular.js';
import { pinStoreUnreadable } from '../../rules/pin-store-unreadable.js';
import { pinStoreWritable } from '../../rules/pin-store-writable.js';
import { accessFindings, dirFindings } from './check-file.js';
import { extraWriters } from './file-state.js';
import type { StoreContext, StoreInspection, Subject } from './types.js';

const octal = (mode: number): string => `0${mode.toString(8).padStart(3, '0')}`;

function errorCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : 'EUNKNOWN';
}

export async function inspectMcpPinStore(dir: string, subject: Subject, ctx: StoreContext): Promise<StoreInspection> {
  const absent = (): Finding => finding(pinBaselineAbsent, { ...subject, path: dir });
  let st: import('node:fs').Stats;
  try {
    st = await fs.lstat(dir);
  } catch (e: unknown) {
    const code = errorCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path: dir, findings: [absent()] };
    return { path: dir, findings: [finding(pinStoreUnreadable, { ...subject, path: dir, reason: code })] };
  }
  if (!st.isDirectory()) {
    const kind = st.isSymbolicLink() ? 'symlink' : st.isFile() ? 'file (mcp-pin keeps a directory)' : 'special file';
    return { path: dir, findings: [finding(pinStoreNotRegular, { ...subject, path: dir, kind })] };
  }
  const findings: Finding[] = [...await dirFindings(dir, subject, ctx)];
  const mode = st.mode & 0o7777;
  if (ctx.acl !== undefined) {
    findings.push(...await accessFindings(dir, dir, mode, st.uid, subject, ctx, true));
  } else {
    // The store directory itself: a sticky bit does not help, anyone who may create files can plant pins.
    const who = extraWriters(mode);
    if (who !== undefined) findings.push(finding(pinStoreWritable, { ...subject, path: dir, who, mode: octal(mode) }));
    if (ctx.uid !== undefined && st.uid !== ctx.uid) {
      findings.push(finding(pinStoreForeignOwner, { ...subject, path: dir, owner: ctx.userName(st.uid), user: ctx.user }));
    }
  }
  try {
    const names = (await fs.readdir(dir)).filter((n) => n !== 'backups');
    if (names.length === 0) findings.push(absent());
  } catch (e: unknown) {
    findings.push(finding(pinStoreUnreadable, { ...subject, path: dir, reason: errorCode(e) }));
  }
  return { path: dir, findings };
}
