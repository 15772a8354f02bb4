import path from 'node:path';
import { finding } from '../../rules/types.js';
import type { Finding } from '../../rules/types.js';
import { pinStoreAclUnproven } from '../../rules/pin-store-acl-unproven.js';
import { pinStoreForeignOwner } from '../../rules/pin-store-foreign-owner.js';
import { pinStoreNotRegular } from '../../rules/pin-store-not-regular.js';
import { pinStoreUnreadable } from '../../rules/pin-store-unreadable.js';
import { pinStoreWritable } from '../../rules/pin-store-writable.js';
import { dirChain, extraWriters, fileState, homeAncestors, readSmallFile } from './file-state.js';
import type { StoreContext, Subject } from './types.js';
import { append } from '../../shared/lists.js';

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
  if (ctx.acl !== undefined) return aclFindings(label, target, subject, ctx);
  return ownership(label, mode, uid, subject, ctx, dir);
}

/** Windows: other writers from the DACL; the owner, which icacls does not print, as not proven. */
export async function aclFindings(label: string, target: string, subject: Subject, ctx: StoreContext): Promise<Finding[]> {
  const user = ctx.user;
  if (ctx.acl === undefined) return [finding(pinStoreAclUnproven, { ...subject, path: label, user, reason: 'no ACL reader on this platform' })];
  const verdict = await ctx.acl(target);
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

/**
 * Each directory between the store and the trusted home: a real directory, not writable by others,
 * the user's. Then the home and every directory above it to `/`: owned by root or the user and
 * not writable by group or others (a sticky directory such as /tmp excepted: others cannot rename
 * what they do not own in it). A store outside the home is only ever inspected for its parent.
 */
export async function dirFindings(p: string, subject: Subject, ctx: StoreContext): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const d of await dirChain(p, ctx.home)) {
    const label = `${d.path} (directory)`;
    if (d.kind === 'directory') append(out, await accessFindings(label, d.path, d.mode, d.uid, subject, ctx, true));
    else if (d.kind === 'error') out.push(finding(pinStoreUnreadable, { ...subject, path: label, reason: 'cannot stat' }));
    else if (d.kind !== 'missing') out.push(finding(pinStoreNotRegular, { ...subject, path: label, kind: d.kind }));
  }
  // On Windows the store's owner is already not proven (aclFindings), and mode bits above the home mean nothing.
  if (!insideHome(p, ctx.home) || ctx.acl !== undefined) return out;
  for (const d of await homeAncestors(ctx.home)) {
    const label = `${d.path} (directory)`;
    if (d.kind === 'directory') {
      const who = (d.mode & 0o1000) !== 0 ? undefined : extraWriters(d.mode);
      if (who !== undefined) out.push(finding(pinStoreWritable, { ...subject, path: label, who, mode: octal(d.mode) }));
      if (ctx.uid !== undefined && d.uid !== 0 && d.uid !== ctx.uid) {
        out.push(finding(pinStoreForeignOwner, { ...subject, path: label, owner: ctx.userName(d.uid), user: ctx.user }));
      }
    } else if (d.kind === 'error') out.push(finding(pinStoreUnreadable, { ...subject, path: label, reason: 'cannot stat' }));
    else if (d.kind !== 'missing') out.push(finding(pinStoreNotRegular, { ...subject, path: label, kind: d.kind }));
  }
  return out;
}

function insideHome(p: string, home: string): boolean {
  const rel = path.relative(home, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
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
  // A second hard link is a second name: whoever owns the directory holding it can rewrite the pins.
  if (st.nlink > 1) findings.push(finding(pinStoreNotRegular, { ...subject, path: p, kind: `file with ${st.nlink} hard links` }));
  const read = await readSmallFile(p);
  if (!read.ok) {
    findings.push(finding(pinStoreUnreadable, { ...subject, path: p, reason: read.reason }));
    return { state: 'bad', findings };
  }
  return { state: 'read', text: read.text, findings };
}
