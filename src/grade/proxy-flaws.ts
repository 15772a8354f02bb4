/**
 * Proxy releases whose own vendor documents their check as unsound: the proxy runs and blocks, but
 * what it verifies is not what the client gets (pinning-systems.md §6.1 for mcp-pin ≤ 0.1.4).
 */
import type { Recognition } from '../proxies/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { proxyVersionFlawed } from '../rules/proxy-version-flawed.js';
import { below } from './advisories.js';

interface Flaw {
  readonly proxy: Recognition['proxy'];
  /** First release without the flaw. */
  readonly fixed: readonly [number, number, number];
  readonly flaw: string;
}

const FLAWS: readonly Flaw[] = [
  { proxy: 'mcp-pin', fixed: [0, 1, 5], flaw: 'verifies its own tools/list request, not the one the client receives (releases up to 0.1.4)' },
  // GHSA-g737-65vx-q7qm (pinning-systems.md §1.17, PyPI mcpindex-gate 0.16.1 release notes): "cases
  // where a changed tool contract was treated as unchanged or auto-accepted", fixed in 0.16.1.
  { proxy: 'mcpindex-gate', fixed: [0, 16, 1], flaw: 'can treat a changed tool contract as unchanged or auto-accept it (GHSA-g737-65vx-q7qm, fixed in 0.16.1)' },
];

/**
 * The lowest-risk reading of a version as written: an exact `x.y.z`, or a range / partial version
 * (`^0.1.2`, `~0.1`, `0.1`, `0.1.x`) read as the newest release it allows below the next minor.
 */
function newestAllowed(v: string): [number, number, number] | undefined {
  const m = /^[\^~=v]*(\d+)(?:\.(\d+|[x*]))?(?:\.(\d+|[x*]))?(?:[-+].*)?$/.exec(v.trim());
  if (m === null) return undefined;
  const major = Number(m[1]);
  const minor = m[2] === undefined || m[2] === 'x' || m[2] === '*' ? Number.MAX_SAFE_INTEGER : Number(m[2]);
  const ranged = v.trim().startsWith('^') || v.trim().startsWith('~');
  const patch = m[3] === undefined || m[3] === 'x' || m[3] === '*' || ranged ? Number.MAX_SAFE_INTEGER : Number(m[3]);
  const caretWide = v.trim().startsWith('^') && major > 0;
  return caretWide ? [major, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] : [major, minor, patch];
}

export function proxyFlawFindings(rec: Recognition, server: string): Finding[] {
  if (rec.version === undefined) return [];
  const newest = newestAllowed(rec.version);
  if (newest === undefined) return [];
  return FLAWS.filter((f) => f.proxy === rec.proxy && below(newest, f.fixed))
    .map((f) => finding(proxyVersionFlawed, { server, proxy: rec.proxy, version: rec.version ?? '', flaw: f.flaw }));
}
