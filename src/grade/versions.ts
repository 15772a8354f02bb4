/**
 * Release identity and ordering in each ecosystem's own semantics: `semver` (the parser npm itself
 * uses, npm/node-semver) for npm and Go module versions, and a PEP 440 implementation
 * (renovatebot/pep440) for PyPI, so `0.16.1rc1` < `0.16.1` < `0.16.1.post1` and `1.0.0-rc.1` < `1.0.0`.
 * Affected ranges are read as OSV reads them (ossf.github.io/osv-schema/#affectedranges-field):
 * `introduced` <= v < `fixed`.
 */
import pep440 from '@renovatebot/pep440';
import semver from 'semver';
import type { Advisory, AffectedRange, Ecosystem } from '../proxies/types.js';

/** A release, normalised for its ecosystem, or undefined when the text is no valid release there. */
export function release(ecosystem: Ecosystem, text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (ecosystem === 'pypi') {
    // `==1.2.*`, `>=1`, `!=2` are specifiers, not releases (an epoch's `1!` is part of one).
    if (/^[<>=!~]|[*,\s<>=~]/.test(t)) return undefined;
    return pep440.valid(t) === null ? undefined : pep440.clean(t) ?? undefined;
  }
  // npm: an exact version as `npm install pkg@1.2.3` takes it (node-semver `valid`, no range operators);
  // Go: module versions are `v` + semver (go.dev/ref/mod#versions).
  const bare = ecosystem === 'go' ? (t.startsWith('v') ? t.slice(1) : undefined) : t;
  if (bare === undefined || /[\s^~<>=|*xX]/.test(bare)) return undefined;
  return semver.valid(bare, { loose: false }) ?? undefined;
}

/** Does a PyPI release satisfy a PEP 440 specifier set (`>=1,<2`, `==1.2.*`)? undefined when the specifier cannot be read. */
export function pypiSatisfies(version: string, spec: string): boolean | undefined {
  try {
    return pep440.validRange(spec) ? pep440.satisfies(version, spec) : undefined;
  } catch {
    return undefined;
  }
}

/** Orders two releases of one ecosystem (both from `release`). */
export function compareReleases(ecosystem: Ecosystem, a: string, b: string): number {
  if (ecosystem === 'pypi') return pep440.compare(a, b);
  return semver.compare(a, b);
}

/** The lowest release of the ecosystem: OSV's `introduced: "0"`. */
const isZero = (v: string): boolean => v === '0';

/** Is `v` (a normalised release) inside the range? An endpoint that is no valid release makes it undecidable. */
export function inRange(ecosystem: Ecosystem, v: string, range: AffectedRange): boolean | undefined {
  if (!isZero(range.introduced)) {
    const from = release(ecosystem, range.introduced);
    if (from === undefined) return undefined;
    if (compareReleases(ecosystem, v, from) < 0) return false;
  }
  if (range.fixed === null) return true;
  const fixed = release(ecosystem, range.fixed);
  if (fixed === undefined) return undefined;
  return compareReleases(ecosystem, v, fixed) < 0;
}

/** true: affected; false: outside every range; undefined: a range could not be decided (never "fine"). */
export function affects(advisory: Advisory, v: string): boolean | undefined {
  let undecided = false;
  for (const r of advisory.affected) {
    const hit = inRange(advisory.ecosystem, v, r);
    if (hit === true) return true;
    if (hit === undefined) undecided = true;
  }
  return undecided ? undefined : false;
}

/** The newest `fixed` of an advisory's ranges, for remedies; undefined when no release fixes it. */
export function fixedRelease(advisory: Advisory): string | undefined {
  const fixed = advisory.affected.map((r) => r.fixed);
  if (fixed.some((f) => f === null)) return undefined;
  const valid = fixed.flatMap((f) => (f === null ? [] : [release(advisory.ecosystem, f) ?? []].flat()));
  return valid.sort((a, b) => compareReleases(advisory.ecosystem, a, b)).at(-1);
}

/** How an advisory's ranges read, for messages: `below 0.16.1`, `0.0.5 to before 0.1.16`, `every release`. */
export function rangeText(advisory: Advisory): string {
  return advisory.affected.map((r) => {
    if (r.fixed === null) return isZero(r.introduced) ? 'every release' : `${r.introduced} and later`;
    return isZero(r.introduced) ? `below ${r.fixed}` : `${r.introduced} to before ${r.fixed}`;
  }).join(', ');
}
