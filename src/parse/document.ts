/**
 * What every format parser returns: the value (unknown until narrowed), a way to find the
 * 1-based line:column of a JSON pointer, and the duplicate keys seen (a parser differential).
 */
export interface Position {
  readonly line: number;
  readonly column: number;
}

export type PointerSegment = string | number;

export interface DuplicateKey {
  /** JSON pointer of the duplicated member. */
  readonly pointer: string;
  readonly key: string;
  readonly first: Position;
  /** Position of the occurrence the host uses. */
  readonly used: Position;
  /** Which occurrence the host uses, in words. */
  readonly hostBehaviour: string;
  /**
   * Both occurrences are spelled alike (JSON: always; YAML: string keys of one scalar style, no
   * tag), so any loader sees the same key twice. Otherwise only this parser equates them (YAML
   * `1` and `"1"`): a loader that types its keys may see two different keys.
   */
  readonly sameSpelling: boolean;
}

export interface ParsedDocument {
  readonly value: unknown;
  /** Position of the member named by the pointer (its key), or of its nearest existing ancestor. */
  locate(pointer: readonly PointerSegment[]): Position;
  /**
   * `locate` for many pointers under one base: `locateUnder(base)(rel)` is `locate([...base, ...rel])`,
   * the base walked once (a server entry's fields, arguments and env keys). Absent: the caller
   * concatenates (parse/normalize.ts `underLocator`).
   */
  locateUnder?(base: readonly PointerSegment[]): (rel: readonly PointerSegment[]) => Position;
  /**
   * Work `locate` has done so far (members and lines indexed, segments walked): a counter, not a
   * clock, so a test can check that lookups stay linear in the input (compare it at n and 10n).
   */
  locateWork(): number;
  readonly duplicates: readonly DuplicateKey[];
}

export type ParseProblemKind = 'syntax' | 'too-deep';

export interface ParseProblem {
  readonly kind: ParseProblemKind;
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** Nesting deeper than this is refused before any value is built (no recursion on hostile input). */
export const MAX_DEPTH = 512;

/** RFC 6901 pointer from segments. */
export function toPointer(segments: readonly PointerSegment[]): string {
  // One or two segments (an origin below its entry: `/args/0`, `/env/KEY`) without the map and join.
  if (segments.length === 1) return pointerSegment(segments[0] ?? '');
  if (segments.length === 2) return `${pointerSegment(segments[0] ?? '')}${pointerSegment(segments[1] ?? '')}`;
  // join() gives one flat string (a `+=` loop leaves a rope of cons cells per pointer, kept per origin).
  return segments.map(pointerSegment).join('');
}

function pointerSegment(seg: PointerSegment): string {
  const s = String(seg);
  return s.includes('~') || s.includes('/') ? `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}` : `/${s}`;
}

/** Offset → 1-based line:column (columns in UTF-16 code units), built once per text. */
export function lineIndex(text: string): (offset: number) => Position {
  const starts = [0];
  // indexOf searches natively: a loop over every character runs interpreted in a short scan.
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  };
}

/** Sets an own property even for `__proto__` (a hostile key must not change the prototype). */
export function defineOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
