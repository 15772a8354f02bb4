/**
 * The `version` claim: the proxy release is not inside any of its module's `check-unsound`
 * advisories (a release that runs and blocks but verifies something other than what the client
 * receives: mcp-pin ≤ 0.1.4, pinning-systems.md §6.1; mcpindex-gate < 0.16.1, GHSA-g737-65vx-q7qm).
 *
 * An entry that names no release is proven only when the proxy has no such advisory at all: a
 * runner does not fetch the newest release at each launch. uv docs, concepts/tools ("Tool
 * versions"): after the first invocation "uvx will use the cached version of the tool unless a
 * different version is requested, the cache is pruned, or the cache is refreshed", and "once a
 * tool is installed with uv tool install, uvx will use the installed version by default"; npx
 * likewise runs a cached or locally installed copy that satisfies the spec (npm docs,
 * commands/npm-exec). `@latest` asks the index every time, so it is read as the newest release.
 */
import type { Advisory, PinningProxy, Recognition } from '../proxies/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { proxyVersionFlawed } from '../rules/proxy-version-flawed.js';
import { proxyVersionUnknown } from '../rules/proxy-version-unknown.js';
import { below } from './advisories.js';

const version3 = (v: readonly number[]): string => v.join('.');

/**
 * The oldest release a spec as written allows: an exact `x.y.z`, or a range / partial version
 * (`^0.1.2`, `~0.1`, `0.1`, `0.1.x`) read as its lowest bound, since a cached copy anywhere in the
 * range satisfies it. undefined when the spec cannot be read.
 */
function oldestAllowed(v: string): [number, number, number] | undefined {
  const m = /^(?:==|[\^~=v])*(\d+)(?:\.(\d+|[x*]))?(?:\.(\d+|[x*]))?(?:[-+].*)?$/.exec(v.trim());
  if (m === null) return undefined;
  const part = (s: string | undefined): number => (s === undefined || s === 'x' || s === '*' ? 0 : Number(s));
  return [Number(m[1]), part(m[2]), part(m[3])];
}

export interface VersionClaim {
  readonly findings: readonly Finding[];
  /** Positive evidence, when the claim is proven. */
  readonly evidence?: string;
}

const affectedText = (as: readonly Advisory[]): string => as.map((a) => `${a.fixed === null ? 'every release' : `below ${version3(a.fixed)}`} (${a.id})`).join(', ');

/** `cacheOnly`: how the runner is told to resolve from its cache only (launch-options.ts cacheOnlyResolution): `@latest` is then not the newest release. */
export function versionClaim(rec: Recognition, proxy: PinningProxy, server: string, cacheOnly?: string): VersionClaim {
  const unsound = proxy.advisories.filter((a) => a.effect === 'check-unsound');
  const ids = unsound.map((a) => a.id).join(', ');
  const written = rec.version;
  if (unsound.length === 0) {
    return { findings: [], evidence: `no advisory or documented flaw is recorded for ${proxy.id}: no release is known to be flawed` };
  }
  // A flaw no release fixes holds whatever the entry names (or does not).
  const everyRelease = unsound.filter((a) => a.fixed === null);
  if (everyRelease.length > 0) {
    return { findings: everyRelease.map((a) => finding(proxyVersionFlawed, { server, proxy: proxy.id, version: written ?? 'any release', flaw: a.summary })) };
  }
  if (written === undefined || written.trim() === '') {
    return { findings: [finding(proxyVersionUnknown, { server, proxy: proxy.id, affected: affectedText(unsound) })] };
  }
  if (written.trim() === 'latest' && cacheOnly !== undefined) {
    // Offline, @latest is the newest release in the runner's cache: any one, flawed ones included.
    return { findings: [finding(proxyVersionUnknown, { server, proxy: proxy.id, affected: affectedText(unsound) })] };
  }
  if (written.trim() === 'latest') {
    return { findings: [], evidence: `@latest: the newest release at each launch, and every advisory (${ids}) names a fixed release` };
  }
  const oldest = oldestAllowed(written);
  if (oldest === undefined) {
    return { findings: [finding(proxyVersionUnknown, { server, proxy: proxy.id, affected: affectedText(unsound) })] };
  }
  const hit = unsound.filter((a) => below(oldest, a.fixed));
  if (hit.length > 0) {
    return { findings: hit.map((a) => finding(proxyVersionFlawed, { server, proxy: proxy.id, version: written, flaw: a.summary })) };
  }
  return { findings: [], evidence: `release ${written} (oldest allowed ${version3(oldest)}) is outside every advisory range: ${affectedText(unsound)}` };
}
