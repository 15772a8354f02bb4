import { finding } from '../../rules/types.js';
import type { Finding } from '../../rules/types.js';
import { pinStoreForeignOwner } from '../../rules/pin-store-foreign-owner.js';
import { pinStoreNotRegular } from '../../rules/pin-store-not-regular.js';
import { pinStoreUnreadable } from '../../rules/pin-store-unreadable.js';
import { pinStoreWritable } from '../../rules/pin-store-writable.js';
import { dirState, extraWriters, fileState, readSmallFile } from './file-state.js';
import type { StoreContext, Subject } from './types.js';

export type CheckedFile =
  | { readonly state: 'missing'; readonly findings: readonly Finding[] }
  | { readonly state: 'bad'; readonly findings: readonly Finding[] }
  | { readonly state: 'read'; readonly text: string; readonly findings: readonly Finding[] };

const octal = (mode: number): string => `0${mode.toString(8).padStart(3, '0')}`;

/**
 * The checks every store shares: regular file (lstat: a symlink counts as not regular), not
 * group/world-writable (file and directory), owned by the audited user, readable as UTF-8.
 * Permission findings do not stop the read: the content is still inspected.
 */
export async function checkStoreFile(p: string, subject: Subject, ctx: StoreContext): Promise<CheckedFile> {
  const st = await fileState(p);
  if (st.kind === 'missing') return { state: 'missing', findings: [] };
  if (st.kind === 'error') {
    return { state: 'bad', findings: [finding(pinStoreUnreadable, { ...subject, path: p, reason: st.reason })] };
  }
  if (st.kind !== 'file') {
    return { state: 'bad', findings: [finding(pinStoreNotRegular, { ...subject, path: p, kind: st.kind })] };
  }
  const findings: Finding[] = [];
  const dir = await dirState(p);
  for (const [what, mode, uid] of [[p, st.mode, st.uid], ...(dir ? [[`${p} (directory)`, dir.mode, dir.uid] as const] : [])] as const) {
    const who = extraWriters(mode);
    if (who !== undefined) findings.push(finding(pinStoreWritable, { ...subject, path: what, who, mode: octal(mode) }));
    if (ctx.uid !== undefined && uid !== ctx.uid) {
      findings.push(finding(pinStoreForeignOwner, { ...subject, path: what, owner: ctx.userName(uid), user: ctx.user }));
    }
  }
  const read = await readSmallFile(p);
  if (!read.ok) {
    findings.push(finding(pinStoreUnreadable, { ...subject, path: p, reason: read.reason }));
    return { state: 'bad', findings };
  }
  return { state: 'read', text: read.text, findings };
}
