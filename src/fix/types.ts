/**
 * The edit model of `fix`, `wrap` and `unwrap`: a change to one server entry is a short list of
 * operations on paths inside that entry, applied by one editor per file format that keeps the rest
 * of the file as its owner wrote it, and verified by re-parsing.
 */
import type { PointerSegment } from '../parse/document.js';

/** A plain value an edit may write (what every supported format can represent). */
export type PlainValue = string | number | boolean | null | readonly PlainValue[] | { readonly [key: string]: PlainValue };

/** One change inside an entry; `path` is relative to the entry object. */
export type EntryOp =
  /** Replace an existing value, or add a new member to an existing object (the last segment is its key). */
  | { readonly kind: 'set'; readonly path: readonly PointerSegment[]; readonly value: PlainValue }
  /** Remove an object member or an array element. */
  | { readonly kind: 'delete'; readonly path: readonly PointerSegment[] };

/** The ops for one entry, applied in order (deletes of array elements come highest index first). */
export interface EntryEdit {
  /** Segments from the document root to the entry object (the entry's origin pointer). */
  readonly entryPath: readonly PointerSegment[];
  readonly ops: readonly EntryOp[];
}

/** An editor's answer: the new text, or why the edit cannot be made safely. */
export type EditResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

export const refused = (reason: string): EditResult => ({ ok: false, reason });
export const edited = (text: string): EditResult => ({ ok: true, text });

/** A half-open range of UTF-16 offsets in a text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}
