/**
 * Which release of a proxy will run, as a fact read about this entry: an exact pin in the spec a
 * runner fetches, or an installed copy whose metadata was read from disk (grade/artifact.ts). Never
 * guessed: a range, a tag or a bare name leaves the release unidentified.
 */
import semver from 'semver';
import type { Frame, LaunchChain } from '../launch/types.js';
import { pypiName } from '../launch/package-spec.js';
import type { Ecosystem, PinningProxy } from '../proxies/types.js';
import { release } from './versions.js';

export type Identified =
  | { readonly ok: true; readonly ecosystem: Ecosystem; readonly release: string; readonly how: string }
  | {
      readonly ok: false;
      readonly why: string;
      /** The version as written, when there is one. */
      readonly written?: string;
      /** The oldest release a written range allows, when the ecosystem's library can tell. */
      readonly oldest?: { readonly ecosystem: Ecosystem; readonly release: string };
    };

/** Is `name` one of the proxy's own published names in `ecosystem` (PEP 503 names for PyPI)? */
export function ownPackage(proxy: { readonly packages: Readonly<Record<Ecosystem, readonly string[]>> }, ecosystem: Ecosystem, name: string): boolean {
  const names = proxy.packages[ecosystem];
  return ecosystem === 'pypi' ? names.some((n) => pypiName(n) === pypiName(name)) : names.includes(name);
}

/** The runner frame that fetches one of the proxy's own packages, if any. */
export function ownRunnerFrame(chain: LaunchChain, proxy: PinningProxy): Frame | undefined {
  return chain.frames.find((f) => f.package !== undefined && ownPackage(proxy, f.package.ecosystem, f.package.name));
}

const SEPARATOR: Readonly<Record<Ecosystem, string>> = { npm: '@', pypi: '==', go: '@' };

/** The release the spec pins, from the runner frame that fetches the proxy's own package. */
export function specRelease(frame: Frame, cacheOnly: string | undefined): Identified {
  const pkg = frame.package;
  if (pkg === undefined) return { ok: false, why: `${frame.name} names no package` };
  const written = pkg.version?.trim();
  if (written === undefined || written === '') {
    return { ok: false, why: `${frame.name} fetches ${pkg.name} with no version: whatever release the index or the runner's cache holds at launch` };
  }
  if (written === 'latest') {
    return {
      ok: false, written,
      why: cacheOnly !== undefined
        ? `${pkg.name}@latest under ${cacheOnly} is the newest release the runner cached, whichever that is`
        : `${pkg.name}@latest is whatever the index serves at launch, or a copy the runner cached`,
    };
  }
  const exact = release(pkg.ecosystem, written);
  if (exact !== undefined) {
    return { ok: true, ecosystem: pkg.ecosystem, release: exact, how: `the spec pins ${pkg.name}${SEPARATOR[pkg.ecosystem]}${written}` };
  }
  // npm ranges: node-semver's minVersion is the oldest release a cached copy could be.
  const min = pkg.ecosystem === 'npm' && semver.validRange(written) !== null ? semver.minVersion(written) : null;
  return {
    ok: false, written,
    why: `${pkg.name} ${written} is a range or tag, not one release: a cached or installed copy anywhere in it may run`,
    ...(min !== null ? { oldest: { ecosystem: pkg.ecosystem, release: min.version } } : {}),
  };
}
