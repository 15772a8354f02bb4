/**
 * How a pinning proxy is wired into one host entry, as each vendor documents it, and how to take it
 * out again: the knowledge `mcp-audit wrap`, `unwrap` and `fix` use. Each proxy module exports its
 * own `wiring` next to its recognizer; `wirings.ts` lists them.
 */
import type { Platform } from '../shared/env.js';
import type { ProxyId, Recognition } from './types.js';

/** A value a wiring may write into an entry (a marker object). */
export type WiringValue = string | number | boolean | null | readonly WiringValue[] | { readonly [key: string]: WiringValue };

/** A stdio command line: the entry's program and its arguments. */
export interface CommandLine {
  readonly command: string;
  /** Absent: the entry had no `args` field (an unwrap then removes it again). */
  readonly args?: readonly string[];
}

export interface WrapInput {
  /** The entry's own command line, which becomes the proxy's upstream. */
  readonly upstream: CommandLine;
  /** The pin store to name, for a proxy that has no default one (MCPTrust's lock file). */
  readonly store?: string;
  /** Every host that reads the entry's file (a marker member must be one they all accept). */
  readonly hosts: readonly string[];
}

export type WrapOutput =
  | {
      readonly ok: true;
      readonly command: string;
      readonly args: readonly string[];
      /** A member added to the entry that keeps the original (mcpindex `_mcpindexWired`). */
      readonly marker?: { readonly key: string; readonly value: WiringValue };
    }
  | { readonly ok: false; readonly reason: string };

/**
 * Changes to an entry's argv (`[command, ...args]`, indexes into it) that take an override away and
 * leave the proxy's documented default; undefined when no such change exists.
 */
export interface ArgvChange {
  readonly remove: readonly number[];
  readonly replace?: readonly { readonly index: number; readonly value: string }[];
  /** Words to add right after the word at `after` (a flag the proxy's blocking mode needs). */
  readonly insert?: readonly { readonly after: number; readonly values: readonly string[] }[];
}

export interface StoreContext {
  /** The entry as its proxy was recognised. */
  readonly rec: Recognition;
  /** The trusted home (password database). */
  readonly home: string;
  readonly platform: Platform;
}

/**
 * The release `wrap` writes into the entry: one outside every advisory the proxy's module records
 * (its `advisories`), with where that is published; or, stated, why the wiring names none (a
 * program run from PATH, a flaw no release fixes, no single-entry wiring). Required: a wrap that
 * writes an unpinned proxy is graded unverifiable (proxy-version-unknown) by mcp-audit itself.
 */
export type WiringRelease =
  | { readonly version: string; readonly source: string }
  | { readonly version: null; readonly why: string };

export interface ProxyWiring {
  readonly proxy: ProxyId;
  readonly release: WiringRelease;
  /** Where the documented host-entry form is described (reference section, vendor source). */
  readonly reference: string;
  /** Rewrites a plain stdio entry into the documented form; absent when there is none (`noWrap` says why). */
  wrap?(input: WrapInput): WrapOutput;
  readonly noWrap?: string;
  /** The entry member the wiring adds (and unwrap removes), if any. */
  readonly markerKey?: string;
  /** The command line the entry had before wiring: from the marker, else from the proxy's arguments. */
  unwrap(rec: Recognition, raw: unknown): CommandLine | undefined;
  /** Removes (or resets) an argument that relocates the proxy's store, falling back to its default under the home. */
  dropStoreOverride?(argv: readonly string[], ctx: StoreContext): ArgvChange | undefined;
  /** Removes the arguments that make the proxy record drift without blocking it. */
  restoreBlocking?(argv: readonly string[]): ArgvChange | undefined;
  /**
   * Pins the proxy's package, named without a version in the entry, to `release` (the fix for
   * proxy-version-unknown); undefined when the entry names no package of it (a program on PATH).
   */
  pinRelease?(argv: readonly string[]): ArgvChange | undefined;
}

/** Indexes of every `flag value` / `flag=value` hit, both words of the spaced form. */
export function hitIndexes(hits: readonly { readonly index: number; readonly written: string }[]): number[] {
  return hits.flatMap((h) => (h.written.includes('=') ? [h.index] : [h.index, h.index + 1]));
}
