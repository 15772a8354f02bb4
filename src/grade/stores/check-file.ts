import { finding } from '../../rules/types.js';
import type { Finding } from '../../rules/types.js';
import { pinStoreAclUnproven } from '../../rules/pin-store-acl-unproven.js';
import { pinStoreForeignOwner } from '../../rules/pin-store-foreign-owner.js';
import { pinStoreNotRegular } from '../../rules/pin-store-not-regular.js';
import { pinStoreUnreadable } from '../../rules/pin-store-unreadable.js';
import { pinStoreWritable } from '../../rules/pin-store-writable.js';
import { dirChain, extraWriters, fileState, readSmallFile } from './file-state.js';
import type { StoreContext, Subject } from './types.js';
import type { AclReader } from './windows-acl.js';

export type CheckedFile =
  | { readonly state: 'missing'; readonly findings: readonly Finding[] }
  | { readonly state: 'bad'; readonly findings: readonly Finding[] }
  | { readonly state: 'read'; readonly text: string; readonly findings: readonly Finding[] };

const octal = (mode: number): string => `0${mode.toString(8).padStart(3, '0')}`;

/**
 * Group/world-writable (a sticky directory excepted) or owned by someone else. On Windows (ctx.acl):
 * other principals with write access in the DACL, and the owner reported as not proven.
 */
export async function accessFindings(label: string, target: string, mode: number, uid: number, subject: Subject, ctx: StoreContext, dir: boolean): Promise<Finding[]> {
  if (ctx.acl !== undefined) return aclFindings(label, target, subject, ctx.acl, ctx.user);
  return ownership(label, mode, uid, subject, ctx, dir);
}

async function aclFindings(label: string, target: string, subject: Subject, acl: AclReader, user: string): Promise<Finding[]> {
  const verdict = await acl(target);
  if (verdict.kind === 'unproven') return [finding(pinStoreAclUnproven, { ...subject, path: label, user, reason: verdict.reason })];
  const out: Finding[] = [];
  if (verdict.writers.length > 0) out.push(finding(pinStoreWritable, { ...subject, path: label, who: verdict.writers.join(', '), mode: 'from icacls' }));
  out.push(finding(pinStoreAclUnproven, { ...subject, path: label, user, reason: 'its owner is not read (icacls prints only the DACL, and an owner can rewrite it)' }));
  return out;
}

function ownership(label: string, mode: number, uid: number, subject: Subject, ctx: StoreContext, dir: boolean): Finding[] {
  const out: Finding[] = [];
  const who = dir && (mode & 0o1000) !== 0 ? undefined : extraWriters(mode);
  if (who !== undefined) out.push(finding(pinStoreWritable, { ...subject, path: label, who, mode: octal(mode) }));
  if (ctx.uid !== undefined && uid !== ctx.uid) {
    out.push(finding(pinStoreForeignOwner, { ...subject, path: label, owner: ctx.userName(uid), user: ctx.user }));
  }
  return out;
}

/** Each directory between the store and the trusted home: a real directory, not writable by others, the user's. */
export async function dirFindings(p: string, subject: Subject, ctx: StoreContext): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const d of await dirChain(p, ctx.home)) {
    const label = `${d.path} (directory)`;
    if (d.kind === 'directory') out.push(...await accessFindings(label, d.path, d.mode, d.uid, subject, ctx, true));
    else if (d.kind === 'error') out.push(finding(pinStoreUnreadable, { ...subject, path: label, reason: 'cannot stat' }));
    else if (d.kind !== 'missing') out.push(finding(pinStoreNotRegular, { ...subject, path: label, kind: d.kind }));
  }
  return out;
}

/**
 * The checks every store shares: regular file (lstat: a symlink counts as not regular), not
 * group/world-writable (the file, and every directory up to the trusted home), owned by the audited
 * user, readable as UTF-8.
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
  const findings: Finding[] = [...await accessFindings(p, p, st.mode, st.uid, subject, ctx, false), ...await dirFindings(p, subject, ctx)];
  const read = await readSmallFile(p);
  if (!read.ok) {
    findings.push(finding(pinStoreUnreadable, { ...subject, path: p, reason: read.reason }));
    return { state: 'bad', findings };
  }
  return { state: 'read', text: read.text, findings };
}
