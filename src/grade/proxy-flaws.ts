/**
 * The `version` claim: the release that will run is identified — an exact pin in the spec, or an
 * installed copy read from disk (grade/release.ts) — and it is outside every affected range of the
 * module's `check-unsound` advisories (a release that runs and blocks but verifies something other
 * than what the client receives), compared in the ecosystem's own semantics (grade/versions.ts).
 *
 * "No advisory recorded" proves nothing: an unidentified release is not proven, for a proxy with no
 * advisory too, and the evidence names the sources the module reviewed and when.
 */
import type { Advisory, PinningProxy } from '../proxies/types.js';
import { finding } from '../rules/types.js';
import type { Finding } from '../rules/types.js';
import { proxyVersionFlawed } from '../rules/proxy-version-flawed.js';
import { proxyVersionUnknown } from '../rules/proxy-version-unknown.js';
import type { Identified } from './release.js';
import { affects, rangeText } from './versions.js';

export interface VersionClaim {
  readonly findings: readonly Finding[];
  /** Positive evidence, when the claim is proven. */
  readonly evidence?: readonly string[];
}

const listed = (as: readonly Advisory[]): string => as.map((a) => `${rangeText(a)} (${a.id})`).join(', ');

/** What the module's advisory review covers, for messages and evidence. */
function reviewText(proxy: PinningProxy): string {
  const r = proxy.advisories;
  return `advisories reviewed ${r.reviewed} in ${r.sources.length > 0 ? r.sources.join(', ') : 'no source'}`;
}

/** The affected releases as a message fragment: the ranges, or that none is recorded. */
function affectedText(proxy: PinningProxy, unsound: readonly Advisory[]): string {
  return unsound.length > 0 ? `releases ${listed(unsound)} are known to be flawed` : `no flawed release is recorded (${reviewText(proxy)})`;
}

export function versionClaim(proxy: PinningProxy, server: string, identified: Identified): VersionClaim {
  const unsound = proxy.advisories.list.filter((a) => a.effect === 'check-unsound');
  // A flaw no release fixes holds whatever runs.
  const everyRelease = unsound.filter((a) => a.affected.some((r) => r.introduced === '0' && r.fixed === null));
  if (everyRelease.length > 0) {
    const version = identified.ok ? identified.release : 'any release';
    return { findings: everyRelease.map((a) => finding(proxyVersionFlawed, { server, proxy: proxy.id, version, flaw: a.summary })) };
  }
  if (!identified.ok) {
    // A range whose oldest member is affected: a cached copy anywhere in it may run, so it is flawed.
    const hit = identified.oldest === undefined ? [] : unsound.filter((a) => a.ecosystem === identified.oldest?.ecosystem && affects(a, identified.oldest.release) === true);
    if (hit.length > 0) {
      return { findings: hit.map((a) => finding(proxyVersionFlawed, { server, proxy: proxy.id, version: identified.written ?? 'a range', flaw: a.summary })) };
    }
    return { findings: [finding(proxyVersionUnknown, { server, proxy: proxy.id, why: identified.why, affected: affectedText(proxy, unsound) })] };
  }
  const mine = unsound.filter((a) => a.ecosystem === identified.ecosystem);
  const verdicts = mine.map((a) => ({ a, hit: affects(a, identified.release) }));
  const flawed = verdicts.filter((v) => v.hit === true);
  if (flawed.length > 0) {
    return { findings: flawed.map((v) => finding(proxyVersionFlawed, { server, proxy: proxy.id, version: identified.release, flaw: v.a.summary })) };
  }
  const undecided = verdicts.filter((v) => v.hit === undefined);
  if (undecided.length > 0) {
    return { findings: [finding(proxyVersionUnknown, { server, proxy: proxy.id, why: `release ${identified.release} cannot be ordered against ${undecided.map((v) => v.a.id).join(', ')}`, affected: affectedText(proxy, unsound) })] };
  }
  return {
    findings: [],
    evidence: [
      `release ${identified.release} will run: ${identified.how}`,
      mine.length > 0
        ? `${identified.release} is outside every affected range the ${proxy.id} module lists: ${listed(mine)} (${identified.ecosystem} ordering)`
        : `the ${proxy.id} module lists no flawed ${identified.ecosystem} release`,
      reviewText(proxy),
    ],
  };
}
