import type { AclReader } from './windows-acl.js';
import type { Finding } from '../../rules/types.js';

/** Who the audit runs for: owner checks compare against this account. */
export interface StoreContext {
  /** Trusted home (password database, or --root). */
  readonly home: string;
  /** The audited account's uid; undefined on Windows or when unknown (owner checks skipped). */
  readonly uid: number | undefined;
  readonly user: string;
  /** Resolves a uid to a user name for messages (password database). */
  userName(uid: number): string;
  /**
   * Set when the files are on Windows: write access comes from the DACL (windows-acl.ts) instead of
   * mode bits, and ownership is reported as not proven.
   */
  readonly acl?: AclReader;
}

/** A pin record as mcpindex stores it (v2), for the probe to compare against. */
export interface McpindexPin {
  readonly serverId: string;
  readonly toolName: string;
  readonly definitionHash: string;
  /** The captured public contract, when the record has one (drift is classified against it). */
  readonly schema?: unknown;
}

/** One upstream of a Hangar config, as its YAML says. */
export interface HangarUpstream {
  readonly name: string;
  readonly enforcement: string;
  readonly blocking: boolean;
  /** tool name → 64-hex digest; only well-formed pins (others are warn-skipped by Hangar). */
  readonly pins: Readonly<Record<string, string>>;
  readonly tenantPins: number;
  readonly skippedPins: number;
  /** How Hangar launches it (`command: [prog, args…]`, `mode: subprocess`), when the YAML says. */
  readonly command?: readonly string[];
  /** The upstream's own env from the YAML (never printed). */
  readonly env?: Readonly<Record<string, string>>;
  /** `mode: remote` upstreams: their endpoint URL. */
  readonly endpoint?: string;
}

export interface StoreInspection {
  /** Findings about the store (location is attached by the grader). */
  readonly findings: readonly Finding[];
  readonly path: string;
  readonly mcpindexPins?: readonly McpindexPin[];
  readonly hangarUpstreams?: readonly HangarUpstream[];
}

export interface Subject {
  readonly server: string;
  readonly proxy: string;
}
