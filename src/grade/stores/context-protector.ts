import { finding } from '../../rules/types.js';
import { pinBaselineAbsent } from '../../rules/pin-baseline-absent.js';
import { pinStoreUnreadable } from '../../rules/pin-store-unreadable.js';
import { checkStoreFile } from './check-file.js';
import type { StoreContext, StoreInspection, Subject } from './types.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * mcp-context-protector's `servers.json` (§3.3): an approval is looked up by `"<type>:<identifier>"`,
 * the identifier being the full command string. Any change to the command string is a new,
 * unapproved server, so "no approved record for this key" is a missing baseline.
 */
export async function inspectContextProtector(storePath: string, key: { type: string; identifier: string },
  subject: Subject, ctx: StoreContext): Promise<StoreInspection> {
  const absent = (): StoreInspection =>
    ({ path: storePath, findings: [finding(pinBaselineAbsent, { ...subject, path: storePath })] });
  const checked = await checkStoreFile(storePath, subject, ctx);
  if (checked.state === 'missing') return absent();
  if (checked.state === 'bad') return { path: storePath, findings: checked.findings };
  let doc: unknown;
  try {
    doc = JSON.parse(checked.text);
  } catch {
    return { path: storePath, findings: [...checked.findings, finding(pinStoreUnreadable, { ...subject, path: storePath, reason: 'invalid JSON' })] };
  }
  if (!isRecord(doc) || !Array.isArray(doc.servers)) {
    return { path: storePath, findings: [...checked.findings, finding(pinStoreUnreadable, { ...subject, path: storePath, reason: 'no servers list' })] };
  }
  const approved = doc.servers.some((s) => isRecord(s) && s.type === key.type && s.identifier === key.identifier
    && s.approval_status === 'approved' && isRecord(s.approved_tools));
  return approved ? { path: storePath, findings: checked.findings } : { path: storePath, findings: [...checked.findings, ...absent().findings] };
}
