/**
 * The vocabulary of store inspection: what an inspector gets (the audited account and a file
 * toolkit) and what it returns. Inspectors live in their proxy's module and touch the file system
 * only through `InspectContext.files`, which the grader provides.
 */
import type { LaunchChain } from '../launch/types.js';
import type { Finding } from '../rules/types.js';

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
   * Set when the files are on Windows: write access comes from the DACL (grade/stores/windows-acl.ts)
   * instead of mode bits, and ownership is reported as not proven.
   */
  readonly acl?: AclReader;
  /**
   * The files live on macOS (the running system, not the layout audited): its extended ACLs
   * (chmod +a, chmod(1)) are not reflected in the mode bits and are not read, which each row that
   * inspects a store states as an assumption.
   */
  readonly macAclsUnread?: true;
}

/** Who besides the account (and the machine's own principals) may write a path, per its Windows DACL. */
export type AclVerdict =
  | { readonly kind: 'read'; readonly writers: readonly string[] }
  | { readonly kind: 'unproven'; readonly reason: string };

export type AclReader = (path: string) => Promise<AclVerdict>;

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
  /**
   * Pins that hold this entry's caller besides `pins`: always 0 for a host entry, whose stdio caller
   * carries no tenant (mcp-hangar bootstrap/pinning.py); kept so a reader need not special-case it.
   */
  readonly tenantPins: number;
  /** `tool_projection.tenant_overrides.<t>.pins` entries, which never hold an anonymous caller (shown, not counted). */
  readonly tenantOverridePins: number;
  readonly skippedPins: number;
  /**
   * Why the pins read are not a baseline for the upstream: Hangar checks a call only when that tool
   * has a pin, and which tools the upstream serves is not in any file Hangar keeps.
   */
  readonly coverage: string;
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
  /**
   * Positive facts about the baseline read (`3 pins for server id fs`), non-secret. Absent when
   * no baseline was read: the grader's `baseline` claim is then not proven, finding or not.
   */
  readonly baseline?: string;
  /** What the baseline's proof takes for granted (an unpublished key derivation), each starting with its claim. */
  readonly assumptions?: readonly string[];
  readonly mcpindexPins?: readonly McpindexPin[];
  readonly hangarUpstreams?: readonly HangarUpstream[];
}

export interface Subject {
  readonly server: string;
  readonly proxy: string;
}

/** A store file after the shared checks (regular, owner, modes of it and its directories, UTF-8). */
export type CheckedFile =
  | { readonly state: 'missing'; readonly findings: readonly Finding[] }
  | { readonly state: 'bad'; readonly findings: readonly Finding[] }
  | { readonly state: 'read'; readonly text: string; readonly findings: readonly Finding[] };

/** lstat of a path: never followed. */
export type PathState =
  | { readonly kind: 'missing' }
  | { readonly kind: 'error'; readonly reason: string }
  | { readonly kind: 'file' | 'directory' | 'symlink' | 'fifo' | 'socket' | 'device' | 'other'; readonly mode: number; readonly uid: number };

/** File access for inspectors (implemented in src/grade/stores/): the only way they read anything. */
export interface StoreFiles {
  checkStoreFile(p: string, subject: Subject, ctx: StoreContext): Promise<CheckedFile>;
  /** Each directory between the store and the trusted home: real, the user's, not writable by others. */
  dirFindings(p: string, subject: Subject, ctx: StoreContext): Promise<Finding[]>;
  /** Windows (ctx.acl set): who else may write `target` per its DACL, and its owner as not proven. */
  aclFindings(label: string, target: string, subject: Subject, ctx: StoreContext): Promise<Finding[]>;
  readSmallFile(p: string): Promise<{ ok: true; text: string } | { ok: false; reason: string }>;
  lstat(p: string): Promise<PathState>;
  readDir(p: string): Promise<{ ok: true; names: readonly string[] } | { ok: false; reason: string }>;
}

export interface InspectContext extends StoreContext {
  readonly files: StoreFiles;
  readonly subject: Subject;
  /**
   * The entry's launch chain: what the proxy process is given. An inspector that reads its store as
   * the proxy does needs it where the proxy's reading depends on its own environment (Hangar
   * interpolates `${VAR}` over the whole config; mcp-pin names its pin file after the wrapped
   * command line).
   */
  readonly chain: LaunchChain;
}
