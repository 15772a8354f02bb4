/** Name keys for the rename heuristics (tool, property and server-surface renames) and guard G-T2. */

/** Lowercase with `-`, `_`, `.` removed: `issueNumber` ≡ `issue_number`, `getTinyImage` ≡ `get-tiny-image`. */
export const styleSkeleton = (name: string): string => name.toLowerCase().replace(/[-_.]/g, '');

/** NFKC, then the style skeleton (guard G-T2, tool-renamed-normalization-only). */
export const confusableSkeleton = (name: string): string => styleSkeleton(name.normalize('NFKC'));

/**
 * Guard G-T2's skeleton, after Unicode TR39 §4 (skeleton = map each character to its prototype):
 * NFKC, then the ASCII → ASCII prototypes of confusables.txt (Unicode 10.0.0 and later:
 * `0030 ; 004F` 0 → O, `0031 ; 006C` 1 → l, `0049 ; 006C` I → l, `007C ; 006C` | → l, and the
 * multi-letter `006D ; 0072 006E` m → rn), then casefold and separators dropped as in the style
 * skeleton. So `read_fiIe`, `read_fi1e`, `rnerge_pr` and `MERGE-PR` all collide with their look-alikes.
 * Non-ASCII names fail the spec charset part of the guard before this matters.
 */
export const lookAlikeSkeleton = (name: string): string =>
  name.normalize('NFKC').replace(/[1I|]/g, 'l').replace(/0/g, 'O').toLowerCase().replace(/[-_.]/g, '').replace(/m/g, 'rn');
