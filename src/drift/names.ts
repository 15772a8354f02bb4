/** Name keys for the rename heuristics (drift-taxonomy.md §7.A, §7.C, §7.G) and guard G-T2. */

/** Lowercase with `-`, `_`, `.` removed: `issueNumber` ≡ `issue_number`, `getTinyImage` ≡ `get-tiny-image`. */
export const styleSkeleton = (name: string): string => name.toLowerCase().replace(/[-_.]/g, '');

/** NFKC, then the style skeleton (guard G-T2, tool-renamed-normalization-only). */
export const confusableSkeleton = (name: string): string => styleSkeleton(name.normalize('NFKC'));
