import { finding } from '../../rules/types.js';
import { pinBaselineAbsent } from '../../rules/pin-baseline-absent.js';
import { pinStoreNewerFormat } from '../../rules/pin-store-newer-format.js';
import { pinStoreUnreadable } from '../../rules/pin-store-unreadable.js';
import { checkStoreFile } from './check-file.js';
import type { StoreContext, StoreInspection, Subject } from './types.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const KNOWN_VERSIONS = new Set(['1.0', '2.0', '3.0']);

/** An MCPTrust lockfile (§4.2, legacy `version` or v3 `lockFileVersion`) with a `tools` map. */
export async function inspectMcptrustLock(lockPath: string, subject: Subject, ctx: StoreContext): Promise<StoreInspection> {
  const checked = await checkStoreFile(lockPath, subject, ctx);
  if (checked.state === 'missing') return { path: lockPath, findings: [finding(pinBaselineAbsent, { ...subject, path: lockPath })] };
  if (checked.state === 'bad') return { path: lockPath, findings: checked.findings };
  const bad = (reason: string): StoreInspection =>
    ({ path: lockPath, findings: [...checked.findings, finding(pinStoreUnreadable, { ...subject, path: lockPath, reason })] });
  let doc: unknown;
  try {
    doc = JSON.parse(checked.text);
  } catch {
    return bad('invalid JSON');
  }
  if (!isRecord(doc)) return bad('not a lockfile');
  const version = typeof doc.lockFileVersion === 'string' ? doc.lockFileVersion : doc.version;
  if (typeof version !== 'string') return bad('no version field');
  // The proxy itself refuses to start on a pre-v3 lock ("proxy requires lockfile v3", mcptrust
  // internal/proxy/proxy.go): such an entry is broken, not protected.
  if (version === '1.0' || version === '2.0') return bad(`lockfile version ${version}: mcptrust proxy requires a v3 lockfile`);
  if (!KNOWN_VERSIONS.has(version)) {
    return { path: lockPath, findings: [...checked.findings, finding(pinStoreNewerFormat, { ...subject, path: lockPath, version })] };
  }
  if (!isRecord(doc.tools)) return bad('no tools map');
  if (Object.keys(doc.tools).length === 0) {
    return { path: lockPath, findings: [...checked.findings, finding(pinBaselineAbsent, { ...subject, path: lockPath })] };
  }
  return { path: lockPath, findings: checked.findings };
}
