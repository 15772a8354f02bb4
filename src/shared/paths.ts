/**
 * The one "is this path inside that one" helper: by whole path segments (`/repo2/x` is not inside
 * `/repo`), as pure string work so the same inputs give the same answer on every OS.
 */

export function toSlashes(path: string): string {
  return path.replace(/\\/g, '/');
}

/** Strips trailing slashes, keeping a lone root ("/" or "C:/"). */
function trimSlash(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' || /^[A-Za-z]:$/.test(trimmed) ? `${trimmed}/` : trimmed;
}

/**
 * `path` relative to `home` with `/` separators when it lies under the home; otherwise the
 * absolute path, `/`-separated. Pure string work (no fs, no platform): the same inputs give the
 * same answer on every OS. Windows drive letters compare case-insensitively.
 */
export function relativeInside(path: string, home: string): string {
  const p = toSlashes(path);
  const h = trimSlash(toSlashes(home));
  const prefix = h.endsWith('/') ? h : `${h}/`;
  const drive = /^[A-Za-z]:\//.test(prefix);
  const head = p.slice(0, prefix.length);
  if (drive ? head.toLowerCase() === prefix.toLowerCase() : head === prefix) return p.slice(prefix.length);
  return p;
}

/** True when `path` (resolved: no `..` segments) lies strictly under `home`, by whole segments (the test {@link relativeInside} applies). */
export function isInside(path: string, home: string): boolean {
  return relativeInside(path, home) !== toSlashes(path);
}

