import type { Recognition } from '../../proxies/types.js';
import { pinStoreUninspected } from '../../rules/pin-store-uninspected.js';
import { finding } from '../../rules/types.js';
import type { Finding } from '../../rules/types.js';
import type { StoreInspection } from './types.js';

/**
 * No inspection is never a pass: when stores are inspected and no inspector looked this entry's
 * baseline up (a proxy without one, or mcp-context-protector with no upstream and so no approval
 * key), the baseline claim is not proven.
 */
export function uninspected(inspection: StoreInspection | undefined, ctx: { readonly inspectStores?: boolean }, rec: Recognition,
  server: string, path: string): Finding[] {
  if (inspection !== undefined || ctx.inspectStores === false) return [];
  const reason = rec.proxy === 'mcp-context-protector' && rec.approvalKey === undefined
    ? 'the entry gives the proxy no upstream (--command, --command-args, --url or --sse-url), so there is no approval key to look up'
    : `mcp-audit has no store inspector for ${rec.proxy}`;
  return [finding(pinStoreUninspected, { server, proxy: rec.proxy, path, reason })];
}
